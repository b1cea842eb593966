/**
 * Throughput of the cheapest signed-in call, POST /api/v2/platform-public/customer-user/current,
 * measured against a bare Fastify 5 route that answers the same-shaped envelope.
 *
 * Why a bare route: absolute requests/s depend on the machine, so on their own they say little.
 * Running a do-nothing Fastify route on the same machine, in the same run, gives a ceiling; the
 * ratio platform/bare shows what the real stack (session lookup, jwtToken check, scoped
 * transaction, response validation) costs, and stays comparable from one machine to another.
 *
 * Both servers share this process's event loop; autocannon generates load from its own worker
 * thread (--workers 1, the default) so that it does not compete with them. --workers 0 keeps it
 * on the main thread, which roughly halves the figures. Latencies are whole milliseconds
 * (autocannon's resolution).
 *
 * Requests/s depend on what else runs: on a shared machine the other processes take the cores in
 * turns, and both servers slow down unevenly. So each run also prints the CPU time each call costs:
 * this process's (server and load generator, user + system) plus, on PostgreSQL, that of the
 * database's backends serving this run's database (/proc/<pid>/stat of the pids pg_stat_activity
 * names). The bare route's CPU per call over a platform call's is the throughput ratio the calls would
 * have on a machine doing nothing else (everything shares its cores), and moves far less between runs.
 *
 *   npx tsx bench/current-user.ts [--db pglite,postgres] [--pg] [--duration 10] [--connections 10] [--workers 1]
 *
 * PGlite in memory and PostgreSQL in one run by default (--pg: PostgreSQL only); PostgreSQL uses a
 * throwaway database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped at
 * the end. Figures are printed and written to bench/results/current-user-<db>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../apps/server/src/seed/demo.js';

// The app is the tests' (apps/server/test/helpers.ts), whose throwaway PostgreSQL database is made on TEST_PG_URL.
if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
const { createTestApp } = await import('../apps/server/test/helpers.js');

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    db: { type: 'string', default: 'pglite,postgres' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    workers: { type: 'string', default: '1' },
  },
});
const kinds = (args.pg ? 'postgres' : args.db).split(',') as ('pglite' | 'postgres')[];
if (!kinds.length || kinds.some((k) => k !== 'pglite' && k !== 'postgres')) throw new Error('--db: pglite, postgres or both');
const duration = Number(args.duration);
const connections = Number(args.connections);
const workers = Number(args.workers);
if (!(duration > 0 && connections > 0 && workers >= 0))
  throw new Error('--duration and --connections must be positive numbers, --workers 0 or more');
const PLATFORM_PATH = '/api/v2/platform-public/customer-user/current';
/** A typical list call: the first page of 20 devices and their total (issue 16), counted because the page is full. */
const LIST_PATH = '/api/v2/device/page';
const LIST_BODY = JSON.stringify({ pageOffset: 1, pageSize: 20 });

