/**
 * The demo history of a first start (30 days of 5-minute readings of the demo devices, ~3.2 million
 * values), on PGlite (in memory) and on PostgreSQL, in one run:
 *
 * 1. History path: the readings through `ingest.writeHistory`, as `npm start` writes them (bucket-aligned
 *    slices of raw rows + their 15 min / hour / day rollups and counters, pausing between slices so
 *    requests get the database). Values/s, slices, and the latency of a signed-in call (POST
 *    customer-user/current as alice) made every 100 ms meanwhile.
 * 2. Baseline: the same values bulk-inserted into a scratch table shaped like telemetry_raw (same
 *    primary key and BRIN index), with `unnest`, 50,000 rows per statement, no rollups, no pauses.
 * 3. With --legacy, also the path before issue 16: `ingest.writeReadings` in chunks of 2000 readings.
 *
 * The readings are generated first (the simulator's backfill, timed on its own), so both paths write
 * the same rows and only the writing is compared. Each path gets a fresh app and database.
 *
 *   npx tsx bench/demo-history.ts [--days 30] [--only pglite|postgres] [--legacy]
 *
 * PostgreSQL: a throwaway database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Figures are printed and written to bench/results/demo-history.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { readingsToPoints, type Point } from '../apps/server/src/domains/telemetry/ingest/payload.js';
import { prepareDemoHistory } from '../apps/server/src/seed/demo-live.js';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo.js';

// The app is the tests' (apps/server/test/helpers.ts), whose throwaway PostgreSQL database is made on TEST_PG_URL.
if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
const { createTestApp } = await import('../apps/server/test/helpers.js');
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '30' },
    only: { type: 'string' },
    legacy: { type: 'boolean', default: false },
  },
});
const DAYS = Number(args.days);
const BULK_ROWS = 50_000;

/** The demo's history readings on a fresh app (credentials issued, strategies in force), generated up front. */
async function demoReadings(t: TestApp) {
  const demo = await prepareDemoHistory({ db: t.database.system, registry: t.services.devices, log: t.app.log, backfillDays: DAYS });
  if (!demo) throw new Error('no demo devices');
  const started = performance.now();
  const readings = [...demo.readings()];
  return { readings, generateMs: performance.now() - started };
}

/**
 * Latency of a signed-in call (as alice, over real HTTP: a request needs the event loop, not only the
 * database) every 100 ms while `work` runs.
 */
async function probing<T>(t: TestApp, work: () => Promise<T>) {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/server/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: DEMO_PASSWORD }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const token = cookies.find((c) => c.startsWith('jwtToken='))!.slice('jwtToken='.length);
  const latencies: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const r = await fetch(`${base}/api/v2/platform-public/customer-user/current`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies.join('; '), jwttoken: token },
        body: '{}',
      });
      if (r.status !== 200) throw new Error(`current: ${r.status}`);
      await r.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return { result: await work(), latencies };
  } finally {
    done = true;
    await probe;
  }
}

const pct = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * q))]!);
};

async function historyPath(kind: 'pglite' | 'postgres') {
  const t = await createTestApp(kind);
  try {
    const { readings, generateMs } = await demoReadings(t);
    const started = performance.now();
    const { result, latencies } = await probing(t, () => t.ingest.writeHistory(readings));
    const ms = performance.now() - started;
    return {
      readings: readings.length,
      values: result.accepted,
      generateMs: Math.round(generateMs),
      ms: Math.round(ms),
      valuesPerSecond: Math.round(result.accepted / (ms / 1000)),
      slices: result.slices,
      callP50: pct(latencies, 0.5),
      callP99: pct(latencies, 0.99),
      callMax: pct(latencies, 1),
      calls: latencies.length,
    };
  } finally {
    await t.close();
  }
}

