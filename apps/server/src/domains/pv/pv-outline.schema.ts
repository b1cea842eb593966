import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { staff } from '../staff/staff.schema.js';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';
import { pvStation } from './pv.schema.js';

/**
 * The equipment a staff follows on the PV outline (docs/pv-analytics.md, "Outline"): an inverter or a
 * string (by its id), a meter or the weather station (by device id). Each staff has its own list; the row
 * is in the staff's tenant (a channel staff may follow a linked tenant's station: RLS reads linked tenants).
 */
export const pvAttention = pgTable(
  'pv_attention',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => pvStation.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'inverter' | 'string' | 'meter' | 'weather'>().notNull(),
    refId: integer('ref_id').notNull(),
  },
  (t) => [
    unique('pv_attention_uq').on(t.staffId, t.kind, t.refId),
    index('pv_attention_station_idx').on(t.stationId, t.staffId),
    check('pv_attention_kind_ck', sql`${t.kind} in ('inverter', 'string', 'meter', 'weather')`),
    ...tenantPolicies('channel'),
  ],
);
