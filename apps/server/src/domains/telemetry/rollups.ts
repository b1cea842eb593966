import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

/**
 * The SQL of the write path: raw inserts, and the 15 min / hour / day rollups kept up to date as data
 * arrives. In-order data (newer than the series' latest reading) is merged into the rollups as deltas
 * computed in memory; late data marks its buckets, which are recomputed from raw (15 min) and from the
 * 15 min rollup (hour, day). Everything goes through `unnest` arrays: one statement per step, whatever
 * the batch size. Epoch milliseconds travel as float8 and become instants exactly.
 */

export const BUCKET_MS = 15 * 60 * 1000;

/** `timestamptz` from epoch ms (exact: the product stays below 2^53 microseconds). */
const at = (ms: SQL | string) => sql`(timestamptz 'epoch' + (${typeof ms === 'string' ? sql.raw(ms) : ms}) * interval '1 millisecond')`;
const p = (values: unknown[]) => sql.param(values);

/**
 * The increase of an energy counter from `prev` to `value` over `hours`: a step beyond what `maxKw`
 * could deliver (plus one minute of it, for counter resolution) is ignored; a drop is a reset or a
 * replaced meter, whose new reading counts when it is itself plausible. Never negative. The SQL of
 * `recompute15m` applies the same rule.
 */
export function counterStep(
  prev: number,
  value: number,
  hours: number,
  maxKw: number,
): { increase: number; reset: boolean; jump: boolean } {
  const limit = maxKw * (Math.max(hours, 0) + 1 / 60);
  if (value >= prev)
    return value - prev <= limit ? { increase: value - prev, reset: false, jump: false } : { increase: 0, reset: false, jump: true };
  return value <= limit ? { increase: value, reset: true, jump: false } : { increase: 0, reset: true, jump: true };
}

/** The fastest plausible growth of a device's energy counters: a rated device may run a little above its rating. */
export const maxKwOf = (ratedPowerKw: number | null | undefined, fallbackKw: number) =>
  ratedPowerKw ? Number(ratedPowerKw) * 1.5 : fallbackKw;

/**
 * `counterStep` in SQL, over rows with `value`, the previous value `pv` and the `hours` between them; `inside`
 * says which rows count (the one before a bucket only gives the first step its start). The increase, summed.
 */
export const counterIncreaseSql = (inside: SQL, kw: SQL | number) => sql`
  sum(case when not ${inside} or pv is null then 0
           when value >= pv then case when value - pv <= ${kw} * (hours + 1.0 / 60) then value - pv else 0 end
           else case when value <= ${kw} * (hours + 1.0 / 60) then value else 0 end end)`;

export async function insertRaw(tx: Db, points: { deviceId: number; propertyId: number; ts: number; value: number }[]) {
  if (!points.length) return;
  await tx.execute(sql`
    insert into telemetry_raw (device_id, property_id, ts, value)
    select d, pr, ${at('t')}, v
    from unnest(${p(points.map((x) => x.deviceId))}::int[], ${p(points.map((x) => x.propertyId))}::int[],
                ${p(points.map((x) => x.ts))}::float8[], ${p(points.map((x) => x.value))}::float8[]) as u(d, pr, t, v)
    on conflict (device_id, property_id, ts) do nothing`);
}

/** The latest stored reading of each series. */
export async function latestOf(tx: Db, series: { deviceId: number; propertyId: number }[]) {
  if (!series.length) return [];
  return rowsOf<{ d: number; p: number; ts: number; value: number }>(
    tx,
    sql`select s.d, s.p, (extract(epoch from r.ts) * 1000)::float8 as ts, r.value
        from unnest(${p(series.map((x) => x.deviceId))}::int[], ${p(series.map((x) => x.propertyId))}::int[]) as s(d, p)
        cross join lateral (select ts, value from telemetry_raw where device_id = s.d and property_id = s.p order by ts desc limit 1) r`,
  );
}

/** What in-order readings add to one 15 min bucket of one series. */
export interface BucketDelta {
  deviceId: number;
  propertyId: number;
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  lastTs: number;
  last: number;
  increase: number;
  timeZone: string;
}

