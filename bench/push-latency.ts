/**
 * Push latency at 1,000 STOMP sessions: from a publish to the MESSAGE arriving at each client, against
 * a bare `ws` broadcast of the same payload to 1,000 plain WebSocket clients, in the same run.
 *
 * Platform side: the real app (the tests' createTestApp, PGlite in memory by default) and 1,000
 * sessions, each its own: created by SessionService.create (a sign-in without the password hashing,
 * one session row each), all of alice's Sunrise staff. 1,000 real @stomp/stompjs clients over `ws`
 * send the SESSION cookie with the upgrade and GT in CONNECT, and all subscribe to one destination
 * (/ws/alarm/staff/<SR-ALICE>): every publish fans out to 1,000 subscribers.
 *
 * The clients run in a worker thread, so the server has the main thread to itself, as it would with
 * browsers elsewhere (on a 2-core machine they still share the cores). One publish at a time: the next
 * goes once every client has the previous one (or after 5 s), so the figures are latency, not
 * queueing. Latency = the client's receive time minus the time just before the publish step, for
 * every delivery (publishes x clients), on the clock both threads share.
 *
 * The publish step is `publishStep` in platform(): PushHub.publish by default; with --reading it is the
 * whole path of issue 6: a device publishes a reading over MQTT (QoS 1) to the embedded broker, the batch
 * writer commits it, the alarm evaluator raises an alarm for a rule it trips (writing the alarm and its
 * pushes), and the hub fans the push out. Between two publishes (outside the timing) a second reading
 * clears the condition and the bench waits for the recovery, so each publish raises a new alarm.
 *
 *   npx tsx bench/push-latency.ts [--pg] [--redis] [--reading] [--clients 1000] [--publishes 200] [--warmup 20]
 *
 * --redis sets REDIS_URL (redis://127.0.0.1:6379, or BENCH_REDIS_URL): each publish also goes out to
 * Redis (delivery to this process's clients stays local). Figures are printed and written to
 * bench/results/push-latency.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Client } from '@stomp/stompjs';
import { WebSocket, WebSocketServer } from 'ws';

/** One clock for both threads, in ms with sub-ms resolution. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The sequence a MESSAGE answers: `seq` of a hub payload, or the alarm id of a real alarm push (--reading). */
const seqOf = (body: string) => {
  const b = JSON.parse(body) as { seq?: number; alarmId: number };
  return b.seq ?? b.alarmId;
};
const CONNECT_BATCH = 100;

type Target =
  { kind: 'bare'; url: string } | { kind: 'stomp'; url: string; destination: string; sessions: { id: string; token: string }[] };
type FromWorker = { ready: true } | { error: string } | { done: number } | { seqs: Float64Array; times: Float64Array };

if (!isMainThread) await clientsWorker(workerData as { target: Target; clients: number });
else await main();

// --- the clients (worker thread)

