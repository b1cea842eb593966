import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A person's login identity; staff accounts hang off it, one per customer of a tenant. */
export const customerUser = pgTable('customer_user', {
  muid: uuid('muid').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  operationPasswordHash: text('operation_password_hash'),
  name: text('name').notNull(),
  gender: smallint('gender'),
  phone: text('phone'),
  email: text('email'),
  headPic: text('head_pic'),
  navigationPreference: smallint('navigation_preference').notNull().default(1),
  platformAdmin: boolean('platform_admin').notNull().default(false),
  lastStaffId: integer('last_staff_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in browser. Ids and tokens are stored as SHA-256 hashes only. */
export const session = pgTable(
  'session',
  {
    idHash: text('id_hash').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    muid: uuid('muid')
      .notNull()
      .references(() => customerUser.muid, { onDelete: 'cascade' }),
    currentStaffId: integer('current_staff_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_muid_idx').on(t.muid)],
);

/** Failed sign-ins per key (`ip:...` or `user:...`) in the current window. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