async function bulkBaseline(kind: 'pglite' | 'postgres') {
  const t = await createTestApp(kind);
  try {
    const { readings } = await demoReadings(t);
    const db = t.database.system as Db;
    const entries = await t.ingest.directory.byDeviceIds([...new Set(readings.map((r) => r.deviceId))]);
    const now = Date.now();
    const points: Point[] = [];
    for (const r of readings)
      points.push(...readingsToPoints(entries.get(r.deviceId)!, [{ ts: r.ts.getTime(), values: r.values }], now, 0).points);
    await db.execute(sql`create table bench_scratch_raw (like telemetry_raw including all)`);
    const started = performance.now();
    for (let i = 0; i < points.length; i += BULK_ROWS) {
      const rows = points.slice(i, i + BULK_ROWS);
      await db.execute(sql`
        insert into bench_scratch_raw (device_id, property_id, ts, value)
        select d, p, timestamptz 'epoch' + t * interval '1 millisecond', v
        from unnest(${sql.param(rows.map((x) => x.deviceId))}::int[], ${sql.param(rows.map((x) => x.propertyId))}::int[],
                    ${sql.param(rows.map((x) => x.ts))}::float8[], ${sql.param(rows.map((x) => x.value))}::float8[]) as u(d, p, t, v)`);
    }
    const ms = performance.now() - started;
    return { values: points.length, ms: Math.round(ms), valuesPerSecond: Math.round(points.length / (ms / 1000)) };
  } finally {
    await t.close();
  }
}

async function legacyPath(kind: 'pglite' | 'postgres') {
  const t = await createTestApp(kind);
  try {
    const { readings } = await demoReadings(t);
    const started = performance.now();
    let values = 0;
    const { latencies } = await probing(t, async () => {
      for (let i = 0; i < readings.length; i += 2000) values += (await t.ingest.writeReadings(readings.slice(i, i + 2000))).accepted;
    });
    const ms = performance.now() - started;
    return {
      values,
      ms: Math.round(ms),
      valuesPerSecond: Math.round(values / (ms / 1000)),
      callP99: pct(latencies, 0.99),
      callMax: pct(latencies, 1),
      calls: latencies.length,
    };
  } finally {
    await t.close();
  }
}

const kinds = (args.only ? [args.only] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
const results = [];
for (const kind of kinds) {
  const history = await historyPath(kind);
  const bulk = await bulkBaseline(kind);
  const legacy = args.legacy ? await legacyPath(kind) : undefined;
  results.push({ kind, days: DAYS, history, bulk, legacy, ratio: Number((history.valuesPerSecond / bulk.valuesPerSecond).toFixed(2)) });
}

const n = (x: number) => x.toLocaleString('en-US');
console.log(`\nDemo history, ${DAYS} days of 5-minute readings of the demo devices`);
for (const r of results) {
  console.log(`\n${r.kind}: ${n(r.history.readings)} readings, ${n(r.history.values)} values (generated in ${n(r.history.generateMs)} ms)`);
  console.log(
    `  history path (raw + rollups + counters, sliced) ${n(r.history.valuesPerSecond).padStart(9)} values/s  ${n(r.history.ms)} ms, ${n(r.history.slices)} slices`,
  );
  console.log(
    `    a signed-in call meanwhile: p50 ${r.history.callP50} ms, p99 ${r.history.callP99} ms, max ${r.history.callMax} ms (${r.history.calls} calls)`,
  );
  console.log(`  bulk unnest into a scratch table (raw only)     ${n(r.bulk.valuesPerSecond).padStart(9)} values/s  ${n(r.bulk.ms)} ms`);
  if (r.legacy)
    console.log(
      `  writeReadings in chunks of 2000 (before)        ${n(r.legacy.valuesPerSecond).padStart(9)} values/s  ${n(r.legacy.ms)} ms, a call meanwhile p99 ${r.legacy.callP99} ms, max ${r.legacy.callMax} ms (${r.legacy.calls} calls)`,
    );
  console.log(`  ratio history / bulk: ${r.ratio}`);
}
const resultsDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'demo-history.json'), JSON.stringify(results, null, 2) + '\n');
