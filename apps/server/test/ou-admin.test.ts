import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@energy/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUser } from '../src/domains/auth/auth.schema.js';
import { hashPassword } from '../src/domains/auth/passwords.js';
import { role, staff, staffOu } from '../src/domains/staff/staff.schema.js';
import { customer } from '../src/domains/tenancy/tenancy.schema.js';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

interface OuRow {
  id: number;
  code: string;
  name: string;
  typeId: number | null;
  typeName: string | null;
  customerMcid: string;
  customerName: string;
  districtAdcode: string | null;
  address: string | null;
  lng: number | null;
  lat: number | null;
  memberCount: number;
  assetCount: number;
  createdAt: string;
}

/** A Sunrise person made for the test: one staff in `customerName`, with a role of `codes` that sees only `ouIds`. */
async function limitedStaff(
  t: TestApp,
  username: string,
  opts: { customerName: string; codes: string[]; ouIds: number[] },
): Promise<{ session: Session; staffId: number }> {
  const db = t.database.system;
  const tenantId = DEMO_TENANTS.sunrise;
  const [made] = await db
    .insert(role)
    .values({ tenantId, name: `${username} role`, permissionCodes: opts.codes })
    .returning({ id: role.id });
  const [home] = await db
    .select({ mcid: customer.mcid })
    .from(customer)
    .where(and(eq(customer.tenantId, tenantId), eq(customer.name, opts.customerName)));
  const muid = randomUUID();
  await db.insert(customerUser).values({ muid, username, passwordHash: await hashPassword(DEMO_PASSWORD), name: username });
  const [row] = await db
    .insert(staff)
    .values({ tenantId, customerMcid: home!.mcid, muid, staffCode: username.toUpperCase(), roleId: made!.id })
    .returning({ id: staff.id });
  await db.insert(staffOu).values(opts.ouIds.map((ouId) => ({ tenantId, staffId: row!.id, ouId })));
  return { session: await signIn(t, username), staffId: row!.id };
}

