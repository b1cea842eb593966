import type { pv } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { localClock, type EnergyPoint } from '../../pricing/tou-pricing.js';

// The energy of a station's meters and inverters, from the 15 min rollups of their counters (docs/pv.md).
// The rollups hold the robust increase of a counter (docs/devices.md): a meter reset or replaced in a
// period adds the new meter's own reading (when plausible) instead of a negative or giant step, and a late
// reading recomputes its buckets. So every figure here is Σ round(increase × 1000) Wh of those buckets.

const DAY_MS = 86_400_000;
/** Local days start at most 14 hours from UTC midnight: a window this much wider holds every bucket of them. */
const ZONE_MARGIN_MS = 15 * 3_600_000;

/** A counter of one device. */
export interface Series {
  deviceId: number;
  key: string;
}

/** The counter a meter of a role reads: on-grid sends out (`e_exp`), off-take takes in (`e_imp`), generation its `e_exp` if it has one. */
export function meterKey(role: pv.MeterRole, hasExport: boolean): string {
  if (role === 'on-grid') return 'e_exp';
  if (role === 'off-take') return 'e_imp';
  return hasExport ? 'e_exp' : 'e_imp';
}
/** The counter of an inverter's AC energy. */
export const INVERTER_KEY = 'e_total';

const arr = (values: unknown[]) => sql.param(values);

/** Σ over the series of their energy per 15 min bucket in [from, to), Wh (each bucket's increase rounded to the Wh). */
export function quarterEnergy(tx: Db, series: readonly Series[], from: number, to: number): Promise<EnergyPoint[]> {
  return bucketEnergy(tx, 'telemetry_15m', series, from, to);
}

/**
 * Σ over the series of their energy per bucket of a rollup in [from, to) (from null: since the first), Wh,
 * each bucket's increase rounded to the Wh: 15 min buckets, or the day rollup's local days (the PV outline's
 * months and years, docs/pv-analytics.md).
 */
export async function bucketEnergy(
  tx: Db,
  rollup: 'telemetry_15m' | 'telemetry_1d',
  series: readonly Series[],
  from: number | null,
  to: number,
): Promise<EnergyPoint[]> {
  if (!series.length) return [];
  const since = from === null ? sql`true` : sql`r.bucket >= ${new Date(from).toISOString()}::timestamptz`;
  const rows = await rowsOf<{ ts: string | number; wh: string | number }>(
    tx,
    sql`select (extract(epoch from r.bucket) * 1000)::bigint as ts, sum(round(r.increase * 1000))::bigint as wh
        from unnest(${arr(series.map((s) => s.deviceId))}::int[], ${arr(series.map((s) => s.key))}::text[]) as s(d, k)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key = s.k
        join ${sql.identifier(rollup)} r on r.device_id = s.d and r.property_id = p.id
        where ${since} and r.bucket < ${new Date(to).toISOString()}::timestamptz
        group by r.bucket order by r.bucket`,
  );
  return rows.map((r) => ({ ts: Number(r.ts), wh: Number(r.wh) }));
}

/** A window of instants surely holding every 15 min bucket of the local days `first`..`last`. */
export function dayWindow(first: string, last: string): { from: number; to: number } {
  return { from: Date.parse(`${first}T00:00:00Z`) - ZONE_MARGIN_MS, to: Date.parse(`${last}T00:00:00Z`) + DAY_MS + ZONE_MARGIN_MS };
}

