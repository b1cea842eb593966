import { doublePrecision, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * Raw readings, kept lean: one row per (device, property, time), the primary key collapsing
 * duplicates. No tenant column: the device says whose a row is (row-level security goes through it).
 * A BRIN index on ts serves the retention job at almost no cost to inserts.
 */
export const telemetryRaw = pgTable(
  'telemetry_raw',
  {
    deviceId: integer('device_id').notNull(),
    propertyId: integer('property_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.propertyId, t.ts] }), index('telemetry_raw_ts_brin').using('brin', t.ts)],
);

/** Columns of a rollup row: a bucket of one property of one device. */
const rollupColumns = {
  deviceId: integer('device_id').notNull(),
  propertyId: integer('property_id').notNull(),
  /** Start of the bucket (UTC instant; for days, the tenant's local midnight). */
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  sum: doublePrecision('sum').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  lastTs: timestamp('last_ts', { withTimezone: true }).notNull(),
  last: doublePrecision('last').notNull(),
  /** Cumulative properties: the robust increase of the counter within the bucket. */
  increase: doublePrecision('increase').notNull().default(0),
};

export const telemetry15m = pgTable('telemetry_15m', rollupColumns, (t) => [primaryKey({ columns: [t.deviceId, t.propertyId, t.bucket] })]);
export const telemetry1h = pgTable('telemetry_1h', rollupColumns, (t) => [primaryKey({ columns: [t.deviceId, t.propertyId, t.bucket] })]);
export const telemetry1d = pgTable('telemetry_1d', rollupColumns, (t) => [primaryKey({ columns: [t.deviceId, t.propertyId, t.bucket] })]);
