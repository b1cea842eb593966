import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { deviceAlarmDestination } from '../src/realtime/push.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type TestApp } from './helpers.js';
import { connectDevice, deviceByCode, publish, type Credentials } from './mqtt-helpers.js';
import { stompClient, until, wsUrlOf, type StompTestClient } from './stomp-helpers.js';

/**
 * Issue 6: with two server processes sharing PostgreSQL and Redis, a staff connected to one receives an
 * alarm raised on the other. Process one is this test's app (its ingest off, so it can raise nothing);
 * process two is the real server (`src/server.ts`) started as a child process on the same database and
 * Redis, with its own embedded MQTT broker. A reading published to process two's broker raises the alarm
 * there; alice's STOMP session on process one gets the MESSAGE through Redis.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const RULE = 'Power factor low (two processes)';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe.skipIf(!DB_KINDS.includes('postgres'))('an alarm raised on one server process reaches a staff on another', () => {
  const prefix = `energy-test-${randomBytes(6).toString('hex')}:`;
  let one: TestApp;
  let two: ChildProcess | undefined;
  let twoOutput = '';
  let creds: Credentials;
  let device: MqttClient | undefined;
  let client: StompTestClient | undefined;

  beforeAll(async () => {
    one = await createTestApp('postgres', { redisUrl: REDIS_URL, redisPrefix: prefix, ingest: { enabled: false } });
    const httpOne = await one.app.listen({ host: '127.0.0.1', port: 0 });

    // the rule exists before process two starts (a process reads the rules at start, then every minute)
    const alice = await signIn(one, 'alice');
    const found = await deviceByCode(alice, 'SZ-01-GM-01');
    creds = found.creds;
    const detail = (await alice.post('/api/v2/device/detail', { id: found.id })).body.data;
    const pf = detail.properties.find((p: { key: string }) => p.key === 'pf');
    const rule = await alice.post('/api/v2/device-alarm/rule/create', {
      name: RULE,
      deviceTypeId: detail.deviceTypeId,
      propertyId: pf.id,
      condition: 'LT',
      threshold: 0.5,
      durationSeconds: 0,
      level: 1,
      ouId: null,
      deviceIds: [found.id],
    });
    expect(rule.body.code, JSON.stringify(rule.body)).toBe(0);

    const staffId = (await demoIds(one)).staffId['SR-ALICE']!;
    client = stompClient(wsUrlOf(httpOne), { cookie: alice.cookie, token: alice.token });
    await client.connected;
    client.client.subscribe(deviceAlarmDestination(staffId), (m) => client!.messages.push(m));

    const [httpPort, brokerPort] = [await freePort(), await freePort()];
    two = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: one.config.databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        MQTT_PORT: String(brokerPort),
        MQTT_HOST: '127.0.0.1',
        SEED_DEMO: '0',
        DEMO_LIVE: '0',
        LOG_LEVEL: 'warn',
        DATA_DIR: one.config.dataDir,
        WEB_DIST: path.join(one.config.dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    two.stdout!.on('data', (d: Buffer) => (twoOutput += d.toString()));
    two.stderr!.on('data', (d: Buffer) => (twoOutput += d.toString()));
    await until(() => twoOutput.includes('Energy platform is running') || two!.exitCode !== null, 60_000, 'process two to start');
    expect(two.exitCode, twoOutput).toBeNull();
    // the broker moves to the next free port when its port is taken: the banner says where it listens
    const mqttPort = Number(/embedded broker on port (\d+)/.exec(twoOutput)?.[1] ?? brokerPort);
    device = await connectDevice(`mqtt://127.0.0.1:${mqttPort}`, creds);
  }, 90_000);

  afterAll(async () => {
    device?.end(true);
    await client?.client.deactivate({ force: true });
    if (two && two.exitCode === null) {
      const exited = new Promise((r) => two!.once('exit', r));
      two.kill('SIGTERM');
      await exited;
    }
    await one?.close();
  });

  it('raises on process two and pushes to the session on process one', async () => {
    await publish(device!, creds.topic, { ts: Date.now(), values: { pf: 0.21 } });
    await until(() => client!.messages.length > 0, 10_000, 'the push from process two');
    expect(JSON.parse(client!.messages[0]!.body)).toMatchObject({ ruleName: RULE, level: 1, readState: false });
    // process one's ingest is off: the alarm in the shared database was raised by process two
    expect(one.services.push.distributed).toBe(true);
    const [row] = await rowsOf<{ n: number }>(
      one.database.system,
      sql`select count(*)::int as n from alarm_log where rule_name = ${RULE} and state = 0`,
    );
    expect(row!.n).toBe(1);
  }, 30_000);
});
