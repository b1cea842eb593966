import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { device } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { tenantColumns, tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

export type StationStatus = 'draft' | 'configured' | 'enabled' | 'disabled' | 'invalid';
export type StationDeviceRole = 'pcs' | 'meter-grid' | 'meter-upper' | 'fcs';

/** A battery storage (BSA) station of a tenant, in an OU (and so a customer). */
export const bsaStation = pgTable(
  'bsa_station',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    customerMcid: uuid('customer_mcid')
      .notNull()
      .references(() => customer.mcid),
    ouId: integer('ou_id')
      .notNull()
      .references(() => ou.id),
    status: text('status').$type<StationStatus>().notNull().default('enabled'),
    ratedPowerKw: doublePrecision('rated_power_kw').notNull(),
    capacityKwh: doublePrecision('capacity_kwh').notNull(),
    /** Strategy editor version its FCS runs: 1..6 = CA..CF. */
    strategyVersion: smallint('strategy_version').notNull(),
    /**
     * The station whose FCS coordinates this one (bsa/masterSlaveBsa): same tenant and OU, never itself,
     * one level only (a master has no master, a slave no slaves). Null: it runs on its own.
     */
    masterStationId: integer('master_station_id').references((): AnyPgColumn => bsaStation.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bsa_station_code_uq').on(t.tenantId, t.code),
    index('bsa_station_master_idx').on(t.masterStationId),
    check('bsa_station_master_ck', sql`${t.masterStationId} is null or ${t.masterStationId} <> ${t.id}`),
    index('bsa_station_ou_idx').on(t.ouId),
    check('bsa_station_version_ck', sql`${t.strategyVersion} between 1 and 6`),
    check('bsa_station_status_ck', sql`${t.status} in ('draft', 'configured', 'enabled', 'disabled', 'invalid')`),
    ...tenantPolicies('channel'),
  ],
);

/**
 * The devices of a station with their role. A PCS or an FCS belongs to one station; a grid meter may
 * serve several stations of a site. A station has at most one FCS.
 */
export const bsaStationDevice = pgTable(
  'bsa_station_device',
  {
    tenantId: tenantId(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    role: text('role').$type<StationDeviceRole>().notNull(),
    /** For an upper (transformer) meter: the transformer's rated capacity. */
    transformerCapacityKva: doublePrecision('transformer_capacity_kva'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.deviceId] }),
    index('bsa_station_device_device_idx').on(t.deviceId),
    uniqueIndex('bsa_station_device_owned_uq')
      .on(t.deviceId)
      .where(sql`role in ('pcs', 'fcs')`),
    uniqueIndex('bsa_station_device_one_fcs_uq')
      .on(t.stationId)
      .where(sql`role = 'fcs'`),
    check('bsa_station_device_role_ck', sql`${t.role} in ('pcs', 'meter-grid', 'meter-upper', 'fcs')`),
    ...tenantPolicies('channel'),
  ],
);

/** A station's cost info (one per station, replaced as a whole). Money is numeric: exact to 4 decimals. */
export const bsaTariff = pgTable(
  'bsa_tariff',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    currency: text('currency').notNull().default('CNY'),
    demandPricePerKwMonth: numeric('demand_price_per_kw_month', { precision: 12, scale: 4 }),
    effectiveFrom: date('effective_from').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [...tenantPolicies('channel')],
);

/** The time-of-use bands of a tariff, minutes of the local day [start, end). */
export const bsaTariffBand = pgTable(
  'bsa_tariff_band',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaTariff.stationId, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    seq: smallint('seq').notNull(),
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    kind: text('kind').notNull(),
    price: numeric('price', { precision: 10, scale: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.seq] }),
    check('bsa_tariff_band_minutes_ck', sql`${t.startMin} >= 0 and ${t.endMin} <= 1440 and ${t.startMin} < ${t.endMin}`),
    check('bsa_tariff_band_price_ck', sql`${t.price} >= 0`),
    ...tenantPolicies('channel'),
  ],
);

// Building a station (docs/bsa.md, "Building stations"): its draft form, its battery hierarchy
// (stack > rack > pack > cell) and the templates that create a level at once.

