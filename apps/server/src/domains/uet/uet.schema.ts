import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenant } from '../tenancy/tenancy.schema.js';

/** From when a UET counts energy and income. */
export const uetCalculationStart = pgTable(
  'uet_calculation_start',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenant.id),
    uetId: text('uet_id').notNull(),
    startCalculateTime: timestamp('start_calculate_time', { withTimezone: true }).notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.uetId] })],
);
