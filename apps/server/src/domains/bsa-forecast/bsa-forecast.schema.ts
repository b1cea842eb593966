import { index, integer, pgTable, unique } from 'drizzle-orm/pg-core';
import { bsaStation } from '../bsa/bsa.schema.js';
import { staff } from '../staff/staff.schema.js';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';

/**
 * The storage stations a staff watches (docs/bsa.md, "Forecasts and station money (issue 22)": attention),
 * the pattern of the PV outline's `pv_attention`: one row per staff and station, in the staff's tenant.
 */
export const bsaAttention = pgTable(
  'bsa_attention',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('bsa_attention_uq').on(t.staffId, t.stationId),
    index('bsa_attention_station_idx').on(t.stationId),
    ...tenantPolicies('channel'),
  ],
);