async function clientsWorker({ target, clients }: { target: Target; clients: number }) {
  const post = (m: FromWorker) => parentPort!.postMessage(m);
  const seqs: number[] = [];
  const times: number[] = [];
  const counts = new Map<number, number>();
  const delivered = (body: string) => {
    const seq = seqOf(body);
    seqs.push(seq);
    times.push(now());
    const n = (counts.get(seq) ?? 0) + 1;
    counts.set(seq, n);
    if (n === clients) post({ done: seq });
  };
  const open: { close(): unknown }[] = [];
  try {
    for (let i = 0; i < clients; i += CONNECT_BATCH) {
      await Promise.all(
        Array.from({ length: Math.min(CONNECT_BATCH, clients - i) }, (_, j) =>
          target.kind === 'bare' ? bareClient(target.url) : stompClient(target, target.sessions[i + j]!),
        ),
      );
    }
    post({ ready: true });
  } catch (error) {
    post({ error: (error as Error).message });
  }
  parentPort!.on('message', async (m: 'report' | 'close') => {
    if (m === 'report') post({ seqs: Float64Array.from(seqs), times: Float64Array.from(times) });
    else {
      await Promise.all(open.map((c) => c.close()));
      process.exit(0);
    }
  });

  async function bareClient(url: string) {
    const ws = new WebSocket(url);
    ws.on('message', (data: Buffer) => delivered(data.toString()));
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    open.push({ close: () => ws.terminate() });
  }

  async function stompClient(t: Extract<Target, { kind: 'stomp' }>, session: { id: string; token: string }) {
    const client = new Client({
      webSocketFactory: () => new WebSocket(t.url, ['v12.stomp'], { headers: { cookie: `SESSION=${session.id}` } }),
      connectHeaders: { GT: session.token },
      heartbeatIncoming: 30_000,
      heartbeatOutgoing: 10_000,
      reconnectDelay: 0,
      debug: () => {},
    });
    open.push({ close: () => client.deactivate({ force: true }) });
    await new Promise<void>((resolve, reject) => {
      client.onConnect = () => {
        client.subscribe(t.destination, (m) => delivered(m.body), { receipt: 'subscribed' });
        client.watchForReceipt('subscribed', () => resolve());
      };
      client.onStompError = (frame) => reject(new Error(`STOMP ERROR: ${frame.headers.message}`));
      client.onWebSocketClose = (e) => reject(new Error(`socket closed: ${e.code}`));
      client.activate();
    });
  }
}

// --- the servers and the measurement (main thread)

interface Figures {
  clients: number;
  publishes: number;
  deliveries: number;
  missing: number;
  p50: number;
  p99: number;
  max: number;
  /** Median time the publish step itself took (the synchronous fan-out on the server thread). */
  publishStepMs: number;
}

