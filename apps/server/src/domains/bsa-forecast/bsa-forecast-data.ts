import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import type { StationRow } from '../bsa/bsa.service.js';
import type { History } from './bsa-forecast-method.js';

// What the forecasts and the charging data read (docs/bsa.md, "Forecasts and station money (issue 22)"):
// the 15-minute rollups of the station's grid meters, PCS and its OU's PV inverters, by local day and time.

/** UTC instants (ISO) of the local midnights starting `from` and ending `to` (exclusive end: the day after `to`). */
export async function localSpan(ctx: StaffCtx, timeZone: string, from: string, to: string) {
  const [r] = await rowsOf<{ from: string; to: string }>(
    ctx.tx,
    sql`select to_char((${from}::date)::timestamp at time zone ${timeZone} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as from,
               to_char(((${to}::date + 1)::timestamp at time zone ${timeZone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as to`,
  );
  return r!;
}

/** The tenant's today, YYYY-MM-DD. */
export async function localToday(ctx: StaffCtx, timeZone: string): Promise<string> {
  const [r] = await rowsOf<{ d: string }>(ctx.tx, sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as d`);
  return r!.d;
}

/** The PV inverters of the station's OU (the devices of type pv-inverter there). */
async function pvInverters(ctx: StaffCtx, station: StationRow): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    ctx.tx,
    sql`select d.id from device d join device_type t on t.id = d.device_type_id
        where d.ou_id = ${station.ouId} and t.key = 'pv-inverter' and d.tenant_id = ${ctx.staff.tenantId}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The station's history of 15-minute mean power between local days `from` and `to`, by local day and time:
 * `load` = Σ grid meters' mean `p` + Σ PCS' mean `p` (the site before the battery, as the backtest reads
 * it), only where every grid meter reported (a PCS without readings counts 0); `pv` = Σ of the OU's PV
 * inverters' mean `p` where any reported.
 */
export async function powerHistory(ctx: StaffCtx, station: StationRow, timeZone: string, from: string, to: string) {
  const grid = station.meters.filter((m) => m.role === 'grid').map((m) => m.deviceId);
  const series = [
    ...grid.map((d) => ({ d, n: 'grid' })),
    ...station.pcs.map((p) => ({ d: p.deviceId, n: 'pcs' })),
    ...(await pvInverters(ctx, station)).map((d) => ({ d, n: 'pv' })),
  ];
  const load: History = new Map();
  const pv: History = new Map();
  if (!series.length) return { load, pv };
  const span = await localSpan(ctx, timeZone, from, to);
  const rows = await rowsOf<{ day: string; time: string; n: string; kw: number; devices: number }>(
    ctx.tx,
    sql`select to_char(r.bucket at time zone ${timeZone}, 'YYYY-MM-DD') as day, to_char(r.bucket at time zone ${timeZone}, 'HH24:MI') as time,
               s.n, sum(r.sum / r.count)::float8 as kw, count(distinct s.d)::int as devices
        from unnest(${sql.param(series.map((s) => s.d))}::int[], ${sql.param(series.map((s) => s.n))}::text[]) as s(d, n)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key = 'p'
        join telemetry_15m r on r.device_id = s.d and r.property_id = p.id
        where r.bucket >= ${span.from}::timestamptz and r.bucket < ${span.to}::timestamptz and r.count > 0
        group by 1, 2, 3`,
  );
  const put = (h: History, day: string, time: string, v: number) => {
    let m = h.get(day);
    if (!m) h.set(day, (m = new Map()));
    m.set(time, (m.get(time) ?? 0) + v);
  };
  const pcs = new Map(rows.filter((r) => r.n === 'pcs').map((r) => [`${r.day} ${r.time}`, Number(r.kw)]));
  for (const r of rows) {
    if (r.n === 'grid' && Number(r.devices) === grid.length) put(load, r.day, r.time, Number(r.kw) + (pcs.get(`${r.day} ${r.time}`) ?? 0));
    else if (r.n === 'pv') put(pv, r.day, r.time, Number(r.kw));
  }
  return { load, pv };
}

/** Per 15-minute bucket in [from, to] (local days): the PCS' charged and discharged Wh (Σ round(increase x 1000)), local day and minute. */
export async function chargeSteps(ctx: StaffCtx, station: StationRow, timeZone: string, from: string, to: string) {
  if (!station.pcs.length) return [];
  const span = await localSpan(ctx, timeZone, from, to);
  const rows = await rowsOf<{ day: string; minute: number; key: string; wh: string | number }>(
    ctx.tx,
    sql`select to_char(r.bucket at time zone ${timeZone}, 'YYYY-MM-DD') as day,
               (extract(hour from r.bucket at time zone ${timeZone}) * 60 + extract(minute from r.bucket at time zone ${timeZone}))::int as minute,
               p.key, sum(round(r.increase * 1000))::bigint as wh
        from unnest(${sql.param(station.pcs.map((p) => p.deviceId))}::int[]) as s(d)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key in ('e_chg', 'e_dis')
        join telemetry_15m r on r.device_id = s.d and r.property_id = p.id
        where r.bucket >= ${span.from}::timestamptz and r.bucket < ${span.to}::timestamptz and r.increase is not null
        group by 1, 2, 3`,
  );
  return rows.map((r) => ({ day: r.day, minute: Number(r.minute), key: r.key as 'e_chg' | 'e_dis', wh: Number(r.wh) }));
}
