import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { rowsOf } from '../src/db/sql.js';
import { deviceAlarmDestination, serverAlarmDestination } from '../src/realtime/push.js';
import { createTestApp, DB_KINDS, demoIds, signIn, switchToTenant, type TestApp } from './helpers.js';
import { sleep, stompClient, until, wsUrlOf, type StompTestClient } from './stomp-helpers.js';

// The machine's Redis; each run uses its own channel prefix and checks that it left no keys behind.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const realtime = { ...loadConfig({}).realtime, revalidateMs: 60_000 };

// Two server processes (two apps on one PostgreSQL database), one Redis between them.
describe.skipIf(!DB_KINDS.includes('postgres'))('pushes across processes through Redis', () => {
  const prefix = `energy-test-${randomBytes(6).toString('hex')}:`;
  let one: TestApp;
  let two: App;
  let urls: [string, string];
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const clients: StompTestClient[] = [];

  beforeAll(async () => {
    one = await createTestApp('postgres', { redisUrl: REDIS_URL, redisPrefix: prefix, realtime, ingest: { enabled: false } });
    two = await buildApp(one.config, one.database, { logger: false });
    urls = [wsUrlOf(await one.app.listen({ host: '127.0.0.1', port: 0 })), wsUrlOf(await two.app.listen({ host: '127.0.0.1', port: 0 }))];
    ids = await demoIds(one);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.client.deactivate({ force: true });
  });
  afterAll(async () => {
    await two?.app.close();
    await one?.close();
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.keys(`${prefix}*`)).toEqual([]); // pub/sub stores nothing
    } finally {
      redis.disconnect();
    }
  });

  const connect = async (url: string, s: { cookie: string; token: string }, destinations: string[]) => {
    const c = stompClient(url, s);
    clients.push(c);
    await c.connected;
    destinations.forEach((d, i) => c.client.subscribe(d, (m) => c.messages.push(m), { receipt: `r${i}` }));
    await new Promise<void>((resolve) => c.client.watchForReceipt(`r${destinations.length - 1}`, () => resolve()));
    return c;
  };

  it("delivers what either process publishes to the other's clients, once", async () => {
    expect(one.services.push.distributed).toBe(true);
    const alice = await signIn(one, 'alice');
    const staffId = ids.staffId['SR-ALICE']!;
    const onOne = await connect(urls[0], alice, [deviceAlarmDestination(staffId)]);
    const onTwo = await connect(urls[1], alice, [deviceAlarmDestination(staffId), serverAlarmDestination(staffId)]);

    two.services.push.publish(deviceAlarmDestination(staffId), { alarmId: 1, from: 'two' });
    one.services.push.publish(serverAlarmDestination(staffId), { recordId: 2, from: 'one' });
    one.services.push.publish(deviceAlarmDestination(staffId), { alarmId: 3, from: 'one' });
    await until(() => onOne.messages.length === 2 && onTwo.messages.length === 3, 5000, 'the pushes');
    await sleep(200); // nothing comes twice (a process skips its own messages coming back from Redis)
    // order is kept per publishing process; a local push can overtake one coming through Redis
    const bodies = (c: StompTestClient) => c.messages.map((m) => `${m.headers.destination} ${m.body}`).sort();
    expect(bodies(onOne)).toEqual([
      `${deviceAlarmDestination(staffId)} {"alarmId":1,"from":"two"}`,
      `${deviceAlarmDestination(staffId)} {"alarmId":3,"from":"one"}`,
    ]);
    expect(bodies(onTwo)).toEqual([
      `${deviceAlarmDestination(staffId)} {"alarmId":1,"from":"two"}`,
      `${deviceAlarmDestination(staffId)} {"alarmId":3,"from":"one"}`,
      `${serverAlarmDestination(staffId)} {"recordId":2,"from":"one"}`,
    ]);
  });

  it('a rule created on one process applies on the other at once, and the alarm and its recovery are pushed across', async () => {
    const alice = await signIn(one, 'alice');
    const staffId = ids.staffId['SR-ALICE']!;
    const onOne = await connect(urls[0], alice, [deviceAlarmDestination(staffId)]);
    const [gm] = await rowsOf<{ id: number; type_id: number; prop_id: number }>(
      one.database.system,
      sql`select d.id, d.device_type_id as type_id, p.id as prop_id from device d join data_property p on p.device_type_id = d.device_type_id
          where d.code = 'SZ-01-GM-01' and p.key = 'p'`,
    );
    const device = Number(gm!.id);
    const write = async (value: number, ts = Date.now()) => {
      await two.ingest.writeReadings([{ deviceId: device, ts: new Date(ts), values: { p: value } }]);
      await two.services.alarmEvaluator.settled();
    };
    await write(1, Date.now() - 5_000); // process two has read (and caches, for a minute) the rules

    const created = await alice.post('/api/v2/device-alarm/rule/create', {
      name: 'Across processes',
      description: null,
      deviceTypeId: Number(gm!.type_id),
      propertyId: Number(gm!.prop_id),
      condition: 'GT',
      threshold: 100_000,
      durationSeconds: 0,
      level: 1,
      ouId: ids.ouId['SZ-01'],
      deviceIds: [],
      enabled: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const ruleId = (created.body.data as { id: number }).id;
    const alarms = () =>
      rowsOf<{ id: number; state: number }>(
        one.database.system,
        sql`select id, state from alarm_log where rule_id = ${ruleId} order by id`,
      );
    // within 2 s rather than the minute the cache would keep the old rules for
    await until(
      async () => {
        await write(150_000);
        return (await alarms()).length === 1;
      },
      2_000,
      'the new rule to raise on the other process',
    );
    const [raised] = await alarms();
    await until(() => onOne.messages.some((m) => JSON.parse(m.body).alarmId === raised!.id), 2_000, 'the raise pushed across');
    expect(JSON.parse(onOne.messages.find((m) => JSON.parse(m.body).alarmId === raised!.id)!.body)).toMatchObject({
      ruleName: 'Across processes',
      readState: false,
      recoverTime: null,
    });

    await write(50_000); // the condition clears on process two: the recovery reaches alice's socket on process one
    await until(() => onOne.messages.some((m) => JSON.parse(m.body).recoverTime), 2_000, 'the recovery pushed across');
    const recovery = JSON.parse(onOne.messages.find((m) => JSON.parse(m.body).recoverTime)!.body);
    expect(recovery).toMatchObject({ alarmId: raised!.id, ruleName: 'Across processes', level: 1, readState: false });
    expect(Date.parse(recovery.recoverTime)).toBeGreaterThan(0);
    expect((await alarms())[0]!.state).toBe(1);

    // disabled on process one: process two stops raising at once
    expect((await alice.post('/api/v2/device-alarm/rule/status', { id: ruleId, enabled: false })).status).toBe(200);
    await sleep(300); // the signal's way through Redis
    await write(150_000);
    expect(await alarms()).toHaveLength(1);
    await alice.post('/api/v2/device-alarm/rule/delete', { id: ruleId });
  });

  it('closes the sockets of a session on every process when it signs out or switches staff on one', async () => {
    const s = await signIn(one, 'alice');
    const onTwo = await connect(urls[1], s, [deviceAlarmDestination(ids.staffId['SR-ALICE']!)]);
    await switchToTenant(s, 'Harbor Logistics'); // through process one
    expect((await onTwo.error).headers.message).toMatch(/session has ended/);

    const again = await connect(urls[1], s, [deviceAlarmDestination(ids.staffId['HB-ALICE']!)]);
    const bystander = await connect(urls[1], await signIn(one, 'bob'), [deviceAlarmDestination(ids.staffId['SR-BOB']!)]);
    expect((await s.call('POST', '/server/logout')).status).toBe(200);
    expect((await again.error).headers.message).toMatch(/session has ended/);
    expect(await again.closed).toBe(1008);
    expect(bystander.client.connected).toBe(true);
  });

  it('refuses to start when Redis cannot be reached', async () => {
    await expect(buildApp({ ...one.config, redisUrl: 'redis://127.0.0.1:1' }, one.database, { logger: false })).rejects.toThrow(
      /cannot use Redis at REDIS_URL/,
    );
  });
});