async function main() {
  // The app is the tests' (apps/server/test/helpers.ts), whose throwaway PostgreSQL database is made on TEST_PG_URL.
  if (process.env.BENCH_PG_URL) process.env.TEST_PG_URL = process.env.BENCH_PG_URL;
  const { createTestApp, demoIds } = await import('../apps/server/test/helpers.js');
  const { deviceAlarmDestination } = await import('../apps/server/src/realtime/push.js');

  const { values: args } = parseArgs({
    options: {
      pg: { type: 'boolean', default: false },
      redis: { type: 'boolean', default: false },
      reading: { type: 'boolean', default: false },
      clients: { type: 'string', default: '1000' },
      publishes: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
    },
  });
  const CLIENTS = Number(args.clients);
  const PUBLISHES = Number(args.publishes);
  const WARMUP = Number(args.warmup);
  if (!(CLIENTS > 0 && PUBLISHES > 0 && WARMUP >= 0)) throw new Error('--clients and --publishes must be positive, --warmup 0 or more');

  /** A payload shaped like a device alarm push (spec 000: alarmId, deviceName, alarmTime, ruleName, readState). */
  const payload = (seq: number) => ({
    seq,
    alarmId: 100_000 + seq,
    deviceName: 'SZ-01 inverter 3',
    alarmTime: '2026-11-21 10:00:00',
    ruleName: 'DC voltage above 900 V',
    readState: 0,
  });

  const cleanups: (() => unknown)[] = [];
  async function closeAll() {
    for (const close of cleanups.splice(0).reverse())
      await Promise.resolve()
        .then(close)
        .catch((err) => console.error('cleanup:', err));
  }

  /** Starts the clients' worker on `target`, runs warm-up + measured publishes through `publishStep`. */
  async function measure(
    target: Target,
    publishStep: (seq: number) => void | Promise<void>,
    opts: { keyOf?: (seq: number) => number; between?: () => Promise<void> } = {},
  ): Promise<Figures> {
    const keyOf = opts.keyOf ?? ((seq: number) => seq);
    // this same file, loaded through tsx in the worker too
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`,
      { eval: true, workerData: { target, clients: CLIENTS } },
    );
    cleanups.push(() => worker.terminate());
    let waiting: ((m: FromWorker) => void) | undefined;
    worker.on('message', (m: FromWorker) => waiting?.(m));
    worker.on('error', (err) => waiting?.({ error: err.message }));
    const next = (ms: number) => Promise.race([new Promise<FromWorker>((resolve) => (waiting = resolve)), sleep(ms).then(() => undefined)]);
    const ready = await next(120_000);
    if (!ready || !('ready' in ready)) throw new Error(`clients did not connect: ${ready && 'error' in ready ? ready.error : 'timed out'}`);

    const sentAt = new Map<number, number>();
    const stepMs: number[] = [];
    for (let seq = 0; seq < WARMUP + PUBLISHES; seq++) {
      const key = keyOf(seq);
      const done = new Promise<boolean>((resolve) => (waiting = (m) => 'done' in m && m.done === key && resolve(true)));
      const t0 = now();
      sentAt.set(key, t0);
      await publishStep(seq);
      stepMs.push(now() - t0);
      await Promise.race([done, sleep(5000)]);
      await (opts.between?.() ?? sleep(5));
    }
    worker.postMessage('report');
    const report = await new Promise<FromWorker>((resolve) => (waiting = (m) => 'seqs' in m && resolve(m)));
    if (!('seqs' in report)) throw new Error('no report from the clients');
    const latencies: number[] = [];
    const measured = new Set(Array.from({ length: PUBLISHES }, (_, i) => keyOf(WARMUP + i)));
    report.seqs.forEach((key, i) => measured.has(key) && latencies.push(report.times[i]! - sentAt.get(key)!));
    latencies.sort((a, b) => a - b);
    worker.postMessage('close');
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    stepMs.sort((a, b) => a - b);
    return {
      clients: CLIENTS,
      publishes: PUBLISHES,
      deliveries: latencies.length,
      missing: PUBLISHES * CLIENTS - latencies.length,
      p50: at(0.5),
      p99: at(0.99),
      max: latencies.at(-1) ?? NaN,
      publishStepMs: stepMs[Math.floor(stepMs.length / 2)]!,
    };
  }

  /** The baseline: a plain ws server broadcasting the JSON to plain clients. */
  async function bare(): Promise<Figures> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    cleanups.push(() => new Promise((resolve) => wss.close(resolve)));
    await new Promise((resolve) => wss.once('listening', resolve));
    const { port } = wss.address() as { port: number };
    return measure({ kind: 'bare', url: `ws://127.0.0.1:${port}` }, (seq) => {
      const json = JSON.stringify(payload(seq));
      for (const client of wss.clients) client.send(json);
    });
  }

  /** The platform: STOMP over /ws/platform through the PushHub. */
  async function platform(): Promise<Figures & { database: string; redis: boolean; path: string }> {
    const redisUrl = args.redis ? (process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
    const t = await createTestApp(args.pg ? 'postgres' : 'pglite', { redisUrl, redisPrefix: `bench-${process.pid}:` });
    cleanups.push(() => t.close());
    const url = `${(await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws')}/ws/platform`;
    const ids = await demoIds(t);
    const staffId = ids.staffId['SR-ALICE']!;
    const destination = deviceAlarmDestination(staffId);
    const sessions: { id: string; token: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) sessions.push(await t.services.sessions.create(ids.muid.alice!, staffId, '127.0.0.1'));

    const target: Target = { kind: 'stomp', url, destination, sessions };
    const figures = args.reading
      ? await measure(target, ...(await readingPath(t)))
      : await measure(target, (seq) => t.services.push.publish(destination, payload(seq)));
    return { ...figures, database: t.database.kind, redis: t.services.push.distributed, path: args.reading ? 'mqtt-reading' : 'hub' };
  }

  /** --reading: an alarm rule on the Suzhou grid meter's power factor, and the device publishing over MQTT. */
  async function readingPath(t: Awaited<ReturnType<typeof createTestApp>>) {
    const { signIn } = await import('../apps/server/test/helpers.js');
    const { connectDevice, deviceByCode, publish } = await import('../apps/server/test/mqtt-helpers.js');
    const { rowsOf } = await import('../apps/server/src/db/sql.js');
    const { sql } = await import('drizzle-orm');
    const alice = await signIn(t, 'alice');
    const meter = await deviceByCode(alice, 'SZ-01-GM-01');
    const detail = (await alice.post('/api/v2/device/detail', { id: meter.id })).body.data;
    const pf = detail.properties.find((p: { key: string }) => p.key === 'pf');
    const rule = await alice.post('/api/v2/device-alarm/rule/create', {
      name: 'Power factor low (bench)',
      deviceTypeId: detail.deviceTypeId,
      propertyId: pf.id,
      condition: 'LT',
      threshold: 0.5,
      durationSeconds: 0,
      level: 0,
      ouId: null,
      deviceIds: [meter.id],
    });
    if (rule.body.code !== 0) throw new Error(`rule: ${JSON.stringify(rule.body)}`);
    const device = await connectDevice(`mqtt://127.0.0.1:${t.ingest.mqttPort}`, meter.creds);
    cleanups.push(() => device.end(true));
    // alarm ids come from the table's sequence: the n-th raise of this run gets first + n
    const [{ id: taken }] = await rowsOf<{ id: number }>(
      t.database.system,
      sql`select nextval(pg_get_serial_sequence('alarm_log', 'id'))::int as id`,
    );
    let ts = Date.now();
    const next = () => (ts = Math.max(Date.now(), ts + 1));
    const step = (_seq: number) => publish(device, meter.creds.topic, { ts: next(), values: { pf: 0.2 } });
    const between = async () => {
      await publish(device, meter.creds.topic, { ts: next(), values: { pf: 0.97 } });
      for (let i = 0; i < 500; i++) {
        const [active] = await rowsOf<{ n: number }>(t.database.system, sql`select count(*)::int as n from alarm_log where state = 0`);
        if (active!.n === 0) return;
        await sleep(2);
      }
      throw new Error('the alarm did not recover');
    };
    return [step, { keyOf: (seq: number) => taken! + 1 + seq, between }] as const;
  }

  let ok = false;
  try {
    const baseline = await bare();
    await closeAll();
    const stomp = await platform();
    const row = (name: string, f: Figures) =>
      [
        name.padEnd(30),
        String(f.clients).padStart(7),
        String(f.deliveries).padStart(10),
        f.p50.toFixed(2).padStart(8),
        f.p99.toFixed(2).padStart(8),
        f.max.toFixed(2).padStart(8),
        f.publishStepMs.toFixed(2).padStart(10),
      ].join(' ');
    console.log(
      `\ndatabase: ${stomp.database}   redis: ${stomp.redis ? 'on' : 'off'}   publishes: ${PUBLISHES} (+${WARMUP} warm-up)   node ${process.version}`,
    );
    console.log(
      [
        'target'.padEnd(30),
        'clients'.padStart(7),
        'deliveries'.padStart(10),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
        'max ms'.padStart(8),
        'publish ms'.padStart(10),
      ].join(' '),
    );
    console.log(row('bare ws broadcast', baseline));
    console.log(row(args.reading ? 'MQTT reading -> alarm -> STOMP' : 'STOMP /ws/platform (PushHub)', stomp));
    console.log(`p99 STOMP / bare: ${(stomp.p99 / baseline.p99).toFixed(2)}   aim: p99 under 50 ms at 1,000 sessions\n`);
    const resultsDir = path.join(import.meta.dirname, 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, args.reading ? 'push-latency-reading.json' : 'push-latency.json'),
      JSON.stringify({ node: process.version, warmup: WARMUP, bare: baseline, stomp }, null, 2) + '\n',
    );
    ok = baseline.missing === 0 && stomp.missing === 0;
    if (!ok) console.error(`error: deliveries missing (bare ${baseline.missing}, STOMP ${stomp.missing})`);
  } catch (err) {
    console.error(err);
  } finally {
    await closeAll();
  }
  process.exit(ok ? 0 : 1);
}
