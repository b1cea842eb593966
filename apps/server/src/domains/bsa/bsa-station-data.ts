import type { bsa as contract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { StationRow } from './bsa.service.js';

// A storage station's energy and state from its devices' rollups (docs/bsa.md, "Levels, data and display":
// `bsa/data/quarter`, `bsa/data`, `bsa/bsa`). The station is one the staff sees (the caller checked it).

type Totals = z.infer<typeof contract.bsaData.output>['totals'];

/** The counters and gauges a station's data reads: its PCS' and grid meters' properties. */
const SERIES = {
  charge: { role: 'pcs', key: 'e_chg' },
  discharge: { role: 'pcs', key: 'e_dis' },
  gridImport: { role: 'grid', key: 'e_imp' },
  gridExport: { role: 'grid', key: 'e_exp' },
  power: { role: 'pcs', key: 'p' },
  soc: { role: 'pcs', key: 'soc' },
} as const;
type SeriesName = keyof typeof SERIES;

const noTotals = (): Totals => ({ chargeWh: 0, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 });

/** The station's series: each PCS' and grid meter's properties the data reads. */
function seriesOf(station: StationRow) {
  const grid = station.meters.filter((m) => m.role === 'grid');
  const out: { deviceId: number; key: string; name: SeriesName }[] = [];
  for (const [name, s] of Object.entries(SERIES) as [SeriesName, (typeof SERIES)[SeriesName]][]) {
    for (const d of s.role === 'pcs' ? station.pcs : grid) out.push({ deviceId: d.deviceId, key: s.key, name });
  }
  return out;
}

/**
 * Per bucket of a rollup in [from, to) and per series name: Σ of the counters' increase rounded to the Wh,
 * Σ of the devices' average value (power), and the average of the devices' averages (SOC).
 */
async function buckets(ctx: StaffCtx, station: StationRow, rollup: 'telemetry_15m' | 'telemetry_1d', from: string, to: string) {
  const series = seriesOf(station);
  if (!series.length) return [];
  return rowsOf<{ ts: string | number; name: SeriesName; wh: string | number; total: number; mean: number }>(
    ctx.tx,
    sql`select (extract(epoch from r.bucket) * 1000)::float8 as ts, s.n as name,
               sum(round(r.increase * 1000))::bigint as wh, sum(r.sum / r.count) as total, avg(r.sum / r.count) as mean
        from unnest(${sql.param(series.map((s) => s.deviceId))}::int[], ${sql.param(series.map((s) => s.key))}::text[],
                    ${sql.param(series.map((s) => s.name))}::text[]) as s(d, k, n)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key = s.k
        join ${sql.identifier(rollup)} r on r.device_id = s.d and r.property_id = p.id
        where r.bucket >= ${from}::timestamptz and r.bucket < ${to}::timestamptz and r.count > 0
        group by r.bucket, s.n order by r.bucket`,
  );
}

function add(totals: Totals, name: SeriesName, wh: number) {
  if (name === 'charge') totals.chargeWh += wh;
  else if (name === 'discharge') totals.dischargeWh += wh;
  else if (name === 'gridImport') totals.gridImportWh += wh;
  else if (name === 'gridExport') totals.gridExportWh += wh;
}

/** The local day's 15-minute steps, from local midnight to the next (the database does the zone arithmetic). */
export async function stationQuarter(ctx: StaffCtx, station: StationRow, date: string) {
  const timeZone = await tenantTimeZone(ctx);
  const [range] = await rowsOf<{ from: string; to: string }>(
    ctx.tx,
    sql`select to_char((${date}::date)::timestamp at time zone ${timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as from,
               to_char(((${date}::date + 1)::timestamp at time zone ${timeZone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as to`,
  );
  const steps = new Map<number, z.infer<typeof contract.quarterStep>>();
  const first = Date.parse(range!.from);
  for (let t = first; t < Date.parse(range!.to); t += 15 * 60_000) {
    steps.set(t, { ts: t, time: '', chargeWh: 0, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0, pcsPowerKw: null, socPct: null });
  }
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  for (const s of steps.values()) s.time = clock.format(s.ts);
  const totals = noTotals();
  for (const b of await buckets(ctx, station, 'telemetry_15m', range!.from, range!.to)) {
    const step = steps.get(Number(b.ts));
    if (!step) continue;
    const wh = Number(b.wh);
    if (b.name === 'power') step.pcsPowerKw = Math.round(Number(b.total) * 1000) / 1000;
    else if (b.name === 'soc') step.socPct = Math.round(Number(b.mean) * 100) / 100;
    else {
      add(step, b.name, wh);
      add(totals, b.name, wh);
    }
  }
  return { bsaId: station.id, date, timeZone, stepMinutes: 15, steps: [...steps.values()], totals };
}

/** Energy per local day from the day rollups (a day rollup's bucket is the tenant's local midnight). */
export async function stationDays(ctx: StaffCtx, station: StationRow, from: string, to: string) {
  const timeZone = await tenantTimeZone(ctx);
  const rows = await rowsOf<{ date: string; from: string; to: string }>(
    ctx.tx,
    sql`select to_char(d, 'YYYY-MM-DD') as date,
               to_char((d::timestamp at time zone ${timeZone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as from,
               to_char(((d + 1)::timestamp at time zone ${timeZone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as to
        from (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as d) g
        order by d`,
  );
  const days = rows.map((r) => ({ date: r.date, start: Date.parse(r.from), ...noTotals() }));
  const totals = noTotals();
  if (rows.length) {
    for (const b of await buckets(ctx, station, 'telemetry_1d', rows[0]!.from, rows.at(-1)!.to)) {
      const day = days.find((d) => d.start === Number(b.ts));
      if (!day || b.name === 'power' || b.name === 'soc') continue;
      add(day, b.name, Number(b.wh));
      add(totals, b.name, Number(b.wh));
    }
  }
  return { bsaId: station.id, timeZone, days: days.map(({ start: _s, ...d }) => d), totals };
}

/** The station now: each PCS' latest power, SOC and state (the last reading of its latest 15 min bucket), and today's energy. */
export async function stationNow(ctx: StaffCtx, station: StationRow) {
  const timeZone = await tenantTimeZone(ctx);
  const [today] = await rowsOf<{ date: string }>(ctx.tx, sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as date`);
  const latest = station.pcs.length
    ? await rowsOf<{ device_id: number; key: string; last: number; last_ts: string }>(
        ctx.tx,
        sql`select s.d as device_id, p.key, r.last, to_char(r.last_ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_ts
            from unnest(${sql.param(station.pcs.map((p) => p.deviceId))}::int[]) as s(d)
            join device dv on dv.id = s.d
            join data_property p on p.device_type_id = dv.device_type_id and p.key in ('p', 'soc', 'status')
            cross join lateral (select r.last, r.last_ts from telemetry_15m r where r.device_id = s.d and r.property_id = p.id
                                order by r.bucket desc limit 1) r`,
      )
    : [];
  const online = await rowsOf<{ id: number; online: boolean }>(
    ctx.tx,
    sql`select id, online from device where id = any(${sql.param(station.pcs.map((p) => p.deviceId))}::int[])`,
  );
  const pcs = station.pcs.map((p) => {
    const of = (key: string) => latest.find((l) => l.device_id === p.deviceId && l.key === key);
    const times = latest
      .filter((l) => l.device_id === p.deviceId)
      .map((l) => l.last_ts)
      .sort();
    return {
      deviceId: p.deviceId,
      code: p.code,
      ratedPowerKw: p.ratedPowerKw,
      online: online.find((o) => o.id === p.deviceId)?.online ?? false,
      powerKw: of('p')?.last ?? null,
      socPct: of('soc')?.last ?? null,
      state: of('status')?.last ?? null,
      reportedAt: times.at(-1) ?? null,
    };
  });
  const reporting = pcs.filter((p) => p.powerKw !== null);
  const withSoc = pcs.filter((p) => p.socPct !== null);
  const rated = withSoc.every((p) => (p.ratedPowerKw ?? 0) > 0);
  const weight = (p: (typeof pcs)[number]) => (rated ? p.ratedPowerKw! : 1);
  const socPct = withSoc.length
    ? Math.round((withSoc.reduce((s, p) => s + p.socPct! * weight(p), 0) / withSoc.reduce((s, p) => s + weight(p), 0)) * 100) / 100
    : null;
  const day = await stationDays(ctx, station, today!.date, today!.date);
  return {
    bsaId: station.id,
    code: station.code,
    name: station.name,
    status: station.status,
    online: station.online,
    ratedPowerKw: station.ratedPowerKw,
    capacityKwh: station.capacityKwh,
    powerKw: reporting.length ? Math.round(reporting.reduce((s, p) => s + p.powerKw!, 0) * 1000) / 1000 : null,
    socPct,
    pcs: pcs.map(({ ratedPowerKw: _r, ...p }) => p),
    date: today!.date,
    today: day.totals,
  };
}
