import type { ResampleInterval } from '@energy/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { counterIncreaseSql, latestOf } from './rollups.js';

/**
 * Telemetry reads, on the request's transaction (row-level security lets a row through only when its
 * device is visible). Times go in as instants and come out as epoch milliseconds. Buckets of an hour
 * and less are UTC-aligned (the same as local for every zone whose offset is whole hours or
 * quarter-hours, resp.); days, months and years are the tenant's local calendar.
 */

export interface BucketRow {
  p: number;
  ts: number;
  count: number;
  sum: number | null;
  min: number | null;
  max: number | null;
  last: number | null;
  increase: number | null;
}

const ts = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const ids = (values: number[]) => sql`${sql.param(values)}::int[]`;
const epochMs = (col: SQL | string) => sql`(extract(epoch from ${typeof col === 'string' ? sql.raw(col) : col}) * 1000)::float8`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const asBuckets = (rows: Record<string, unknown>[]): BucketRow[] =>
  rows.map((r) => ({
    p: Number(r.p),
    ts: Number(r.ts),
    count: Number(r.count ?? 0),
    sum: num(r.sum),
    min: num(r.min),
    max: num(r.max),
    last: num(r.last),
    increase: num(r.increase),
  }));

export async function rawReadings(tx: Db, deviceId: number, propertyIds: number[], from: number, to: number, limit: number) {
  const rows = await rowsOf<{ p: number; ts: number; value: number }>(
    tx,
    sql`select pr.id as p, ${epochMs('r.ts')} as ts, r.value
        from unnest(${ids(propertyIds)}) as pr(id)
        cross join lateral (select ts, value from telemetry_raw where device_id = ${deviceId} and property_id = pr.id
                            and ts >= ${ts(from)} and ts < ${ts(to)} order by ts limit ${limit + 1}) r
        order by pr.id, r.ts`,
  );
  return rows.map((r) => ({ p: Number(r.p), ts: Number(r.ts), value: Number(r.value) }));
}

/** Each property's last reading at or before `at` (an alarm's related values). */
export async function readingsAtOrBefore(tx: Db, deviceId: number, propertyIds: number[], at: number) {
  const rows = await rowsOf<{ p: number; ts: number; value: number }>(
    tx,
    sql`select pr.id as p, ${epochMs('r.ts')} as ts, r.value
        from unnest(${ids(propertyIds)}) as pr(id)
        cross join lateral (select ts, value from telemetry_raw where device_id = ${deviceId} and property_id = pr.id
                            and ts <= ${ts(at)} order by ts desc limit 1) r`,
  );
  return rows.map((r) => ({ p: Number(r.p), ts: Number(r.ts), value: Number(r.value) }));
}

export async function latestReadings(tx: Db, deviceId: number, propertyIds: number[]) {
  const rows = await latestOf(
    tx,
    propertyIds.map((propertyId) => ({ deviceId, propertyId })),
  );
  return rows.map((r) => ({ p: Number(r.p), ts: Number(r.ts), value: Number(r.value) }));
}

const STEP: Record<ResampleInterval, { step: string; local: boolean }> = {
  '1m': { step: '1 minute', local: false },
  '15m': { step: '15 minutes', local: false },
  '1h': { step: '1 hour', local: false },
  '1d': { step: '1 day', local: true },
  '1mo': { step: '1 month', local: true },
  '1y': { step: '1 year', local: true },
};

/** The start of the bucket that contains `at`. */
function truncate(interval: ResampleInterval, at: SQL, tz: string): SQL {
  switch (interval) {
    case '1m':
      return sql`date_trunc('minute', ${at}, 'UTC')`;
    case '15m':
      return sql`date_bin('15 minutes', ${at}, timestamptz 'epoch')`;
    case '1h':
      return sql`date_trunc('hour', ${at}, 'UTC')`;
    case '1d':
      return sql`date_trunc('day', ${at}, ${tz}::text)`;
    case '1mo':
      return sql`date_trunc('month', ${at}, ${tz}::text)`;
    case '1y':
      return sql`date_trunc('year', ${at}, ${tz}::text)`;
  }
}

/** The starts of the buckets from the one containing `from` up to `to` (exclusive), epoch ms. */
export async function bucketStarts(tx: Db, interval: ResampleInterval, from: number, to: number, tz: string): Promise<number[]> {
  const { step, local } = STEP[interval];
  if (!local) {
    // fixed-width, UTC-aligned buckets: no need to ask the database
    const width = { '1m': 60_000, '15m': 900_000, '1h': 3_600_000 }[interval as '1m' | '15m' | '1h'];
    const starts: number[] = [];
    for (let b = Math.floor(from / width) * width; b < to; b += width) starts.push(b);
    return starts;
  }
  const start = truncate(interval, ts(from), tz);
  const rows = await rowsOf<{ ts: number }>(
    tx,
    sql`select ${epochMs(sql`g at time zone ${tz}::text`)} as ts
        from generate_series(${start} at time zone ${tz}::text, ${ts(to)} at time zone ${tz}::text, ${step}::interval) g
        where g at time zone ${tz}::text < ${ts(to)}`,
  );
  return rows.map((r) => Number(r.ts));
}

