import type { pv } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { device } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { tenantColumns, tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

// PV stations and their settings (docs/pv.md). Every table is a tenant table; a channel staff reads its
// linked tenants' rows, writes stay in its own tenant.

const stationRef = () =>
  integer('station_id')
    .notNull()
    .references(() => pvStation.id, { onDelete: 'cascade' });
const deviceRef = (name: string) => integer(name).references(() => device.id, { onDelete: 'set null' });

/** A PV station of a tenant, in an OU (and so a customer). */
export const pvStation = pgTable(
  'pv_station',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    customerMcid: uuid('customer_mcid')
      .notNull()
      .references(() => customer.mcid),
    ouId: integer('ou_id')
      .notNull()
      .references(() => ou.id),
    address: text('address'),
    districtAdcode: text('district_adcode'),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    capacityKwp: doublePrecision('capacity_kwp').notNull(),
    gridConnectionDate: date('grid_connection_date'),
    /** The station's own IANA zone; null: its tenant's. */
    timeZone: text('time_zone'),
    stage: text('stage').$type<pv.PvStage>().notNull().default('planning'),
    status: text('status').$type<'enabled' | 'disabled'>().notNull().default('enabled'),
    weatherStationId: deviceRef('weather_station_id'),
  },
  (t) => [
    unique('pv_station_code_uq').on(t.tenantId, t.code),
    index('pv_station_ou_idx').on(t.ouId),
    check('pv_station_stage_ck', sql`${t.stage} in ('planning', 'construction', 'grid-connected', 'decommissioned')`),
    check('pv_station_status_ck', sql`${t.status} in ('enabled', 'disabled')`),
    check('pv_station_capacity_ck', sql`${t.capacityKwp} > 0`),
    ...tenantPolicies('channel'),
  ],
);

/** Each stage a station entered, when and by whom. */
export const pvStationStage = pgTable(
  'pv_station_stage',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    stationId: stationRef(),
    stage: text('stage').$type<pv.PvStage>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byName: text('by_name').notNull(),
  },
  (t) => [index('pv_station_stage_station_idx').on(t.stationId), ...tenantPolicies('channel')],
);

/** An area of a station (a roof, a field). */
export const pvArea = pgTable(
  'pv_area',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: stationRef(),
    name: text('name').notNull(),
    capacityKwp: doublePrecision('capacity_kwp'),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [unique('pv_area_name_uq').on(t.stationId, t.name), ...tenantPolicies('channel')],
);

/** A grid connection point of a station and its meters (devices of the station's OU). */
export const pvGridPoint = pgTable(
  'pv_grid_point',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: stationRef(),
    name: text('name').notNull(),
    voltageKv: doublePrecision('voltage_kv'),
    generationMeterId: deviceRef('generation_meter_id'),
    onGridMeterId: deviceRef('on_grid_meter_id'),
    offtakeMeterId: deviceRef('offtake_meter_id'),
  },
  (t) => [index('pv_grid_point_station_idx').on(t.stationId), ...tenantPolicies('channel')],
);

/** A station's cost info: money is numeric, exact to the cent. */
export const pvCostInfo = pgTable(
  'pv_cost_info',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => pvStation.id, { onDelete: 'cascade' }),
    ...tenantColumns(),
    currency: text('currency').notNull(),
    investment: numeric('investment', { precision: 16, scale: 2 }).notNull(),
    yearlyOmCost: numeric('yearly_om_cost', { precision: 16, scale: 2 }).notNull(),
  },
  () => [...tenantPolicies('channel')],
);

/** The online-calculation way in force from a day on (one entry per day). */
export const pvOnlineWay = pgTable(
  'pv_online_way',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    stationId: stationRef(),
    effectiveFrom: date('effective_from').notNull(),
    way: text('way').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: text('changed_by').notNull(),
  },
  (t) => [unique('pv_online_way_day_uq').on(t.stationId, t.effectiveFrom), ...tenantPolicies('channel')],
);

