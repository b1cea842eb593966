import { date, index, jsonb, pgTable, primaryKey, text, integer, timestamp } from 'drizzle-orm/pg-core';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';
import { circuit } from './circuit.schema.js';

/**
 * The statistics cache (docs/circuits.md, "Statistics cache"): one circuit's quarter-hour series of one
 * source (energy, current, voltage, power factor) over one past local day, with the fingerprint of the
 * day rollups of its meters it was computed from. A reading arriving late for that day, a meter bound or
 * unbound, or a sign changed gives another fingerprint, and the day is computed again from the rollups.
 */
export const circuitStatDay = pgTable(
  'circuit_stat_day',
  {
    tenantId: tenantId(),
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => circuit.id, { onDelete: 'cascade' }),
    source: text('source').$type<'energy' | 'current' | 'voltage' | 'pf'>().notNull(),
    day: date('day').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** `{t: [epoch ms of each quarter], v: [its value]}`, quarters without data left out. */
    points: jsonb('points').$type<{ t: number[]; v: number[] }>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.circuitId, t.source, t.day] }),
    index('circuit_stat_day_tenant_idx').on(t.tenantId),
    ...tenantPolicies('tenant'),
  ],
);
