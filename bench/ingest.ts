/**
 * Telemetry ingest and query speed, on PGlite (in memory) and on PostgreSQL, in one run.
 *
 * 1. End to end: N devices publish batched readings at QoS 1 over MQTT to the embedded broker; a
 *    PUBACK means the batch is committed (raw rows, rollups, counters). Points/s from the first
 *    publish to the last PUBACK.
 * 2. Baseline: the same number of points bulk-inserted straight into telemetry_raw (unnest, 5000 per
 *    statement, no rollups, no MQTT). The ratio end-to-end / baseline is the cost of the pipeline.
 * 3. Queries, through the HTTP stack as alice (session, RLS, validation): one property for a day at
 *    15 min, a month at 15 min and a year by day, after loading a year of 5-minute readings through
 *    writeReadings. Median of 20 calls.
 *
 *   npx tsx bench/ingest.ts [--devices 20] [--messages 100] [--only pglite|postgres]
 *
 * PostgreSQL: a throwaway database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Figures are printed and written to bench/results/ingest.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { rowsOf } from '../apps/server/src/db/sql.js';
import { insertRaw } from '../apps/server/src/domains/telemetry/rollups.js';

// The app is the tests' (apps/server/test/helpers.ts), whose throwaway PostgreSQL database is made on TEST_PG_URL.
if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
const { createTestApp, signIn } = await import('../apps/server/test/helpers.js');

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '20' },
    messages: { type: 'string', default: '100' },
    only: { type: 'string' },
  },
});
const DEVICES = Number(args.devices);
const MESSAGES = Number(args.messages);
const READINGS_PER_MESSAGE = 10;

async function run(kind: 'pglite' | 'postgres') {
  const t = await createTestApp(kind);
  const { database, ingest } = t;
  try {
    const alice = await signIn(t, 'alice');
    const post = async (u: string, payload: object) => {
      const { body } = await alice.post(u, payload);
      if (body.code !== 0) throw new Error(`${u}: ${JSON.stringify(body)}`);
      return body.data;
    };
    const tree = await post('/api/v2/device-type/tree', {});
    const meterType = tree
      .flatMap((c: { children: { key: string; id: number }[] }) => c.children)
      .find((t: { key: string }) => t.key === 'feeder-meter').id;
    const ouId = (await post('/api/v2/ou/list', {}))[0].id;

    // 1. end to end over MQTT
    const devices = [];
    for (let i = 0; i < DEVICES; i++) {
      const d = await post('/api/v2/device/create', { code: `BENCH-${i}`, name: `Bench meter ${i}`, deviceTypeId: meterType, ouId });
      devices.push({ id: d.id, ...(await post('/api/v2/device/credentials/issue', { id: d.id })) });
    }
    const clients = await Promise.all(
      devices.map((d) =>
        mqtt.connectAsync(`mqtt://127.0.0.1:${ingest.mqttPort}`, {
          clientId: d.username,
          username: d.username,
          password: d.password,
          reconnectPeriod: 0,
        }),
      ),
    );
    const t0 = Date.now() - 86_400_000;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, di) => {
        const inFlight: Promise<unknown>[] = [];
        for (let m = 0; m < MESSAGES; m++) {
          const readings = Array.from({ length: READINGS_PER_MESSAGE }, (_, r) => {
            const n = m * READINGS_PER_MESSAGE + r;
            return { ts: t0 + n * 1000, values: { p: 100 + (n % 50), pf: 0.95, v_a: 230 + (n % 3), i_a: 150, e_imp: 1000 + n * 0.03 } };
          });
          inFlight.push(client.publishAsync(devices[di]!.topic, JSON.stringify({ readings }), { qos: 1 }));
        }
        await Promise.all(inFlight);
      }),
    );
    const e2eMs = performance.now() - started;
    const points = DEVICES * MESSAGES * READINGS_PER_MESSAGE * 5;
    await Promise.all(clients.map((c) => c.endAsync()));
    const stored = Number((await rowsOf<{ n: number }>(database.system, sql`select count(*)::int as n from telemetry_raw`))[0]!.n);
    if (stored !== points) throw new Error(`stored ${stored} of ${points} points`);

    // 2. baseline: the same points bulk-inserted into the same table
    const raw = [];
    for (const d of devices)
      for (let n = 0; n < MESSAGES * READINGS_PER_MESSAGE; n++)
        for (let p = 0; p < 5; p++) raw.push({ deviceId: d.id, propertyId: 1_000_000 + p, ts: t0 + n * 1000, value: n });
    const rawStarted = performance.now();
    for (let i = 0; i < raw.length; i += 5000) await database.system.transaction((tx) => insertRaw(tx as never, raw.slice(i, i + 5000)));
    const rawMs = performance.now() - rawStarted;
    await database.system.execute(sql`delete from telemetry_raw where property_id >= 1000000`);

    // 3. a year of 5-minute readings of one meter, then queries
    const year = devices[0]!.id;
    const yearStart = Date.parse('2025-01-01T00:00:00+08:00');
    const loadStarted = performance.now();
    const batch = [];
    for (let n = 0; n < 365 * 288; n++)
      batch.push({
        deviceId: year,
        ts: new Date(yearStart + n * 300_000),
        values: { p: 100 + Math.sin(n / 40) * 50, e_imp: 5000 + n * 8 },
      });
    await ingest.writeReadings(batch);
    const loadMs = performance.now() - loadStarted;
    const time = async (body: object) => {
      const times: number[] = [];
      for (let i = 0; i < 22; i++) {
        const s = performance.now();
        await post('/api/v2/device/dataProperty/resampled/instantaneous', { deviceId: year, propertyKeys: ['p'], ...body });
        if (i >= 2) times.push(performance.now() - s);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    };
    const day = Date.parse('2025-06-01T00:00:00+08:00');
    const q = {
      dayAt15m: await time({ from: day, to: day + 86_400_000, interval: '15m' }),
      monthAt15m: await time({ from: day, to: Date.parse('2025-07-01T00:00:00+08:00'), interval: '15m' }),
      yearByDay: await time({ from: yearStart, to: Date.parse('2026-01-01T00:00:00+08:00'), interval: '1d' }),
    };
    const result = {
      database: kind,
      devices: DEVICES,
      points,
      endToEndPointsPerS: Math.round(points / (e2eMs / 1000)),
      rawInsertPointsPerS: Math.round(raw.length / (rawMs / 1000)),
      ratio: Number((raw.length / (rawMs / 1000) > 0 ? points / (e2eMs / 1000) / (raw.length / (rawMs / 1000)) : 0).toFixed(2)),
      writeReadingsYearPointsPerS: Math.round((365 * 288 * 2) / (loadMs / 1000)),
      queryMs: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Number(v.toFixed(1))])),
      batches: ingest.writer.stats.batches,
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await t.close();
  }
}

const kinds = (args.only ? [args.only] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
const results = [];
for (const kind of kinds) results.push(await run(kind));
console.log('\n| database | end-to-end points/s | raw insert points/s | ratio | day @15 min ms | month @15 min ms | year by day ms |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.database} | ${r.endToEndPointsPerS.toLocaleString('en')} | ${r.rawInsertPointsPerS.toLocaleString('en')} | ${r.ratio} | ${r.queryMs.dayAt15m} | ${r.queryMs.monthAt15m} | ${r.queryMs.yearByDay} |`,
  );
const resultsDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'ingest.json'), JSON.stringify(results, null, 2) + '\n');
