/**
 * Excel import and export of the device list, through HTTP as alice (session, RLS, validation, jobs).
 *
 * 1. Import: an XLSX of 50,000 devices uploaded to POST /api/v2/device/import; the running job is polled
 *    until done. Rows/s from the upload to the job's end (parse, checks, duplicates, batched inserts).
 * 2. Baseline: the same number of device rows bulk-inserted straight into `device` (unnest, 5,000 per
 *    statement, owner connection, no file, no checks). The ratio import / baseline is the import's cost.
 * 3. Export: GET /api/v2/device/export of 25,000, 50,000 and 100,000 rows (filters pick them), read by a
 *    real HTTP client that discards the bytes; time to the last byte, and the server process's peak heap
 *    and RSS above what it used before the call (sampled every 10 ms). Flat memory = the stream works.
 *
 *   npx tsx --expose-gc bench/excel.ts [--rows 50000] [--only pglite|postgres]
 *
 * PostgreSQL: a throwaway database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Figures are printed and written to bench/results/excel.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { rowsOf } from '../apps/server/src/db/sql.js';

if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
const { createTestApp, signIn } = await import('../apps/server/test/helpers.js');

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '50000' }, only: { type: 'string' } } });
const ROWS = Number(args.rows);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const HEADERS = ['Code', 'Name', 'Device type', 'OU', 'Gateway code', 'Longitude', 'Latitude', 'Address', 'Rated power (kW)'];

/** The import file, written with exceljs' streaming writer. */
async function importFile(file: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const ws = wb.addWorksheet('Devices');
  ws.addRow(HEADERS).commit();
  for (let i = 0; i < ROWS; i++)
    ws.addRow([
      `EXA-${i}`,
      `${i < ROWS / 2 ? 'Lower' : 'Upper'} ${i}`,
      'PV string',
      'SZ-01',
      'SZ-01-GW-01',
      120.6,
      31.2,
      'Row street',
      12.5,
    ]).commit();
  ws.commit();
  await wb.commit();
}

function multipart(name: string, content: Buffer) {
  const boundary = '----bench-excel';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Peak heap and RSS above the level before `fn`, sampled every 10 ms. */
async function measured<T>(fn: () => Promise<T>) {
  gc();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  }, 10);
  const started = performance.now();
  try {
    const result = await fn();
    return { result, ms: performance.now() - started, heapMb: (heap - before.heapUsed) / 2 ** 20, rssMb: (rss - before.rss) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

async function run(kind: 'pglite' | 'postgres') {
  const t = await createTestApp(kind);
  try {
    const alice = await signIn(t, 'alice');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-excel-'));
    const file = path.join(dir, 'devices.xlsx');
    await importFile(file);
    const upload = multipart('devices.xlsx', fs.readFileSync(file));

    // 1. import through HTTP, as a background job polled until done
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/device/import',
      headers: { cookie: alice.cookie, jwttoken: alice.token, 'content-type': upload.type },
      payload: upload.payload,
    });
    let job = JSON.parse(res.body).data;
    if (!job) throw new Error(`import refused: ${res.body}`);
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await alice.post('/api/v2/job/detail', { id: job.id })).body.data;
    }
    const importMs = performance.now() - started;
    if (job.status !== 'done' || job.imported !== ROWS) throw new Error(`import ended ${JSON.stringify(job).slice(0, 400)}`);

    // 2. baseline: the same rows bulk-inserted straight into the table
    const [ref] = await rowsOf<{ tenant_id: string; device_type_id: number; customer_mcid: string; ou_id: number; gateway_id: number }>(
      t.database.system,
      sql`select tenant_id, device_type_id, customer_mcid, ou_id, gateway_id from device where code = 'EXA-0'`,
    );
    const baseStarted = performance.now();
    for (let start = 0; start < ROWS; start += 5000) {
      const codes = Array.from({ length: Math.min(5000, ROWS - start) }, (_, i) => `EXB-${start + i}`);
      await t.database.system.execute(sql`
        insert into device (tenant_id, code, name, device_type_id, customer_mcid, ou_id, gateway_id, lng, lat, address, rated_power_kw)
        select ${ref!.tenant_id}, c, 'Base ' || c, ${ref!.device_type_id}, ${ref!.customer_mcid}, ${ref!.ou_id}, ${ref!.gateway_id}, 120.6, 31.2, 'Row street', 12.5
        from unnest(${sql.param(codes)}::text[]) as c`);
    }
    const baseMs = performance.now() - baseStarted;

    // 3. exports of 25k, 50k and 100k rows to a real HTTP client that discards the bytes
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const exports = [];
    for (const [rows, query] of [
      [ROWS / 2, `name=Lower`],
      [ROWS, `code=EXA`],
      [ROWS * 2, `code=EX`],
    ] as const) {
      const m = await measured(async () => {
        const r = await fetch(`http://127.0.0.1:${port}/api/v2/device/export?${query}`, {
          headers: { cookie: alice.cookie, jwttoken: alice.token },
        });
        if (r.status !== 200) throw new Error(`export ${query}: ${r.status} ${await r.text()}`);
        let bytes = 0;
        for await (const chunk of r.body!) bytes += (chunk as Uint8Array).length;
        return bytes;
      });
      exports.push({
        rows,
        ms: Math.round(m.ms),
        mb: +(m.result / 2 ** 20).toFixed(1),
        peakHeapMb: +m.heapMb.toFixed(1),
        peakRssMb: +m.rssMb.toFixed(1),
      });
    }
    fs.rmSync(dir, { recursive: true, force: true });
    return {
      kind,
      importRowsPerS: Math.round(ROWS / (importMs / 1000)),
      bulkInsertRowsPerS: Math.round(ROWS / (baseMs / 1000)),
      ratio: +(baseMs / importMs).toFixed(3),
      exports,
    };
  } finally {
    await t.close();
  }
}

const results = [];
for (const kind of ['postgres', 'pglite'] as const) {
  if (args.only && args.only !== kind) continue;
  const r = await run(kind);
  results.push(r);
  console.log(`\n${kind}: import ${r.importRowsPerS} rows/s, bulk insert ${r.bulkInsertRowsPerS} rows/s, ratio ${r.ratio}`);
  console.table(r.exports);
}
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', 'excel.json'),
  JSON.stringify({ at: new Date().toISOString(), rows: ROWS, node: process.version, results }, null, 2),
);
