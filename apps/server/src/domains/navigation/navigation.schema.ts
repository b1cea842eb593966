import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

/** A tenant's three-level navigation. */
export const navigation = pgTable(
  'navigation',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    parentId: integer('parent_id'),
    rootId: integer('root_id'),
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    /** The name in Chinese (zh-CN); null: zh-CN users see `name`. */
    nameZh: text('name_zh'),
    path: text('path').notNull(),
    key: text('key').notNull(),
    moduleOriginId: integer('module_origin_id'),
    jumpType: smallint('jump_type').notNull().default(1),
    openType: smallint('open_type').notNull().default(0),
    weighting: integer('weighting').notNull().default(0),
    url: text('url'),
    origin: text('origin'),
    permissionType: smallint('permission_type').notNull().default(0),
    permissionCode: text('permission_code'),
    integratedAppId: integer('integrated_app_id'),
    transitPagePath: text('transit_page_path'),
  },
  (t) => [index('navigation_tenant_idx').on(t.tenantId), ...tenantPolicies('tenant')],
);