/** The days first..last, YYYY-MM-DD. */
export function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`), end = Date.parse(`${last}T00:00:00Z`); t <= end; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The last day of a day's month. */
export const monthEnd = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** One 15 min bucket of a counter as the readings need it. */
export interface CounterBucket {
  ts: number;
  lastTs: number;
  last: number;
  min: number;
  wh: number;
}

/** The counter's buckets in [from, to), and its last bucket before `from` (the reading at the window's start). */
export async function counterBuckets(tx: Db, s: Series, from: number, to: number): Promise<CounterBucket[]> {
  const rows = await rowsOf<{ ts: string | number; last_ts: string | number; last: number; min: number; wh: string | number }>(
    tx,
    sql`with p as (select p.id from device dv join data_property p on p.device_type_id = dv.device_type_id and p.key = ${s.key}
                   where dv.id = ${s.deviceId})
        (select (extract(epoch from r.bucket) * 1000)::bigint as ts, (extract(epoch from r.last_ts) * 1000)::bigint as last_ts,
                r.last, r.min, round(r.increase * 1000)::bigint as wh
         from telemetry_15m r join p on r.property_id = p.id
         where r.device_id = ${s.deviceId} and r.bucket < ${new Date(from).toISOString()}::timestamptz
         order by r.bucket desc limit 1)
        union all
        (select (extract(epoch from r.bucket) * 1000)::bigint, (extract(epoch from r.last_ts) * 1000)::bigint, r.last, r.min,
                round(r.increase * 1000)::bigint
         from telemetry_15m r join p on r.property_id = p.id
         where r.device_id = ${s.deviceId} and r.bucket >= ${new Date(from).toISOString()}::timestamptz
           and r.bucket < ${new Date(to).toISOString()}::timestamptz)
        order by 1`,
  );
  return rows.map((r) => ({ ts: Number(r.ts), lastTs: Number(r.last_ts), last: Number(r.last), min: Number(r.min), wh: Number(r.wh) }));
}

/** A settlement reading of a period, as computed. */
export interface Reading {
  type: pv.ReadingType;
  day: string;
  startReading: number | null;
  startReadAt: number | null;
  endReading: number | null;
  endReadAt: number | null;
  energyWh: number;
  resets: number;
}

/** A drop of the counter below this much (kWh) under its previous value is a reset or a replaced meter. */
const DROP_KWH = 1e-6;

/**
 * The readings of the local days `days` (consecutive, in order) from a counter's buckets (time order):
 * a day's start reading is the counter's last value before its first instant, its end the last value
 * before the next day's; its energy the Σ of its buckets' robust increases; a bucket whose minimum is
 * below the previous last value holds a drop (a reset or a replaced meter).
 */
export function dayReadings(buckets: readonly CounterBucket[], timeZone: string, days: readonly string[]): Reading[] {
  const index = new Map(days.map((d, i) => [d, i]));
  const out: Reading[] = days.map((day) => ({
    type: 'day',
    day,
    startReading: null,
    startReadAt: null,
    endReading: null,
    endReadAt: null,
    energyWh: 0,
    resets: 0,
  }));
  let last: number | null = null;
  let lastAt: number | null = null;
  let at = 0; // the next day whose start reading is still to take
  const startUpTo = (i: number) => {
    for (; at <= i && at < out.length; at++) {
      out[at]!.startReading = last;
      out[at]!.startReadAt = lastAt;
    }
  };
  for (const b of buckets) {
    const date = localClock(timeZone, b.ts).date;
    const i = index.get(date);
    if (i === undefined) {
      if (date > days[days.length - 1]!) break;
    } else {
      startUpTo(i);
      const day = out[i]!;
      day.energyWh += b.wh;
      if (last !== null && b.min < last - DROP_KWH) day.resets++;
    }
    last = b.last;
    lastAt = b.lastTs;
  }
  startUpTo(out.length - 1);
  for (let i = 0; i < out.length; i++) {
    const next = out[i + 1];
    out[i]!.endReading = next ? next.startReading : last;
    out[i]!.endReadAt = next ? next.startReadAt : lastAt;
  }
  return out;
}

/** The months of day readings: start of the first day, end of the last, Σ energy and resets. */
export function monthReadings(days: readonly Reading[]): Reading[] {
  const months = new Map<string, Reading>();
  for (const d of days) {
    const key = d.day.slice(0, 7);
    const m = months.get(key);
    if (!m) months.set(key, { ...d, type: 'month', day: `${key}-01` });
    else {
      m.endReading = d.endReading;
      m.endReadAt = d.endReadAt;
      m.energyWh += d.energyWh;
      m.resets += d.resets;
    }
  }
  return [...months.values()];
}
