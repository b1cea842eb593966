import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { bsaStack, bsaStation } from '../bsa/bsa.schema.js';
import { device } from '../devices/devices.schema.js';
import { tenantColumns, tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

// Issue 22 (docs/bsa.md, "Second edition and firmware (issue 22)"): a second-edition station IS a
// bsa_station; these tables add its OBS record, its cabinets, what its FCS runs and firmware updates.

/** The OBS (outdoor battery system) record of a station: having one makes it a second-edition station. */
export const bsaObs = pgTable(
  'bsa_obs',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    serialNumber: text('serial_number'),
    chemistry: text('chemistry').notNull(),
    cooling: text('cooling').notNull(),
    fireSuppression: text('fire_suppression').notNull(),
    ipRating: text('ip_rating').notNull(),
    commissionedOn: date('commissioned_on', { mode: 'string' }),
    designCycles: integer('design_cycles'),
    updatedByName: text('updated_by_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [...tenantPolicies('channel')],
);

/** A storage cabinet of a station; rated power in W and capacity in Wh (exact). */
export const bsaCabinet = pgTable(
  'bsa_cabinet',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ratedPowerW: bigint('rated_power_w', { mode: 'number' }).notNull(),
    capacityWh: bigint('capacity_wh', { mode: 'number' }).notNull(),
    note: text('note'),
  },
  (t) => [
    unique('bsa_cabinet_code_uq').on(t.tenantId, t.code),
    index('bsa_cabinet_station_idx').on(t.stationId),
    check('bsa_cabinet_amounts_ck', sql`${t.ratedPowerW} > 0 and ${t.capacityWh} > 0`),
    ...tenantPolicies('channel'),
  ],
);

export type CabinetLinkKind = 'pcs' | 'stack' | 'meter' | 'fcs';

/** A device (PCS, meter, FCS) or a battery stack of the cabinet's station, in the cabinet: each in one cabinet at most. */
export const bsaCabinetLink = pgTable(
  'bsa_cabinet_link',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    cabinetId: integer('cabinet_id')
      .notNull()
      .references(() => bsaCabinet.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CabinetLinkKind>().notNull(),
    deviceId: integer('device_id').references(() => device.id, { onDelete: 'cascade' }),
    stackId: integer('stack_id').references(() => bsaStack.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('bsa_cabinet_link_device_uq')
      .on(t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    uniqueIndex('bsa_cabinet_link_stack_uq')
      .on(t.stackId)
      .where(sql`${t.stackId} is not null`),
    index('bsa_cabinet_link_cabinet_idx').on(t.cabinetId),
    check(
      'bsa_cabinet_link_target_ck',
      sql`(${t.kind} = 'stack' and ${t.stackId} is not null and ${t.deviceId} is null) or (${t.kind} in ('pcs', 'meter', 'fcs') and ${t.deviceId} is not null and ${t.stackId} is null)`,
    ),
    ...tenantPolicies('channel'),
  ],
);

/** What an FCS last reported it runs (over MQTT, docs/bsa.md). */
export const bsaFcsVersion = pgTable(
  'bsa_fcs_version',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => device.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    softwareVersion: text('software_version'),
    hardwareVersion: text('hardware_version'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [...tenantPolicies('channel')],
);

/** A firmware package sent to FCS: the file-center upload, its SHA-256 and the version it installs. */
export const bsaFirmwareDistribution = pgTable(
  'bsa_firmware_distribution',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    fileKey: text('file_key').notNull(),
    // not file_name: a column so named would be taken for a file-center key (files-sweep.ts)
    fileName: text('package_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    softwareVersion: text('software_version').notNull(),
    createdByName: text('created_by_name'),
  },
  (t) => [index('bsa_firmware_distribution_created_idx').on(t.createdAt), ...tenantPolicies('channel')],
);

export type FirmwareState = 'queued' | 'initiated' | 'downloading' | 'downloaded' | 'verified' | 'updated' | 'failed';

/**
 * One FCS of a distribution (one row per try): its state as the FCS reports it, the reason of a failure,
 * and the download token (its SHA-256 only) with its expiry. At most one target per FCS is under way.
 */
export const bsaFirmwareTarget = pgTable(
  'bsa_firmware_target',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => bsaFirmwareDistribution.id, { onDelete: 'cascade' }),
    fcsDeviceId: integer('fcs_device_id').references(() => device.id, { onDelete: 'set null' }),
    fcsCode: text('fcs_code').notNull(),
    stationCode: text('station_code'),
    fromVersion: text('from_version'),
    attempt: integer('attempt').notNull().default(1),
    state: text('state').$type<FirmwareState>().notNull().default('queued'),
    reason: text('reason'),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bsa_firmware_target_distribution_idx').on(t.distributionId),
    // one update under way per FCS: a retry or a second distribution cannot run beside it
    uniqueIndex('bsa_firmware_target_active_uq')
      .on(t.fcsDeviceId)
      .where(sql`${t.state} not in ('updated', 'failed')`),
    uniqueIndex('bsa_firmware_target_token_uq').on(t.tokenHash),
    check(
      'bsa_firmware_target_state_ck',
      sql`${t.state} in ('queued', 'initiated', 'downloading', 'downloaded', 'verified', 'updated', 'failed')`,
    ),
    ...tenantPolicies('channel'),
  ],
);
