import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { localClock } from '../../pricing/tou-pricing.js';
import { circuitStatDay } from './circuit-statistics.schema.js';
import { COUNTER, IN_FORCE } from './energy-bindings.js';

// A circuit's quarter-hour series of one source, from the 15-minute rollups of its meters, and the
// statistics cache of past local days (docs/circuits.md, "Statistics" and "Statistics cache").

export type Source = 'energy' | 'current' | 'voltage' | 'pf';
/** The meter property each source reads. */
export const SOURCE_KEYS: Record<Source, string> = { energy: 'e_imp', current: 'i_a', voltage: 'v_a', pf: 'pf' };

/** A quarter hour starting at `ts`: energy in Wh (integer), else the quarter's average reading. */
export interface Quarter {
  ts: number;
  v: number;
}
export type SeriesMap = Map<number, Quarter[]>;

/**
 * Per quarter, over a circuit's meters: energy Σ sign × round(increase × 1000) Wh (the rollups' robust
 * counter increase, so a replaced or reset meter adds no negative or giant step); current Σ sign × the
 * quarter's average; voltage and power factor the mean over its adding (+1) meters of their averages.
 */
const VALUE_SQL: Record<Source, ReturnType<typeof sql>> = {
  energy: sql`sum(m.sign * round(r.increase * 1000))`,
  current: sql`sum(m.sign * r.sum / r.count)`,
  voltage: sql`avg(case when m.sign = 1 then r.sum / r.count end)`,
  pf: sql`avg(case when m.sign = 1 then r.sum / r.count end)`,
};

const iso = (ms: number) => new Date(ms).toISOString();
const ids = (list: readonly number[]) => sql`${sql.param([...list])}::int[]`;

/** The rollups of the circuits' meters' property of a source, joined, as a FROM clause. */
function meterRollups(ctx: StaffCtx, circuitIds: readonly number[], source: Source, table: 'telemetry_15m' | 'telemetry_1d') {
  return sql`circuit_meter m
    join device d on d.id = m.device_id
    join data_property p on p.device_type_id = d.device_type_id and p.key = ${source === 'energy' ? COUNTER : SOURCE_KEYS[source]}
    join ${sql.raw(table)} r on r.device_id = m.device_id and r.property_id = p.id and ${IN_FORCE}
    where m.circuit_id = any(${ids(circuitIds)}) and m.tenant_id = ${ctx.staff.tenantId}`;
}

/** The quarters of a source of several circuits in [from, to), straight from the 15-minute rollups. */
export async function quartersOf(
  ctx: StaffCtx,
  circuitIds: readonly number[],
  source: Source,
  from: number,
  to: number,
): Promise<SeriesMap> {
  const out: SeriesMap = new Map(circuitIds.map((id) => [id, []]));
  if (!circuitIds.length || to <= from) return out;
  const rows = await rowsOf<{ c: number; ts: string | number; v: string | number | null }>(
    ctx.tx,
    sql`select m.circuit_id as c, (extract(epoch from r.bucket) * 1000)::bigint as ts, ${VALUE_SQL[source]} as v
        from ${meterRollups(ctx, circuitIds, source, 'telemetry_15m')}
          and r.bucket >= ${iso(from)}::timestamptz and r.bucket < ${iso(to)}::timestamptz
        group by m.circuit_id, r.bucket order by 1, 2`,
  );
  for (const r of rows) if (r.v != null) out.get(Number(r.c))!.push({ ts: Number(r.ts), v: Number(r.v) });
  return out;
}

/** The start of the local day after the one starting at `start` (23 or 25 hours across a change of offset). */
export function nextDayStart(zone: string, start: number): number {
  const t = start + 86_400_000;
  const minute = localClock(zone, t).minute;
  if (minute === 0) return t;
  return minute < 720 ? t - minute * 60_000 : t + (1440 - minute) * 60_000;
}

/** The start of the local day an instant is in. */
export function dayStartOf(zone: string, ts: number): number {
  return ts - localClock(zone, ts).minute * 60_000 - (((ts % 60_000) + 60_000) % 60_000);
}

export interface CachedSeries {
  series: SeriesMap;
  hitDays: number;
  computedDays: number;
}

/**
 * The same quarters, past local days answered from `circuit_stat_day` when the fingerprint of the day
 * rollups of the circuit's meters (device, sign, count, sum, increase and last reading of each) is the one
 * the day was computed from; other days are computed from the 15-minute rollups and stored. The edges of
 * the range that are not whole days, and today, are always computed.
 */
