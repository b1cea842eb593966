import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  /** Set with a one-time password (a tenant's first administrator): every staff call answers 412 until it is changed. */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
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
    /**
     * A channel staff's working tenant (docs/platform-console.md): null = its own and every linked tenant,
     * its own tenant's id = its own only, a linked tenant's id = that tenant only. Changed only through
     * SessionService.setWorkingTenant; app_open_session narrows app.channel_tenants by it.
     */
    workingTenantId: uuid('working_tenant_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_muid_idx').on(t.muid)],
);

/**
 * Sign-in attempts per key in the current window (docs/security.md): `ip:{address}`, `pair:{address}|{username}`,
 * `user:{username}` (counted before the password is checked, by app_login_attempt), and `op:...` (operation
 * password failures). `locked_until`: the next attempt's earliest time (an address's delay, an account's lock).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  /** `user:` keys: attempts since the person's last sign-in, whatever the window (told to them at the next one). */
  sinceSuccess: integer('since_success').notNull().default(0),
  /** `user:` keys: the addresses the window's attempts came from (at most 64). */
  addresses: text('addresses')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** Addresses a person signed in from (90 days): a locked account still takes its owner's attempts from them. */
export const loginKnownAddress = pgTable(
  'login_known_address',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);