/** Aggregates per bucket: 1 minute from raw, 15 min / hour / day from their rollups, month and year from days. */
export async function resampled(
  tx: Db,
  q: { interval: ResampleInterval; deviceId: number; propertyIds: number[]; from: number; to: number; tz: string; maxKw: number },
): Promise<BucketRow[]> {
  const start = truncate(q.interval, ts(q.from), q.tz);
  const where = sql`device_id = ${q.deviceId} and property_id = any(${ids(q.propertyIds)})`;
  if (q.interval === '1m') return asBuckets(await rowsOf(tx, minuteQuery(q, start)));
  if (q.interval === '15m' || q.interval === '1h' || q.interval === '1d') {
    const table = sql.identifier({ '15m': 'telemetry_15m', '1h': 'telemetry_1h', '1d': 'telemetry_1d' }[q.interval]);
    return asBuckets(
      await rowsOf(
        tx,
        sql`select property_id as p, ${epochMs('bucket')} as ts, count, sum, min, max, last, increase from ${table}
            where ${where} and bucket >= ${start} and bucket < ${ts(q.to)} order by property_id, bucket`,
      ),
    );
  }
  const unit = q.interval === '1mo' ? 'month' : 'year';
  return asBuckets(
    await rowsOf(
      tx,
      sql`select property_id as p, ${epochMs(sql`date_trunc(${unit}, bucket, ${q.tz}::text)`)} as ts, sum(count) as count, sum(sum) as sum,
                 min(min) as min, max(max) as max, (array_agg(last order by bucket desc))[1] as last, sum(increase) as increase
          from telemetry_1d where ${where} and bucket >= ${start} and bucket < ${ts(q.to)}
          group by 1, 2 order by 1, 2`,
    ),
  );
}

/** Per minute from raw; counters' increases follow the same rule as the rollups (rollups.ts). */
function minuteQuery(q: { deviceId: number; propertyIds: number[]; to: number; maxKw: number }, start: SQL) {
  return sql`
    select p, ${epochMs(sql`date_trunc('minute', ts, 'UTC')`)} as ts, count(*) filter (where inside) as count,
           sum(value) filter (where inside) as sum, min(value) filter (where inside) as min, max(value) filter (where inside) as max,
           (array_agg(value order by ts desc) filter (where inside))[1] as last,
           ${counterIncreaseSql(sql`inside`, q.maxKw)} as increase
    from (
      select pr.id as p, r.ts, r.value, r.ts >= ${start} as inside, lag(r.value) over w as pv,
             greatest(extract(epoch from r.ts - lag(r.ts) over w)::float8 / 3600, 0) as hours
      from unnest(${ids(q.propertyIds)}) as pr(id)
      cross join lateral (
        (select ts, value from telemetry_raw where device_id = ${q.deviceId} and property_id = pr.id and ts < ${start} order by ts desc limit 1)
        union all
        (select ts, value from telemetry_raw where device_id = ${q.deviceId} and property_id = pr.id and ts >= ${start} and ts < ${ts(q.to)})
      ) r
      window w as (partition by pr.id order by r.ts)
    ) s
    group by p, date_trunc('minute', ts, 'UTC') having count(*) filter (where inside) > 0 order by 1, 2`;
}

/** Totals over [from, to): whole local days from the day rollup, the edges from 15 min buckets. */
export async function rangeAggregate(tx: Db, q: { deviceId: number; propertyIds: number[]; from: number; to: number; tz: string }) {
  const tz = sql`${q.tz}::text`;
  const from = ts(q.from);
  const to = ts(q.to);
  const where = sql`device_id = ${q.deviceId} and property_id = any(${ids(q.propertyIds)})`;
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`with b as (
          select date_bin('15 minutes', ${from}, timestamptz 'epoch') as f15,
                 case when date_trunc('day', ${from}, ${tz}) = ${from} then ${from}
                      else ((date_trunc('day', ${from}, ${tz}) at time zone ${tz}) + interval '1 day') at time zone ${tz} end as d0,
                 date_trunc('day', ${to}, ${tz}) as d1)
        select property_id as p, sum(count) as count, sum(sum) as sum, min(min) as min, max(max) as max, sum(increase) as increase
        from (
          select t.property_id, t.count, t.sum, t.min, t.max, t.increase from telemetry_1d t, b
          where ${where} and b.d0 < b.d1 and t.bucket >= b.d0 and t.bucket < b.d1
          union all
          select t.property_id, t.count, t.sum, t.min, t.max, t.increase from telemetry_15m t, b
          where ${where} and t.bucket >= b.f15 and t.bucket < ${to} and not (b.d0 < b.d1 and t.bucket >= b.d0 and t.bucket < b.d1)
        ) x group by property_id`,
  );
  return asBuckets(rows.map((r) => ({ ...r, ts: 0 })));
}