// Whatever was opened, closed in reverse order at the end, also when a step fails.
const cleanups: (() => unknown)[] = [];
async function closeAll() {
  for (const close of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(close)
      .catch((err) => console.error('cleanup:', err));
}

async function run(kind: 'pglite' | 'postgres'): Promise<boolean> {
  // 1. The real app on the chosen database, seeded with the demo.
  const t = await createTestApp(kind);
  cleanups.push(() => t.close());
  const { app, database } = t;
  const platformUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const backendPids = async () =>
    kind === 'postgres'
      ? (
          (await database.system.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as {
            rows: { pid: number }[];
          }
        ).rows.map((r) => r.pid)
      : [];

  // 2. The bare route: same envelope, no session, no database.
  const bare = fastify({ logger: false });
  cleanups.push(() => bare.close());
  bare.post('/bare', async () => ({
    code: 0,
    data: { muid: 'c0ffee00-0001-4000-8000-000000000001', username: 'alice', name: 'Alice Chen' },
    msg: 'success',
  }));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  // Sunrise's 18 demo devices twice more, so that the first page is full and its total is counted
  await database.system.execute(sql`
    insert into device (tenant_id, code, name, device_type_id, customer_mcid, ou_id, lng, lat, address, rated_power_kw)
    select tenant_id, code || '-B' || n, name || ' ' || n, device_type_id, customer_mcid, ou_id, lng, lat, address, rated_power_kw
      from device, generate_series(1, 2) n where tenant_id = ${DEMO_TENANTS.sunrise}`);

  // 3. Sign in as alice; every /api call carries both cookies and the jwtToken header.
  const login = await fetch(`${platformUrl}/server/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const jar = Object.fromEntries(login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const token = jar.jwtToken!;
  const platformHeaders = { 'content-type': 'application/json', cookie: `SESSION=${jar.SESSION}; jwtToken=${token}`, jwtToken: token };
  const check = await fetch(`${platformUrl}${PLATFORM_PATH}`, { method: 'POST', headers: platformHeaders, body: '{}' });
  const checkBody = (await check.json()) as { code: number };
  if (check.status !== 200 || checkBody.code !== 0)
    throw new Error(`${PLATFORM_PATH} answered ${check.status} ${JSON.stringify(checkBody)}`);

  const listCheck = await fetch(`${platformUrl}${LIST_PATH}`, { method: 'POST', headers: platformHeaders, body: LIST_BODY });
  const listBody = (await listCheck.json()) as { code: number; data?: { list?: unknown[]; totalCount?: number } };
  if (listCheck.status !== 200 || listBody.code !== 0 || listBody.data?.list?.length !== 20 || !(listBody.data.totalCount! > 20))
    throw new Error(`${LIST_PATH} answered ${listCheck.status} ${JSON.stringify(listBody).slice(0, 300)}`);

  // 4. Warm-up then the measured run, for each target.
  const bareFigures = await measure(`${bareUrl}/bare`, { 'content-type': 'application/json' }, '{}', async () => []);
  const platformFigures = await measure(`${platformUrl}${PLATFORM_PATH}`, platformHeaders, '{}', backendPids);
  const listFigures = await measure(`${platformUrl}${LIST_PATH}`, platformHeaders, LIST_BODY, backendPids);

  // 5. Report on screen, then (when every platform call succeeded) in bench/results.
  const ratio = platformFigures.rps / bareFigures.rps;
  const listRatio = listFigures.rps / bareFigures.rps;
  const cpuRatio = bareFigures.cpuUsPerCall / platformFigures.cpuUsPerCall;
  const listCpuRatio = bareFigures.cpuUsPerCall / listFigures.cpuUsPerCall;
  const row = (name: string, f: Figures) =>
    `${name.padEnd(30)} ${f.rps.toFixed(0).padStart(9)} ${f.p50.toFixed(0).padStart(9)} ${f.p99.toFixed(0).padStart(9)} ${f.cpuUsPerCall.toFixed(0).padStart(12)}`;
  console.log(
    `\ndatabase: ${database.kind}   connections: ${connections}   duration: ${duration} s   load workers: ${workers}   node ${process.version}`,
  );
  console.log(
    `${'target'.padEnd(30)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'CPU µs/call'.padStart(12)}`,
  );
  console.log(row('bare POST /bare', bareFigures));
  console.log(row('POST customer-user/current', platformFigures));
  console.log(row(`POST device/page (20 of ${listBody.data.totalCount})`, listFigures));
  console.log(`ratio current/bare: ${ratio.toFixed(3)} req/s, ${cpuRatio.toFixed(3)} by CPU per call (aim on PostgreSQL: 0.5)`);
  console.log(
    `ratio device/page/bare: ${listRatio.toFixed(3)} req/s, ${listCpuRatio.toFixed(3)} by CPU per call (aim on PostgreSQL: 0.25; p99 aim under 10 ms)\n`,
  );
  for (const [call, f] of [[PLATFORM_PATH, platformFigures] as const, [LIST_PATH, listFigures] as const]) {
    if (f.non2xx > 0 || f.errors > 0) {
      console.error(`error: ${call} had ${f.non2xx} non-2xx answers and ${f.errors} errors/timeouts`);
      return false;
    }
  }
  const resultsDir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const result = {
    database: database.kind,
    connections,
    durationSeconds: duration,
    workers,
    node: process.version,
    bare: bareFigures,
    platform: platformFigures,
    ratio,
    cpuRatio,
    devicePage: listFigures,
    devicePageRatio: listRatio,
    devicePageCpuRatio: listCpuRatio,
  };
  fs.writeFileSync(path.join(resultsDir, `current-user-${database.kind}.json`), JSON.stringify(result, null, 2) + '\n');
  return true;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time per call: this process (server and load generator) plus the database backends serving it. */
  cpuUsPerCall: number;
}

const TICK_US = 1e6 / 100; // /proc/<pid>/stat counts in clock ticks, 100 per second on Linux

/** CPU time (µs) this process and the given database backends have used so far. */
function cpuUs(pids: number[]): number {
  const own = process.cpuUsage();
  let backends = 0;
  for (const pid of pids) {
    try {
      // the fields after the command name, whose parentheses may hold spaces: utime and stime are the 12th and 13th
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      backends += (Number(fields[11]) + Number(fields[12])) * TICK_US;
    } catch {
      // a backend that ended during the run: its time is lost (pool connections live through a run)
    }
  }
  return own.user + own.system + backends;
}

/** A 2-second warm-up, then the measured run. */
async function measure(url: string, headers: Record<string, string>, body: string, pidsOf: () => Promise<number[]>): Promise<Figures> {
  const opts = { url, method: 'POST' as const, headers, body, connections, ...(workers > 0 ? { workers } : {}) };
  await autocannon({ ...opts, duration: 2 });
  const pids = await pidsOf();
  const before = cpuUs(pids);
  const r = await autocannon({ ...opts, duration });
  const used = cpuUs(pids) - before;
  return {
    cpuUsPerCall: used / Math.max(1, r.requests.total),
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

// 6. Close everything; exit 1 on a failed check or any error.
let ok = false;
try {
  ok = true;
  for (const kind of kinds) {
    ok = (await run(kind)) && ok;
    await closeAll();
  }
} catch (err) {
  ok = false;
  console.error(err);
} finally {
  await closeAll();
}
process.exit(ok ? 0 : 1);