const MERGE = sql.raw(`count = t.count + excluded.count, sum = t.sum + excluded.sum,
  min = least(t.min, excluded.min), max = greatest(t.max, excluded.max),
  last = case when excluded.last_ts >= t.last_ts then excluded.last else t.last end,
  last_ts = greatest(t.last_ts, excluded.last_ts), increase = t.increase + excluded.increase`);

/**
 * Adds in-order deltas to the 15 min, hour and (tenant-local) day rollups: one statement, whose
 * arrays are read once into a materialized CTE that the three upserts share.
 */
export async function mergeDeltas(tx: Db, deltas: BucketDelta[]) {
  if (!deltas.length) return;
  const source = sql`unnest(${p(deltas.map((x) => x.deviceId))}::int[], ${p(deltas.map((x) => x.propertyId))}::int[],
      ${p(deltas.map((x) => x.bucket))}::float8[], ${p(deltas.map((x) => x.count))}::int[], ${p(deltas.map((x) => x.sum))}::float8[],
      ${p(deltas.map((x) => x.min))}::float8[], ${p(deltas.map((x) => x.max))}::float8[], ${p(deltas.map((x) => x.lastTs))}::float8[],
      ${p(deltas.map((x) => x.last))}::float8[], ${p(deltas.map((x) => x.increase))}::float8[], ${p(deltas.map((x) => x.timeZone))}::text[])
      as u(d, pr, b, c, s, mn, mx, lt, l, inc, tz)`;
  const coarser = (table: string, bucketOf: SQL) => sql`
      insert into ${sql.identifier(table)} as t (device_id, property_id, bucket, count, sum, min, max, last_ts, last, increase)
      select d, pr, ${bucketOf} as bk, sum(c), sum(s), min(mn), max(mx), ${at('max(lt)')}, (array_agg(l order by lt desc))[1], sum(inc)
      from src group by d, pr, bk
      on conflict (device_id, property_id, bucket) do update set ${MERGE}`;
  await tx.execute(sql`
    with src as materialized (select * from ${source}),
    q as (
      insert into telemetry_15m as t (device_id, property_id, bucket, count, sum, min, max, last_ts, last, increase)
      select d, pr, ${at('b')}, c, s, mn, mx, ${at('lt')}, l, inc from src
      on conflict (device_id, property_id, bucket) do update set ${MERGE}),
    h as (${coarser('telemetry_1h', sql`date_trunc('hour', ${at('b')}, 'UTC')`)})
    ${coarser('telemetry_1d', sql`date_trunc('day', ${at('b')}, tz)`)}`);
}

/** A late reading's series and bucket, with what the recompute needs to know of its device and property. */
export interface LateBucket {
  deviceId: number;
  propertyId: number;
  /** The newest late reading of the series in this bucket (its successor's bucket changes too, for counters). */
  maxTs: number;
  cumulative: boolean;
  maxKw: number;
  timeZone: string;
}

/**
 * Recomputes the buckets that late readings touched: their own 15 min buckets and, for counters, the
 * bucket of the next reading after them (its first step changed); then the hours and local days
 * around them from the 15 min rollup.
 */