describe.each(DB_KINDS)('operating unit administration on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let harbor: Session;
  let ouId: Record<string, number>;
  let typeId: Record<string, number>;
  let mcid: Record<string, string>;
  let staffId: Record<string, number>;
  let harborDeviceId: number;
  const page = async (s: Session, body: object = {}) =>
    (await s.post('/api/v2/ou/page', body)).body.data as { list: OuRow[]; totalCount: number };
  const detail = async (id: number, s: Session = alice) => (await s.post('/api/v2/ou/detail', { id })).body.data as OuRow;
  const assets = async (id: number) => (await alice.post('/api/v2/ou/assets', { id })).body.data as { deviceId: number; code: string }[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    harbor = await signIn(t, 'dave');
    const rows = <T>(q: ReturnType<typeof sql>) => rowsOf<T>(t.database.system, q);
    ({ ouId, mcid, staffId } = await demoIds(t));
    typeId = Object.fromEntries(
      (await rows<{ code: string; id: number }>(sql`select code, id from ou_type where tenant_id = ${DEMO_TENANTS.sunrise}`)).map((r) => [
        r.code,
        Number(r.id),
      ]),
    );
    typeId['harbor-park'] = Number(
      (await rows<{ id: number }>(sql`select id from ou_type where tenant_id = ${DEMO_TENANTS.harbor} and code = 'park'`))[0]!.id,
    );
    harborDeviceId = Number(
      (await rows<{ id: number }>(sql`select id from device where tenant_id = ${DEMO_TENANTS.harbor} order by id limit 1`))[0]!.id,
    );
  });
  afterAll(() => t?.close());

  it('pages the OUs the staff may see, with counts and filters', async () => {
    const all = await page(alice);
    expect(all.totalCount).toBe(2);
    const fleet = (await assets(ouId['SZ-01']!)).length;
    expect(fleet).toBeGreaterThan(0);
    expect(all.list.map((o) => [o.code, o.typeName, o.customerName, o.memberCount, o.assetCount])).toEqual([
      ['SZ-01', 'Industrial site', 'Sunrise Suzhou Plant', 2, fleet],
      // Wuxi: the storage station's PCS, grid meter and FCS, the PV station's weather station and generation meter
      ['WX-01', 'Industrial site', 'Sunrise Wuxi Plant', 2, 5],
    ]);
    expect(all.list[0]).toMatchObject({ districtAdcode: '320506', address: '88 Wuzhong Avenue, Suzhou', lng: 120.632, lat: 31.262 });
    const first = await page(alice, { pageSize: 1, pageOffset: 2 });
    expect([first.totalCount, first.list.map((o) => o.code)]).toEqual([2, ['WX-01']]);
    expect((await page(alice, { keyword: 'wuxi' })).list.map((o) => o.code)).toEqual(['WX-01']);
    expect((await page(alice, { customerMcid: mcid['Sunrise Suzhou Plant'] })).list.map((o) => o.code)).toEqual(['SZ-01']);
    expect((await page(alice, { typeId: typeId.park })).totalCount).toBe(0);
    // bob sees his OU only, and not the other one's detail
    expect((await page(bob)).list.map((o) => o.code)).toEqual(['SZ-01']);
    expect((await bob.post('/api/v2/ou/detail', { id: ouId['WX-01'] })).status).toBe(404);
    const bad = await alice.post('/api/v2/ou/page', { pageSize: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('pageSize');
  });

  it('creates an OU with checked references and a unique code', async () => {
    const body = {
      code: 'SZ-02',
      name: ' Suzhou Warehouse ',
      customerMcid: mcid['Sunrise Suzhou Plant'],
      typeId: typeId.park,
      districtAdcode: '320506',
      address: '9 Wuzhong Road',
      lng: 120.6,
      lat: 31.2,
    };
    const made = await alice.post('/api/v2/ou/create', body);
    expect(made.status).toBe(200);
    ouId['SZ-02'] = made.body.data.id;
    expect(await detail(ouId['SZ-02']!)).toMatchObject({
      code: 'SZ-02',
      name: 'Suzhou Warehouse',
      typeName: 'Logistics park',
      customerName: 'Sunrise Suzhou Plant',
      districtAdcode: '320506',
      lng: 120.6,
      lat: 31.2,
      // alice's role sees every OU: she is not made a member
      memberCount: 0,
      assetCount: 0,
    });
    const dup = await alice.post('/api/v2/ou/create', { ...body, name: 'Another' });
    expect(dup.body).toMatchObject({ code: ErrorCode.CONFLICT, msg: 'The OU code SZ-02 is already used in this tenant' });
    for (const [change, msg] of [
      [{ customerMcid: mcid['Harbor Ningbo Warehouse'] }, 'body.customerMcid: is not an organisation of this tenant'],
      [{ typeId: typeId['harbor-park'] }, 'body.typeId: is not an OU type of this tenant'],
      [{ districtAdcode: '999999' }, 'body.districtAdcode: is not a known district'],
      [{ lat: null }, 'body.lat: is required with the other coordinate'],
      [{ code: 'SZ 03' }, "code: may hold only letters, digits, '-', '_' and '.', starting with a letter or digit"],
      [{ name: '  ' }, 'name: is required'],
      [{ lng: 181 }, 'lng: Too big: expected number to be <=180'],
    ] as const) {
      const r = await alice.post('/api/v2/ou/create', { ...body, code: 'SZ-03', ...change });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect((await page(alice)).totalCount).toBe(3);
  });

  it('makes a creator that sees only its own OUs a member of the new one', async () => {
    const editor = await limitedStaff(t, 'ou-editor', {
      customerName: 'Sunrise Suzhou Plant',
      codes: ['p-settings-ou', 'b-ou-create', 'b-ou-edit'],
      ouIds: [ouId['SZ-01']!],
    });
    const made = await editor.session.post('/api/v2/ou/create', {
      code: 'SZ-LAB',
      name: 'Suzhou Lab',
      customerMcid: mcid['Sunrise Suzhou Plant'],
      typeId: typeId.site,
    });
    expect(made.status).toBe(200);
    expect((await page(editor.session)).list.map((o) => [o.code, o.memberCount])).toEqual([
      ['SZ-01', 3],
      ['SZ-LAB', 1],
    ]);
    expect((await editor.session.post('/api/v2/ou/members', { id: made.body.data.id })).body.data).toEqual([
      { staffId: editor.staffId, staffCode: 'OU-EDITOR', username: 'ou-editor', name: 'ou-editor', status: 0 },
    ]);
    // it still cannot reach OUs it is not in
    expect(
      (
        await editor.session.post('/api/v2/ou/update', {
          id: ouId['WX-01'],
          name: 'x',
          customerMcid: mcid['Sunrise Wuxi Plant'],
          typeId: typeId.site,
        })
      ).status,
    ).toBe(404);
    // nor delete (no button)
    expect((await editor.session.post('/api/v2/ou/delete', { id: made.body.data.id })).status).toBe(403);
    ouId['SZ-LAB'] = made.body.data.id;
  });

  it('sets members (staff of the tenant only), who then see the OU', async () => {
    const id = ouId['SZ-02']!;
    expect(
      (await alice.post('/api/v2/ou/members', { id: ouId['SZ-01'] })).body.data.map((m: { staffCode: string }) => m.staffCode),
    ).toEqual(['OU-EDITOR', 'SR-ALICE', 'SR-BOB']);
    expect((await bob.post('/api/v2/ou/list', {})).body.data.map((o: { code: string }) => o.code)).toEqual(['SZ-01']);
    const set = await alice.post('/api/v2/ou/members/update', { id, staffIds: [staffId['SR-BOB'], staffId['SR-BOB']] });
    expect(set.status).toBe(200);
    expect((await alice.post('/api/v2/ou/members', { id })).body.data).toEqual([
      { staffId: staffId['SR-BOB'], staffCode: 'SR-BOB', username: 'bob', name: 'Bob Li', status: 0 },
    ]);
    expect((await bob.post('/api/v2/ou/list', {})).body.data.map((o: { code: string }) => o.code)).toEqual(['SZ-01', 'SZ-02']);

    const foreign = await alice.post('/api/v2/ou/members/update', { id, staffIds: [staffId['SR-CAROL'], staffId['HB-CAROL']] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe(`body.staffIds: ${staffId['HB-CAROL']}: not a staff of this tenant`);
    expect((await detail(id)).memberCount).toBe(1);
  });

  it('moves devices in from other OUs, refuses leaving one without an OU, and edits fields', async () => {
    const sz = ouId['SZ-01']!;
    const id = ouId['SZ-02']!;
    const fleet = await assets(sz);
    const moving = fleet[fleet.length - 1]!;
    const moved = await alice.post('/api/v2/ou/assets/update', { id, deviceIds: [moving.deviceId] });
    expect(moved.status).toBe(200);
    expect((await assets(id)).map((d) => d.code)).toEqual([moving.code]);
    expect((await assets(sz)).length).toBe(fleet.length - 1);
    const device = (await alice.post('/api/v2/device/detail', { id: moving.deviceId })).body.data;
    expect(device).toMatchObject({ ouId: id, customerMcid: mcid['Sunrise Suzhou Plant'] });

    const leaveOut = await alice.post('/api/v2/ou/assets/update', { id, deviceIds: [] });
    expect(leaveOut.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: `A device always belongs to an operating unit: to take ${moving.code} out of SZ-02, add it to its new operating unit`,
    });
    const foreign = await alice.post('/api/v2/ou/assets/update', { id, deviceIds: [moving.deviceId, harborDeviceId] });
    expect(foreign.body.msg).toBe(`body.deviceIds: ${harborDeviceId}: not one of your devices`);

    // a new customer for the OU takes its devices along; left-out optional fields are cleared
    const upd = await alice.post('/api/v2/ou/update', {
      id,
      name: 'Wuxi Warehouse',
      customerMcid: mcid['Sunrise Wuxi Plant'],
      typeId: typeId.region,
    });
    expect(upd.status).toBe(200);
    expect(await detail(id)).toMatchObject({
      code: 'SZ-02',
      name: 'Wuxi Warehouse',
      typeName: 'Region',
      customerName: 'Sunrise Wuxi Plant',
      districtAdcode: null,
      address: null,
      lng: null,
      lat: null,
      memberCount: 1,
      assetCount: 1,
    });
    expect((await alice.post('/api/v2/device/detail', { id: moving.deviceId })).body.data.customerMcid).toBe(mcid['Sunrise Wuxi Plant']);
    const bad = await alice.post('/api/v2/ou/update', { id, name: 'x', customerMcid: mcid['Harbor Shanghai Park'], typeId: typeId.site });
    expect(bad.body.msg).toBe('body.customerMcid: is not an organisation of this tenant');
    expect((await detail(id)).name).toBe('Wuxi Warehouse');
  });

  it('deletes an OU only without members and devices', async () => {
    const id = ouId['SZ-02']!;
    const busy = await alice.post('/api/v2/ou/delete', { id });
    expect(busy.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: 'The operating unit SZ-02 still has 1 member(s) and 1 device(s): remove them first',
    });
    const [device] = await assets(id);
    const back = [...(await assets(ouId['SZ-01']!)).map((d) => d.deviceId), device!.deviceId];
    expect((await alice.post('/api/v2/ou/assets/update', { id: ouId['SZ-01'], deviceIds: back })).status).toBe(200);
    expect((await alice.post('/api/v2/ou/members/update', { id, staffIds: [] })).status).toBe(200);
    expect((await alice.post('/api/v2/ou/delete', { id })).status).toBe(200);
    expect((await alice.post('/api/v2/ou/detail', { id })).status).toBe(404);
    expect((await page(alice)).list.map((o) => o.code)).toEqual(['SZ-01', 'SZ-LAB', 'WX-01']);
    expect((await alice.post('/api/v2/ou/delete', { id })).status).toBe(404);
  });

  it('refuses every change to staff without the buttons', async () => {
    const id = ouId['SZ-01']!;
    const before = await detail(id);
    for (const [url, body] of [
      ['/api/v2/ou/create', { code: 'BOB-1', name: 'x', customerMcid: mcid['Sunrise Suzhou Plant'], typeId: typeId.site }],
      ['/api/v2/ou/update', { id, name: 'x', customerMcid: mcid['Sunrise Suzhou Plant'], typeId: typeId.site }],
      ['/api/v2/ou/delete', { id }],
      ['/api/v2/ou/members/update', { id, staffIds: [] }],
      ['/api/v2/ou/assets/update', { id, deviceIds: [] }],
    ] as const) {
      const r = await bob.post(url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.code).toBe(ErrorCode.FORBIDDEN);
    }
    expect(await detail(id)).toEqual(before);
    // reading is the page permission
    expect((await bob.post('/api/v2/ou/members', { id })).status).toBe(200);
  });

  it("keeps each tenant's OUs to itself", async () => {
    expect((await page(harbor)).list.map((o) => o.code)).toEqual(['NB-01', 'SH-01']);
    expect((await page(harbor, { customerMcid: mcid['Sunrise Suzhou Plant'] })).list).toEqual([]);
    const sz = ouId['SZ-01']!;
    for (const [url, body] of [
      ['/api/v2/ou/detail', { id: sz }],
      ['/api/v2/ou/members', { id: sz }],
      ['/api/v2/ou/assets', { id: sz }],
      ['/api/v2/ou/update', { id: sz, name: 'x', customerMcid: mcid['Harbor Logistics HQ'], typeId: typeId['harbor-park'] }],
      ['/api/v2/ou/delete', { id: sz }],
      ['/api/v2/ou/members/update', { id: sz, staffIds: [] }],
      ['/api/v2/ou/assets/update', { id: sz, deviceIds: [] }],
    ] as const) {
      const r = await harbor.post(url, body);
      expect(r.status, url).toBe(404);
      expect(r.body.code).toBe(ErrorCode.NOT_FOUND);
    }
    const create = await harbor.post('/api/v2/ou/create', {
      code: 'SZ-01',
      name: 'x',
      customerMcid: mcid['Sunrise Suzhou Plant'],
      typeId: typeId['harbor-park'],
    });
    expect(create.body.msg).toBe('body.customerMcid: is not an organisation of this tenant');
    // the same code is free in another tenant
    const own = await harbor.post('/api/v2/ou/create', {
      code: 'SZ-01',
      name: 'Harbor SZ',
      customerMcid: mcid['Harbor Logistics HQ'],
      typeId: typeId['harbor-park'],
    });
    expect(own.status).toBe(200);
    expect((await page(alice)).list.map((o) => o.name)).not.toContain('Harbor SZ');
    expect((await detail(sz)).memberCount).toBe(3);
  });

  it('writes every change, refused ones included, to the audit log', async () => {
    const rows = (await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 100, call: '/api/v2/ou/' })).body.data.list as {
      call: string;
      outcome: string;
      code: number;
      username: string;
      target: string | null;
    }[];
    const calls = new Set(rows.map((r) => r.call));
    for (const c of ['create', 'update', 'delete', 'members/update', 'assets/update']) expect(calls, c).toContain(`POST /api/v2/ou/${c}`);
    expect(calls).not.toContain('POST /api/v2/ou/page');
    expect(rows.some((r) => r.username === 'bob' && r.code === ErrorCode.FORBIDDEN)).toBe(true);
    expect(rows.some((r) => r.call === 'POST /api/v2/ou/delete' && r.outcome === 'ok' && r.target === `id=${ouId['SZ-02']}`)).toBe(true);
    const harborRows = (await harbor.post('/api/v2/platform-public/audit-log/page', { pageSize: 100, call: '/api/v2/ou/' })).body.data.list;
    expect(harborRows.every((r: { username: string }) => r.username === 'dave')).toBe(true);
  });
});
