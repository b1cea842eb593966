import { index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customerUser } from '../auth/auth.schema.js';
import { role } from '../role/role.schema.js';
import { customer, tenant } from '../tenancy/tenancy.schema.js';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

// the role table lives in the role domain; re-exported for the modules that read it with staff
export { role };

/** A person's account inside one customer of one tenant. Status: enable 0, disable 1, freeze 2. */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenant.id),
    customerMcid: uuid('customer_mcid')
      .notNull()
      .references(() => customer.mcid),
    muid: uuid('muid')
      .notNull()
      .references(() => customerUser.muid),
    staffCode: text('staff_code').notNull(),
    status: smallint('status').notNull().default(0),
    roleId: integer('role_id').references(() => role.id),
    navigationModuleOriginId: integer('navigation_module_origin_id'),
    navigationPath: text('navigation_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('staff_code_uq').on(t.tenantId, t.staffCode), index('staff_muid_idx').on(t.muid)],
);

/** The OUs a staff belongs to. */
export const staffOu = pgTable(
  'staff_ou',
  {
    tenantId: tenantId(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    ouId: integer('ou_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.ouId] }), ...tenantPolicies('tenant')],
);

/** A staff's own order of data types per scene. */
export const staffDataTypeSorting = pgTable(
  'staff_data_type_sorting',
  {
    tenantId: tenantId(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    scene: text('scene').notNull(),
    dataTypes: text('data_types').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.scene] }), ...tenantPolicies('tenant')],
);
