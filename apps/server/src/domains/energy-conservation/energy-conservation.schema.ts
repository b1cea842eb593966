import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { circuit } from '../circuit/circuit.schema.js';
import { ou } from '../ou/ou.schema.js';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';

/** Tenant columns, the circuit a row belongs to (deleted with it) and its OU (the circuit's: the staff's scope). */
const circuitColumns = () => ({
  ...tenantColumns(),
  ouId: integer('ou_id')
    .notNull()
    .references(() => ou.id),
  circuitId: integer('circuit_id')
    .notNull()
    .references(() => circuit.id, { onDelete: 'cascade' }),
});

/**
 * A circuit's energy-saving configuration (docs/energy-conservation.md): one per circuit; what it says
 * lives in its versions. Deleting the circuit deletes it.
 */
export const energySavingConfig = pgTable(
  'energy_saving_config',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...circuitColumns(),
  },
  (t) => [
    unique('energy_saving_config_circuit_uq').on(t.circuitId),
    index('energy_saving_config_ou_idx').on(t.ouId),
    ...tenantPolicies('tenant'),
  ],
);

/**
 * A version of a configuration, in force from its month until the next version's (the latest id wins
 * among versions of the same month). Every edit adds one; a deletion adds a `delete` row: the log is kept
 * when the configuration is deleted (its `config_id` is then a plain number), and goes with the circuit.
 */
export const energySavingVersion = pgTable(
  'energy_saving_version',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...circuitColumns(),
    configId: integer('config_id').notNull(),
    action: text('action').$type<'create' | 'edit' | 'delete'>().notNull(),
    effectiveFrom: text('effective_from').notNull(),
    model: text('model').$type<'same-period' | 'production' | 'degree-days' | 'audit'>().notNull(),
    baselineFrom: text('baseline_from').notNull(),
    baselineTo: text('baseline_to').notNull(),
    driverUnit: text('driver_unit'),
    /** `audit`: the typed-in intercept a (Wh per month) and slope b (Wh per driver unit) of an earlier energy audit; null otherwise. */
    auditAWh: bigint('audit_a_wh', { mode: 'number' }),
    auditBWh: bigint('audit_b_wh', { mode: 'number' }),
    /** Price per kWh in integer ten-thousandths of the currency. */
    price10k: integer('price_10k').notNull(),
    remark: text('remark'),
    changes: jsonb('changes').$type<string[]>().notNull(),
    staffId: integer('staff_id'),
    staffName: text('staff_name'),
  },
  (t) => [
    index('energy_saving_version_config_idx').on(t.configId),
    index('energy_saving_version_circuit_idx').on(t.circuitId),
    check('energy_saving_version_action_ck', sql`${t.action} in ('create', 'edit', 'delete')`),
    check('energy_saving_version_model_ck', sql`${t.model} in ('same-period', 'production', 'degree-days', 'audit')`),
    check(
      'energy_saving_version_audit_ck',
      sql`(${t.model} = 'audit') = (${t.auditAWh} is not null and ${t.auditBWh} is not null) and (${t.auditAWh} is null) = (${t.auditBWh} is null)`,
    ),
    check('energy_saving_version_months_ck', sql`${t.baselineFrom} <= ${t.baselineTo} and ${t.effectiveFrom} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('energy_saving_version_price_ck', sql`${t.price10k} >= 0`),
    ...tenantPolicies('tenant'),
  ],
);

/** A circuit's driver value of a month: production volume or degree days, entered by the user. */
export const energySavingDriver = pgTable(
  'energy_saving_driver',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...circuitColumns(),
    month: text('month').notNull(),
    value: numeric('value', { precision: 16, scale: 3 }).notNull(),
  },
  (t) => [
    unique('energy_saving_driver_month_uq').on(t.circuitId, t.month),
    check('energy_saving_driver_value_ck', sql`${t.value} >= 0`),
    ...tenantPolicies('tenant'),
  ],
);
