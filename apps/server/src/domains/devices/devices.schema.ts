import type { PropertyKind } from '@energy/contracts';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ou } from '../ou/ou.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

/** Level 1 of a tenant's device type tree (seeded from DEVICE_CATEGORIES). */
export const deviceCategory = pgTable(
  'device_category',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [unique('device_category_key_uq').on(t.tenantId, t.key), ...tenantPolicies('channel')],
);

/** Level 2: a device type, a template of the data properties its devices report. */
export const deviceType = pgTable(
  'device_type',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => deviceCategory.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    isGateway: boolean('is_gateway').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [unique('device_type_key_uq').on(t.tenantId, t.key), ...tenantPolicies('channel')],
);

/** A data property (point) of a device type. */
export const dataProperty = pgTable(
  'data_property',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    deviceTypeId: integer('device_type_id')
      .notNull()
      .references(() => deviceType.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    kind: text('kind').$type<PropertyKind>().notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [unique('data_property_key_uq').on(t.deviceTypeId, t.key), ...tenantPolicies('channel')],
);

/** A device of a tenant, in an OU (and so a customer), optionally behind a gateway device. */
export const device = pgTable(
  'device',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    deviceTypeId: integer('device_type_id')
      .notNull()
      .references(() => deviceType.id),
    customerMcid: uuid('customer_mcid')
      .notNull()
      .references(() => customer.mcid),
    ouId: integer('ou_id')
      .notNull()
      .references(() => ou.id),
    gatewayId: integer('gateway_id'),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    address: text('address'),
    ratedPowerKw: doublePrecision('rated_power_kw'),
    /** MQTT identity, made by the platform when credentials are first issued; unique across tenants. */
    mqttUsername: text('mqtt_username').unique('device_mqtt_username_uq'),
    mqttPasswordHash: text('mqtt_password_hash'),
    credentialsIssuedAt: timestamp('credentials_issued_at', { withTimezone: true }),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('device_code_uq').on(t.tenantId, t.code),
    index('device_ou_idx').on(t.ouId),
    index('device_gateway_idx').on(t.gatewayId),
    ...tenantPolicies('channel'),
  ],
);

/** Readings (or messages) the ingest could not accept, counted per device and reason. */
export const deviceIngestStat = pgTable(
  'device_ingest_stat',
  {
    tenantId: tenantId(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastDetail: text('last_detail'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.reason] }), ...tenantPolicies('channel')],
);
