import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

/** From when a UET counts energy and income. */
export const uetCalculationStart = pgTable(
  'uet_calculation_start',
  {
    tenantId: tenantId(),
    uetId: text('uet_id').notNull(),
    startCalculateTime: timestamp('start_calculate_time', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.uetId] }), ...tenantPolicies('tenant')],
);
