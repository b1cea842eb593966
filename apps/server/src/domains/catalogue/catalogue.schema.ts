import { boolean, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** The platform-wide permission catalogue: menu pages `p...` and buttons `b...`, as a tree. */
export const permission = pgTable('permission', {
  code: text('code').primaryKey(),
  parentCode: text('parent_code'),
  type: text('type').$type<'p' | 'b'>().notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  level: smallint('level').notNull(),
  sort: integer('sort').notNull().default(0),
  customized: boolean('customized').notNull().default(false),
  freeze: boolean('freeze').notNull().default(false),
  /** Set for permissions of an integrated app. */
  integratedAppId: integer('integrated_app_id'),
});

/** Where a navigation entry's page lives: a core app or an integrated app. */
export const moduleOrigin = pgTable('module_origin', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind').$type<'core' | 'integrated'>().notNull(),
  pathPrefix: text('path_prefix').notNull(),
  origin: text('origin'),
});
