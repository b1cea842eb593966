import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenant } from '../tenancy/tenancy.schema.js';

/** A tenant's role: the checked permission codes and the auto-synced ones (levels 0 and 1). */
export const role = pgTable(
  'role',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenant.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissionCodes: text('permission_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    autoSyncCodes: text('auto_sync_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Staff with this role see every OU of the tenant (a tenant administrator). */
    allOus: boolean('all_ous').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // names are unique per tenant ignoring case; the service says so first, the index settles races
  (t) => [uniqueIndex('role_name_uq').on(t.tenantId, sql`lower(${t.name})`)],
);
