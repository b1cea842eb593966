import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicies } from '../tenancy/tenant-table.js';

/** One state-changing call: who, as which staff, in which tenant, what, on what, when, and how it ended. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id'),
    muid: uuid('muid'),
    username: text('username'),
    staffId: integer('staff_id'),
    staffCode: text('staff_code'),
    call: text('call').notNull(),
    target: text('target'),
    outcome: text('outcome').$type<'ok' | 'error'>().notNull(),
    code: integer('code').notNull(),
    ip: text('ip'),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_tenant_at_idx').on(t.tenantId, t.at), ...tenantPolicies('tenant')],
);
