import { sql } from 'drizzle-orm';
import { pgPolicy, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenant } from './tenancy.schema.js';

/**
 * Tenant tables: their common columns and their row-level security, declared with the table so that
 * `npm run db:generate` writes the RLS migration too (docs/architecture.md, "Tenant tables").
 *
 *   export const thing = pgTable('thing', { id: ..., ...tenantColumns(), name: ... }, (t) => [
 *     index('thing_tenant_idx').on(t.tenantId),
 *     ...tenantPolicies('tenant'),
 *   ]);
 *
 * Requests run as energy_app, which migration 0017 grants every new table to; the policies compare
 * against the per-request settings of app_tenant() / app_channel_tenants() (0001_row_level_security).
 */

/** The owning tenant: every tenant table has it, and its policies read it. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenant.id);

/** tenant_id, created_at and updated_at: the columns a new tenant table starts with. */
export const tenantColumns = () => ({
  tenantId: tenantId(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const own = sql`tenant_id = app_tenant()`;
const ownOrChannel = sql`tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants())`;

/**
 * The row-level security of a tenant table (RLS is enabled by declaring a policy):
 * - `'tenant'`: rows of the current tenant only, for reading and writing (policy tenant_isolation);
 * - `'channel'`: a channel staff also reads its linked tenants' rows; writes stay in the current tenant
 *   (policies tenant_read and tenant_write).
 */
export function tenantPolicies(reads: 'tenant' | 'channel') {
  if (reads === 'tenant') return [pgPolicy('tenant_isolation', { for: 'all', using: own, withCheck: own })];
  return [
    pgPolicy('tenant_read', { for: 'select', using: ownOrChannel }),
    pgPolicy('tenant_write', { for: 'all', using: own, withCheck: own }),
  ];
}
