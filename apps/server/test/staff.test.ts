import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, demoIds, signIn, type TestApp } from './helpers.js';

const CURRENT = '/api/v2/platform-public/customer-user/current';

describe.each(DB_KINDS)('staff selection, switching and permissions on %s', (kind) => {
  let t: TestApp;
  let staffId: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ staffId } = await demoIds(t));
  });
  afterAll(() => t?.close());

  it("lists alice's staff across two tenants, in both generations of the calls", async () => {
    const alice = await signIn(t, 'alice');
    const a = await alice.post('/api/v2/platform-public/staff/list', { muid: alice.login.muid });
    expect(a.status).toBe(200);
    expect(a.body.data.map((s: { tenantName: string }) => s.tenantName).sort()).toEqual(['Harbor Logistics', 'Sunrise Manufacturing']);
    expect(a.body.data[0]).toMatchObject({
      id: expect.any(Number),
      staffCode: expect.any(String),
      customerName: expect.any(String),
      tenantMcid: expect.any(String),
    });
    const b = await alice.call('GET', '/api/staff/list');
    expect(b.body.data).toEqual(a.body.data);
    const v2 = await alice.post('/api/v2/staff/list', {});
    expect(v2.body.data).toEqual(a.body.data);
  });

  it("refuses to list someone else's staff", async () => {
    const alice = await signIn(t, 'alice');
    const bob = await signIn(t, 'bob');
    const res = await alice.post('/api/v2/platform-public/staff/list', { muid: bob.login.muid });
    expect(res.status).toBe(403);
  });

  it('gives carol 412 everywhere a staff is needed, but lets her see her (unusable) staff', async () => {
    const carol = await signIn(t, 'carol');
    expect(carol.login.currentStaffId).toBeNull();
    const cur = await carol.post(CURRENT);
    expect(cur.status).toBe(412);
    expect(cur.body.code).toBe(41200);
    expect((await carol.post('/api/v2/platform-public/navigation/list')).status).toBe(412);
    const list = await carol.post('/api/v2/platform-public/staff/list');
    expect(list.body.data.map((s: { status: number }) => s.status).sort()).toEqual([1, 2]);
    const disabled = await carol.post('/api/v2/platform-public/staff/check', { id: staffId['SR-CAROL'] });
    expect(disabled.status).toBe(412);
    expect(disabled.body.code).toBe(41201);
    const frozen = await carol.call('GET', `/api/staff/check?id=${staffId['HB-CAROL']}`);
    expect(frozen.status).toBe(412);
    expect(frozen.body.code).toBe(41202);
    const sw = await carol.call('PUT', `/api/staff/switch?staff_id=${staffId['SR-CAROL']}`);
    expect(sw.status).toBe(412);
    expect((await carol.post(CURRENT)).status).toBe(412);
  });

  it('a staff disabled while in use gets 412 on the next call', async () => {
    const bob = await signIn(t, 'bob');
    expect((await bob.post(CURRENT)).status).toBe(200);
    await t.database.system.execute(sql`update staff set status = 1 where staff_code = 'SR-BOB'`);
    const res = await bob.post(CURRENT);
    expect(res.status).toBe(412);
    expect(res.body.code).toBe(41201);
    await t.database.system.execute(sql`update staff set status = 0 where staff_code = 'SR-BOB'`);
  });

  it("refuses checking or switching to another person's staff with 403", async () => {
    const alice = await signIn(t, 'alice');
    const check = await alice.post('/api/v2/platform-public/staff/check', { id: staffId['SR-BOB'] });
    expect(check.status).toBe(403);
    expect(check.body.code).toBe(40301);
    const sw = await alice.post('/api/v2/platform-public/staff/switch', { staffId: staffId['SR-BOB'] });
    expect(sw.status).toBe(403);
    expect((await alice.post(CURRENT)).body.data.staff.staffCode).toBe('SR-ALICE');
  });

  it('switches alice to Harbor: current, permissions and menu follow the new staff and role', async () => {
    const alice = await signIn(t, 'alice');
    const before = await alice.post(CURRENT);
    expect(before.body.data.tenant.name).toBe('Sunrise Manufacturing');
    const adminPerms: string[] = (await alice.post('/api/v2/platform-public/staff/permission')).body.data;
    expect(adminPerms).toContain('b-staff-create');

    expect((await alice.post('/api/v2/platform-public/staff/check', { id: staffId['HB-ALICE'] })).status).toBe(200);
    const sw = await alice.post('/api/v2/platform-public/staff/switch', { staffId: staffId['HB-ALICE'] });
    expect(sw.status).toBe(200);
    const after = await alice.post(CURRENT);
    expect(after.body.data).toMatchObject({
      tenant: { name: 'Harbor Logistics' },
      staff: { staffCode: 'HB-ALICE', platformName: 'Harbor Energy Hub', roleName: 'Operator' },
    });
    const operatorPerms: string[] = (await alice.call('GET', '/api/staff/permission')).body.data;
    expect(operatorPerms.some((c) => c.startsWith('b-'))).toBe(false);
    expect(operatorPerms).toContain('p-settings-staff');

    // the next sign-in lands on the last used staff
    const again = await signIn(t, 'alice');
    expect(again.login.currentStaffId).toBe(staffId['HB-ALICE']);
    // and back through Reading B
    expect((await again.call('PUT', `/api/staff/switch?staff_id=${staffId['SR-ALICE']}`)).status).toBe(200);
    expect((await again.post(CURRENT)).body.data.tenant.name).toBe('Sunrise Manufacturing');
  });

  it('refuses bob (operator) a button-level call, and allows it to alice (admin)', async () => {
    const bob = await signIn(t, 'bob');
    const body = { uetId: 'uet-001', startCalculateTime: '2026-01-01T00:00:00+08:00' };
    const refused = await bob.post('/api/v2/uet/upsert-start-calculate-time', body);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 40300, msg: expect.stringContaining('b-income-start-time-edit') });
    const nothing = await bob.post('/api/v2/uet/get-start-calculate-time', { uetId: 'uet-001' });
    expect(nothing.body.data.startCalculateTime).toBeNull();
    const alice = await signIn(t, 'alice');
    const ok = await alice.post('/api/v2/uet/upsert-start-calculate-time', body);
    expect(ok.status).toBe(200);
    expect((await bob.post('/api/v2/uet/get-start-calculate-time', { uetId: 'uet-001' })).body.data.startCalculateTime).toBe(
      '2025-12-31T16:00:00.000Z',
    );
  });

  it('returns the navigation tree, and a menu filtered by permission', async () => {
    const alice = await signIn(t, 'alice');
    const tree = (await alice.post('/api/v2/platform-public/navigation/list')).body.data;
    expect(tree.map((n: { name: string }) => n.name)).toEqual([
      'Energy Storage',
      'PV',
      'Circuits',
      'Charging',
      'Alarms',
      'Energy & Income',
      'Settings',
    ]);
    const settings = tree.find((n: { key: string }) => n.key === 'settings');
    expect(settings.children[0].children[0]).toMatchObject({ level: 3, permissionCode: 'p-settings-staff', path: '/settings/org/staff' });
    // outside links: the integrated-app one needs that app's permission (alice's admin role has it,
    // bob's operator role has none); the platform one without a code is always shown
    const appsOf = async (who: string) => {
      const menu = (await (await signIn(t, who)).post('/api/v2/app/menu')).body.data;
      const apps = menu.find((n: { key: string }) => n.key === 'settings').children.find((g: { key: string }) => g.key === 'settings-apps');
      return apps.children.map((n: { key: string }) => n.key);
    };
    expect(await appsOf('alice')).toEqual(['ia-carbon-report', 'help']);
    expect(await appsOf('bob')).toEqual(['help']);
    const bobIntegrated = await (await signIn(t, 'bob')).post('/api/v2/platform-public/staff/integrated/permission');
    expect(bobIntegrated.body.data).toEqual({});
    expect((await alice.post('/api/v2/platform-public/staff/integrated/permission')).body.data).toEqual({
      '101': ['ia-carbon', 'ia-carbon-report'],
      '102': ['ia-work-order', 'ia-work-order-list'],
    });
    const config = await alice.post('/api/v2/platform-public/staff/navigation/config');
    expect(config.body.data).toEqual({ moduleOrigin: 'ids', moduleOriginId: 4, path: '/' });
    const detail = await alice.post('/api/v2/staff/navigation/config/detail', {});
    expect(detail.body.data.source).toBe('tenant');
  });

  it('grants what the platform later adds under an auto-synced node (admin), not to a checked-only role', async () => {
    await t.database.system.execute(
      sql`insert into permission (code, parent_code, type, name, level, sort) values ('b-staff-export', 'p-settings-staff', 'b', 'Export staff', 3, 99)`,
    );
    await t.services.catalogue.load();
    const alice = await signIn(t, 'alice');
    expect((await alice.post('/api/v2/platform-public/staff/permission')).body.data).toContain('b-staff-export');
    const bob = await signIn(t, 'bob');
    expect((await bob.post('/api/v2/platform-public/staff/permission')).body.data).not.toContain('b-staff-export');
  });

  it('returns the permission catalogue as a tree: areas, groups, pages, buttons, then integrated apps', async () => {
    const bob = await signIn(t, 'bob');
    const tree = (await bob.post('/api/v2/platform-public/permission/tree')).body.data;
    expect(tree.map((n: { key: string }) => n.key)).toEqual([
      'p-bsa',
      'p-pv',
      'p-circuit',
      'p-charging',
      'p-alarm',
      'p-energy',
      'p-settings',
      'ia-carbon',
      'ia-work-order',
    ]);
    const orgGroup = tree.find((n: { key: string }) => n.key === 'p-settings').children[0];
    expect(orgGroup).toMatchObject({ key: 'p-settings.org', type: 'p', level: 1, title: 'Organisation' });
    const staffPage = orgGroup.children[0];
    expect(staffPage).toMatchObject({ key: 'p-settings-staff', type: 'p', level: 2, disabled: false });
    expect(staffPage.children[0]).toMatchObject({ key: 'b-staff-create', type: 'b', level: 3, children: [] });
    // carol has no usable staff; and the call needs the role page's permission
    expect((await (await signIn(t, 'carol')).post('/api/v2/platform-public/permission/tree')).status).toBe(412);
  });

  it('saves the data-type order sent as a form', async () => {
    const alice = await signIn(t, 'alice');
    const res = await alice.call('POST', '/api/v2/staff/data-type/sorting/customize/update', 'scene=circuit&dataTypes=power,energy,power', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ scene: 'circuit', dataTypes: ['power', 'energy'] });
  });
});
