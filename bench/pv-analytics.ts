/**
 * PV analytics (issue 19): the performance calls of a 10 MWp station over a year, each against the same
 * figure computed by one hand-written SQL statement over the same rollups, in the same run, on the same
 * database (docs/pv-analytics.md, "Performance", "Bench").
 *
 * The station: 300 inverters of 30 kW AC, each with 12 strings of 6 × 465 Wp modules (2.79 kWp; 3,600
 * strings, 10,044 kWp), in three areas; a weather station (plane-of-array irradiance, module temperature)
 * and a generation meter. A year (2025) of 5-minute data, written straight into the rollups, as the ingest
 * would have left them (count 3 per quarter, sum, min, max, last, counter increase):
 * - `telemetry_15m`: the weather station's irradiance and module temperature and the meter's `e_exp`, the
 *   whole year (3 × 35,040 rows); the 300 inverters' `p_ac`, `p_dc` and `e_total` for the last
 *   `--inverter-days` days of the year (default 31: 2.7 M rows), what the power curves read;
 * - `telemetry_1d`: the inverters' `e_total` and `p_dc` the whole year (2 × 300 × 365 rows), what every
 *   period figure of inverters and areas reads (the station's days are its tenant's days), and the
 *   weather station's and meter's days (the meter's too are read by day).
 * No raw row and no string telemetry is written (3,600 strings × a year of 5-minute rows would be 378 M
 * rows of `telemetry_raw`, which no performance call reads).
 *
 *   npx tsx bench/pv-analytics.ts [--pg] [--reads 5] [--inverter-days 31] [--only loss,expression]
 *
 * The request's fixed cost (session, RLS-scoped transaction, validation, JSON) is measured in the same run as
 * the cheapest signed-in call (`customer-user/current`, median of the same reads): a call whose hand query
 * takes a few ms is mostly that cost, so each call is also printed against hand SQL + that call
 * (`ratioWithFixedCost`). The aim's ratio (`ratio`) is the call against the hand SQL alone; where the hand
 * query is shorter than the bare call it measures the request pipeline, not the call (docs/pv-analytics.md).
 *
 * PGlite in memory by default; --pg uses a throwaway database on BENCH_PG_URL (or the local server).
 * Figures are printed and written to bench/results/pv-analytics-<db>.json. The calls are a list of
 * {name, call, handSql}: the performance calls, then the outline's (pv-outline/*).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { device, pv, staff } from '@energy/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/sql.js';
import { median, timed } from './timing.js';

if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
const { createTestApp, signIn } = await import('../apps/server/test/helpers.js');

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    reads: { type: 'string', default: '5' },
    'inverter-days': { type: 'string', default: '31' },
    /** Only the calls whose name contains one of these (comma-separated), e.g. `loss,expression`. */
    only: { type: 'string' },
  },
});
const READS = Number(args.reads);
const INVERTER_DAYS = Number(args['inverter-days']);
const INVERTERS = 300;
const STRINGS = 12;
const STRING_KWP = 2.79;
const KWP = INVERTERS * STRINGS * STRING_KWP; // 10,044 kWp
const ZONE = 'Asia/Shanghai';
const YEAR = { from: '2025-01-01', to: '2025-12-31' };
const DAY = '2025-12-15';

