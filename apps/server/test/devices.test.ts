import { DEVICE_TYPES, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDeviceTypes } from '../src/domains/devices/device-types.seed.js';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

type Rows<T> = { rows: T[] };

describe.each(DB_KINDS)('device registry on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let typeIds: Record<string, number>;
  let ouIds: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    typeIds = Object.fromEntries(tree.flatMap((c) => c.children.map((x) => [x.key, x.id])));
    const ous = (await alice.post('/api/v2/ou/list', {})).body.data as { id: number; code: string }[];
    ouIds = Object.fromEntries(ous.map((o) => [o.code, o.id]));
  });
  afterAll(() => t?.close());

  it('serves the standard type tree, seeded idempotently for every tenant', async () => {
    const res = await alice.post('/api/v2/device-type/tree', {});
    expect(res.status).toBe(200);
    const tree = res.body.data;
    expect(tree.map((c: { key: string }) => c.key)).toEqual(['pv', 'meter', 'storage', 'charging', 'environment', 'gateway']);
    expect(tree[0]).toMatchObject({ level: 1, name: 'Photovoltaic' });
    const inverter = tree[0].children.find((x: { key: string }) => x.key === 'pv-inverter');
    expect(inverter).toMatchObject({ level: 2, isGateway: false });
    expect(inverter.properties.find((p: { key: string }) => p.key === 'e_total')).toMatchObject({ unit: 'kWh', kind: 'cumulative' });
    const gateways = (await alice.post('/api/v2/device-type/gateway', {})).body.data;
    expect(gateways.map((g: { key: string }) => g.key)).toEqual(['edge-gateway']);

    const count = async () =>
      ((await t.database.system.execute(sql`select count(*)::int as n from data_property`)) as unknown as Rows<{ n: number }>).rows[0]!.n;
    const before = await count();
    expect(before).toBe(3 * DEVICE_TYPES.reduce((n, d) => n + d.properties.length, 0)); // three tenants
    await seedDeviceTypes(t.database.system);
    expect(await count()).toBe(before);

    const rack = (await alice.post('/api/v2/data-property/list/rack', {})).body.data;
    expect(rack.map((p: { key: string }) => p.key)).toEqual(['v', 'i', 'soc', 'temp_max', 'temp_min']);
  });

  it('seeds a demo fleet behind an edge gateway on OUs the demo staff see', async () => {
    const page = (await alice.post('/api/v2/device/page', { pageSize: 100, pageOffset: 1 })).body.data;
    // Suzhou's 30 (28 behind its gateway: the fleet with INV-01's nine strings, the PV station's generation
    // meter and its inverters INV-02..INV-10; plus the storage station's FCS), Wuxi's storage station (PCS,
    // meter, FCS) and PV station (weather station, generation meter)
    expect(page.totalCount).toBe(35);
    const keys = page.list.map((d: { deviceTypeKey: string }) => d.deviceTypeKey);
    for (const [key, n] of [
      ['grid-meter', 2],
      ['feeder-meter', 2],
      ['pv-inverter', 10],
      ['pv-string', 9],
      ['env-sensor', 2],
      ['pv-meter', 2],
      ['bsa-pcs', 2],
      ['bsa-fcs', 2],
      ['bsa-rack', 2],
      ['charging-pile', 1],
      ['edge-gateway', 1],
    ] as const)
      expect(
        keys.filter((k: string) => k === key),
        key,
      ).toHaveLength(n);
    const gw = page.list.find((d: { deviceTypeKey: string }) => d.deviceTypeKey === 'edge-gateway');
    expect(page.list.filter((d: { gatewayId: number | null }) => d.gatewayId === gw.id)).toHaveLength(28);
    // bob (Suzhou only) sees the same fleet; alice in Harbor sees Harbor's
    expect((await bob.post('/api/v2/device/page', { pageSize: 10, pageOffset: 2 })).body.data).toMatchObject({
      totalCount: 30,
      pageOffset: 2,
    });
    const harbor = await signIn(t, 'alice');
    const hbStaff = (await harbor.post('/api/v2/platform-public/staff/list', {})).body.data.find(
      (s: { staffCode: string }) => s.staffCode === 'HB-ALICE',
    );
    await harbor.post('/api/v2/platform-public/staff/switch', { staffId: hbStaff.id });
    const hb = (await harbor.post('/api/v2/device/ou/list', {})).body.data;
    // Shanghai's fleet (19, INV-01's nine strings among them), its FCS, the PV station's generation meter, and
    // its inverters INV-02..INV-25: 19 + 1 + 1 + 24
    expect(hb).toHaveLength(45);
    expect(hb.every((d: { code: string }) => d.code.startsWith('SH-01-'))).toBe(true);
  });

  it('creates, filters, edits and deletes a device; codes are unique in the tenant', async () => {
    const gw = (await alice.post('/api/v2/device/page', { pageSize: 10, pageOffset: 1, code: 'GW' })).body.data.list[0];
    const created = await alice.post('/api/v2/device/create', {
      code: 'T-MTR-1',
      name: 'Test meter',
      deviceTypeId: typeIds['feeder-meter'],
      ouId: ouIds['WX-01'],
      gatewayId: gw.id,
      location: { longitude: 120.1, latitude: 31.2, address: 'Building 3' },
      ratedPowerKw: 50,
    });
    expect(created.status).toBe(200);
    const d = created.body.data;
    expect(d).toMatchObject({
      code: 'T-MTR-1',
      ouName: 'Wuxi Plant Site',
      customerName: 'Sunrise Wuxi Plant',
      gatewayName: 'Edge gateway',
    });
    expect(d.location).toEqual({ longitude: 120.1, latitude: 31.2, address: 'Building 3' });

    const dup = await alice.post('/api/v2/device/create', {
      code: 'T-MTR-1',
      name: 'x',
      deviceTypeId: typeIds['feeder-meter'],
      ouId: ouIds['WX-01'],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.code).toBe(ErrorCode.CONFLICT);
    const notGateway = await alice.post('/api/v2/device/create', {
      code: 'T-2',
      name: 'x',
      deviceTypeId: typeIds['feeder-meter'],
      ouId: ouIds['WX-01'],
      gatewayId: d.id,
    });
    expect(notGateway.body).toMatchObject({ code: ErrorCode.VALIDATION, msg: 'body.gatewayId: is not a gateway' });

    const found = (await alice.post('/api/v2/device/page', { pageSize: 10, pageOffset: 1, name: 'test met', ouId: ouIds['WX-01'] })).body
      .data;
    expect(found.list.map((x: { id: number }) => x.id)).toEqual([d.id]);
    // bob does not see the Wuxi OU: neither the device nor the right to put one there
    expect((await bob.post('/api/v2/device/detail', { id: d.id })).status).toBe(404);

    const edited = await alice.post('/api/v2/device/update', { id: d.id, name: 'Renamed meter', location: null });
    expect(edited.body.data).toMatchObject({ name: 'Renamed meter', code: 'T-MTR-1', location: null, ratedPowerKw: 50 });
    const detail = (await alice.post('/api/v2/device/detail', { id: d.id })).body.data;
    expect(detail.properties.map((p: { key: string }) => p.key)).toEqual(['p', 'pf', 'v_a', 'i_a', 'e_imp']);
    expect(detail.rejections).toEqual([]);

    // a gateway with devices behind it cannot go
    expect((await alice.post('/api/v2/device/delete', { id: gw.id })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await alice.post('/api/v2/device/delete', { id: d.id })).status).toBe(200);
    expect((await alice.post('/api/v2/device/detail', { id: d.id })).status).toBe(404);
  });

  it('issues MQTT credentials shown once, stored as a hash; bob may not', async () => {
    const dev = (await alice.post('/api/v2/device/page', { pageSize: 10, pageOffset: 1, code: 'GM-01' })).body.data.list[0];
    expect((await bob.post('/api/v2/device/credentials/issue', { id: dev.id })).status).toBe(403);
    const first = (await alice.post('/api/v2/device/credentials/issue', { id: dev.id })).body.data;
    expect(first.username).toMatch(/^d[a-z2-7]{16}$/);
    expect(first.topic).toBe(`devices/${first.username}/telemetry`);
    const second = (await alice.post('/api/v2/device/credentials/issue', { id: dev.id })).body.data;
    expect(second.username).toBe(first.username);
    expect(second.password).not.toBe(first.password);
    const stored = (
      (await t.database.system.execute(sql`select mqtt_password_hash as h from device where id = ${dev.id}`)) as unknown as Rows<{
        h: string;
      }>
    ).rows[0]!.h;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain(second.password);
  });

  it("hides another tenant's devices and refuses its OUs and types", async () => {
    const harborDevice = (
      (await t.database.system.execute(
        sql`select id from device where tenant_id = ${DEMO_TENANTS.harbor} order by id limit 1`,
      )) as unknown as Rows<{ id: number }>
    ).rows[0]!.id;
    const harborOu = (
      (await t.database.system.execute(sql`select id from ou where tenant_id = ${DEMO_TENANTS.harbor} limit 1`)) as unknown as Rows<{
        id: number;
      }>
    ).rows[0]!.id;
    for (const url of ['/api/v2/device/detail', '/api/v2/device/update', '/api/v2/device/delete', '/api/v2/device/credentials/issue'])
      expect((await alice.post(url, { id: harborDevice })).status, url).toBe(404);
    const create = await alice.post('/api/v2/device/create', {
      code: 'X',
      name: 'x',
      deviceTypeId: typeIds['feeder-meter'],
      ouId: harborOu,
    });
    expect(create.body).toMatchObject({ code: ErrorCode.VALIDATION, msg: 'body.ouId: is not one of your operating units' });
    expect((await alice.post('/api/v2/data-property/list', { deviceId: harborDevice })).status).toBe(404);
  });
});