export type BatteryLevel = 'rack' | 'pack' | 'cell';

/** The build form of a station while it is (or was) a draft: the step to resume at and the form. */
export const bsaStationDraft = pgTable(
  'bsa_station_draft',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    ...tenantColumns(),
    step: text('step').notNull(),
    form: jsonb('form').notNull(),
  },
  () => [...tenantPolicies('channel')],
);

/** A battery stack of a station, bound to one of its PCS (or none yet). */
export const bsaStack = pgTable(
  'bsa_stack',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    pcsDeviceId: integer('pcs_device_id').references(() => device.id, { onDelete: 'set null' }),
  },
  (t) => [unique('bsa_stack_code_uq').on(t.stationId, t.code), index('bsa_stack_pcs_idx').on(t.pcsDeviceId), ...tenantPolicies('channel')],
);

/**
 * A rack, pack or cell level's template: how many children each unit holds, its ratings and the
 * data-point template version its units report.
 */
export const bsaDeviceTemplate = pgTable(
  'bsa_device_template',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    level: text('level').$type<BatteryLevel>().notNull(),
    name: text('name').notNull(),
    /** Packs per rack (rack), cells per pack (pack); null for cells. */
    childCount: smallint('child_count'),
    nominalVoltageV: doublePrecision('nominal_voltage_v').notNull(),
    capacityAh: doublePrecision('capacity_ah').notNull(),
    pointVersionId: integer('point_version_id')
      .notNull()
      .references(() => bsaPointTemplateVersion.id),
  },
  (t) => [
    unique('bsa_device_template_name_uq').on(t.tenantId, t.level, t.name),
    check('bsa_device_template_level_ck', sql`${t.level} in ('rack', 'pack', 'cell')`),
    check('bsa_device_template_child_ck', sql`(${t.level} = 'cell') = (${t.childCount} is null)`),
    ...tenantPolicies('channel'),
  ],
);

/** A data-point template: which points a level reports. Its points live in numbered versions. */
export const bsaPointTemplate = pgTable(
  'bsa_point_template',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    level: text('level').$type<BatteryLevel>().notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    unique('bsa_point_template_name_uq').on(t.tenantId, t.level, t.name),
    check('bsa_point_template_level_ck', sql`${t.level} in ('rack', 'pack', 'cell')`),
    ...tenantPolicies('channel'),
  ],
);

/** One version of a data-point template: its points (key, name, unit, range, state bands), never edited. */
export const bsaPointTemplateVersion = pgTable(
  'bsa_point_template_version',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    templateId: integer('template_id')
      .notNull()
      .references(() => bsaPointTemplate.id, { onDelete: 'cascade' }),
    version: smallint('version').notNull(),
    note: text('note'),
    points: jsonb('points').notNull(),
  },
  (t) => [unique('bsa_point_template_version_uq').on(t.templateId, t.version), ...tenantPolicies('channel')],
);

/**
 * The levels below a stack. Each unit is numbered in its parent (seq 1..n) and unique there, so a
 * template applied twice, or two applies at once, make each unit once.
 */
