import type { circuit as circuitContract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { device } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';

/** An electricity account (a utility contract) of a customer site: the prices its circuits are billed at. */
export const circuitAccount = pgTable(
  'circuit_account',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    ouId: integer('ou_id')
      .notNull()
      .references(() => ou.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('CNY'),
  },
  (t) => [
    unique('circuit_account_code_uq').on(t.tenantId, t.code),
    index('circuit_account_ou_idx').on(t.ouId),
    ...tenantPolicies('tenant'),
  ],
);

/**
 * Seasons of a price version as stored: months, and bands as minutes of the local day [startMin, endMin)
 * with the price in integer ten-thousandths of the currency per kWh (exact, never a float).
 */
export interface StoredSeason {
  name: string;
  months: number[];
  bands: { startMin: number; endMin: number; kind: string; price10k: number }[];
}

/** The account's prices in force from a date until the next version's date. */
export const circuitAccountPrice = pgTable(
  'circuit_account_price',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    accountId: integer('account_id')
      .notNull()
      .references(() => circuitAccount.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    demandPricePerKwMonth: numeric('demand_price_per_kw_month', { precision: 12, scale: 4 }),
    seasons: jsonb('seasons').$type<StoredSeason[]>().notNull(),
  },
  (t) => [
    unique('circuit_account_price_uq').on(t.accountId, t.effectiveFrom),
    check('circuit_account_price_demand_ck', sql`${t.demandPricePerKwMonth} >= 0`),
    ...tenantPolicies('tenant'),
  ],
);

/** A distribution cabinet (switchgear) of a site. */
export const circuitCabinet = pgTable(
  'circuit_cabinet',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    ouId: integer('ou_id')
      .notNull()
      .references(() => ou.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    location: text('location'),
  },
  (t) => [
    unique('circuit_cabinet_code_uq').on(t.tenantId, t.code),
    index('circuit_cabinet_ou_idx').on(t.ouId),
    ...tenantPolicies('tenant'),
  ],
);

/** A circuit of the distribution tree: incoming line, busbar, feeder or branch. */
export const circuit = pgTable(
  'circuit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    ouId: integer('ou_id')
      .notNull()
      .references(() => ou.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<'incoming' | 'busbar' | 'feeder' | 'branch'>().notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => circuit.id),
    cabinetId: integer('cabinet_id').references(() => circuitCabinet.id),
    accountId: integer('account_id').references(() => circuitAccount.id),
    ratedCurrentA: doublePrecision('rated_current_a'),
  },
  (t) => [
    unique('circuit_code_uq').on(t.tenantId, t.code),
    index('circuit_ou_idx').on(t.ouId),
    index('circuit_parent_idx').on(t.parentId),
    check('circuit_type_ck', sql`${t.type} in ('incoming', 'busbar', 'feeder', 'branch')`),
    check('circuit_parent_ck', sql`${t.parentId} <> ${t.id}`),
    ...tenantPolicies('tenant'),
  ],
);

/**
 * The meters of a circuit's energy config (docs/circuits.md, "Energy config"): its energy is Σ sign ×
 * each meter's counter over the periods each binding is in force, [starts_at, ends_at) (null: since
 * always, still in force). `effective_from` is the local date `starts_at` is the midnight of. Only the
 * energy config service changes these rows, and writes each change to `circuit_energy_config_log`.
 */
export const circuitMeter = pgTable(
  'circuit_meter',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => circuit.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    sign: smallint('sign').notNull().default(1),
    counter: text('counter').$type<circuitContract.EnergyCounter>().notNull().default('e_imp'),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    index('circuit_meter_circuit_idx').on(t.circuitId),
    index('circuit_meter_device_idx').on(t.deviceId),
    uniqueIndex('circuit_meter_open_uq')
      .on(t.circuitId, t.deviceId)
      .where(sql`${t.endsAt} is null`),
    check('circuit_meter_sign_ck', sql`${t.sign} in (1, -1)`),
    check('circuit_meter_counter_ck', sql`${t.counter} in ('e_imp', 'e_exp')`),
    check('circuit_meter_period_ck', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
    ...tenantPolicies('tenant'),
  ],
);