export async function recomputeLate(tx: Db, late: LateBucket[]) {
  if (!late.length) return;
  const buckets = await rowsOf<{ d: number; p: number; b: number; cum: boolean; kw: number; tz: string }>(
    tx,
    sql`with l as (select * from unnest(${p(late.map((x) => x.deviceId))}::int[], ${p(late.map((x) => x.propertyId))}::int[],
                     ${p(late.map((x) => x.maxTs))}::float8[], ${p(late.map((x) => x.cumulative))}::boolean[],
                     ${p(late.map((x) => x.maxKw))}::float8[], ${p(late.map((x) => x.timeZone))}::text[]) as u(d, p, t, cum, kw, tz))
        select distinct d, p, floor(t / ${BUCKET_MS}) * ${BUCKET_MS} as b, cum, kw, tz from l
        union
        select l.d, l.p, floor(extract(epoch from n.ts) * 1000 / ${BUCKET_MS}) * ${BUCKET_MS}, l.cum, l.kw, l.tz
        from l cross join lateral (select ts from telemetry_raw r where r.device_id = l.d and r.property_id = l.p
                                   and r.ts > ${at('l.t')} order by ts limit 1) n
        where l.cum`,
  );
  const b = buckets.map((x) => ({ ...x, b: Number(x.b), kw: Number(x.kw) }));
  await recompute15m(tx, b);
  const source = sql`unnest(${p(b.map((x) => x.d))}::int[], ${p(b.map((x) => x.p))}::int[], ${p(b.map((x) => x.b))}::float8[],
                            ${p(b.map((x) => x.tz))}::text[]) as u(d, pr, b, tz)`;
  for (const [table, bucketOf, end] of [
    ['telemetry_1h', sql`date_trunc('hour', ${at('b')}, 'UTC')`, sql`a.bk + interval '1 hour'`],
    ['telemetry_1d', sql`date_trunc('day', ${at('b')}, tz)`, sql`((a.bk at time zone a.tz) + interval '1 day') at time zone a.tz`],
  ] as const) {
    // the end of a local day is computed in local time: days are 23 or 25 hours across a DST change
    await tx.execute(sql`
      with a as (select distinct d, pr, ${bucketOf} as bk, tz from ${source})
      insert into ${sql.identifier(table)} as t (device_id, property_id, bucket, count, sum, min, max, last_ts, last, increase)
      select a.d, a.pr, a.bk, sum(r.count), sum(r.sum), min(r.min), max(r.max), max(r.last_ts),
             (array_agg(r.last order by r.last_ts desc))[1], sum(r.increase)
      from a join telemetry_15m r on r.device_id = a.d and r.property_id = a.pr and r.bucket >= a.bk
        and r.bucket < ${end}
      group by a.d, a.pr, a.bk
      on conflict (device_id, property_id, bucket) do update set count = excluded.count, sum = excluded.sum, min = excluded.min,
        max = excluded.max, last_ts = excluded.last_ts, last = excluded.last, increase = excluded.increase`);
  }
}

/** 15 min buckets from raw: avg/min/max/last, and for counters the robust increase (see counterStep). */
async function recompute15m(tx: Db, b: { d: number; p: number; b: number; cum: boolean; kw: number }[]) {
  await tx.execute(sql`
    insert into telemetry_15m as t (device_id, property_id, bucket, count, sum, min, max, last_ts, last, increase)
    select a.d, a.pr, ${at('a.b')}, x.count, x.sum, x.min, x.max, x.last_ts, x.last, x.increase
    from unnest(${p(b.map((x) => x.d))}::int[], ${p(b.map((x) => x.p))}::int[], ${p(b.map((x) => x.b))}::float8[],
                ${p(b.map((x) => x.cum))}::boolean[], ${p(b.map((x) => x.kw))}::float8[]) as a(d, pr, b, cum, kw)
    cross join lateral (
      select count(*) filter (where s.inside)::int as count, sum(s.value) filter (where s.inside) as sum,
             min(s.value) filter (where s.inside) as min, max(s.value) filter (where s.inside) as max,
             max(s.ts) filter (where s.inside) as last_ts,
             (array_agg(s.value order by s.ts desc) filter (where s.inside))[1] as last,
             coalesce(${counterIncreaseSql(sql`(a.cum and s.inside)`, sql`a.kw`)}, 0) as increase
      from (
        select r.ts, r.value, r.ts >= ${at('a.b')} as inside, lag(r.value) over w as pv,
               greatest(extract(epoch from r.ts - lag(r.ts) over w)::float8 / 3600, 0) as hours
        from (
          (select ts, value from telemetry_raw where a.cum and device_id = a.d and property_id = a.pr and ts < ${at('a.b')}
           order by ts desc limit 1)
          union all
          (select ts, value from telemetry_raw where device_id = a.d and property_id = a.pr
             and ts >= ${at('a.b')} and ts < ${at(`a.b + ${BUCKET_MS}`)})
        ) r
        window w as (order by r.ts)
      ) s
    ) x
    where x.count > 0
    on conflict (device_id, property_id, bucket) do update set count = excluded.count, sum = excluded.sum, min = excluded.min,
      max = excluded.max, last_ts = excluded.last_ts, last = excluded.last, increase = excluded.increase`);
}
