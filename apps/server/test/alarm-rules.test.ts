import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

describe.each(DB_KINDS)('alarm rules on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let typeIds: Record<string, number>;
  let props: Record<string, Record<string, number>>;
  let harborTypeId: number;
  let deviceIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [alice, bob, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob'), signIn(t, 'dave')]);
    ids = await demoIds(t);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as {
      children: { key: string; id: number; properties: { id: number; key: string }[] }[];
    }[];
    typeIds = Object.fromEntries(tree.flatMap((c) => c.children.map((x) => [x.key, x.id])));
    props = Object.fromEntries(
      tree.flatMap((c) => c.children.map((x) => [x.key, Object.fromEntries(x.properties.map((p) => [p.key, p.id]))])),
    );
    harborTypeId = (await dave.post('/api/v2/device-type/tree', {})).body.data[0].children[0].id;
    const devices = (await alice.post('/api/v2/device/ou/list', {})).body.data as { id: number; code: string }[];
    deviceIds = Object.fromEntries(devices.map((d) => [d.code, d.id]));
  });
  afterAll(() => t?.close());

  const valid = () => ({
    name: 'Meter import high',
    description: 'Imports above 800 kW',
    deviceTypeId: typeIds['grid-meter']!,
    propertyId: props['grid-meter']!.p!,
    condition: 'GT',
    threshold: 800,
    durationSeconds: 120,
    level: 1,
    ouId: ids.ouId['SZ-01']!,
    deviceIds: [] as number[],
    enabled: true,
  });

  it('lists the demo rules by OU visibility: a rule for every OU only for staff who see every OU', async () => {
    const page = (await alice.post('/api/v2/device-alarm/rule/page', { pageSize: 20, pageOffset: 1 })).body.data;
    expect(page.list.map((r: { name: string }) => r.name).sort()).toEqual(
      ['Battery rack hot', 'Gateway CPU high', 'Grid import peak', 'Storage SOC low'].sort(),
    );
    const soc = page.list.find((r: { name: string }) => r.name === 'Storage SOC low');
    expect(soc).toMatchObject({
      deviceTypeName: 'Storage PCS',
      propertyKey: 'soc',
      propertyName: 'State of charge',
      unit: '%',
      condition: 'LT',
      threshold: 10,
      durationSeconds: 60,
      level: 2,
      ouName: 'Suzhou Plant Site',
      deviceIds: [],
      enabled: true,
      activeCount: 0,
    });
    expect(page.list.find((r: { name: string }) => r.name === 'Gateway CPU high')).toMatchObject({ ouId: null, ouName: null });
    const bobs = (await bob.post('/api/v2/device-alarm/rule/page', { pageSize: 20, pageOffset: 1 })).body.data;
    expect(bobs.list.map((r: { name: string }) => r.name).sort()).toEqual(['Battery rack hot', 'Grid import peak', 'Storage SOC low']);
    const daves = (await dave.post('/api/v2/device-alarm/rule/page', { pageSize: 20, pageOffset: 1 })).body.data;
    expect(daves.list.map((r: { name: string }) => r.name).sort()).toEqual([
      'Charging pile at full power',
      'Production feeder overload',
      'Storage SOC low',
    ]);
    expect(daves.list.find((r: { name: string }) => r.name === 'Production feeder overload').deviceIds).toHaveLength(1);
    // filters and paging
    const filtered = (
      await alice.post('/api/v2/device-alarm/rule/page', { pageSize: 1, pageOffset: 1, name: 'soc', level: 2, enabled: true })
    ).body.data;
    expect(filtered).toMatchObject({ totalCount: 1, pageSize: 1, pageOffset: 1 });
    expect(
      (await alice.post('/api/v2/device-alarm/rule/page', { pageSize: 20, pageOffset: 1, deviceTypeId: typeIds['edge-gateway'] })).body.data
        .totalCount,
    ).toBe(1);
    // a gateway-wide rule is invisible to bob, and Sunrise's rules to dave: 404
    const wide = page.list.find((r: { name: string }) => r.name === 'Gateway CPU high');
    expect((await bob.post('/api/v2/device-alarm/rule/detail', { id: wide.id })).status).toBe(404);
    const other = await dave.post('/api/v2/device-alarm/rule/detail', { id: soc.id });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('creates, reads, edits, enables/disables and deletes a rule', async () => {
    const created = await alice.post('/api/v2/device-alarm/rule/create', {
      ...valid(),
      deviceIds: [deviceIds['SZ-01-GM-01']],
    });
    expect(created.status).toBe(200);
    const rule = created.body.data;
    expect(rule).toMatchObject({
      name: 'Meter import high',
      description: 'Imports above 800 kW',
      deviceTypeName: 'Grid connection meter',
      propertyKey: 'p',
      unit: 'kW',
      condition: 'GT',
      threshold: 800,
      durationSeconds: 120,
      level: 1,
      ouName: 'Suzhou Plant Site',
      deviceIds: [deviceIds['SZ-01-GM-01']],
      enabled: true,
      activeCount: 0,
    });
    expect((await alice.post('/api/v2/device-alarm/rule/detail', { id: rule.id })).body.data).toEqual(rule);
    const updated = await alice.post('/api/v2/device-alarm/rule/update', {
      ...valid(),
      id: rule.id,
      name: 'Meter import very high',
      description: null,
      condition: 'GE',
      threshold: 1500.5,
      durationSeconds: 0,
      level: 0,
      ouId: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Meter import very high',
      description: null,
      condition: 'GE',
      threshold: 1500.5,
      durationSeconds: 0,
      level: 0,
      ouId: null,
      deviceIds: [],
    });
    const off = await alice.post('/api/v2/device-alarm/rule/status', { id: rule.id, enabled: false });
    expect(off.body.data.enabled).toBe(false);
    expect((await alice.post('/api/v2/device-alarm/rule/page', { pageSize: 20, pageOffset: 1, enabled: false })).body.data.totalCount).toBe(
      1,
    );
    expect((await alice.post('/api/v2/device-alarm/rule/status', { id: rule.id, enabled: true })).body.data.enabled).toBe(true);
    const deleted = await alice.post('/api/v2/device-alarm/rule/delete', { id: rule.id });
    expect(deleted.body.data).toEqual({ id: rule.id });
    expect((await alice.post('/api/v2/device-alarm/rule/detail', { id: rule.id })).status).toBe(404);
    expect((await alice.post('/api/v2/device-alarm/rule/delete', { id: rule.id })).status).toBe(404);
  });

  it('refuses bad rules with a message naming the field, and changes nothing', async () => {
    const count = async () =>
      Number(
        ((await t.database.system.execute(sql`select count(*)::int as n from alarm_rule`)) as unknown as { rows: { n: number }[] }).rows[0]!
          .n,
      );
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '' }, ErrorCode.VALIDATION, 'name: is required'],
      [{ name: undefined }, ErrorCode.VALIDATION, 'name: is required'],
      [{ name: 'x'.repeat(65) }, ErrorCode.VALIDATION, 'name:'],
      [{ name: 'storage soc LOW' }, ErrorCode.CONFLICT, 'An alarm rule named storage soc LOW already exists'],
      [{ deviceTypeId: harborTypeId }, ErrorCode.VALIDATION, 'body.deviceTypeId: is not a device type of this tenant'],
      [{ deviceTypeId: undefined }, ErrorCode.VALIDATION, 'deviceTypeId: is required'],
      [{ propertyId: props['bsa-pcs']!.soc }, ErrorCode.VALIDATION, 'body.propertyId: is not a property of Grid connection meter'],
      [{ condition: 'BETWEEN' }, ErrorCode.VALIDATION, 'condition:'],
      [{ threshold: 'high' }, ErrorCode.VALIDATION, 'threshold:'],
      [{ threshold: 1e13 }, ErrorCode.VALIDATION, 'threshold:'],
      [{ durationSeconds: -1 }, ErrorCode.VALIDATION, 'durationSeconds: must be 0 to 86400 seconds'],
      [{ durationSeconds: 86_401 }, ErrorCode.VALIDATION, 'durationSeconds: must be 0 to 86400 seconds'],
      [{ durationSeconds: 1.5 }, ErrorCode.VALIDATION, 'durationSeconds:'],
      [{ level: 5 }, ErrorCode.VALIDATION, 'level:'],
      [{ level: -1 }, ErrorCode.VALIDATION, 'level:'],
      [{ ouId: undefined }, ErrorCode.VALIDATION, 'ouId: is required'],
      [{ ouId: ids.ouId['SH-01'] }, ErrorCode.VALIDATION, 'body.ouId: is not one of your operating units'],
      [
        { deviceIds: [deviceIds['SZ-01-FM-01']] },
        ErrorCode.VALIDATION,
        'body.deviceIds: device SZ-01-FM-01 is not a Grid connection meter',
      ],
      [{ deviceIds: [999_999] }, ErrorCode.VALIDATION, 'body.deviceIds: device 999999 is not one of your devices'],
      [{ deviceIds: Array.from({ length: 501 }, (_, i) => i + 1) }, ErrorCode.VALIDATION, 'deviceIds:'],
    ];
    for (const [change, code, message] of cases) {
      const res = await alice.post('/api/v2/device-alarm/rule/create', { ...valid(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.code, JSON.stringify(change)).toBe(code);
      expect(res.body.msg, JSON.stringify(change)).toContain(message);
    }
    // a Harbor device in the list, and a Sunrise device outside the rule's OU
    const harborDevice = (await dave.post('/api/v2/device/page', { pageSize: 1, pageOffset: 1, code: 'SH-01-GM-01' })).body.data.list[0];
    const res = await alice.post('/api/v2/device-alarm/rule/create', { ...valid(), deviceIds: [harborDevice.id] });
    expect(res.body.msg).toBe(`body.deviceIds: device ${harborDevice.id} is not one of your devices`);
    const wx = (
      await alice.post('/api/v2/device/create', {
        code: 'WX-01-GM-09',
        name: 'Wuxi meter',
        deviceTypeId: typeIds['grid-meter'],
        ouId: ids.ouId['WX-01'],
      })
    ).body.data;
    const outside = await alice.post('/api/v2/device-alarm/rule/create', { ...valid(), deviceIds: [wx.id] });
    expect(outside.body.msg).toBe("body.deviceIds: device WX-01-GM-09 is not in the rule's OU");
    expect(await count()).toBe(before);
    // an edit of a rule that is not there, or to a taken name
    const soc = (await alice.post('/api/v2/device-alarm/rule/page', { pageSize: 20, pageOffset: 1, name: 'SOC' })).body.data.list[0];
    expect((await alice.post('/api/v2/device-alarm/rule/update', { ...valid(), id: 999_999 })).status).toBe(404);
    const taken = await alice.post('/api/v2/device-alarm/rule/update', {
      ...valid(),
      id: (await alice.post('/api/v2/device-alarm/rule/page', { pageSize: 20, pageOffset: 1, name: 'Grid import' })).body.data.list[0].id,
      name: soc.name,
    });
    expect(taken.body).toMatchObject({ code: ErrorCode.CONFLICT, msg: 'An alarm rule named Storage SOC low already exists' });
    // another tenant's rule: 404, as if it did not exist
    for (const url of ['/api/v2/device-alarm/rule/update', '/api/v2/device-alarm/rule/status', '/api/v2/device-alarm/rule/delete']) {
      const r = await dave.post(url, { ...valid(), deviceTypeId: harborTypeId, ouId: ids.ouId['SH-01'], id: soc.id });
      expect(r.status, url).toBe(404);
    }
    expect((await alice.post('/api/v2/device-alarm/rule/detail', { id: soc.id })).body.data.name).toBe('Storage SOC low');
  });

  it('needs the buttons; a staff who does not see every OU cannot make a rule for all OUs or for an OU it does not see', async () => {
    for (const [url, body] of [
      ['/api/v2/device-alarm/rule/create', valid()],
      ['/api/v2/device-alarm/rule/update', { ...valid(), id: 1 }],
      ['/api/v2/device-alarm/rule/status', { id: 1, enabled: false }],
      ['/api/v2/device-alarm/rule/delete', { id: 1 }],
    ] as const) {
      const r = await bob.post(url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.code).toBe(ErrorCode.FORBIDDEN);
    }
    // give bob's role the rule buttons
    await t.database.system.execute(
      sql`update role set permission_codes = permission_codes || array['b-alarm-rule-create','b-alarm-rule-edit']
          where id = ${ids.roleId['sunrise:Operator']}`,
    );
    const wide = await bob.post('/api/v2/device-alarm/rule/create', { ...valid(), name: 'Bob wide', ouId: null });
    expect(wide.body.msg).toBe('body.ouId: is required: only a staff who sees every OU may make a rule for all OUs');
    const wuxi = await bob.post('/api/v2/device-alarm/rule/create', { ...valid(), name: 'Bob Wuxi', ouId: ids.ouId['WX-01'] });
    expect(wuxi.body.msg).toBe('body.ouId: is not one of your operating units');
    const own = await bob.post('/api/v2/device-alarm/rule/create', { ...valid(), name: 'Bob Suzhou' });
    expect(own.status).toBe(200);
    // nor edit a rule of every OU (he does not see it)
    const gateway = (await alice.post('/api/v2/device-alarm/rule/page', { pageSize: 20, pageOffset: 1, name: 'Gateway' })).body.data
      .list[0];
    expect((await bob.post('/api/v2/device-alarm/rule/status', { id: gateway.id, enabled: false })).status).toBe(404);
  });
});
