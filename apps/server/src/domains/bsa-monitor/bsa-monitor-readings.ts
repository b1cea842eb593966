import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';

// What monitoring reads from the telemetry rollups (docs/bsa.md "Monitoring (issue 22)"): the latest value
// of a device's point, energy since the first reading, and a point's 15-minute averages. Every device id
// comes from a station the staff sees (the service checked it), and the rollups are read through the
// request's transaction, so row-level security applies as well.

/** The latest value of each (device, key): the last reading of its latest 15-minute bucket. */
export interface Latest {
  deviceId: number;
  key: string;
  value: number;
  at: string;
}

export async function latestValues(ctx: StaffCtx, deviceIds: number[], keys: string[]): Promise<Latest[]> {
  if (!deviceIds.length || !keys.length) return [];
  const rows = await rowsOf<{ device_id: number; key: string; last: number; last_ts: string }>(
    ctx.tx,
    sql`select s.d as device_id, p.key, r.last, to_char(r.last_ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_ts
        from unnest(${sql.param(deviceIds)}::int[]) as s(d)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key = any(${sql.param(keys)}::text[])
        cross join lateral (select r.last, r.last_ts from telemetry_15m r where r.device_id = s.d and r.property_id = p.id
                            order by r.bucket desc limit 1) r`,
  );
  return rows.map((r) => ({ deviceId: Number(r.device_id), key: r.key, value: Number(r.last), at: r.last_ts }));
}

/** The latest value of one point of one device, or null. */
export const valueOf = (latest: Latest[], deviceId: number, key: string) =>
  latest.find((l) => l.deviceId === deviceId && l.key === key)?.value ?? null;

/**
 * Energy of counters since their first reading, Wh: Σ over the day rollups of round(increase x 1000) per
 * bucket and device (as the station's days of issue 21 count, so the lifetime equals the sum of its days).
 * The rollups hold each counter's robust increase, so a meter reset adds no negative step.
 */
export async function lifetimeWh(ctx: StaffCtx, series: { deviceId: number; key: string; name: string }[]) {
  const out = new Map<string, number>();
  let first: string | null = null;
  if (!series.length) return { wh: out, firstBucket: first };
  const rows = await rowsOf<{ name: string; wh: string | number; first: string | null }>(
    ctx.tx,
    sql`select s.n as name, sum(round(r.increase * 1000))::bigint as wh, min(r.bucket)::text as first
        from unnest(${sql.param(series.map((s) => s.deviceId))}::int[], ${sql.param(series.map((s) => s.key))}::text[],
                    ${sql.param(series.map((s) => s.name))}::text[]) as s(d, k, n)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key = s.k
        join telemetry_1d r on r.device_id = s.d and r.property_id = p.id
        where r.count > 0
        group by s.n`,
  );
  for (const r of rows) {
    out.set(r.name, Number(r.wh));
    if (r.first && (!first || r.first < first)) first = r.first;
  }
  return { wh: out, firstBucket: first };
}

/** Average of a point over devices per bucket of a rollup in [from, to): (Σ sum) / (Σ count). */
export async function averages(
  ctx: StaffCtx,
  rollup: 'telemetry_15m' | 'telemetry_1d',
  deviceIds: number[],
  key: string,
  from: string,
  to: string,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!deviceIds.length) return out;
  const rows = await rowsOf<{ ts: number | string; mean: number }>(
    ctx.tx,
    sql`select (extract(epoch from r.bucket) * 1000)::float8 as ts, sum(r.sum) / sum(r.count) as mean
        from unnest(${sql.param(deviceIds)}::int[]) as s(d)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key = ${key}
        join ${sql.identifier(rollup)} r on r.device_id = s.d and r.property_id = p.id
        where r.bucket >= ${from}::timestamptz and r.bucket < ${to}::timestamptz and r.count > 0
        group by r.bucket`,
  );
  for (const r of rows) out.set(Number(r.ts), Number(r.mean));
  return out;
}

/** The instants of a local day's start and end in the tenant's zone (the database does the zone arithmetic). */
export async function dayRange(ctx: StaffCtx, timeZone: string, from: string, to: string = from) {
  const [range] = await rowsOf<{ from: string; to: string }>(
    ctx.tx,
    sql`select to_char((${from}::date)::timestamp at time zone ${timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as from,
               to_char(((${to}::date + 1)::timestamp at time zone ${timeZone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as to`,
  );
  return range!;
}

/** Today's local date in a zone. */
export async function localToday(ctx: StaffCtx, timeZone: string) {
  const [row] = await rowsOf<{ date: string }>(ctx.tx, sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as date`);
  return row!.date;
}

/** Devices of given types in an OU (the station's site), visible through the request's row-level security. */
export async function siteDevices(ctx: StaffCtx, ouId: number, typeKeys: string[]) {
  return rowsOf<{ id: number; code: string }>(
    ctx.tx,
    sql`select d.id, d.code from device d join device_type t on t.id = d.device_type_id
        where d.ou_id = ${ouId} and d.tenant_id = ${ctx.staff.tenantId} and t.key = any(${sql.param(typeKeys)}::text[])
        order by d.code`,
  );
}

export const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;

/** Each local date from..to with the epoch ms of its midnight in the zone. */
export async function dayStarts(ctx: StaffCtx, timeZone: string, from: string, to: string) {
  const rows = await rowsOf<{ date: string; ts: number | string }>(
    ctx.tx,
    sql`select to_char(d, 'YYYY-MM-DD') as date, (extract(epoch from (d::timestamp at time zone ${timeZone})) * 1000)::float8 as ts
        from generate_series(${from}::date, ${to}::date, interval '1 day') as g(d) order by d`,
  );
  return rows.map((r) => ({ date: r.date, ts: Number(r.ts) }));
}
