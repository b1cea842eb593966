import type { circuit as circuitContract } from '@energy/contracts';
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { job } from '../jobs/jobs.schema.js';
import { staff } from '../staff/staff.schema.js';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';
import { circuit } from './circuit.schema.js';

/** An energy config as the change log keeps it: the counter and the meters with their signs. */
export interface StoredEnergyConfig {
  counter: circuitContract.EnergyCounter;
  meters: { deviceId: number; code: string; sign: 1 | -1 }[];
}

/**
 * The change log of circuits' energy configs (docs/circuits.md, "Energy config"): who changed which
 * circuit's config, when (`created_at`), from which local date it is in force (null: since always), and
 * the config in force before that date and the one after. `source` is the call that made the change.
 */
export const circuitEnergyConfigLog = pgTable(
  'circuit_energy_config_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => circuit.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffCode: text('staff_code').notNull(),
    source: text('source').$type<'create' | 'update' | 'config' | 'import'>().notNull(),
    before: jsonb('before').$type<StoredEnergyConfig>().notNull(),
    after: jsonb('after').$type<StoredEnergyConfig>().notNull(),
  },
  (t) => [index('circuit_energy_config_log_circuit_idx').on(t.circuitId, t.createdAt), ...tenantPolicies('tenant')],
);

/** An energy config import: who, the file's name and rows; the outcome is its job's (`job`). */
export const circuitEnergyImport = pgTable(
  'circuit_energy_import',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => job.id, { onDelete: 'cascade' }),
    ...tenantColumns(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffCode: text('staff_code').notNull(),
    fileName: text('file_name').notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [index('circuit_energy_import_tenant_idx').on(t.tenantId, t.createdAt), ...tenantPolicies('tenant')],
);

/** A rerun of the statistics cache: which circuits over which range; its progress and outcome are its job's. */
export const circuitRerun = pgTable(
  'circuit_rerun',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => job.id, { onDelete: 'cascade' }),
    ...tenantColumns(),
    circuitIds: integer('circuit_ids').array().notNull(),
    fromTs: timestamp('from_ts', { withTimezone: true }).notNull(),
    toTs: timestamp('to_ts', { withTimezone: true }).notNull(),
  },
  (t) => [index('circuit_rerun_tenant_idx').on(t.tenantId), ...tenantPolicies('tenant')],
);