export const bsaRack = pgTable(
  'bsa_rack',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    stackId: integer('stack_id')
      .notNull()
      .references(() => bsaStack.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    code: text('code').notNull(),
    templateId: integer('template_id').references(() => bsaDeviceTemplate.id, { onDelete: 'set null' }),
    /** The latest values its FCS reported, by point key (null until reported). */
    latest: jsonb('latest').$type<Record<string, number>>(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [unique('bsa_rack_seq_uq').on(t.stackId, t.seq), index('bsa_rack_station_idx').on(t.stationId), ...tenantPolicies('channel')],
);

export const bsaPack = pgTable(
  'bsa_pack',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    rackId: integer('rack_id')
      .notNull()
      .references(() => bsaRack.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    code: text('code').notNull(),
    templateId: integer('template_id').references(() => bsaDeviceTemplate.id, { onDelete: 'set null' }),
    /** The latest values its FCS reported, by point key (null until reported). */
    latest: jsonb('latest').$type<Record<string, number>>(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [unique('bsa_pack_seq_uq').on(t.rackId, t.seq), index('bsa_pack_station_idx').on(t.stationId), ...tenantPolicies('channel')],
);

/** A cell, with its latest reported values (null until its FCS reports them). */
export const bsaCell = pgTable(
  'bsa_cell',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => bsaPack.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    code: text('code').notNull(),
    templateId: integer('template_id').references(() => bsaDeviceTemplate.id, { onDelete: 'set null' }),
    voltageV: doublePrecision('voltage_v'),
    temperatureC: doublePrecision('temperature_c'),
    socPct: doublePrecision('soc_pct'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [unique('bsa_cell_seq_uq').on(t.packId, t.seq), index('bsa_cell_station_idx').on(t.stationId), ...tenantPolicies('channel')],
);

/** The PCS-to-meter bindings of a station: which meter measures a PCS (pcs-binding-meter). */
export const bsaPcsMeter = pgTable(
  'bsa_pcs_meter',
  {
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    pcsDeviceId: integer('pcs_device_id')
      .primaryKey()
      .references(() => device.id, { onDelete: 'cascade' }),
    meterDeviceId: integer('meter_device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
  },
  (t) => [index('bsa_pcs_meter_station_idx').on(t.stationId), ...tenantPolicies('channel')],
);

/** A template apply: which templates, how far it got (the job has the progress). */
export const bsaBuildRun = pgTable(
  'bsa_build_run',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    stackId: integer('stack_id')
      .notNull()
      .references(() => bsaStack.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').notNull(),
    racks: smallint('racks').notNull(),
    rackTemplateId: integer('rack_template_id').notNull(),
    packTemplateId: integer('pack_template_id').notNull(),
    cellTemplateId: integer('cell_template_id').notNull(),
  },
  (t) => [index('bsa_build_run_station_idx').on(t.stationId), ...tenantPolicies('channel')],
);

export type ConfigPublishStatus = 'pending' | 'acknowledged' | 'refused' | 'timeout';

/**
 * A generated configuration of a station (mirror point generation): the units and the points their
 * templates make them report, numbered per station (version 1, 2, ...). Never edited: a change of the
 * hierarchy or the templates makes the next version. `checksum` (sha256 of the content) lets a
 * generation that changes nothing answer the latest version instead of making a new one.
 */
export const bsaConfigVersion = pgTable(
  'bsa_config_version',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    checksum: text('checksum').notNull(),
    units: integer('units').notNull(),
    points: integer('points').notNull(),
    /** Units built without a template (they report nothing; the FCS refuses such a configuration). */
    unitsWithoutPoints: integer('units_without_points').notNull(),
    /** What is sent to the FCS: templates with their points, units by level (docs/bsa.md, "Configuration to the edge"). */
    content: jsonb('content').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('bsa_config_version_uq').on(t.stationId, t.version), ...tenantPolicies('channel')],
);

/** A publish of a configuration version to the station's FCS, and the FCS's answer. */
export const bsaConfigPublish = pgTable(
  'bsa_config_publish',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    configVersionId: integer('config_version_id')
      .notNull()
      .references(() => bsaConfigVersion.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fcsDeviceId: integer('fcs_device_id').references(() => device.id, { onDelete: 'set null' }),
    fcsCode: text('fcs_code').notNull(),
    status: text('status').$type<ConfigPublishStatus>().notNull().default('pending'),
    reason: text('reason'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('bsa_config_publish_station_idx').on(t.stationId, t.id),
    check('bsa_config_publish_status_ck', sql`${t.status} in ('pending', 'acknowledged', 'refused', 'timeout')`),
    ...tenantPolicies('channel'),
  ],
);

/**
 * Which data points a station shows per level (neo-bsa-data-point/config): the keys in display order,
 * each a point its templates of that level list. No row: every point of the level, in template order.
 */
export const bsaPointDisplay = pgTable(
  'bsa_point_display',
  {
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    level: text('level').$type<BatteryLevel>().notNull(),
    keys: jsonb('keys').$type<string[]>().notNull(),
    updatedByName: text('updated_by_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.level] }),
    check('bsa_point_display_level_ck', sql`${t.level} in ('rack', 'pack', 'cell')`),
    ...tenantPolicies('channel'),
  ],
);