/** The income-calculation way in force from a day on (one entry per day); prices exact to 4 decimals. */
export const pvIncomeWay = pgTable(
  'pv_income_way',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    stationId: stationRef(),
    effectiveFrom: date('effective_from').notNull(),
    currency: text('currency').notNull(),
    selfConsumptionPricing: text('self_consumption_pricing').$type<'customer-tariff' | 'fixed'>().notNull(),
    selfConsumptionPrice: numeric('self_consumption_price', { precision: 10, scale: 4 }),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull(),
    feedInPrice: numeric('feed_in_price', { precision: 10, scale: 4 }).notNull(),
    subsidyPerKwh: numeric('subsidy_per_kwh', { precision: 10, scale: 4 }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: text('changed_by').notNull(),
  },
  (t) => [unique('pv_income_way_day_uq').on(t.stationId, t.effectiveFrom), ...tenantPolicies('channel')],
);

// ---------------------------------------------------------------------------------------------
// Equipment: codes are unique in their station, so a station's export imports unchanged into another

/** An inverter of a station, optionally in an area, optionally measured by a telemetry device. */
export const pvInverter = pgTable(
  'pv_inverter',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: stationRef(),
    areaId: integer('area_id').references(() => pvArea.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    model: text('model'),
    ratedAcKw: doublePrecision('rated_ac_kw').notNull(),
    mpptCount: smallint('mppt_count').notNull(),
    deviceId: deviceRef('device_id'),
  },
  (t) => [
    unique('pv_inverter_code_uq').on(t.stationId, t.code),
    index('pv_inverter_area_idx').on(t.areaId),
    index('pv_inverter_device_idx').on(t.deviceId),
    ...tenantPolicies('channel'),
  ],
);

/** A string: modules in series on one MPPT input of an inverter (deleted with its inverter). */
export const pvString = pgTable(
  'pv_string',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: stationRef(),
    inverterId: integer('inverter_id')
      .notNull()
      .references(() => pvInverter.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    mpptInput: smallint('mppt_input').notNull(),
    moduleModel: text('module_model'),
    moduleCount: integer('module_count').notNull(),
    capacityKwp: doublePrecision('capacity_kwp').notNull(),
    deviceId: deviceRef('device_id'),
  },
  (t) => [
    unique('pv_string_code_uq').on(t.stationId, t.code),
    index('pv_string_inverter_idx').on(t.inverterId),
    index('pv_string_device_idx').on(t.deviceId),
    ...tenantPolicies('channel'),
  ],
);

/** A batch of identical modules of a station (model, rated Wp, count), optionally in an area. */
export const pvModule = pgTable(
  'pv_module',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: stationRef(),
    areaId: integer('area_id').references(() => pvArea.id),
    code: text('code').notNull(),
    model: text('model').notNull(),
    ratedWp: doublePrecision('rated_wp').notNull(),
    count: integer('count').notNull(),
    deviceId: deviceRef('device_id'),
  },
  (t) => [
    unique('pv_module_code_uq').on(t.stationId, t.code),
    index('pv_module_area_idx').on(t.areaId),
    index('pv_module_device_idx').on(t.deviceId),
    ...tenantPolicies('channel'),
  ],
);

// ---------------------------------------------------------------------------------------------
// Settlement readings of the grid points' meters (docs/pv.md): stored by `meter-reading/reImplement`
// and `pv/restart`; a period not settled yet is computed from the 15 min rollups when asked.

/** A meter's settlement reading for a local day or month of its station. */
export const pvMeterReading = pgTable(
  'pv_meter_reading',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    stationId: stationRef(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    role: text('role').$type<pv.MeterRole>().notNull(),
    /** The counter read (`e_exp` or `e_imp`). */
    key: text('key').notNull(),
    type: text('type').$type<pv.ReadingType>().notNull(),
    /** The period's first local day. */
    day: date('day').notNull(),
    startReading: doublePrecision('start_reading'),
    startReadAt: timestamp('start_read_at', { withTimezone: true }),
    endReading: doublePrecision('end_reading'),
    endReadAt: timestamp('end_read_at', { withTimezone: true }),
    energyWh: bigint('energy_wh', { mode: 'number' }).notNull(),
    resets: integer('resets').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('pv_meter_reading_uq').on(t.stationId, t.deviceId, t.key, t.type, t.day),
    check('pv_meter_reading_type_ck', sql`${t.type} in ('day', 'month')`),
    ...tenantPolicies('channel'),
  ],
);
