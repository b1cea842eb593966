import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';
import { connectDevice, deviceByCode, publish, type Credentials } from './mqtt-helpers.js';

type Rows<T> = { rows: T[] };
const T0 = Date.parse('2026-03-10T02:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(DB_KINDS)('telemetry over the embedded MQTT broker on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let url: string;
  let meter: { id: number; creds: Credentials };
  let pcs: { id: number; creds: Credentials };
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    url = `mqtt://127.0.0.1:${t.ingest.mqttPort}`;
    meter = await deviceByCode(alice, 'SZ-01-FM-01');
    pcs = await deviceByCode(alice, 'SZ-01-PCS-01');
  });
  afterAll(() => t?.close());

  const count = async (deviceId: number) =>
    (
      (await t.database.system.execute(
        sql`select count(*)::int as n from telemetry_raw where device_id = ${deviceId}`,
      )) as unknown as Rows<{ n: number }>
    ).rows[0]!.n;

  it('authenticates devices and keeps each to its own topics', async () => {
    await expect(connectDevice(url, { username: meter.creds.username, password: 'wrong' })).rejects.toThrow(
      /Bad username or password|Not authorized/i,
    );
    await expect(connectDevice(url, { username: 'dnobody', password: 'x' })).rejects.toThrow();
    const client = await connectDevice(url, meter.creds);
    expect((await client.subscribeAsync(`devices/${meter.creds.username}/commands/#`, { qos: 1 }))[0]!.qos).toBe(1);
    for (const filter of [`devices/${pcs.creds.username}/commands/#`, '#', 'devices/+/telemetry'])
      await expect(client.subscribeAsync(filter, { qos: 1 }), filter).rejects.toThrow(/Subscribe error/);
    // publishing on another device's topic ends the connection, and writes nothing
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(pcs.creds.topic, JSON.stringify({ values: { soc: 50 } }), { qos: 1 });
    await closed;
    client.end(true);
    expect(await count(pcs.id)).toBe(0);
  });

  it('acknowledges a reading only once it is stored, single and batched, and counts what it refuses', async () => {
    const client = await connectDevice(url, meter.creds);
    await publish(client, meter.creds.topic, { ts: T0, values: { p: 120.5, e_imp: 1000 } });
    // PUBACK came after the commit: the rows are there now
    expect(await count(meter.id)).toBe(2);
    await publish(client, meter.creds.topic, {
      readings: [
        { ts: iso(T0 + 60_000), values: { p: 130, e_imp: 1002, v_a: 231.2 } },
        { ts: T0 + 120_000, values: { p: 'high', bogus: 1, e_imp: 1004 } },
        { ts: Date.now() + 3_600_000, values: { p: 1 } },
        { ts: 'yesterday', values: { p: 1 } },
      ],
    });
    await publish(client, meter.creds.topic, '{"ts": 1, "values": {');
    await publish(client, meter.creds.topic, '{"values": {"p": 1e999}}');
    await publish(client, meter.creds.topic, { ts: T0, values: { p: 120.5, e_imp: 1000 } }); // duplicate
    await publish(client, pcs.creds.topic.replace(pcs.creds.username, meter.creds.username).replace('telemetry', 'status'), {
      online: true,
    });
    client.end();
    expect(await count(meter.id)).toBe(6);
    const detail = (await alice.post('/api/v2/device/detail', { id: meter.id })).body.data;
    const reasons = Object.fromEntries(detail.rejections.map((r: { reason: string; count: number }) => [r.reason, r.count]));
    expect(reasons).toEqual({ not_a_number: 2, unknown_property: 1, future_timestamp: 1, bad_timestamp: 1, malformed_json: 1 });
    expect(detail.rejections.find((r: { reason: string }) => r.reason === 'unknown_property').lastDetail).toContain('bogus');
    expect(detail.online).toBe(true);
    expect(detail.lastSeenAt).not.toBeNull();

    const raw = (await alice.post('/api/v2/device/dataProperty/raw', { deviceId: meter.id, from: iso(T0), to: iso(T0 + 3_600_000) })).body
      .data;
    const byKey = Object.fromEntries(
      raw.properties.map((p: { key: string; points: { ts: number; value: number }[] }) => [p.key, p.points]),
    );
    expect(byKey.p).toEqual([
      { ts: T0, value: 120.5 },
      { ts: T0 + 60_000, value: 130 },
    ]);
    expect(byKey.e_imp.map((x: { value: number }) => x.value)).toEqual([1000, 1002, 1004]);
    const recent = (await alice.post('/api/v2/device/dataProperty/recent', { deviceId: meter.id, propertyKeys: ['e_imp', 'pf'] })).body
      .data;
    expect(recent.values).toMatchObject([
      { key: 'e_imp', ts: T0 + 120_000, value: 1004 },
      { key: 'pf', ts: null, value: null },
    ]);
    const stats = (await alice.post('/api/v2/device/ingest/stats', { deviceId: meter.id })).body.data;
    expect(stats.map((s: { reason: string }) => s.reason).sort()).toEqual(Object.keys(reasons).sort());
  });

  it('lands late readings in the right buckets and keeps counters robust across resets and jumps', async () => {
    const client = await connectDevice(url, pcs.creds);
    const day = Date.parse('2026-03-11T00:00:00Z');
    const at = (min: number) => day + min * 60_000;
    // in order, then one late reading in between, then a reset (new meter from 0) and a giant jump
    await publish(client, pcs.creds.topic, {
      readings: [0, 10, 20, 40].map((m, i) => ({ ts: at(m), values: { e_dis: 100 + i * 10, soc: 50 + i } })),
    });
    await publish(client, pcs.creds.topic, { ts: at(30), values: { e_dis: 125, soc: 90 } }); // late, in bucket 30..45
    await publish(client, pcs.creds.topic, { ts: at(50), values: { e_dis: 4 } }); // reset: counts 4
    await publish(client, pcs.creds.topic, { ts: at(55), values: { e_dis: 1e9 } }); // implausible jump: ignored
    await publish(client, pcs.creds.topic, { ts: at(58), values: { e_dis: 1e9 + 2 } }); // counting resumes from the new level
    client.end();
    const body = { deviceId: pcs.id, from: iso(day), to: iso(at(60)), interval: '15m' };
    const cum = (await alice.post('/api/v2/device/dataProperty/resampled/cumulative', { ...body, propertyKeys: ['e_dis'] })).body.data;
    // buckets: [0,15): 100,110 -> +10; [15,30): 120 -> +10; [30,45): 125,130 -> +5 +5; [45,60): 4 (reset +4), 1e9 (ignored), 1e9+2 (+2)
    expect(cum.properties[0].points.map((p: { increase: number }) => p.increase)).toEqual([10, 10, 10, 6]);
    const inst = (await alice.post('/api/v2/device/dataProperty/resampled/instantaneous', { ...body, propertyKeys: ['soc'] })).body.data;
    expect(inst.properties[0].points.map((p: { avg: number | null }) => p.avg)).toEqual([50.5, 52, (90 + 53) / 2, null]);
    const hour = (
      await alice.post('/api/v2/device/dataProperty/time-aggr/cumulative', { deviceId: pcs.id, from: iso(day), to: iso(at(60)) })
    ).body.data;
    expect(hour.values.find((v: { key: string }) => v.key === 'e_dis').increase).toBe(36);
    // hour and day rollups agree with the 15 min buckets
    const h = (await alice.post('/api/v2/device/dataProperty/resampled/cumulative', { ...body, interval: '1h', propertyKeys: ['e_dis'] }))
      .body.data;
    expect(h.properties[0].points).toEqual([{ ts: day, increase: 36, last: 1e9 + 2 }]);
    const stats = (await alice.post('/api/v2/device/ingest/stats', { deviceId: pcs.id })).body.data;
    expect(Object.fromEntries(stats.map((s: { reason: string; count: number }) => [s.reason, s.count]))).toMatchObject({
      counter_reset: 1,
      counter_jump: 1,
    });
  });

  it('stops taking readings from a device deleted while connected, without holding up the others', async () => {
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data;
    const typeId = tree
      .flatMap((c: { children: { key: string; id: number }[] }) => c.children)
      .find((x: { key: string }) => x.key === 'env-sensor').id;
    const ouId = (await alice.post('/api/v2/ou/list', {})).body.data[0].id;
    const doomed = (await alice.post('/api/v2/device/create', { code: 'T-DOOMED', name: 'Doomed', deviceTypeId: typeId, ouId })).body.data;
    const creds = (await alice.post('/api/v2/device/credentials/issue', { id: doomed.id })).body.data;
    const client = await connectDevice(url, creds);
    await publish(client, creds.topic, { values: { wind: 1 } });
    expect((await alice.post('/api/v2/device/delete', { id: doomed.id })).status).toBe(200);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(creds.topic, JSON.stringify({ values: { wind: 2, bogus: 1 } }), { qos: 1 });
    await closed;
    client.end(true);
    expect(await count(doomed.id)).toBe(0);
    const other = await connectDevice(url, meter.creds);
    await publish(other, meter.creds.topic, { values: { p: 1 } });
    other.end();
  });
});