const t = await createTestApp(args.pg ? 'postgres' : 'pglite');
try {
  const db = t.database.system;
  const alice = await signIn(t, 'alice');
  const ok = async <T>(res: Promise<{ status: number; body: { data: T; msg: string } }>) => {
    const r = await res;
    if (r.status !== 200) throw new Error(`${r.status} ${r.body.msg}`);
    return r.body.data;
  };
  const [ids] = await rowsOf<{ ou_id: number; env: number; meter: number; inv: number }>(
    db,
    sql`select o.id as ou_id,
               (select id from device_type where tenant_id = o.tenant_id and key = 'env-sensor') as env,
               (select id from device_type where tenant_id = o.tenant_id and key = 'pv-meter') as meter,
               (select id from device_type where tenant_id = o.tenant_id and key = 'pv-inverter') as inv
        from ou o where o.code = 'SZ-01'`,
  );
  const ouId = ids!.ou_id;
  const made = (code: string, deviceTypeId: number, ratedPowerKw?: number) =>
    ok(alice.call(device.deviceCreate, { code, name: code, deviceTypeId, ouId, ratedPowerKw }));
  const setupStart = performance.now();
  const ws = (await made('BENCH-ENV', ids!.env)).id;
  const meter = (await made('BENCH-PVM', ids!.meter, KWP)).id;
  const inverterDevices: number[] = [];
  for (let i = 0; i < INVERTERS; i++) inverterDevices.push((await made(`BENCH-INV-${String(i + 1).padStart(3, '0')}`, ids!.inv, 30)).id);
  const station = await ok(
    alice.call(pv.pvStationBasicInfo, {
      code: 'BENCH-PV',
      name: 'Bench 10 MWp',
      ouId,
      capacityKwp: KWP,
      gridConnectionDate: '2024-12-01',
      weatherStationId: ws,
      // Suzhou: the PR reads the quarters without irradiance only in daylight (pv-daylight.ts)
      location: { longitude: 120.62, latitude: 31.3 },
    } as never),
  );
  const pvId = (station as { id: number }).id;
  for (const name of ['North', 'Centre', 'South']) await ok(alice.call(pv.pvAreaAdd, { pvId, name } as never));
  await ok(alice.call(pv.gridConnectionPoints, { pvId, points: [{ name: 'Main', generationMeterId: meter }] } as never));
  const areas = await ok(alice.call(pv.pvAreaList, { pvId } as never));
  // equipment by hand on the owner connection: 300 inverters, 3,600 strings
  await db.execute(sql`
    insert into pv_inverter (tenant_id, station_id, area_id, code, name, rated_ac_kw, mppt_count, device_id)
    select s.tenant_id, s.id, (${sql.param(areas.map((a) => a.id))}::int[])[1 + (i - 1) / 100], 'INV-' || lpad(i::text, 3, '0'),
           'Inverter ' || i, 30, 6, (${sql.param(inverterDevices)}::int[])[i]
    from pv_station s, generate_series(1, ${INVERTERS}) i where s.id = ${pvId}`);
  await db.execute(sql`
    insert into pv_string (tenant_id, station_id, inverter_id, code, name, mppt_input, module_model, module_count, capacity_kwp)
    select i.tenant_id, i.station_id, i.id, i.code || '-S' || lpad(k::text, 2, '0'), i.code || ' string ' || k, 1 + (k - 1) / 2,
           'M465', 6, ${STRING_KWP}
    from pv_inverter i, generate_series(1, ${STRINGS}) k where i.station_id = ${pvId}`);

  // the rollups: a clear-sky-like day (sine from 06:00 to 18:00 local) scaled by season
  const prop = (type: number, key: string) => sql`(select id from data_property where device_type_id = ${type} and key = ${key})`;
  const [types] = await rowsOf<{ env: number; meter: number; inv: number }>(
    db,
    sql`select (select device_type_id from device where id = ${ws}) as env, (select device_type_id from device where id = ${meter}) as meter,
               (select device_type_id from device where id = ${inverterDevices[0]!}) as inv`,
  );
  const q = sql`generate_series(${`${YEAR.from}T00:00:00+08:00`}::timestamptz, ${`${YEAR.to}T23:45:00+08:00`}::timestamptz, interval '15 minutes')`;
  const g = sql`greatest(0, 950 * sin(pi() * (extract(hour from b at time zone ${ZONE}) + extract(minute from b at time zone ${ZONE}) / 60.0 - 6) / 12))
                * (0.75 + 0.25 * cos(2 * pi() * (extract(doy from b) - 172) / 365))`;
  const row = (device: number, property: SQL, value: SQL, increase: SQL) =>
    sql`insert into telemetry_15m (device_id, property_id, bucket, count, sum, min, max, last_ts, last, increase)
        select ${device}, ${property}, b, 3, 3 * v, v, v, b + interval '10 minutes', v, ${increase}
        from (select b, ${value} as v from ${q} b) x`;
  await db.execute(row(ws, prop(types!.env, 'irradiance'), g, sql`0`));
  await db.execute(
    row(ws, prop(types!.env, 'temp_module'), sql`8 + 12 * cos(2 * pi() * (extract(doy from b) - 200) / 365) + 0.028 * ${g}`, sql`0`),
  );
  // the meter: 82 % of the reference yield; its increase in kWh a quarter (`last` is not a running counter here: no call reads it)
  await db.execute(
    row(meter, prop(types!.meter, 'e_exp'), sql`${KWP} * ${g} / 1000 * 0.25 * 0.82`, sql`${KWP} * ${g} / 1000 * 0.25 * 0.82`),
  );
  // the inverters' quarters for the last days: p_dc 86 %, p_ac 83.5 % of the reference, ±3 % per inverter
  const invFrom = `${new Date(Date.parse(`${YEAR.to}T00:00:00Z`) - (INVERTER_DAYS - 1) * 86_400_000).toISOString().slice(0, 10)}T00:00:00+08:00`;
  for (const [key, factor] of [
    ['p_dc', 0.86],
    ['p_ac', 0.835],
    ['e_total', 0.835 * 0.25],
  ] as const) {
    await db.execute(sql`
      insert into telemetry_15m (device_id, property_id, bucket, count, sum, min, max, last_ts, last, increase)
      select d, ${prop(types!.inv, key)}, b, 3, 3 * v, v, v, b + interval '10 minutes', v, ${key === 'e_total' ? sql`v` : sql`0`}
      from (select d, b, ${STRINGS * STRING_KWP} * ${g} / 1000 * ${factor} * (0.97 + 0.03 * ((d * 7) % 11) / 10.0) as v
            from unnest(${sql.param(inverterDevices)}::int[]) d,
                 generate_series(${invFrom}::timestamptz, ${`${YEAR.to}T23:45:00+08:00`}::timestamptz, interval '15 minutes') b) x`);
  }
  // day rollups (the tenant's local days): weather and meter from their quarters, inverters from the day's reference
  await db.execute(sql`
    insert into telemetry_1d (device_id, property_id, bucket, count, sum, min, max, last_ts, last, increase)
    select device_id, property_id, (bucket at time zone ${ZONE})::date::timestamp at time zone ${ZONE}, sum(count), sum(sum), min(min), max(max),
           max(last_ts), max(last), sum(increase)
    from telemetry_15m where device_id in (${ws}, ${meter}) group by 1, 2, 3`);
  for (const [key, factor] of [
    ['p_dc', 0.86],
    ['e_total', 0.835],
  ] as const)
    await db.execute(sql`
      insert into telemetry_1d (device_id, property_id, bucket, count, sum, min, max, last_ts, last, increase)
      select d, ${prop(types!.inv, key)}, r.bucket, 288, 288 * v / 24, 0, v, r.last_ts, v, ${key === 'e_total' ? sql`v` : sql`0`}
      from telemetry_1d r, unnest(${sql.param(inverterDevices)}::int[]) d,
           lateral (select ${STRINGS * STRING_KWP} * (r.sum / r.count * 24) / 1000 * ${factor} * (0.97 + 0.03 * ((d * 7) % 11) / 10.0)
                           -- one inverter in fifty is down one day in thirty
                           * (case when d % 50 = 0 and extract(doy from r.bucket at time zone ${ZONE})::int % 30 = 0 then 0 else 1 end) as v) x
      where r.device_id = ${ws} and r.property_id = ${prop(types!.env, 'irradiance')}`);
  await db.execute(sql`analyze`);
  const [counts] = await rowsOf<{ q: string; d: string }>(
    db,
    sql`select (select count(*) from telemetry_15m) as q, (select count(*) from telemetry_1d) as d`,
  );
  console.log(
    `setup ${((performance.now() - setupStart) / 1000).toFixed(1)} s: telemetry_15m ${counts!.q} rows, telemetry_1d ${counts!.d} rows`,
  );

  const inverterRows = await ok(alice.call(pv.pvInverterList, { pvId } as never));
  const firstInverter = (inverterRows as { id: number }[])[0]!.id;
  const twenty = (inverterRows as { id: number }[]).slice(0, 20).map((i) => i.id);
  const dayRange = (first: string, last: string) =>
    sql`r.bucket >= (${first}::date::timestamp at time zone ${ZONE}) and r.bucket < ((${last}::date + 1)::timestamp at time zone ${ZONE})`;
  const irr = prop(types!.env, 'irradiance');
  const tmp = prop(types!.env, 'temp_module');
  /** H and the corrected reference per local month (or day), by hand. */
  const weatherBy = (format: 'YYYY-MM' | 'YYYY-MM-DD') => sql`
    select to_char(g.bucket at time zone ${ZONE}, ${format}) as m, sum(greatest(g.sum / g.count, 0) * 0.25) as h,
           sum(greatest(g.sum / g.count, 0) * 0.25 * (1 - 0.0035 * (t.sum / t.count - 25))) as x
    from telemetry_15m g join telemetry_15m t on t.device_id = g.device_id and t.bucket = g.bucket and t.property_id = ${tmp}
    where g.device_id = ${ws} and g.property_id = ${irr}
      and g.bucket >= (${YEAR.from}::date::timestamp at time zone ${ZONE}) and g.bucket < ((${YEAR.to}::date + 1)::timestamp at time zone ${ZONE})
    group by 1`;
  const weatherByMonth = weatherBy('YYYY-MM');
  const devices = sql`unnest(${sql.param(inverterDevices)}::int[])`;

  /** One measured call: what the API answers, and the same figure by hand. */
  interface Case {
    name: string;
    call: () => Promise<unknown>;
    handSql: SQL;
  }
  const CASES: Case[] = [
    {
      name: 'analyse/index station, a year by month',
      call: () => ok(alice.call(pv.performanceIndex, { pvId, level: 'station', resolution: 'month', ...YEAR })),
      handSql: sql`with w as (${weatherByMonth}),
                        e as (select to_char(r.bucket at time zone ${ZONE}, 'YYYY-MM') as m, sum(round(r.increase * 1000)) as wh
                              from telemetry_1d r where r.device_id = ${meter} and r.property_id = ${prop(types!.meter, 'e_exp')}
                                and ${dayRange(YEAR.from, YEAR.to)} group by 1)
                   select w.m, e.wh, e.wh / (w.h * ${KWP}) as pr, e.wh / (w.x * ${KWP}) as pr_t from w join e using (m) order by 1`,
    },
    {
      name: 'analyse/index inverter, a year by day',
      call: () => ok(alice.call(pv.performanceIndex, { pvId, level: 'inverter', targetId: firstInverter, resolution: 'day', ...YEAR })),
      handSql: sql`with w as (${weatherBy('YYYY-MM-DD')}),
                        e as (select to_char(r.bucket at time zone ${ZONE}, 'YYYY-MM-DD') as m, round(r.increase * 1000) as wh from telemetry_1d r
                              where r.device_id = ${inverterDevices[0]!} and r.property_id = ${prop(types!.inv, 'e_total')}
                                and ${dayRange(YEAR.from, YEAR.to)})
                   select w.m, e.wh, e.wh / (w.h * ${STRINGS * STRING_KWP}) as pr, e.wh / (w.x * ${STRINGS * STRING_KWP}) as pr_t
                   from w join e using (m) order by 1`,
    },
    {
      name: 'analyse/inverter-expression, a year',
      call: () => ok(alice.call(pv.performanceInverterExpression, { pvId, ...YEAR })),
      handSql: sql`select r.device_id, sum(round(r.increase * 1000)) filter (where p.key = 'e_total') as ac,
                          sum(r.sum / r.count * 24000) filter (where p.key = 'p_dc') as dc,
                          sum(round(r.increase * 1000)) filter (where p.key = 'e_total') / ((select sum(h) from (${weatherByMonth}) w) * ${STRINGS * STRING_KWP}) as pr
                   from ${devices} as s(d) join telemetry_1d r on r.device_id = s.d
                   join data_property p on p.id = r.property_id and p.key in ('e_total', 'p_dc')
                   where ${dayRange(YEAR.from, YEAR.to)} group by 1 order by 2 desc`,
    },
    {
      name: 'analyse/loss-analysis, a year',
      call: () => ok(alice.call(pv.performanceLossAnalysis, { pvId, ...YEAR })),
      handSql: sql`select (select sum(h) from (${weatherByMonth}) w) as h,
                          (select sum(round(r.increase * 1000)) from telemetry_1d r
                           where r.device_id = ${meter} and r.property_id = ${prop(types!.meter, 'e_exp')} and ${dayRange(YEAR.from, YEAR.to)}) as grid,
                          (select sum(round(r.increase * 1000)) from ${devices} as s(d) join telemetry_1d r on r.device_id = s.d
                           where r.property_id = ${prop(types!.inv, 'e_total')} and ${dayRange(YEAR.from, YEAR.to)}) as ac,
                          (select sum(r.sum / r.count * 24000) from ${devices} as s(d) join telemetry_1d r on r.device_id = s.d
                           where r.property_id = ${prop(types!.inv, 'p_dc')} and ${dayRange(YEAR.from, YEAR.to)}) as dc`,
    },
    {
      name: 'analyse/power, a day',
      call: () => ok(alice.call(pv.performancePower, { pvId, day: DAY })),
      handSql: sql`select r.bucket, r.property_id, r.sum / r.count as v, r.increase from telemetry_15m r
                   where r.device_id in (${ws}, ${meter}) and ${dayRange(DAY, DAY)}`,
    },
    {
      name: 'analyse/power-contrast, 20 inverters, a day',
      call: () => ok(alice.call(pv.performancePowerContrast, { pvId, day: DAY, inverterIds: twenty })),
      handSql: sql`select r.device_id, r.bucket, r.sum / r.count as kw from unnest(${sql.param(inverterDevices.slice(0, 20))}::int[]) as s(d)
                   join telemetry_15m r on r.device_id = s.d and r.property_id = ${prop(types!.inv, 'p_ac')} where ${dayRange(DAY, DAY)}`,
    },
    {
      name: 'outline-page, a year (the tenant’s stations, one page)',
      call: () => ok(alice.call(pv.performanceOutlinePage, { pageSize: 20, pageOffset: 1, ...YEAR })),
      handSql: sql`select (select sum(h) from (${weatherByMonth}) w) as h,
                          (select sum(round(r.increase * 1000)) from telemetry_1d r
                           where r.device_id = ${meter} and r.property_id = ${prop(types!.meter, 'e_exp')} and ${dayRange(YEAR.from, YEAR.to)}) as e`,
    },
    // the outline (pv-outline/*): what a station's overview page asks on opening
    {
      name: 'pv-outline/pv-summary-data, a day of the year',
      call: () => ok(alice.call(pv.pvOutlineSummary, { pvId, day: DAY })),
      // the month's quarters of the meter (energy per day) and of the weather station, the day rollups before the month
      handSql: sql`select (select sum(round(r.increase * 1000)) from telemetry_15m r
                           where r.device_id = ${meter} and r.property_id = ${prop(types!.meter, 'e_exp')} and ${dayRange(`${DAY.slice(0, 7)}-01`, DAY)}) as month,
                          (select sum(r.sum / r.count * 0.25) from telemetry_15m r
                           where r.device_id = ${ws} and r.property_id = ${irr} and ${dayRange(`${DAY.slice(0, 7)}-01`, DAY)}) as h,
                          (select sum(round(r.increase * 1000)) from telemetry_1d r
                           where r.device_id = ${meter} and r.property_id = ${prop(types!.meter, 'e_exp')}
                             and r.bucket < (${`${DAY.slice(0, 7)}-01`}::date::timestamp at time zone ${ZONE})) as before`,
    },
    {
      name: 'pv-outline/performance-statistics, a month by day',
      call: () => ok(alice.call(pv.pvOutlinePerformance, { pvId, month: DAY.slice(0, 7) })),
      handSql: sql`select to_char(r.bucket at time zone ${ZONE}, 'YYYY-MM-DD') as d, sum(round(r.increase * 1000)) as wh,
                          sum(w.sum / w.count * 0.25) as h
                   from telemetry_15m r left join telemetry_15m w on w.device_id = ${ws} and w.property_id = ${irr} and w.bucket = r.bucket
                   where r.device_id = ${meter} and r.property_id = ${prop(types!.meter, 'e_exp')} and ${dayRange(`${DAY.slice(0, 7)}-01`, '2025-12-31')}
                   group by 1`,
    },
    {
      name: 'pv-outline/pv-data-statistics, a year by month',
      call: () => ok(alice.call(pv.pvOutlineDataStatistics, { pvId, period: 'year', day: DAY })),
      handSql: sql`select to_char(r.bucket at time zone ${ZONE}, 'YYYY-MM') as m, sum(round(r.increase * 1000)) as wh from telemetry_1d r
                   where r.device_id = ${meter} and r.property_id = ${prop(types!.meter, 'e_exp')} and ${dayRange(YEAR.from, YEAR.to)} group by 1`,
    },
    {
      name: 'pv-outline/pv-device-tree, 300 inverters and 3,600 strings',
      call: () => ok(alice.call(pv.pvOutlineDeviceTree, { pvId })),
      handSql: sql`select i.id, i.code, s.id as sid, s.code as scode, d.online, d.last_seen_at
                   from pv_inverter i left join pv_string s on s.inverter_id = i.id left join device d on d.id = i.device_id
                   where i.station_id = ${pvId}`,
    },
    {
      name: 'config-info',
      call: () => ok(alice.call(pv.performanceConfigInfo, { pvId })),
      handSql: sql`select * from pv_performance_config where station_id = ${pvId}`,
    },
  ];

  // the request's fixed cost: the cheapest signed-in call (session, RLS-scoped transaction, one query, JSON)
  await ok(alice.call(staff.customerUserCurrent));
  const bare: number[] = [];
  for (let i = 0; i < Math.max(READS, 9); i++) bare.push((await timed(() => ok(alice.call(staff.customerUserCurrent)))).ms);
  const bareMs = median(bare);
  console.log({ call: 'bare signed-in call (customer-user/current)', apiMedianMs: Math.round(bareMs * 10) / 10 });
  const only = args.only?.split(',').map((o) => o.trim().toLowerCase());
  const results: Record<string, unknown>[] = [];
  for (const c of CASES.filter((x) => !only || only.some((o) => x.name.toLowerCase().includes(o)))) {
    await c.call(); // warm: plans, caches
    await rowsOf(db, c.handSql);
    const api: number[] = [];
    const hand: number[] = [];
    for (let i = 0; i < READS; i++) {
      api.push((await timed(c.call)).ms);
      hand.push((await timed(() => rowsOf(db, c.handSql))).ms);
    }
    const r = {
      call: c.name,
      apiMedianMs: Math.round(median(api)),
      handSqlMedianMs: Math.round(median(hand) * 10) / 10,
      ratio: Number((median(api) / median(hand)).toFixed(2)),
      // against hand SQL + the bare signed-in call of this run: what a call costs above the request's fixed cost
      ratioWithFixedCost: Number((median(api) / (median(hand) + bareMs)).toFixed(2)),
      under200: median(api) < 200,
      // the hand query is shorter than the bare call: `ratio` measures the request pipeline, read ratioWithFixedCost
      fixedCostDominates: median(hand) < bareMs,
    };
    console.log(r);
    results.push(r);
  }
  // the same figure: the station's year PR by the call and by hand
  const index = (await CASES[0]!.call()) as { total: { pr: number; generationWh: number } };
  const [hand] = await rowsOf<{ wh: string; pr: number }>(
    db,
    sql`with w as (select sum(h) as h from (${weatherByMonth}) x),
             e as (select sum(round(r.increase * 1000)) as wh from telemetry_1d r
                   where r.device_id = ${meter} and r.property_id = ${prop(types!.meter, 'e_exp')} and ${dayRange(YEAR.from, YEAR.to)})
        select e.wh, e.wh / (w.h * ${KWP}) as pr from w, e`,
  );
  const samePr = Math.round(Number(hand!.pr) * 10_000) / 10_000 === index.total.pr && Number(hand!.wh) === index.total.generationWh;
  console.log({ yearPr: index.total.pr, handPr: Number(hand!.pr), samePr });
  const figures = {
    db: args.pg ? 'postgres' : 'pglite',
    bareSignedInCallMs: Math.round(bareMs * 10) / 10,
    kwp: KWP,
    inverters: INVERTERS,
    strings: INVERTERS * STRINGS,
    rows: counts,
    results,
    samePr,
  };
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `pv-analytics-${figures.db}.json`), JSON.stringify(figures, null, 2));
} finally {
  await t.close();
}
