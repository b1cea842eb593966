/**
 * The storage stations' day-ahead load forecast (issue 22, docs/bsa.md "Forecasts and station money"):
 * its error on each day of the demo's last week beside the naive forecast (the same time yesterday).
 *
 * The demo's history (the simulator's backfill, as `npm start` writes it: 35 days of 5-minute readings)
 * is generated for the demo stations' grid meters, PCS and their OUs' PV inverters and written through
 * `ingest.writeHistory`. For each of the last 7 whole days, `bsaData/predict/power` (as alice, through the
 * request pipeline) forecasts the day from the days before it; the actual load per 15-minute step (grid
 * meters' mean power + PCS' mean power) is read by a hand query over `telemetry_15m`. Per day: MAE (kW),
 * MAPE (%) and nMAE (MAE / mean load, %) of the forecast and of the naive one, and the mix the method chose.
 *
 *   npx tsx bench/bsa-forecast.ts [--pg] [--days 35]
 *
 * PGlite in memory by default; --pg uses a throwaway database on BENCH_PG_URL. Figures are printed and
 * written to bench/results/bsa-forecast-<db>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bsa, bsaForecast } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/sql.js';
import { prepareDemoHistory } from '../apps/server/src/seed/demo-live.js';
import { seedDemoStrategies } from '../apps/server/src/seed/demo-strategies.js';

if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
const { createTestApp, signIn } = await import('../apps/server/test/helpers.js');

const { values: args } = parseArgs({ options: { pg: { type: 'boolean', default: false }, days: { type: 'string', default: '35' } } });
const DAY = 86_400_000;
const TZ = 'Asia/Shanghai';
const localDate = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const t = await createTestApp(args.pg ? 'postgres' : 'pglite');
try {
  const db = t.database.system;
  const alice = await signIn(t, 'alice');
  const stations = (await alice.call(bsa.bsaList, {})).body.data;
  const pv = await rowsOf<{ id: number; ou_id: number }>(
    db,
    sql`select d.id, d.ou_id from device d join device_type t on t.id = d.device_type_id where t.key = 'pv-inverter'`,
  );
  const wanted = new Set<number>();
  for (const s of stations) {
    for (const m of s.meters) if (m.role === 'grid') wanted.add(m.deviceId);
    for (const p of s.pcs) wanted.add(p.deviceId);
    for (const i of pv) if (Number(i.ou_id) === s.ouId) wanted.add(Number(i.id));
  }
  const demo = await prepareDemoHistory({ db, registry: t.services.devices, log: t.app.log, backfillDays: Number(args.days) });
  if (!demo) throw new Error('no demo devices');
  let started = performance.now();
  const readings = [...demo.readings()].filter((r) => wanted.has(r.deviceId));
  const generated = performance.now() - started;
  started = performance.now();
  await t.ingest.writeHistory(readings);
  console.log(
    `history: ${readings.length} readings of ${wanted.size} devices, generated in ${(generated / 1000).toFixed(1)} s, written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const today = localDate(Date.now());
  const days = Array.from({ length: 7 }, (_, k) => addDays(today, k - 7));
  const results: Record<string, unknown>[] = [];
  for (const s of stations) {
    const grid = s.meters.filter((m) => m.role === 'grid').map((m) => m.deviceId);
    const devices = [...grid, ...s.pcs.map((p) => p.deviceId)];
    const actualRows = await rowsOf<{ day: string; time: string; kw: number; grids: number }>(
      db,
      sql`select to_char(r.bucket at time zone ${TZ}, 'YYYY-MM-DD') as day, to_char(r.bucket at time zone ${TZ}, 'HH24:MI') as time,
                 sum(r.sum / r.count)::float8 as kw, (count(*) filter (where r.device_id = any(${sql.param(grid)}::int[])))::int as grids
          from telemetry_15m r join data_property p on p.id = r.property_id and p.key = 'p'
          where r.device_id = any(${sql.param(devices)}::int[]) and r.count > 0
          group by 1, 2`,
    );
    const actual = new Map(actualRows.filter((r) => Number(r.grids) === grid.length).map((r) => [`${r.day} ${r.time}`, Number(r.kw)]));
    console.log(`\n${s.code} (${s.name}): load = grid meters + PCS, kW per 15 minutes`);
    console.log('day         steps  forecast MAE  MAPE   nMAE  | naive MAE  MAPE   nMAE  | mix (recent days, weight)  call ms');
    const sum = { f: 0, n: 0, load: 0, steps: 0 };
    for (const date of days) {
      const t0 = performance.now();
      const res = await alice.call(bsaForecast.predictPower, { bsaId: s.id, date });
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${res.status} ${res.body.msg}`);
      const f = res.body.data;
      let fe = 0;
      let ne = 0;
      let fp = 0;
      let np = 0;
      let load = 0;
      let n = 0;
      for (const step of f.steps) {
        const a = actual.get(`${date} ${step.time}`);
        const y = actual.get(`${addDays(date, -1)} ${step.time}`);
        if (a === undefined || y === undefined || step.loadKw === null) continue;
        fe += Math.abs(step.loadKw - a);
        ne += Math.abs(y - a);
        if (Math.abs(a) > 1) {
          fp += Math.abs(step.loadKw - a) / Math.abs(a);
          np += Math.abs(y - a) / Math.abs(a);
        }
        load += Math.abs(a);
        n += 1;
      }
      if (!n) {
        console.log(`${date}  no steps with both a forecast and readings`);
        continue;
      }
      const row = {
        station: s.code,
        date,
        steps: n,
        forecastMaeKw: fe / n,
        forecastMapePct: (100 * fp) / n,
        forecastNmaePct: (100 * fe) / load,
        naiveMaeKw: ne / n,
        naiveMapePct: (100 * np) / n,
        naiveNmaePct: (100 * ne) / load,
        recentDays: f.method.recentDays,
        weightRecent: f.method.weightRecent,
        callMs: ms,
      };
      results.push(row);
      sum.f += fe;
      sum.n += ne;
      sum.load += load;
      sum.steps += n;
      const c = (v: number, w: number, d = 1) => v.toFixed(d).padStart(w);
      console.log(
        `${date}  ${String(n).padStart(5)}  ${c(row.forecastMaeKw, 12)}  ${c(row.forecastMapePct, 5)}  ${c(row.forecastNmaePct, 5)}  | ${c(row.naiveMaeKw, 9)}  ${c(row.naiveMapePct, 5)}  ${c(row.naiveNmaePct, 5)}  | ${f.method.recentDays}, ${f.method.weightRecent.toFixed(1).padEnd(22)} ${c(ms, 7, 0)}`,
      );
    }
    if (sum.steps)
      console.log(
        `week        ${String(sum.steps).padStart(5)}  ${(sum.f / sum.steps).toFixed(1).padStart(12)}         ${((100 * sum.f) / sum.load).toFixed(1).padStart(5)}  | ${(sum.n / sum.steps).toFixed(1).padStart(9)}         ${((100 * sum.n) / sum.load).toFixed(1).padStart(5)}`,
      );
  }
  // the rest of issue 22 on the same demo data: tomorrow's revenue of the demo library's strategy, the last week's money
  await seedDemoStrategies(db);
  const money = (v: number) => (v / 10_000).toFixed(2);
  console.log('\nstation        tomorrow: strategy, charged / discharged kWh, revenue | last 7 days: charged / discharged kWh, net');
  for (const s of stations) {
    const r = await alice.call(bsaForecast.predictRevenue, { bsaId: s.id });
    const c = await alice.call(bsaForecast.getChargingData, { bsaId: s.id, timeResolution: 'day', from: days[0]!, to: days.at(-1)! });
    if (c.status !== 200) throw new Error(`${c.status} ${c.body.msg}`);
    const rev =
      r.status === 200
        ? `${r.body.data.strategy.name} (${r.body.data.strategy.source}), ${r.body.data.chargeWh / 1000} / ${r.body.data.dischargeWh / 1000}, ${money(r.body.data.revenue10k)} ${r.body.data.currency}`
        : `refused: ${r.body.msg}`;
    const tot = c.body.data.totals;
    console.log(`${s.code}  ${rev} | ${tot.chargeWh / 1000} / ${tot.dischargeWh / 1000}, ${money(tot.net10k)} ${c.body.data.currency}`);
    results.push({ station: s.code, revenue: r.body.data ?? r.body.msg, week: tot });
  }
  const out = path.join(import.meta.dirname, 'results', `bsa-forecast-${args.pg ? 'postgres' : 'pglite'}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), days: Number(args.days), results }, null, 2));
  console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
} finally {
  await t.close();
}
