import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, areaCode, catalogueRows } from '@energy/contracts/catalogue-codes';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

const R = '/api/v2/role';
const PERMISSION = '/api/v2/platform-public/staff/permission';
const SWITCH = '/api/v2/platform-public/staff/switch';

/** A node and everything under it in the catalogue. */
function subtree(code: string): string[] {
  const rows = catalogueRows();
  const out = [code];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentCode === out[i]) out.push(r.code);
  return out;
}

describe.each(DB_KINDS)('roles on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let roleId: Record<string, number>;
  let mcid: Record<string, string>;
  let ouId: Record<string, number>;
  let muid: Record<string, string>;
  const rows = <T>(q: SQL) => rowsOf<T>(t.database.system, q);
  const sunriseRoles = async () =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from role where tenant_id = ${DEMO_TENANTS.sunrise}`))[0]!.n;

  const create = (s: Session, body: object) => s.post(`${R}/create`, { autoSyncCodes: [], ...body });
  const createOk = async (body: object) => {
    const res = await create(alice, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  /** A staff for `person` in the role, made by alice; returns its id. */
  const staffFor = async (person: string, staffCode: string, customer: string, role: number) => {
    const res = await alice.post('/api/v2/staff/create', {
      staffCode,
      customerMcid: mcid[customer],
      roleId: role,
      ouIds: [ouId['SZ-01']],
      user: { kind: 'existing', muid: muid[person] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    ({ roleId, mcid, ouId, muid } = await demoIds(t));
  });
  afterAll(() => t?.close());

  it("lists the tenant's roles with their counts; the select list needs only the staff page", async () => {
    const page = await alice.post(`${R}/page`, {});
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ totalCount: 2, pageSize: 20, pageOffset: 1 });
    expect(page.body.data.list).toEqual([
      {
        id: roleId['sunrise:Tenant administrator'],
        name: 'Tenant administrator',
        description: expect.any(String),
        allOus: true,
        staffCount: 1,
        permissionCount: catalogueRows().length,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      expect.objectContaining({ id: roleId['sunrise:Operator'], name: 'Operator', allOus: false, staffCount: 2 }),
    ]);
    const operatorCodes = catalogueRows().filter((r) => r.type === 'p' && r.integratedAppId == null);
    expect(page.body.data.list[1].permissionCount).toBe(operatorCodes.length);
    expect((await alice.post(`${R}/page`, { keyword: 'OPER' })).body.data.list.map((r: { name: string }) => r.name)).toEqual(['Operator']);

    const detail = await alice.post(`${R}/detail`, { id: roleId['sunrise:Tenant administrator'] });
    expect(detail.body.data).toMatchObject({ allOus: true, staffCount: 1, autoSyncCodes: AREAS.map(areaCode) });
    // the operator holds every menu code, groups included
    const operator = (await alice.post(`${R}/detail`, { id: roleId['sunrise:Operator'] })).body.data;
    expect(operator.permissionCodes).toContain('p-settings.org');
    expect(operator.permissionCodes.some((c: string) => c.startsWith('b-'))).toBe(false);

    const bob = await signIn(t, 'bob');
    const list = await bob.post(`${R}/list`, {});
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { id: roleId['sunrise:Operator'], name: 'Operator' },
      { id: roleId['sunrise:Tenant administrator'], name: 'Tenant administrator' },
    ]);
  });

  it('creates, edits and deletes a role, each command in the audit log', async () => {
    const codes = ['p-circuit', 'p-circuit.metering', 'p-circuit-meter-reading', 'b-circuit-meter-reading-export'];
    const id = await createOk({
      name: '  Meter readers ',
      description: 'Read the meters',
      permissionCodes: codes,
      autoSyncCodes: ['p-circuit.metering'],
    });
    expect((await alice.post(`${R}/detail`, { id })).body.data).toEqual({
      id,
      name: 'Meter readers',
      description: 'Read the meters',
      allOus: false,
      permissionCodes: codes,
      autoSyncCodes: ['p-circuit.metering'],
      staffCount: 0,
    });
    const update = await alice.post(`${R}/update`, {
      id,
      name: 'Meter reading',
      allOus: true,
      permissionCodes: codes.slice(0, 3),
      autoSyncCodes: [],
    });
    expect(update.status).toBe(200);
    expect(update.body.data).toBeNull();
    expect((await alice.post(`${R}/detail`, { id })).body.data).toMatchObject({
      name: 'Meter reading',
      description: 'Read the meters',
      allOus: true,
      permissionCodes: codes.slice(0, 3),
      autoSyncCodes: [],
    });
    expect((await alice.post(`${R}/delete`, { id })).status).toBe(200);
    const gone = await alice.post(`${R}/detail`, { id });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe(`Role ${id} does not exist`);

    const log = await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 100, call: '/api/v2/role/' });
    const entries = log.body.data.list as { call: string; outcome: string; target: string | null; staffCode: string }[];
    for (const call of ['create', 'update', 'delete'])
      expect(
        entries.some((e) => e.call === `POST /api/v2/role/${call}` && e.outcome === 'ok' && e.staffCode === 'SR-ALICE'),
        call,
      ).toBe(true);
    expect(entries.find((e) => e.call === 'POST /api/v2/role/delete')!.target).toBe(`id=${id}`);
    expect(entries.some((e) => e.call === 'POST /api/v2/role/page')).toBe(false);
  });

  it('refuses unknown, frozen and malformed codes, bad auto-sync, bad and duplicate names; nothing changes', async () => {
    const before = await sunriseRoles();
    const base = { name: 'Bad', permissionCodes: ['p-pv', 'p-pv.asset', 'p-pv-station'] };
    const refused = async (body: object, code: number, msg: string | RegExp) => {
      const res = await create(alice, { ...base, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.msg).toMatch(msg);
    };
    await refused({ permissionCodes: ['p-pv', 'p-nope'] }, 40000, 'permissionCodes: p-nope is not in the permission catalogue');
    await refused({ permissionCodes: ["p'; drop table role; --"] }, 40000, /^permissionCodes\.0: /);
    await refused(
      { autoSyncCodes: ['p-pv-station'] },
      40000,
      'autoSyncCodes: p-pv-station is at level 2; auto-sync is only for levels 0 and 1',
    );
    await refused(
      { permissionCodes: [...base.permissionCodes, 'b-pv-station-create'], autoSyncCodes: ['b-pv-station-create'] },
      40000,
      'autoSyncCodes: b-pv-station-create is at level 3',
    );
    await refused({ autoSyncCodes: ['p-pv.monitor'] }, 40000, 'autoSyncCodes: p-pv.monitor must also be checked (in permissionCodes)');
    await refused({ name: '   ' }, 40000, 'name: is required');
    await refused({ name: 'x'.repeat(65) }, 40000, /^name: /);
    await refused({ name: 'operator' }, 40009, 'A role named "operator" already exists');

    // the platform freezes a code, and marks a group customized
    await t.database.system.execute(sql`update permission set "freeze" = true where code = 'p-pv-station'`);
    await t.database.system.execute(sql`update permission set customized = true where code = 'p-pv.asset'`);
    await t.services.catalogue.load();
    try {
      await refused({}, 40000, 'permissionCodes: p-pv-station is frozen and cannot be granted');
      await refused(
        { permissionCodes: ['p-pv', 'p-pv.asset'], autoSyncCodes: ['p-pv.asset'] },
        40000,
        'autoSyncCodes: p-pv.asset is customized',
      );
    } finally {
      await t.database.system.execute(
        sql`update permission set "freeze" = false, customized = false where code in ('p-pv-station', 'p-pv.asset')`,
      );
      await t.services.catalogue.load();
    }

    const id = await createOk({ name: 'Viewers', permissionCodes: ['p-pv'] });
    const rename = await alice.post(`${R}/update`, { id, name: 'Tenant Administrator', permissionCodes: ['p-pv'], autoSyncCodes: [] });
    expect(rename.body).toMatchObject({ code: 40009, msg: 'A role named "Tenant Administrator" already exists' });
    expect((await alice.post(`${R}/update`, { id, name: 'Viewers', permissionCodes: ['p-pv'], autoSyncCodes: [] })).status).toBe(200);
    await alice.post(`${R}/delete`, { id });
    expect(await sunriseRoles()).toBe(before);
  });

  it('refuses the role commands to bob, an operator without buttons, and a delete while staff have the role', async () => {
    const bob = await signIn(t, 'bob');
    expect((await bob.post(`${R}/page`, {})).status).toBe(200);
    const id = roleId['sunrise:Operator'];
    const body = { name: 'Hijacked', permissionCodes: [], autoSyncCodes: [] };
    for (const [res, code] of [
      [await create(bob, body), 'b-role-create'],
      [await bob.post(`${R}/update`, { ...body, id }), 'b-role-edit'],
      [await bob.post(`${R}/delete`, { id }), 'b-role-delete'],
    ] as const) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 40300, msg: `You do not have the permission ${code}` });
    }
    const inUse = await alice.post(`${R}/delete`, { id });
    expect(inUse.status).toBe(400);
    expect(inUse.body).toMatchObject({
      code: 40009,
      msg: 'The role "Operator" is assigned to 2 staff account(s); give them another role first',
    });
    expect((await alice.post(`${R}/detail`, { id })).body.data.name).toBe('Operator');
  });

  it('a staff grants only what it holds: codes, auto-sync its own role has, every OU only if it sees every OU', async () => {
    const keeper = await createOk({
      name: 'Role keepers',
      permissionCodes: [
        'p-settings',
        'p-settings.org',
        'p-settings-role',
        'b-role-create',
        'b-role-edit',
        'b-role-delete',
        ...subtree('p-pv.monitor'),
        'p-pv',
      ],
      autoSyncCodes: ['p-pv.monitor'],
    });
    const staffId = await staffFor('bob', 'SR-BOB-RK', 'Sunrise Manufacturing Group', keeper);
    const bob = await signIn(t, 'bob');
    expect((await bob.post(SWITCH, { staffId })).status).toBe(200);

    const refused = async (body: object, msg: string | RegExp) => {
      const res = await create(bob, { name: 'By bob', ...body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.code).toBe(40300);
      expect(res.body.msg).toMatch(msg);
    };
    await refused(
      { permissionCodes: ['p-settings', 'b-staff-create', 'p-bsa'] },
      'You cannot grant permissions you do not hold: b-staff-create, p-bsa',
    );
    await refused({ permissionCodes: ['p-pv'], autoSyncCodes: ['p-pv'] }, 'You can auto-sync only nodes your own role auto-syncs: p-pv');
    await refused(
      { permissionCodes: ['p-pv'], allOus: true },
      'Only a staff who sees every operating unit may give a role every operating unit',
    );
    // nor touch a role more powerful than its own
    const admin = roleId['sunrise:Tenant administrator'];
    const edit = await bob.post(`${R}/update`, { id: admin, name: 'Tenant administrator', permissionCodes: ['p-pv'], autoSyncCodes: [] });
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toMatch(/^The role "Tenant administrator" grants permissions you do not hold: /);
    expect((await bob.post(`${R}/delete`, { id: admin })).status).toBe(403);

    const made = await create(bob, {
      name: 'PV watchers',
      permissionCodes: ['p-pv', ...subtree('p-pv.monitor')],
      autoSyncCodes: ['p-pv.monitor'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await bob.post(`${R}/delete`, { id: made.body.data.id })).status).toBe(200);
  });

  it('honours auto-sync when the platform catalogue grows: a new code reaches the auto-synced role at once, not the other', async () => {
    const codes = ['p-settings', ...subtree('p-settings.org')];
    const synced = await createOk({ name: 'Org (auto-sync)', permissionCodes: codes, autoSyncCodes: ['p-settings.org'] });
    const fixed = await createOk({ name: 'Org (fixed)', permissionCodes: codes });
    const syncedStaff = await staffFor('bob', 'SR-BOB-ORG1', 'Suzhou Workshop A', synced);
    const fixedStaff = await staffFor('bob', 'SR-BOB-ORG2', 'Sunrise Wuxi Plant', fixed);
    const bob = await signIn(t, 'bob');
    const permissionsAs = async (staffId: number) => {
      expect((await bob.post(SWITCH, { staffId })).status).toBe(200);
      return (await bob.post(PERMISSION)).body.data as string[];
    };
    expect(await permissionsAs(syncedStaff)).toEqual([...codes].sort());
    expect(await permissionsAs(fixedStaff)).toEqual([...codes].sort());

    await t.database.system.execute(
      sql`insert into permission (code, parent_code, type, name, level, sort) values ('b-role-export', 'p-settings-role', 'b', 'Export roles', 3, 99)`,
    );
    await t.services.catalogue.load();
    try {
      expect(await permissionsAs(syncedStaff)).toContain('b-role-export');
      expect(await permissionsAs(fixedStaff)).not.toContain('b-role-export');
      // the stored role is unchanged: the grant comes from the auto-synced node
      expect((await alice.post(`${R}/detail`, { id: synced })).body.data.permissionCodes).not.toContain('b-role-export');
    } finally {
      await t.database.system.execute(sql`delete from permission where code = 'b-role-export'`);
      await t.services.catalogue.load();
    }
  });

  it("another tenant's admin (dave) sees none of Sunrise's roles, and a Sunrise id is not found", async () => {
    const dave = await signIn(t, 'dave');
    const page = (await dave.post(`${R}/page`, { pageSize: 100 })).body.data;
    expect(page.list.map((r: { id: number }) => r.id)).toEqual([roleId['harbor:Tenant administrator'], roleId['harbor:Operator']]);
    expect((await dave.post(`${R}/list`, {})).body.data.map((r: { id: number }) => r.id).sort()).toEqual(
      [roleId['harbor:Tenant administrator'], roleId['harbor:Operator']].sort(),
    );
    const id = roleId['sunrise:Operator'];
    for (const res of [
      await dave.post(`${R}/detail`, { id }),
      await dave.post(`${R}/update`, { id, name: 'Taken over', permissionCodes: [], autoSyncCodes: [] }),
      await dave.post(`${R}/delete`, { id }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(`Role ${id} does not exist`);
    }
    // a name is unique per tenant: Harbor may have its own "Meter readers" whatever Sunrise has
    const harborRole = await create(dave, { name: 'Operator (night)', permissionCodes: ['p-pv'] });
    expect(harborRole.status).toBe(200);
    expect((await alice.post(`${R}/detail`, { id })).body.data.name).toBe('Operator');
    expect((await alice.post(`${R}/page`, { keyword: 'night' })).body.data.totalCount).toBe(0);
  });
});