export async function cachedQuartersOf(
  ctx: StaffCtx,
  zone: string,
  circuitIds: readonly number[],
  source: Source,
  from: number,
  to: number,
  now = Date.now(),
): Promise<CachedSeries> {
  // whole local days inside the range that have ended
  const days: number[] = [];
  for (let d = dayStartOf(zone, from) === from ? from : nextDayStart(zone, dayStartOf(zone, from)); ;) {
    const end = nextDayStart(zone, d);
    if (end > to || end > now) break;
    days.push(d);
    d = end;
  }
  if (!days.length || !circuitIds.length)
    return { series: await quartersOf(ctx, circuitIds, source, from, to), hitDays: 0, computedDays: 0 };
  const cacheFrom = days[0]!;
  const cacheTo = nextDayStart(zone, days[days.length - 1]!);
  const dateOf = (d: number) => localClock(zone, d).date;

  // first the fingerprints, then the data: a reading arriving in between only makes the next call recompute
  const prints = await rowsOf<{ c: number; day: string | number; fp: string }>(
    ctx.tx,
    sql`select m.circuit_id as c, (extract(epoch from r.bucket) * 1000)::bigint as day,
               md5(string_agg(m.id || ':' || m.device_id || ':' || m.sign || ':' || m.counter || ':' || r.count || ':' || r.sum::text || ':' || r.increase::text
                 || ':' || (extract(epoch from r.last_ts) * 1000)::bigint, ';' order by m.device_id)) as fp
        from ${meterRollups(ctx, circuitIds, source, 'telemetry_1d')}
          and r.bucket >= ${iso(cacheFrom)}::timestamptz and r.bucket < ${iso(cacheTo)}::timestamptz
        group by m.circuit_id, r.bucket`,
  );
  const key = (c: number, date: string) => `${c}|${date}`;
  const fingerprint = new Map(prints.map((p) => [key(Number(p.c), dateOf(Number(p.day))), p.fp]));
  const stored = await ctx.tx
    .select({
      circuitId: circuitStatDay.circuitId,
      day: circuitStatDay.day,
      fingerprint: circuitStatDay.fingerprint,
      points: circuitStatDay.points,
    })
    .from(circuitStatDay)
    .where(
      and(
        inArray(circuitStatDay.circuitId, [...circuitIds]),
        eq(circuitStatDay.source, source),
        gte(circuitStatDay.day, dateOf(cacheFrom)),
        lt(circuitStatDay.day, dateOf(cacheTo)),
      ),
    );
  const hits = new Map<string, { t: number[]; v: number[] }>();
  for (const s of stored)
    if (s.fingerprint === (fingerprint.get(key(s.circuitId, s.day)) ?? '')) hits.set(key(s.circuitId, s.day), s.points);

  const series: SeriesMap = new Map(circuitIds.map((id) => [id, []]));
  const missing = new Map<number, number[]>();
  for (const c of circuitIds)
    for (const d of days)
      if (!hits.has(key(c, dateOf(d)))) {
        const list = missing.get(c) ?? [];
        list.push(d);
        missing.set(c, list);
      }
  // the days to compute: one query over the span of the missing days of the circuits missing some
  const misses = [...missing.values()].flat();
  const computed = new Map<string, Quarter[]>();
  if (misses.length) {
    const lo = Math.min(...misses);
    const hi = nextDayStart(zone, Math.max(...misses));
    const fresh = await quartersOf(ctx, [...missing.keys()], source, lo, hi);
    for (const [c, quarters] of fresh)
      for (const q of quarters) {
        const k = key(c, dateOf(dayStartOf(zone, q.ts)));
        const list = computed.get(k) ?? [];
        list.push(q);
        computed.set(k, list);
      }
    const rows = [...missing].flatMap(([c, list]) =>
      list.map((d) => {
        const quarters = computed.get(key(c, dateOf(d))) ?? [];
        return {
          tenantId: ctx.staff.tenantId,
          circuitId: c,
          source,
          day: dateOf(d),
          fingerprint: fingerprint.get(key(c, dateOf(d))) ?? '',
          points: { t: quarters.map((q) => q.ts), v: quarters.map((q) => q.v) },
        };
      }),
    );
    for (let i = 0; i < rows.length; i += 500)
      await ctx.tx
        .insert(circuitStatDay)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [circuitStatDay.circuitId, circuitStatDay.source, circuitStatDay.day],
          set: { fingerprint: sql`excluded.fingerprint`, points: sql`excluded.points`, computedAt: sql`now()` },
        });
  }

  const head = await quartersOf(ctx, circuitIds, source, from, cacheFrom);
  const tail = await quartersOf(ctx, circuitIds, source, cacheTo, to);
  for (const c of circuitIds) {
    const list = series.get(c)!;
    list.push(...head.get(c)!);
    for (const d of days) {
      const k = key(c, dateOf(d));
      const hit = hits.get(k);
      if (hit) for (let i = 0; i < hit.t.length; i++) list.push({ ts: hit.t[i]!, v: hit.v[i]! });
      else list.push(...(computed.get(k) ?? []));
    }
    list.push(...tail.get(c)!);
  }
  return { series, hitDays: hits.size, computedDays: misses.length };
}

/** Drops the cached days of circuits in [fromDate, toDate) (a rerun after a price change recomputes them). */
export async function dropCachedDays(ctx: StaffCtx, circuitIds: readonly number[], fromDate: string, toDate: string): Promise<number> {
  const gone = await ctx.tx
    .delete(circuitStatDay)
    .where(and(inArray(circuitStatDay.circuitId, [...circuitIds]), gte(circuitStatDay.day, fromDate), lt(circuitStatDay.day, toDate)))
    .returning({ c: circuitStatDay.circuitId });
  return gone.length;
}
