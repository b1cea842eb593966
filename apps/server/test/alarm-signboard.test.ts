import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

const SB = '/api/v2/alarm-fault-signboard';
const SB_OLD = '/api/alarm-fault-signboard';

describe.each(DB_KINDS)('the fault signboard on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const dev: Record<string, number> = {};
  const alarm: Record<string, number> = {};
  const base = Date.now() - 20 * 60_000;
  let rackRule: number;

  const write = async (code: string, ts: number, values: Record<string, number>) => {
    await t.ingest.writeReadings([{ deviceId: dev[code]!, ts: new Date(ts), values }]);
    await t.services.alarm.settled();
  };
  const alarmsOfRule = (ruleId: number) =>
    rowsOf<{ id: number; state: number }>(t.database.system, sql`select id, state from alarm_log where rule_id = ${ruleId} order by id`);

  beforeAll(async () => {
    // the alarms these tests count are the ones they raise: without the demo's past alarms
    t = await createTestApp(kind, {}, { alarmHistory: false });
    [alice, bob, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob'), signIn(t, 'dave')]);
    ids = await demoIds(t);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as {
      children: { key: string; id: number; properties: { id: number; key: string }[] }[];
    }[];
    const type = (key: string) => tree.flatMap((c) => c.children).find((x) => x.key === key)!;
    const rule = async (
      name: string,
      key: string,
      prop: string,
      condition: string,
      threshold: number,
      level: number,
      durationSeconds = 0,
    ) => {
      const res = await alice.post('/api/v2/device-alarm/rule/create', {
        name,
        description: null,
        deviceTypeId: type(key).id,
        propertyId: type(key).properties.find((p) => p.key === prop)!.id,
        condition,
        threshold,
        durationSeconds,
        level,
        ouId: ids.ouId['SZ-01'],
        deviceIds: [],
        enabled: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    await rule('Meter over 100', 'grid-meter', 'p', 'GT', 100, 0);
    await rule('PCS SOC under 20', 'bsa-pcs', 'soc', 'LT', 20, 2);
    rackRule = await rule('Rack over 40 degrees', 'bsa-rack', 'temp_max', 'GT', 40, 1, 60);
    const devices = await rowsOf<{ id: number; code: string }>(t.database.system, sql`select id, code from device`);
    for (const d of devices) dev[d.code] = Number(d.id);

    await write('SZ-01-GM-01', base, { p: 150 });
    await write('SZ-01-PCS-01', base + 60_000, { soc: 10 });
    await write('SZ-01-PCS-01', base + 90_000, { soc: 50 }); // recovered
    await write('SZ-01-RACK-01', base + 120_000, { temp_max: 45 });
    await write('SZ-01-RACK-01', base + 180_000, { temp_max: 46 }); // held 60 s
    await write('SH-01-PCS-01', base + 120_000, { soc: 5 });
    await write('SH-01-PCS-01', base + 180_000, { soc: 5 }); // Harbor's demo rule
    const delivery = await t.services.alarm.raiseServerAlarm({
      tenantId: DEMO_TENANTS.sunrise,
      scene: 'DELIVERY_FAILED',
      targetId: 77,
      ouId: ids.ouId['SZ-01']!,
      name: 'Suzhou storage station',
      content: 'The strategy could not be delivered',
    });
    const rows = await rowsOf<{ id: number; device_code: string | null; scene_type: string | null }>(
      t.database.system,
      sql`select id, device_code, scene_type from alarm_log order by id`,
    );
    for (const r of rows) alarm[r.device_code ?? r.scene_type!] = Number(r.id);
    expect(alarm.DELIVERY_FAILED).toBe(delivery);
  });
  afterAll(() => t?.close());

  const page = async (s: Session, body: Record<string, unknown>) => {
    const r = await s.post(`${SB}/alarm-page`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { list: { id: number; deviceCode: string | null; sceneType: string | null }[]; totalCount: number };
  };
  const codes = async (s: Session, body: Record<string, unknown>) =>
    (await page(s, body)).list.map((r) => r.deviceCode ?? r.sceneType).sort();

  it('pages alarms by asset, type, level, state, diagnosis text, name, code and time; the GET and for-app calls answer the same', async () => {
    expect(await codes(alice, {})).toEqual(['DELIVERY_FAILED', 'SZ-01-GM-01', 'SZ-01-PCS-01', 'SZ-01-RACK-01']);
    expect(await codes(alice, { assetId: dev['SZ-01-GM-01'] })).toEqual(['SZ-01-GM-01']);
    expect(await codes(alice, { assetType: 'storage' })).toEqual(['SZ-01-PCS-01', 'SZ-01-RACK-01']);
    expect(await codes(alice, { assetType: 'bsa-rack' })).toEqual(['SZ-01-RACK-01']);
    expect(await codes(alice, { level: 1 })).toEqual(['DELIVERY_FAILED', 'SZ-01-RACK-01']);
    expect(await codes(alice, { state: 1 })).toEqual(['SZ-01-PCS-01']);
    expect(await codes(alice, { abnormalDiagnosis: 'over 100' })).toEqual(['SZ-01-GM-01']);
    expect(await codes(alice, { abnormalDiagnosis: 'could not be delivered' })).toEqual(['DELIVERY_FAILED']);
    expect(await codes(alice, { deviceName: 'battery rack' })).toEqual(['SZ-01-RACK-01']);
    expect(await codes(alice, { deviceCode: 'rack', assetCode: 'SZ-01' })).toEqual(['SZ-01-RACK-01']);
    expect(await codes(alice, { deviceCode: 'rack', assetCode: 'SH-01' })).toEqual([]);
    expect(
      await codes(alice, { alarmStartTime: new Date(base + 60_000).toISOString(), alarmEndTime: new Date(base + 60_000).toISOString() }),
    ).toEqual(['SZ-01-PCS-01']);
    const first = await page(alice, { page: 1, size: 2 });
    expect(first.totalCount).toBe(4);
    expect(first.list).toHaveLength(2);
    const app = (await alice.post(`${SB}/alarm-page/for-app`, { page: 1, size: 2 })).body.data;
    expect(app).toEqual(first);
    const old = (await alice.call('GET', `${SB_OLD}/alarm-page?page=1&size=2`)).body.data;
    expect(old).toEqual(first);
    expect((await alice.call('GET', `${SB_OLD}/alarm-page?assetType=storage&level=2&state=1`)).body.data.totalCount).toBe(1);
    // other tenants and OUs
    expect(await codes(dave, {})).toEqual(['SH-01-PCS-01']);
    expect(await codes(bob, {})).toEqual(['DELIVERY_FAILED', 'SZ-01-GM-01', 'SZ-01-PCS-01', 'SZ-01-RACK-01']);
    for (const body of [{ level: 5 }, { state: 2 }, { size: 101 }, { alarmStartTime: 'today' }]) {
      const r = await alice.post(`${SB}/alarm-page`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(ErrorCode.VALIDATION);
    }
  });

  it('counts by state and level under the filter', async () => {
    const all = (await alice.post(`${SB}/alarm-count`, {})).body.data;
    expect(all).toEqual({
      total: 4,
      active: 3,
      recovered: 1,
      byLevel: [
        { level: 0, total: 1, active: 1 },
        { level: 1, total: 2, active: 2 },
        { level: 2, total: 1, active: 0 },
        { level: 3, total: 0, active: 0 },
        { level: 4, total: 0, active: 0 },
      ],
    });
    expect((await alice.post(`${SB}/alarm-count`, { assetType: 'storage' })).body.data).toMatchObject({
      total: 2,
      active: 1,
      recovered: 1,
    });
    expect((await dave.post(`${SB}/alarm-count`, {})).body.data).toMatchObject({ total: 1, active: 1 });
  });

  it('lists assets with their active alarms, alarmed and most severe first; filters by name or code', async () => {
    const assets = (await alice.post(`${SB}/alarm-asset`, {})).body.data as {
      assetCode: string;
      activeCount: number;
      highestLevel: number | null;
      assetType: string;
      assetTypeName: string;
      ouName: string;
      online: boolean;
    }[];
    expect(assets.slice(0, 2).map((a) => [a.assetCode, a.activeCount, a.highestLevel])).toEqual([
      ['SZ-01-GM-01', 1, 0],
      ['SZ-01-RACK-01', 1, 1],
    ]);
    expect(assets[0]).toMatchObject({
      assetType: 'meter',
      assetTypeName: 'Grid connection meter',
      ouName: 'Suzhou Plant Site',
      online: false,
    });
    expect(assets.find((a) => a.assetCode === 'SZ-01-PCS-01')).toMatchObject({ activeCount: 0, highestLevel: null });
    expect(assets.some((a) => a.assetCode.startsWith('SH-01'))).toBe(false);
    const racks = (await alice.post(`${SB}/alarm-asset`, { name: 'RACK' })).body.data.map((a: { assetCode: string }) => a.assetCode);
    expect(racks).toEqual(['SZ-01-RACK-01', 'SZ-01-RACK-02']);
    const byName = (await alice.call('GET', `${SB_OLD}/alarm-asset?name=${encodeURIComponent('battery rack 2')}`)).body.data;
    expect(byName.map((a: { assetCode: string }) => a.assetCode)).toEqual(['SZ-01-RACK-02']);
    expect((await dave.post(`${SB}/alarm-asset`, { name: 'SZ-01' })).body.data).toEqual([]);
  });

  it('all-alarm: the active ones, most severe and newest first; tenant list; monitoring range; detail', async () => {
    const active = (await alice.post(`${SB}/all-alarm`, {})).body.data.map(
      (r: { deviceCode: string | null; sceneType: string | null }) => r.deviceCode ?? r.sceneType,
    );
    expect(active).toEqual(['SZ-01-GM-01', 'DELIVERY_FAILED', 'SZ-01-RACK-01']);
    expect((await alice.call('GET', `${SB_OLD}/all-alarm`)).body.data).toHaveLength(3);
    expect((await alice.post(`${SB}/all-alarm`)).status).toBe(200);
    expect((await alice.post(`${SB}/getTenantList`)).body.data).toEqual([{ mcid: DEMO_TENANTS.sunrise, name: 'Sunrise Manufacturing' }]);
    expect((await dave.post(`${SB}/getTenantList`)).body.data).toEqual([{ mcid: DEMO_TENANTS.harbor, name: 'Harbor Logistics' }]);
    const range = (await alice.call('GET', `${SB_OLD}/monitoring-range`)).body.data;
    expect(range.days).toBe(30);
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(30 * 86_400_000);
    const id = alarm['SZ-01-RACK-01']!;
    const detail = (await alice.post(`${SB}/inverter/record/detail`, { id })).body.data;
    expect(detail).toMatchObject({ id, ruleName: 'Rack over 40 degrees', triggerValue: 46, level: 1, state: 0 });
    expect((await alice.call('POST', `${SB_OLD}/inverter/record/detail?id=${id}`)).body.data).toEqual(detail);
    expect((await dave.post(`${SB}/inverter/record/detail`, { id })).status).toBe(404);
    expect((await dave.call('POST', `${SB_OLD}/inverter/record/detail?id=${id}`)).status).toBe(404);
    const server = (await alice.post(`${SB}/inverter/record/detail`, { id: alarm.DELIVERY_FAILED })).body.data;
    expect(server).toMatchObject({
      source: 'server',
      sceneType: 'DELIVERY_FAILED',
      ruleName: 'Delivery failed',
      level: 1,
      deviceId: null,
      deviceName: 'Suzhou storage station',
      content: 'The strategy could not be delivered',
      ouName: 'Suzhou Plant Site',
    });
  });

  it('read-alarm marks the alarm read for the signed-in staff only', async () => {
    const id = alarm['SZ-01-GM-01']!;
    expect((await alice.post(`${SB}/read-alarm`, { id })).body.data).toBe(true);
    expect((await alice.post(`${SB}/inverter/record/detail`, { id })).body.data.read).toBe(true);
    expect((await bob.post(`${SB}/inverter/record/detail`, { id })).body.data.read).toBe(false);
    expect((await bob.call('POST', `${SB_OLD}/read-alarm?id=${id}`)).body.data).toBe(true);
    expect((await bob.post(`${SB}/inverter/record/detail`, { id })).body.data.read).toBe(true);
    expect((await dave.post(`${SB}/read-alarm`, { id })).status).toBe(404);
  });

  it('recovers a fault by hand with the button (403 without it, 40009 when already recovered); the condition must then hold anew', async () => {
    const id = alarm['SZ-01-RACK-01']!;
    const refused = await bob.post(`${SB}/recovery`, { id, remark: 'fixed' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
    expect((await dave.post(`${SB}/recovery`, { id })).status).toBe(404);
    const published: { destination: string; body: { alarmId?: number; recoverTime?: string | null } }[] = [];
    const spy = vi
      .spyOn(t.services.push, 'publish')
      .mockImplementation((destination, body) => void published.push({ destination, body: body as never }));
    const recovered = await alice.post(`${SB}/recovery`, { id, remark: 'Fan replaced', timestamp: Date.now() });
    expect(recovered.status).toBe(200);
    // the recovery by hand is pushed to the staff the raise went to, once it committed
    const pushedTo = await rowsOf<{ staff_id: number }>(t.database.system, sql`select staff_id from alarm_push where alarm_id = ${id}`);
    expect(pushedTo.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(published).toHaveLength(pushedTo.length));
    spy.mockRestore();
    expect(published.map((p) => p.destination).sort()).toEqual(pushedTo.map((r) => `/ws/alarm/staff/${r.staff_id}`).sort());
    expect(published.every((p) => p.body.alarmId === id && p.body.recoverTime === recovered.body.data.recoverTime)).toBe(true);
    expect(recovered.body.data).toMatchObject({ id, state: 1, recoveredBy: 'manual', recoverRemark: 'Fan replaced' });
    expect(recovered.body.data.recoverTime).not.toBeNull();
    const again = await alice.post(`${SB}/recovery`, { id });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: ErrorCode.CONFLICT, msg: `Alarm ${id} is already recovered` });
    // the rack is still hot: a new alarm needs the 60 s to pass again
    await write('SZ-01-RACK-01', base + 200_000, { temp_max: 47 });
    expect((await alarmsOfRule(rackRule)).map((a) => a.state)).toEqual([1]);
    await write('SZ-01-RACK-01', base + 270_000, { temp_max: 47 });
    expect((await alarmsOfRule(rackRule)).map((a) => a.state)).toEqual([1, 0]);
    // the app's call, and a server alarm
    const server = await alice.post(`${SB}/recovery/for-app`, { id: alarm.DELIVERY_FAILED, remark: null });
    expect(server.body.data).toMatchObject({ state: 1, recoveredBy: 'manual', recoverRemark: null });
    expect((await alice.post(`${SB}/recovery`, { id, remark: 'x'.repeat(257) })).status).toBe(400);
    expect((await alice.post(`${SB}/recovery`, { id: 999_999 })).status).toBe(404);
  });
});
