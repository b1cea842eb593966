/**
 * The OCPP 1.6J central system under 1,000 charge points (issue 23): each connects to /ocpp/{id} with its
 * basic-auth password, starts a transaction, then sends MeterValues every 10 s (staggered over the
 * interval) for the run. Prints MeterValues handled per second and the p50/p99/max time from sending a
 * MeterValues frame to its CALLRESULT; the central system answers only after the reading's row is
 * committed (owner connection, autocommit), so that time bounds "frame to committed row" from above.
 * After the run the bench counts the committed rows and checks it against the answers.
 *
 * Baseline, same run, same clients: a bare `ws` server (subprotocol ocpp1.6) that answers each CALL at
 * once with an empty CALLRESULT, without parsing beyond the message id.
 *
 * The clients (ocpp-rpc's RPCClient, as the simulator and the tests use) run in a worker thread, so the
 * server has the main thread to itself (on a 2-core machine they still share the cores).
 *
 *   npx tsx bench/ocpp.ts [--pg] [--clients 1000] [--interval 10] [--duration 60]
 *
 * Figures are printed and written to bench/results/ocpp.json.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { RPCClient } from 'ocpp-rpc';
import { WebSocketServer } from 'ws';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const CONNECT_BATCH = 50;

interface Job {
  url: string;
  identities: string[];
  password: string;
  intervalMs: number;
  durationMs: number;
}
interface Result {
  sent: number;
  answered: number;
  failed: number;
  latencies: number[];
  seconds: number;
  connectSeconds: number;
}

async function clients(job: Job) {
  const connectStart = performance.now();
  const all: RPCClient[] = [];
  for (let i = 0; i < job.identities.length; i += CONNECT_BATCH) {
    const batch = job.identities.slice(i, i + CONNECT_BATCH).map(async (identity) => {
      const c = new RPCClient({
        endpoint: job.url,
        identity,
        password: job.password,
        protocols: ['ocpp1.6'],
        strictMode: false,
        reconnect: false,
        callTimeoutMs: 60_000,
      } as unknown as ConstructorParameters<typeof RPCClient>[0]);
      await c.connect();
      all.push(c);
    });
    await Promise.all(batch);
  }
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const tx = new Map<RPCClient, number>();
  await Promise.all(
    all.map(async (c) => {
      const r = (await c.call('StartTransaction', {
        connectorId: 1,
        idTag: 'BENCH',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      })) as {
        transactionId?: number;
      };
      tx.set(c, r.transactionId ?? 1);
    }),
  );
  const latencies: number[] = [];
  let sent = 0;
  let answered = 0;
  let failed = 0;
  const started = performance.now();
  const end = started + job.durationMs;
  const loops = all.map(async (c, k) => {
    await sleep((job.intervalMs * k) / all.length);
    let wh = 0;
    while (performance.now() < end) {
      const next = performance.now() + job.intervalMs;
      wh += 250;
      const t0 = performance.now();
      sent++;
      try {
        await c.call('MeterValues', {
          connectorId: 1,
          transactionId: tx.get(c),
          meterValue: [
            {
              timestamp: new Date().toISOString(),
              sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
            },
          ],
        });
        answered++;
        latencies.push(performance.now() - t0);
      } catch {
        failed++;
      }
      await sleep(Math.max(0, next - performance.now()));
    }
  });
  await Promise.all(loops);
  // the send window (the last answers and the idle tail after them are not in it)
  const seconds = job.durationMs / 1000;
  await Promise.all(all.map((c) => c.close({ force: true }).catch(() => {})));
  parentPort!.postMessage({ sent, answered, failed, latencies, seconds, connectSeconds } satisfies Result);
}

function run(job: Job): Promise<Result> {
  return new Promise((resolve, reject) => {
    const w = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`,
      { eval: true, workerData: job },
    );
    w.once('message', (m: Result) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
function summary(r: Result) {
  const s = [...r.latencies].sort((a, b) => a - b);
  return {
    connectSeconds: +r.connectSeconds.toFixed(1),
    sent: r.sent,
    answered: r.answered,
    failed: r.failed,
    perSecond: Math.round(r.answered / r.seconds),
    p50: +pct(s, 50).toFixed(1),
    p99: +pct(s, 99).toFixed(1),
    max: +(s.at(-1) ?? NaN).toFixed(1),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      pg: { type: 'boolean', default: false },
      clients: { type: 'string', default: '1000' },
      interval: { type: 'string', default: '10' },
      duration: { type: 'string', default: '60' },
    },
  });
  const n = Number(values.clients);
  const intervalMs = Number(values.interval) * 1000;
  const durationMs = Number(values.duration) * 1000;
  const identities = Array.from({ length: n }, (_, i) => `BENCH-${String(i + 1).padStart(5, '0')}`);
  const password = 'bench-password-0123456789';

  // --- baseline: a bare ws server answering every CALL at once
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'ocpp1.6' });
  wss.on('connection', (ws) =>
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as [number, string];
      if (msg[0] === 2) ws.send(JSON.stringify([3, msg[1], {}]));
    }),
  );
  await new Promise((r) => wss.once('listening', r));
  const bare = summary(
    await run({ url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ocpp`, identities, password, intervalMs, durationMs }),
  );
  await new Promise((r) => wss.close(r));
  console.log('bare ws echo:', bare);

  // --- the platform: the tests' app, its own database, 1,000 piles with credentials
  const { createTestApp } = await import('../apps/server/test/helpers.js');
  const { hashPassword } = await import('../apps/server/src/domains/auth/passwords.js');
  const { sql } = await import('drizzle-orm');
  const t = await createTestApp(values.pg ? 'postgres' : 'pglite', {}, { alarmHistory: false });
  try {
    const db = t.database.system;
    const hash = await hashPassword(password, { N: 1024, r: 8, p: 1, maxmem: 16 * 1024 * 1024 });
    const tenant = 'a1b2c3d4-0001-4000-8000-000000000001';
    await db.execute(sql`insert into charging_station (tenant_id, code, name, customer_mcid, ou_id)
      select ${tenant}, 'BENCH-CS', 'Bench station', o.customer_mcid, o.id from ou o where o.tenant_id = ${tenant} and o.code = 'SZ-01'`);
    await db.execute(sql`insert into charging_pile (tenant_id, station_id, code, name, vendor, model, rated_power_kw, current_type, ocpp_identity, password_hash)
      select ${tenant}, s.id, i.ident, i.ident, 'Bench', 'B1', 60, 'DC', i.ident, ${hash}
      from charging_station s, unnest(string_to_array(${identities.join(',')}, ',')) as i(ident) where s.code = 'BENCH-CS'`);
    await db.execute(sql`insert into charging_gun (tenant_id, pile_id, number, type, rated_power_kw)
      select ${tenant}, p.id, 1, 'GBT_DC', 60 from charging_pile p where p.vendor = 'Bench'`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ocpp`;
    const raw = await run({ url, identities, password, intervalMs, durationMs });
    const platform = summary(raw);
    const [row] = (
      await db.execute(sql`select count(*)::int as n from charging_meter_value v
      join charging_session s on s.id = v.session_id join charging_pile p on p.id = s.pile_id where p.vendor = 'Bench'`)
    ).rows as { n: number }[];
    const committed = Number(row?.n ?? 0);
    console.log(`platform (${values.pg ? 'PostgreSQL' : 'PGlite'}):`, platform, 'committed rows:', committed);
    const out = {
      at: new Date().toISOString(),
      database: values.pg ? 'postgres' : 'pglite',
      clients: n,
      intervalSeconds: intervalMs / 1000,
      durationSeconds: durationMs / 1000,
      bare,
      platform: { ...platform, committedRows: committed },
    };
    fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    fs.writeFileSync(path.join(import.meta.dirname, 'results', 'ocpp.json'), JSON.stringify(out, null, 2));
  } finally {
    await t.close();
  }
}

if (!isMainThread) await clients(workerData as Job);
else await main();
