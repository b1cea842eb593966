import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ou } from '../ou/ou.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { tenantColumns, tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

// EV charging (issue 23, docs/charging.md). Money is integer ten-thousandths of the currency (bigint),
// energy integer Wh: nothing about a session's cost is a float.

/** A charging station of a tenant, in an OU (and so a customer). */
export const chargingStation = pgTable(
  'charging_station',
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
    status: text('status').$type<'enabled' | 'disabled'>().notNull().default('enabled'),
  },
  (t) => [
    unique('charging_station_code_uq').on(t.tenantId, t.code),
    index('charging_station_ou_idx').on(t.ouId),
    check('charging_station_status_ck', sql`${t.status} in ('enabled', 'disabled')`),
    ...tenantPolicies('channel'),
  ],
);

/** A pile: an OCPP charge point, known to the central system by its identity (unique platform-wide). */
export const chargingPile = pgTable(
  'charging_pile',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => chargingStation.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    vendor: text('vendor').notNull(),
    model: text('model').notNull(),
    serialNumber: text('serial_number'),
    ratedPowerKw: doublePrecision('rated_power_kw').notNull(),
    currentType: text('current_type').$type<'AC' | 'DC'>().notNull(),
    ocppIdentity: text('ocpp_identity').notNull(),
    /** scrypt hash (auth/passwords.ts format) of the basic-auth password; null until issued. */
    passwordHash: text('password_hash'),
    credentialsIssuedAt: timestamp('credentials_issued_at', { withTimezone: true }),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    firmwareVersion: text('firmware_version'),
    /** Connector 0's status, and the charger's time of it (statuses apply in their timestamps' order). */
    status: text('status').notNull().default('Unavailable'),
    statusAt: timestamp('status_at', { withTimezone: true }),
  },
  (t) => [
    unique('charging_pile_code_uq').on(t.tenantId, t.code),
    uniqueIndex('charging_pile_identity_uq').on(t.ocppIdentity),
    index('charging_pile_station_idx').on(t.stationId),
    check('charging_pile_current_ck', sql`${t.currentType} in ('AC', 'DC')`),
    check('charging_pile_power_ck', sql`${t.ratedPowerKw} > 0`),
    ...tenantPolicies('channel'),
  ],
);

/** A gun: an OCPP connector of a pile, numbered from 1 (the connectorId). */
export const chargingGun = pgTable(
  'charging_gun',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    pileId: integer('pile_id')
      .notNull()
      .references(() => chargingPile.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    type: text('type').notNull(),
    ratedPowerKw: doublePrecision('rated_power_kw').notNull(),
    status: text('status').notNull().default('Unavailable'),
    errorCode: text('error_code'),
    statusAt: timestamp('status_at', { withTimezone: true }),
  },
  (t) => [
    unique('charging_gun_number_uq').on(t.pileId, t.number),
    check('charging_gun_number_ck', sql`${t.number} between 1 and 8`),
    check('charging_gun_power_ck', sql`${t.ratedPowerKw} > 0`),
    ...tenantPolicies('channel'),
  ],
);

/** One band of a cost version: minutes of the local day [startMin, endMin), price in ten-thousandths per kWh. */
export interface StoredBand {
  startMin: number;
  endMin: number;
  kind: string;
  price: number;
}

/** A version of a station's prices, in force from a local date until the next version's. */
export const chargingCost = pgTable(
  'charging_cost',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => chargingStation.id, { onDelete: 'cascade' }),
    ...tenantColumns(),
    effectiveFrom: date('effective_from').notNull(),
    currency: text('currency').notNull().default('CNY'),
    bands: jsonb('bands').$type<StoredBand[]>().notNull(),
    /** Service fee per kWh, ten-thousandths of the currency. */
    serviceFee: bigint('service_fee', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.effectiveFrom] }),
    check('charging_cost_fee_ck', sql`${t.serviceFee} >= 0`),
    ...tenantPolicies('channel'),
  ],
);

/** A band's share of a session: energy and its fee (ten-thousandths). */
export interface SessionBand {
  kind: string;
  /** ten-thousandths per kWh */
  price: number;
  energyWh: number;
  fee: number;
}

/** A charging session: one OCPP transaction (its transactionId is the row's id). */
export const chargingSession = pgTable(
  'charging_session',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    stationId: integer('station_id')
      .notNull()
      .references(() => chargingStation.id, { onDelete: 'cascade' }),
    pileId: integer('pile_id')
      .notNull()
      .references(() => chargingPile.id, { onDelete: 'cascade' }),
    connectorId: smallint('connector_id').notNull(),
    idTag: text('id_tag').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    meterStartWh: bigint('meter_start_wh', { mode: 'number' }).notNull(),
    meterStopWh: bigint('meter_stop_wh', { mode: 'number' }),
    /** The latest register reading (meter values, or the stop). */
    lastMeterWh: bigint('last_meter_wh', { mode: 'number' }).notNull(),
    stopReason: text('stop_reason'),
    currency: text('currency'),
    bands: jsonb('bands').$type<SessionBand[]>().notNull().default([]),
    /** ten-thousandths of the currency; the cost is their sum rounded to the cent (docs/charging.md). */
    energyFee: bigint('energy_fee', { mode: 'number' }),
    serviceFee: bigint('service_fee', { mode: 'number' }),
    costCents: bigint('cost_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('charging_session_started_idx').on(t.tenantId, t.startedAt),
    index('charging_session_pile_idx').on(t.pileId, t.startedAt),
    uniqueIndex('charging_session_open_uq')
      .on(t.pileId, t.connectorId)
      .where(sql`stopped_at is null`),
    ...tenantPolicies('channel'),
  ],
);

/** The energy register of a session's connector at an instant (Energy.Active.Import.Register, Wh). */
export const chargingMeterValue = pgTable(
  'charging_meter_value',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => chargingSession.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    wh: bigint('wh', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.ts] }), ...tenantPolicies('channel')],
);
