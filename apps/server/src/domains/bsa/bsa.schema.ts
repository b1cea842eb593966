import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
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
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bsa_station_code_uq').on(t.tenantId, t.code),
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
