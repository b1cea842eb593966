import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

/** A stored upload; the bytes live on disk under the data folder, named by key. */
export const file = pgTable(
  'file',
  {
    key: text('key').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by'),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [...tenantPolicies('tenant')],
);
