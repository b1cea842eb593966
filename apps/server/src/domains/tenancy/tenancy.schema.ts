import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A company renting the platform (side 1) or a service provider operating for several (side 2). */
export const tenant = pgTable(
  'tenant',
  {
    id: uuid('id').primaryKey(),
    /** The platform's short name for the tenant (console, links); unique ignoring case. Seeded tenants have none. */
    code: text('code'),
    name: text('name').notNull(),
    /** 0 enabled, 1 disabled by the platform administrator: its staff answer 412 and channel links to it stop. */
    status: smallint('status').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    sideType: smallint('side_type').notNull().default(1),
    platformName: text('platform_name').notNull(),
    platformTitleType: smallint('platform_title_type').notNull().default(1),
    platformSloganName: text('platform_slogan_name').notNull().default('Industrial Internet Platform'),
    iconKey: text('icon_key'),
    logoKey: text('logo_key'),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    /** Names of organisation levels 1..99, by position. */
    orgLevels: jsonb('org_levels')
      .$type<string[]>()
      .notNull()
      .default(sql`'["headquarters","subsidiary"]'::jsonb`),
    /** Landing navigation for staff who chose none. */
    homeModuleOriginId: integer('home_module_origin_id'),
    homePath: text('home_path').notNull().default('/'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tenant_code_uq').on(sql`lower(${t.code})`)],
);

/** A node of a tenant's customer organisation tree. `code` is hierarchical: 001, 001.002, ... */
export const customer = pgTable(
  'customer',
  {
    mcid: uuid('mcid').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenant.id),
    parentMcid: uuid('parent_mcid'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    level: smallint('level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_tenant_idx').on(t.tenantId, t.code)],
);

/** A channel (provider) tenant operating for a customer tenant. */
export const channelLink = pgTable(
  'channel_link',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenant.id),
    customerTenantId: uuid('customer_tenant_id')
      .notNull()
      .references(() => tenant.id),
    /** Who consented for the customer tenant, and when (recorded by the platform administrator from the customer's agreement). */
    consentBy: text('consent_by'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    /** The agreement's reference (contract number, ticket). */
    consentReference: text('consent_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.customerTenantId] })],
);
