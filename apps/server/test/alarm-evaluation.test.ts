import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';
import { connectDevice, deviceByCode, publish } from './mqtt-helpers.js';

interface AlarmRow {
  id: number;
  state: number;
  alarm_time: Date | string;
  recover_time: Date | string | null;
  recovered_by: string | null;
  recover_remark: string | null;
  trigger_value: number | null;
  source: string;
  scene_type: string | null;
  level: number;
  content: string;
}

describe.each(DB_KINDS)('alarm evaluation on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let typeIds: Record<string, number>;
  let props: Record<string, Record<string, number>>;
  const pushes: { destination: string; body: any }[] = [];

  beforeAll(async () => {
    // the alarms and pushes these tests count are the ones they raise: without the demo's past alarms
    t = await createTestApp(kind, {}, { alarmHistory: false });
    alice = await signIn(t, 'alice');
    ids = await demoIds(t);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as {
      children: { key: string; id: number; properties: { id: number; key: string }[] }[];
    }[];
    typeIds = Object.fromEntries(tree.flatMap((c) => c.children.map((x) => [x.key, x.id])));
    props = Object.fromEntries(
      tree.flatMap((c) => c.children.map((x) => [x.key, Object.fromEntries(x.properties.map((p) => [p.key, p.id]))])),
    );
    record();
  });
  afterAll(async () => {
    await t?.app.close(); // the app of the last restart
    await t?.close();
  });

  /** Records what the app's push hub is asked to publish (instead of delivering it). */
  function record() {
    vi.spyOn(t.services.push, 'publish').mockImplementation((destination: string, body: unknown) => {
      pushes.push({ destination, body });
    });
  }

  /** Stops the app and starts a new one on the same database, as a server restart does. */
  async function restart() {
    await t.app.close();
    Object.assign(t, await buildApp(t.config, t.database, { logger: false }));
    alice = await signIn(t, 'alice');
    record();
  }

  const deviceId = async (code: string) =>
    Number((await rowsOf<{ id: number }>(t.database.system, sql`select id from device where code = ${code}`))[0]!.id);
  const alarmsOf = (ruleId: number) =>
    rowsOf<AlarmRow>(t.database.system, sql`select * from alarm_log where rule_id = ${ruleId} order by id`);
  const write = async (app: Pick<TestApp, 'ingest' | 'services'>, id: number, ts: number, values: Record<string, number>) => {
    await app.ingest.writeReadings([{ deviceId: id, ts: new Date(ts), values }]);
    await app.services.alarm.settled();
  };
  const createRule = async (body: Record<string, unknown>) => {
    const res = await alice.post('/api/v2/device-alarm/rule/create', {
      description: null,
      deviceIds: [],
      enabled: true,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; name: string };
  };

  it('raises once when the condition has held for durationSeconds (reading time), recovers when it clears, raises again after', async () => {
    const gm = await deviceId('SZ-01-GM-01');
    const rule = await createRule({
      name: 'Meter over 100',
      deviceTypeId: typeIds['grid-meter'],
      propertyId: props['grid-meter']!.p,
      condition: 'GT',
      threshold: 100,
      durationSeconds: 60,
      level: 0,
      ouId: ids.ouId['SZ-01'],
    });
    const base = Date.now() - 10 * 60_000;
    pushes.length = 0;
    await write(t, gm, base, { p: 150 });
    await write(t, gm, base + 30_000, { p: 160 });
    expect(await alarmsOf(rule.id)).toEqual([]); // held 30 s of 60
    await write(t, gm, base + 60_000, { p: 170 });
    let alarms = await alarmsOf(rule.id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({ state: 0, trigger_value: 170, source: 'rule', level: 0 });
    expect(new Date(alarms[0]!.alarm_time).getTime()).toBe(base + 60_000);
    expect(alarms[0]!.content).toBe('Active power (import positive) 170 kW > 100 kW for 60 s');
    // held on, across readings and batches: still one
    await write(t, gm, base + 90_000, { p: 180 });
    await t.ingest.writeReadings([
      { deviceId: gm, ts: new Date(base + 95_000), values: { p: 181 } },
      { deviceId: gm, ts: new Date(base + 100_000), values: { p: 182 } },
    ]);
    await t.services.alarm.settled();
    expect(await alarmsOf(rule.id)).toHaveLength(1);

    // the push: to the staff who see SZ-01 and hold p-alarm-record (alice, bob), and to sam, whose provider
    // tenant (GridCare) operates Sunrise with a role that sees every OU (docs/security.md); nobody else
    const devicePushes = pushes.filter((p) => p.destination.startsWith('/ws/alarm/staff/'));
    expect(devicePushes.map((p) => p.destination).sort()).toEqual(
      [
        `/ws/alarm/staff/${ids.staffId['SR-ALICE']}`,
        `/ws/alarm/staff/${ids.staffId['SR-BOB']}`,
        `/ws/alarm/staff/${ids.staffId['GC-SAM']}`,
      ].sort(),
    );
    expect(devicePushes[0]!.body).toEqual({
      alarmId: alarms[0]!.id,
      deviceId: gm,
      deviceName: 'Grid connection meter',
      alarmTime: new Date(base + 60_000).toISOString(),
      ruleName: 'Meter over 100',
      level: 0,
      readState: false,
      recoverTime: null,
    });
    const stored = await rowsOf<{ staff_id: number; read_at: Date | null }>(
      t.database.system,
      sql`select staff_id, read_at from alarm_push where alarm_id = ${alarms[0]!.id} order by staff_id`,
    );
    expect(stored.map((r) => Number(r.staff_id)).sort()).toEqual(
      [ids.staffId['SR-ALICE'], ids.staffId['SR-BOB'], ids.staffId['GC-SAM']].sort(),
    );

    // a late reading (older than the last evaluated) changes nothing; a clearing one recovers
    await write(t, gm, base + 20_000, { p: 10 });
    expect((await alarmsOf(rule.id))[0]!.state).toBe(0);
    pushes.length = 0;
    await write(t, gm, base + 120_000, { p: 50 });
    alarms = await alarmsOf(rule.id);
    expect(alarms[0]).toMatchObject({ state: 1, recovered_by: 'auto', recover_remark: 'the condition cleared' });
    expect(new Date(alarms[0]!.recover_time!).getTime()).toBe(base + 120_000);
    // the recovery is pushed to the staff the raise went to, with the time it recovered
    expect(pushes.map((p) => p.destination).sort()).toEqual(devicePushes.map((p) => p.destination).sort());
    expect(pushes.find((p) => p.destination === `/ws/alarm/staff/${ids.staffId['SR-ALICE']}`)!.body).toEqual({
      ...devicePushes[0]!.body,
      recoverTime: new Date(base + 120_000).toISOString(),
    });

    // again: the duration counts afresh
    await write(t, gm, base + 150_000, { p: 150 });
    expect(await alarmsOf(rule.id)).toHaveLength(1);
    await write(t, gm, base + 210_000, { p: 150 });
    alarms = await alarmsOf(rule.id);
    expect(alarms).toHaveLength(2);
    expect(alarms[1]).toMatchObject({ state: 0 });
    await write(t, gm, base + 240_000, { p: 0 });
    expect((await alarmsOf(rule.id)).map((a) => a.state)).toEqual([1, 1]);
  });

  it('durationSeconds 0 raises at once; readings older than the evaluation window (backfills) raise nothing', async () => {
    const fm = await deviceId('SZ-01-FM-02');
    const rule = await createRule({
      name: 'Feeder 2 any load',
      deviceTypeId: typeIds['feeder-meter'],
      propertyId: props['feeder-meter']!.p,
      condition: 'GE',
      threshold: 10,
      durationSeconds: 0,
      level: 3,
      ouId: ids.ouId['SZ-01'],
      deviceIds: [fm],
    });
    await write(t, fm, Date.now() - 3 * 3_600_000, { p: 500 });
    expect(await alarmsOf(rule.id)).toEqual([]);
    await write(t, fm, Date.now() - 1000, { p: 500 });
    expect(await alarmsOf(rule.id)).toHaveLength(1);
    // the other feeder is not in the rule's device list
    const fm1 = await deviceId('SZ-01-FM-01');
    await write(t, fm1, Date.now() - 1000, { p: 500 });
    expect(await alarmsOf(rule.id)).toHaveLength(1);
    // disabling recovers the rule's active alarm, and it stays quiet
    expect((await alice.post('/api/v2/device-alarm/rule/status', { id: rule.id, enabled: false })).status).toBe(200);
    await t.services.alarm.settled();
    expect(await alarmsOf(rule.id)).toMatchObject([{ state: 1, recover_remark: 'the rule was disabled' }]);
    await write(t, fm, Date.now() - 500, { p: 500 });
    expect(await alarmsOf(rule.id)).toHaveLength(1);
    // enabled again: a new alarm; a change of its condition recovers it; a change of its name does not
    await alice.post('/api/v2/device-alarm/rule/status', { id: rule.id, enabled: true });
    await write(t, fm, Date.now() - 400, { p: 500 });
    expect((await alarmsOf(rule.id)).map((a) => a.state)).toEqual([1, 0]);
    const detail = (await alice.post('/api/v2/device-alarm/rule/detail', { id: rule.id })).body.data;
    expect(detail.activeCount).toBe(1);
    const {
      activeCount: _a,
      createdAt: _c,
      updatedAt: _u,
      deviceTypeName: _t,
      propertyKey: _k,
      propertyName: _n,
      unit: _x,
      ouName: _o,
      ...fields
    } = detail;
    await alice.post('/api/v2/device-alarm/rule/update', { ...fields, name: 'Feeder 2 any load (renamed)' });
    expect((await alarmsOf(rule.id)).map((a) => a.state)).toEqual([1, 0]);
    await alice.post('/api/v2/device-alarm/rule/update', { ...fields, name: 'Feeder 2 any load (renamed)', threshold: 20 });
    expect(await alarmsOf(rule.id)).toMatchObject([{ state: 1 }, { state: 1, recover_remark: 'the rule was changed' }]);
    await write(t, fm, Date.now() - 300, { p: 500 });
    const after = await alarmsOf(rule.id);
    expect(after).toHaveLength(3);
    expect(after[2]!.content).toBe('Active power 500 kW ≥ 20 kW');
    // deleting recovers too, and the records stay with the rule's name
    await alice.post('/api/v2/device-alarm/rule/delete', { id: rule.id });
    const kept = await rowsOf<{ state: number; rule_id: number | null; rule_name: string }>(
      t.database.system,
      sql`select state, rule_id, rule_name from alarm_log where id = ${after[2]!.id}`,
    );
    expect(kept[0]).toMatchObject({ state: 1, rule_id: null, rule_name: 'Feeder 2 any load (renamed)' });
  });

  it("pushes to the staff who see the device's OU and hold p-alarm-record: not bob (no Wuxi), not disabled carol, not Harbor", async () => {
    const created = await alice.post('/api/v2/device/create', {
      code: 'WX-01-GM-77',
      name: 'Wuxi meter',
      deviceTypeId: typeIds['grid-meter'],
      ouId: ids.ouId['WX-01'],
    });
    expect(created.status).toBe(200);
    const wx = created.body.data.id as number;
    const rule = await createRule({
      name: 'Any meter over 900',
      deviceTypeId: typeIds['grid-meter'],
      propertyId: props['grid-meter']!.p,
      condition: 'GT',
      threshold: 900,
      durationSeconds: 0,
      level: 1,
      ouId: null,
    });
    pushes.length = 0;
    await write(t, wx, Date.now() - 1000, { p: 950 });
    const alarms = await alarmsOf(rule.id);
    expect(alarms).toHaveLength(1);
    expect(pushes.map((p) => p.destination).sort()).toEqual(
      [`/ws/alarm/staff/${ids.staffId['SR-ALICE']}`, `/ws/alarm/staff/${ids.staffId['GC-SAM']}`].sort(),
    );
    // a staff without p-alarm-record (checked or auto-synced) gets nothing either: take it from the admin role for a moment
    const adminRole = ids.roleId['sunrise:Tenant administrator']!;
    const [saved] = await rowsOf<{ permission_codes: string[]; auto_sync_codes: string[] }>(
      t.database.system,
      sql`select permission_codes, auto_sync_codes from role where id = ${adminRole}`,
    );
    await t.database.system.execute(
      sql`update role set permission_codes = array_remove(permission_codes, 'p-alarm-record'), auto_sync_codes = '{}' where id = ${adminRole}`,
    );
    await write(t, wx, Date.now() - 500, { p: 0 });
    // the recipients are cached for 30 s: a restarted app sees the change at once
    await restart();
    try {
      pushes.length = 0;
      await write(t, wx, Date.now() - 100, { p: 960 });
      expect((await alarmsOf(rule.id)).map((a) => a.state)).toEqual([1, 0]);
      // alice's role lost it; sam's (GridCare's own role) did not
      expect(pushes.map((p) => p.destination)).toEqual([`/ws/alarm/staff/${ids.staffId['GC-SAM']}`]);
      await write(t, wx, Date.now() - 50, { p: 0 });
    } finally {
      await t.database.system.execute(
        sql`update role set permission_codes = ${sql.param(saved!.permission_codes)}::text[], auto_sync_codes = ${sql.param(saved!.auto_sync_codes)}::text[]
            where id = ${adminRole}`,
      );
    }
    await restart();
  });

  it('a restart neither duplicates nor forgets an active alarm', async () => {
    const pcs = await deviceId('SZ-01-PCS-01');
    const rule = await createRule({
      name: 'SOC under 20',
      deviceTypeId: typeIds['bsa-pcs'],
      propertyId: props['bsa-pcs']!.soc,
      condition: 'LT',
      threshold: 20,
      durationSeconds: 0,
      level: 2,
      ouId: ids.ouId['SZ-01'],
    });
    await write(t, pcs, Date.now() - 9000, { soc: 15 });
    expect(await alarmsOf(rule.id)).toMatchObject([{ state: 0 }]);
    // not forgotten: the first reading after the restart clears it
    await restart();
    await write(t, pcs, Date.now() - 8000, { soc: 40 });
    expect(await alarmsOf(rule.id)).toMatchObject([{ state: 1, recovered_by: 'auto' }]);
    // not duplicated: raised again, then held across a restart
    await write(t, pcs, Date.now() - 7000, { soc: 15 });
    await restart();
    pushes.length = 0;
    await write(t, pcs, Date.now() - 4000, { soc: 14 });
    await write(t, pcs, Date.now() - 3000, { soc: 13 });
    expect(await alarmsOf(rule.id)).toMatchObject([{ state: 1 }, { state: 0 }]);
    expect(pushes).toEqual([]);
    await write(t, pcs, Date.now() - 2000, { soc: 40 });
    expect(await alarmsOf(rule.id)).toMatchObject([{ state: 1 }, { state: 1, recovered_by: 'auto' }]);
    // the database keeps one active alarm per rule and device even if memory were wrong
    const [, a] = await alarmsOf(rule.id);
    await t.database.system.execute(sql`update alarm_log set state = 0, recover_time = null where id = ${a!.id}`);
    await expect(
      t.database.system.execute(
        sql`insert into alarm_log (tenant_id, source, level, rule_id, rule_name, device_id, content, alarm_time)
            select tenant_id, 'rule', 2, rule_id, rule_name, device_id, 'x', now() from alarm_log where id = ${a!.id}`,
      ),
    ).rejects.toThrow();
    await t.database.system.execute(sql`update alarm_log set state = 1, recover_time = now() where id = ${a!.id}`);
  });

  it('server alarms: device and gateway offline (status and Last Will) and back online, data delayed and data again', async () => {
    const url = `mqtt://127.0.0.1:${t.ingest.mqttPort}`;
    const meter = await deviceByCode(alice, 'SZ-01-FM-01');
    const gateway = await deviceByCode(alice, 'SZ-01-GW-01');
    const scene = (deviceId: number, sceneType: string) =>
      rowsOf<AlarmRow>(
        t.database.system,
        sql`select * from alarm_log where source = 'server' and target_id = ${deviceId} and scene_type = ${sceneType} order by id`,
      );
    pushes.length = 0;
    const client = await connectDevice(url, meter.creds);
    await publish(client, meter.creds.statusTopic, { online: true });
    await publish(client, meter.creds.statusTopic, { online: false });
    await t.services.alarm.settled();
    let offline = await scene(meter.id, 'DEVICE_OFFLINE');
    expect(offline).toMatchObject([{ state: 0, level: 2, content: 'Feeder meter 1 (production line) (SZ-01-FM-01) went offline' }]);
    const serverPushes = pushes.filter((p) => p.destination.startsWith('/ws/server-alarm/staff/'));
    expect(serverPushes.map((p) => p.destination).sort()).toEqual(
      [
        `/ws/server-alarm/staff/${ids.staffId['SR-ALICE']}`,
        `/ws/server-alarm/staff/${ids.staffId['SR-BOB']}`,
        `/ws/server-alarm/staff/${ids.staffId['GC-SAM']}`,
      ].sort(),
    );
    expect(serverPushes[0]!.body).toMatchObject({
      recordId: offline[0]!.id,
      name: 'Feeder meter 1 (production line)',
      ruleName: 'Device offline',
      alarmLevel: 2,
      sceneType: 'DEVICE_OFFLINE',
      targetId: meter.id,
    });
    // a second offline status does not raise another; back online recovers
    await publish(client, meter.creds.statusTopic, { online: false });
    await publish(client, meter.creds.statusTopic, { online: true });
    await t.services.alarm.settled();
    offline = await scene(meter.id, 'DEVICE_OFFLINE');
    expect(offline).toMatchObject([{ state: 1, recovered_by: 'auto', recover_remark: 'back online' }]);
    client.end(true);

    // a gateway whose connection drops: its Last Will says offline
    const gw = await connectDevice(url, gateway.creds, {
      will: { topic: gateway.creds.statusTopic, payload: Buffer.from('{"online":false}'), qos: 1, retain: false },
    });
    await publish(gw, gateway.creds.topic, { values: { cpu: 10 } });
    (gw as unknown as { stream: { destroy(): void } }).stream.destroy();
    for (let i = 0; i < 100 && !(await scene(gateway.id, 'GATEWAY_OFFLINE')).length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      await t.services.alarm.settled();
    }
    expect(await scene(gateway.id, 'GATEWAY_OFFLINE')).toMatchObject([{ state: 0, level: 1, scene_type: 'GATEWAY_OFFLINE' }]);
    gw.end(true);

    // data delayed: an online device that has sent nothing for 15 minutes (checked as if it were 20 minutes later)
    const again = await connectDevice(url, meter.creds);
    await publish(again, meter.creds.statusTopic, { online: true });
    await t.services.alarm.checkDataDelays(Date.now() + 20 * 60_000);
    expect(await scene(meter.id, 'DATA_DELAYED')).toMatchObject([{ state: 0, level: 3 }]);
    await t.services.alarm.checkDataDelays(Date.now() + 21 * 60_000);
    expect(await scene(meter.id, 'DATA_DELAYED')).toHaveLength(1);
    // devices that are offline are not late (the gateway above)
    expect(await scene(gateway.id, 'DATA_DELAYED')).toEqual([]);
    await publish(again, meter.creds.topic, { values: { p: 12 } });
    await t.services.alarm.settled();
    expect(await scene(meter.id, 'DATA_DELAYED')).toMatchObject([{ state: 1, recover_remark: 'data arrived' }]);
    // raised again, then recovered by the check once the device is offline
    await t.services.alarm.checkDataDelays(Date.now() + 20 * 60_000);
    await publish(again, meter.creds.statusTopic, { online: false });
    await t.services.alarm.checkDataDelays(Date.now() + 20 * 60_000);
    expect((await scene(meter.id, 'DATA_DELAYED')).map((a) => a.state)).toEqual([1, 1]);
    again.end(true);
  });

  it('server alarms raised by other domains (delivery failed): once per target, pushed, recovered', async () => {
    pushes.length = 0;
    const input = {
      tenantId: (await rowsOf<{ tenant_id: string }>(t.database.system, sql`select tenant_id from ou where code = 'SZ-01'`))[0]!.tenant_id,
      scene: 'DELIVERY_FAILED' as const,
      targetId: 4242,
      ouId: ids.ouId['SZ-01']!,
      name: 'Suzhou storage station',
      content: 'Strategy 4242 could not be delivered to the FCS',
    };
    const id = await t.services.alarm.raiseServerAlarm(input);
    expect(id).toBeGreaterThan(0);
    expect(await t.services.alarm.raiseServerAlarm(input)).toBeNull();
    expect(pushes.map((p) => p.destination).sort()).toEqual(
      [
        `/ws/server-alarm/staff/${ids.staffId['SR-ALICE']}`,
        `/ws/server-alarm/staff/${ids.staffId['SR-BOB']}`,
        `/ws/server-alarm/staff/${ids.staffId['GC-SAM']}`,
      ].sort(),
    );
    expect(pushes[0]!.body).toEqual({
      recordId: id,
      name: 'Suzhou storage station',
      alarmTime: expect.any(String),
      ruleName: 'Delivery failed',
      alarmLevel: 1,
      sceneType: 'DELIVERY_FAILED',
      targetId: 4242,
      readState: false,
      recoverTime: null,
    });
    const raisedTo = pushes.map((p) => p.destination).sort();
    pushes.length = 0;
    expect(await t.services.alarm.recoverServerAlarm({ tenantId: input.tenantId, scene: 'DELIVERY_FAILED', targetId: 4242 })).toBe(true);
    // its recovery goes where the raise went
    expect(pushes.map((p) => p.destination).sort()).toEqual(raisedTo);
    expect(pushes[0]!.body).toMatchObject({
      recordId: id,
      sceneType: 'DELIVERY_FAILED',
      readState: false,
      recoverTime: expect.any(String),
    });
    expect(await t.services.alarm.recoverServerAlarm({ tenantId: input.tenantId, scene: 'DELIVERY_FAILED', targetId: 4242 })).toBe(false);
    const rows = await rowsOf<AlarmRow>(t.database.system, sql`select * from alarm_log where id = ${id}`);
    expect(rows[0]).toMatchObject({ state: 1, source: 'server', scene_type: 'DELIVERY_FAILED' });
  });
});
