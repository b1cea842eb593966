import { doublePrecision, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customer } from '../tenancy/tenancy.schema.js';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

export const ouType = pgTable(
  'ou_type',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('ou_type_code_uq').on(t.tenantId, t.code), ...tenantPolicies('channel')],
);

/** An operating unit: a tenant-scoped group of assets and staff. */
export const ou = pgTable(
  'ou',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    customerMcid: uuid('customer_mcid')
      .notNull()
      .references(() => customer.mcid),
    typeId: integer('type_id').references(() => ouType.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    districtAdcode: text('district_adcode'),
    address: text('address'),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ou_code_uq').on(t.tenantId, t.code), index('ou_customer_idx').on(t.customerMcid), ...tenantPolicies('channel')],
);

/** Administrative districts (platform reference data). */
export const district = pgTable(
  'district',
  {
    adcode: text('adcode').primaryKey(),
    name: text('name').notNull(),
    level: text('level').$type<'country' | 'province' | 'city' | 'district'>().notNull(),
    parentAdcode: text('parent_adcode'),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
  },
  (t) => [index('district_parent_idx').on(t.parentAdcode)],
);
