import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { USERNAME_UNUSABLE } from '../src/domains/staff/staff-admin.service.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

const S = '/api/v2/staff';
const CURRENT = '/api/v2/platform-public/customer-user/current';
const PERMISSION = '/api/v2/platform-public/staff/permission';

interface Row {
  id: number;
  staffCode: string;
  username: string;
  name: string;
  customerName: string;
  roleName: string | null;
  status: number;
  ous: { id: number; name: string }[];
}

describe.each(DB_KINDS)('staff administration on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let staffId: Record<string, number>;
  let mcid: Record<string, string>;
  let ouId: Record<string, number>;
  let roleId: Record<string, number>;
  let muid: Record<string, string>;
  const rows = <T>(q: SQL) => rowsOf<T>(t.database.system, q);
  const count = async (table: string) => (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  /** Signs in as `username` and switches to the staff with that code. */
  const as = async (username: string, staffCode: string, password?: string) => {
    const s = await signIn(t, username, password);
    const [row] = await rows<{ id: number }>(sql`select id from staff where staff_code = ${staffCode}`);
    expect((await s.post('/api/v2/platform-public/staff/switch', { staffId: row!.id })).status).toBe(200);
    return s;
  };
  const createRole = async (name: string, permissionCodes: string[], extra: object = {}) => {
    const res = await alice.post('/api/v2/role/create', { name, permissionCodes, autoSyncCodes: [], ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  const create = (s: Session, body: object) => s.post(`${S}/create`, body);
  const codesOf = (list: Row[]) => list.map((r) => r.staffCode);

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    ({ staffId, mcid, ouId, roleId, muid } = await demoIds(t));
  });
  afterAll(() => t?.close());

  it("lists the tenant's staff with person, customer, role and OUs; the filters narrow it", async () => {
    const page = await alice.post(`${S}/page`, {});
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ totalCount: 3, pageSize: 20, pageOffset: 1 });
    // alice's own Harbor staff is hers, but not of this tenant: not listed
    expect(codesOf(page.body.data.list)).toEqual(['SR-ALICE', 'SR-BOB', 'SR-CAROL']);
    expect(page.body.data.list[0]).toEqual({
      id: staffId['SR-ALICE'],
      staffCode: 'SR-ALICE',
      muid: muid.alice,
      username: 'alice',
      name: 'Alice Chen',
      customerMcid: mcid['Sunrise Manufacturing Group'],
      customerName: 'Sunrise Manufacturing Group',
      roleId: roleId['sunrise:Tenant administrator'],
      roleName: 'Tenant administrator',
      status: 0,
      ous: [
        { id: ouId['SZ-01'], name: 'Suzhou Plant Site' },
        { id: ouId['WX-01'], name: 'Wuxi Plant Site' },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const filtered = async (filter: object) => codesOf((await alice.post(`${S}/page`, filter)).body.data.list);
    expect(await filtered({ keyword: 'bob' })).toEqual(['SR-BOB']);
    expect(await filtered({ keyword: 'wang' })).toEqual(['SR-CAROL']);
    expect(await filtered({ keyword: 'sr-al' })).toEqual(['SR-ALICE']);
    expect(await filtered({ keyword: '%' })).toEqual([]);
    expect(await filtered({ status: 1 })).toEqual(['SR-CAROL']);
    expect(await filtered({ roleId: roleId['sunrise:Operator'] })).toEqual(['SR-BOB', 'SR-CAROL']);
    expect(await filtered({ customerMcid: mcid['Sunrise Suzhou Plant'] })).toEqual(['SR-BOB']);
    expect(await filtered({ ouId: ouId['WX-01'] })).toEqual(['SR-ALICE', 'SR-CAROL']);
    expect(await filtered({ customerMcid: mcid['Harbor Shanghai Park'] })).toEqual([]);
    const second = await alice.post(`${S}/page`, { pageSize: 2, pageOffset: 2 });
    expect(second.body.data).toMatchObject({ totalCount: 3, pageSize: 2, pageOffset: 2 });
    expect(codesOf(second.body.data.list)).toEqual(['SR-CAROL']);

    const detail = await alice.post(`${S}/detail`, { id: staffId['SR-BOB'] });
    expect(detail.body.data).toEqual(page.body.data.list[1]);
    const bad = await alice.post(`${S}/page`, { status: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^status: /);
  });

  it('creates a staff for an existing person with a new role: the person switches to it and holds exactly its codes', async () => {
    const codes = ['p-circuit', 'p-circuit.metering', 'p-circuit-meter-reading', 'b-circuit-meter-reading-export'];
    const meterReaders = await createRole('Meter readers', codes);
    const res = await create(alice, {
      staffCode: ' SR-BOB-MR ',
      customerMcid: mcid['Sunrise Manufacturing Group'],
      roleId: meterReaders,
      ouIds: [ouId['SZ-01'], ouId['SZ-01']],
      user: { kind: 'existing', muid: muid.bob },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;
    const detail = (await alice.post(`${S}/detail`, { id })).body.data as Row;
    expect(detail).toMatchObject({
      staffCode: 'SR-BOB-MR',
      username: 'bob',
      customerName: 'Sunrise Manufacturing Group',
      roleName: 'Meter readers',
      status: 0,
      ous: [{ id: ouId['SZ-01'], name: 'Suzhou Plant Site' }],
    });

    const bob = await signIn(t, 'bob');
    const mine = (await bob.post('/api/v2/platform-public/staff/list')).body.data.map((s: { staffCode: string }) => s.staffCode);
    expect(mine).toContain('SR-BOB-MR');
    expect((await bob.post('/api/v2/platform-public/staff/switch', { staffId: id })).status).toBe(200);
    expect((await bob.post(PERMISSION)).body.data).toEqual([...codes].sort());
    expect((await bob.post(CURRENT)).body.data.staff).toMatchObject({ staffCode: 'SR-BOB-MR', roleName: 'Meter readers' });
  });

  it('creates a staff for a new person, who signs in at once; a taken username or a weak password is refused', async () => {
    const people = await count('customer_user');
    const base = {
      staffCode: 'SR-ERIN',
      customerMcid: mcid['Sunrise Wuxi Plant'],
      roleId: roleId['sunrise:Operator'],
      ouIds: [ouId['WX-01']],
    };
    const user = { kind: 'new', username: 'Erin', name: 'Erin Xu', password: 'erin12345', email: 'erin@example.com' };
    // another tenant's person: usernames are unique on the whole platform, and the answer does not say whose
    const taken = await create(alice, { ...base, user: { ...user, username: 'dave' } });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: 40009, msg: USERNAME_UNUSABLE });
    const short = await create(alice, { ...base, user: { ...user, password: 'e1' } });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('user.password: must be at least 8 characters');
    const noDigit = await create(alice, { ...base, user: { ...user, password: 'erinerinerin' } });
    expect(noDigit.body.msg).toContain('user.password: must contain a digit');
    const badName = await create(alice, { ...base, user: { ...user, username: 'e' } });
    expect(badName.body.msg).toMatch(/^user\.username: /);
    const badEmail = await create(alice, { ...base, user: { ...user, email: 'not-an-email' } });
    expect(badEmail.body.msg).toMatch(/^user\.email: /);
    expect(await count('customer_user')).toBe(people);

    const res = await create(alice, { ...base, user });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await count('customer_user')).toBe(people + 1);
    const erin = await signIn(t, 'erin', 'erin12345');
    expect(erin.login.currentStaffId).toBe(res.body.data.id);
    const current = (await erin.post(CURRENT)).body.data;
    expect(current.customerUser).toMatchObject({ username: 'erin', name: 'Erin Xu', email: 'erin@example.com' });
    expect(current.staff).toMatchObject({ staffCode: 'SR-ERIN', roleName: 'Operator' });
    // the password is stored hashed
    const [stored] = await rows<{ password_hash: string }>(sql`select password_hash from customer_user where username = 'erin'`);
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
  });

  it('adds a person who has a login only by username and their phone or email, answering alike whoever has the username', async () => {
    const sam = await signIn(t, 'sam'); // GridCare's administrator
    const gcBase = { customerMcid: mcid['GridCare Services Ltd'], roleId: roleId['gridcare:Operator'], ouIds: [] };
    const zoe = { kind: 'new', username: 'zoe.gc', name: 'Zoe', password: 'zoe12345', phone: '+86 21 5555 0101', email: 'zoe@example.net' };
    expect((await create(sam, { ...gcBase, staffCode: 'GC-ZOE', user: zoe })).body.data).toEqual({
      id: expect.any(Number),
      existingPerson: false,
    });

    const base = { customerMcid: mcid['Sunrise Wuxi Plant'], roleId: roleId['sunrise:Operator'], ouIds: [ouId['WX-01']] };
    const user = { kind: 'new', name: 'Someone', password: 'guess12345' };
    const [people, staffRows] = [await count('customer_user'), await count('staff')];
    // known elsewhere with a wrong fact or none, known here with a wrong fact: one answer
    const answers = [];
    for (const [username, fact] of [
      ['zoe.gc', { email: 'zoe@example.org' }],
      ['zoe.gc', { phone: '+86 21 5555 0102' }],
      ['zoe.gc', {}],
      ['bob', { email: 'robert@example.com' }],
    ] as const) {
      const res = await create(alice, { ...base, staffCode: `SR-T-${answers.length}`, user: { ...user, username, ...fact } });
      answers.push({ status: res.status, body: res.body });
    }
    for (const a of answers) expect(a).toEqual({ status: 400, body: { code: 40009, data: null, msg: USERNAME_UNUSABLE } });
    expect([await count('customer_user'), await count('staff')]).toEqual([people, staffRows]);
    // the right fact (phone digits, or email ignoring case) adds that person, who keeps their own password
    const res = await create(alice, { ...base, staffCode: 'SR-ZOE', user: { ...user, username: 'zoe.gc', phone: '+86-21-5555-0101' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(Number), existingPerson: true });
    expect(await count('customer_user')).toBe(people);
    const again = await create(alice, { ...base, staffCode: 'SR-ZOE-2', user: { ...user, username: 'zoe.gc', email: 'ZOE@example.net' } });
    expect(again.body.msg).toMatch(/already has a staff account \(SR-ZOE\)/);
    const zoeSession = await signIn(t, 'zoe.gc', 'zoe12345');
    const mine = (await zoeSession.post('/api/v2/platform-public/staff/list')).body.data.map((x: { staffCode: string }) => x.staffCode);
    expect(mine.sort()).toEqual(['GC-ZOE', 'SR-ZOE']);
    const wrong = await t.app.inject({ method: 'POST', url: '/server/login', payload: { username: 'zoe.gc', password: 'guess12345' } });
    expect(wrong.statusCode).toBe(401);
    // GridCare's administrator, naming a Sunrise person with a wrong fact, learns nothing either
    const foreign = await create(sam, { ...gcBase, staffCode: 'GC-T-BOB', user: { ...user, username: 'bob', phone: '+86 000 000' } });
    expect(foreign.body).toEqual({ code: 40009, data: null, msg: USERNAME_UNUSABLE });
  });

  it('refuses a taken code, and a customer, role, OU or person that is not of the tenant; nothing changes', async () => {
    const staffRows = await count('staff');
    const base = {
      staffCode: 'SR-NEW',
      customerMcid: mcid['Suzhou Workshop A'],
      roleId: roleId['sunrise:Operator'],
      ouIds: [ouId['SZ-01']],
      user: { kind: 'existing', muid: muid.carol },
    };
    const expectRefused = async (body: object, status: number, code: number, msg: string | RegExp) => {
      const res = await create(alice, { ...base, ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.msg).toMatch(msg);
    };
    await expectRefused({ staffCode: 'SR-BOB' }, 400, 40009, 'Staff code "SR-BOB" already exists');
    await expectRefused({ staffCode: '  ' }, 400, 40000, 'staffCode: is required');
    await expectRefused({ staffCode: 'X'.repeat(33) }, 400, 40000, /^staffCode: /);
    await expectRefused({ customerMcid: mcid['Harbor Shanghai Park'] }, 404, 40400, /^Customer .* does not exist/);
    await expectRefused({ roleId: roleId['harbor:Tenant administrator'] }, 404, 40400, /^Role \d+ does not exist/);
    await expectRefused({ ouIds: [ouId['SZ-01'], ouId['SH-01']] }, 404, 40400, `Operating unit ${ouId['SH-01']} does not exist`);
    // people without a staff in Sunrise are not found, whoever they are
    for (const who of ['dave', 'sam', 'admin'])
      await expectRefused({ user: { kind: 'existing', muid: muid[who] } }, 404, 40400, /^Customer user .* does not exist/);
    await expectRefused(
      { user: { kind: 'existing', muid: 'c0ffee00-0000-4000-8000-000000000000' } },
      404,
      40400,
      /^Customer user .* does not exist/,
    );
    // one staff account per person and customer
    await expectRefused({ customerMcid: mcid['Sunrise Wuxi Plant'] }, 400, 40009, 'already has a staff account (SR-CAROL)');
    await expectRefused({ user: { kind: 'someone' } }, 400, 40000, /^user\.kind: /);
    expect(await count('staff')).toBe(staffRows);
  });

  it('lets bob, an operator without buttons, read the list but change nothing', async () => {
    const bob = await as('bob', 'SR-BOB');
    expect((await bob.post(`${S}/page`, {})).status).toBe(200);
    const body = { staffCode: 'SR-X', customerMcid: mcid['Sunrise Suzhou Plant'], roleId: roleId['sunrise:Operator'], ouIds: [] };
    const refusals = [
      [await create(bob, { ...body, user: { kind: 'existing', muid: muid.carol } }), 'b-staff-create'],
      [await bob.post(`${S}/update`, { ...body, id: staffId['SR-CAROL'] }), 'b-staff-edit'],
      [await bob.post(`${S}/status`, { id: staffId['SR-CAROL'], status: 0 }), 'b-staff-status'],
    ] as const;
    for (const [res, code] of refusals) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 40300, msg: expect.stringContaining(code) });
    }
    expect((await alice.post(`${S}/detail`, { id: staffId['SR-CAROL'] })).body.data).toMatchObject({ staffCode: 'SR-CAROL', status: 1 });
  });

  it('a staff manager who sees one OU names only that OU, keeps the others, gives only roles it could hold', async () => {
    const managers = await createRole('Staff managers', [
      'p-settings',
      'p-settings.org',
      'p-settings-staff',
      'b-staff-create',
      'b-staff-edit',
      'b-staff-status',
    ]);
    const readers = await createRole('Org readers', ['p-settings', 'p-settings.org', 'p-settings-staff']);
    const made = await create(alice, {
      staffCode: 'SR-BOB-SM',
      customerMcid: mcid['Suzhou Workshop A'],
      roleId: managers,
      ouIds: [ouId['SZ-01']],
      user: { kind: 'existing', muid: muid.bob },
    });
    expect(made.status).toBe(200);
    const frank = await create(alice, {
      staffCode: 'SR-FRANK',
      customerMcid: mcid['Sunrise Suzhou Plant'],
      roleId: readers,
      ouIds: [ouId['SZ-01'], ouId['WX-01']],
      user: { kind: 'new', username: 'frank', name: 'Frank Ma', password: 'frank1234' },
    });
    expect(frank.status).toBe(200);
    const frankId = frank.body.data.id;
    const bob = await as('bob', 'SR-BOB-SM');
    const edit = (changes: object) =>
      bob.post(`${S}/update`, {
        id: frankId,
        staffCode: 'SR-FRANK',
        customerMcid: mcid['Sunrise Suzhou Plant'],
        roleId: readers,
        ouIds: [],
        ...changes,
      });
    const ousOfFrank = async () => ((await alice.post(`${S}/detail`, { id: frankId })).body.data as Row).ous.map((o) => o.name);

    // bob sees Suzhou only: removing it keeps Wuxi, which he cannot see
    expect((await edit({ ouIds: [] })).status).toBe(200);
    expect(await ousOfFrank()).toEqual(['Wuxi Plant Site']);
    expect((await edit({ ouIds: [ouId['SZ-01']] })).status).toBe(200);
    expect(await ousOfFrank()).toEqual(['Suzhou Plant Site', 'Wuxi Plant Site']);
    const unseen = await edit({ ouIds: [ouId['WX-01']] });
    expect(unseen.status).toBe(404);
    expect(unseen.body.msg).toBe(`Operating unit ${ouId['WX-01']} does not exist`);

    // no role beyond his own, and no staff more powerful than himself
    const beyond = await edit({ roleId: roleId['sunrise:Tenant administrator'] });
    expect(beyond.status).toBe(403);
    expect(beyond.body.msg).toMatch(/^The role "Tenant administrator" grants permissions you do not hold: /);
    const operator = await create(bob, {
      staffCode: 'SR-FRANK-2',
      customerMcid: mcid['Sunrise Wuxi Plant'],
      roleId: roleId['sunrise:Operator'],
      ouIds: [],
      user: { kind: 'existing', muid: (await alice.post(`${S}/detail`, { id: frankId })).body.data.muid },
    });
    expect(operator.status).toBe(403);
    expect(operator.body.msg).toMatch(/^The role "Operator" grants permissions you do not hold: /);
    const admin = await bob.post(`${S}/status`, { id: staffId['SR-ALICE'], status: 1 });
    expect(admin.status).toBe(403);
    expect((await alice.post(CURRENT)).status).toBe(200);
    // what he may do, he can
    expect((await bob.post(`${S}/status`, { id: frankId, status: 2 })).status).toBe(200);
    expect((await alice.post(`${S}/detail`, { id: frankId })).body.data.status).toBe(2);
  });

  it('disabling or freezing takes effect on the next call of that staff; no one changes their own status', async () => {
    const made = await create(alice, {
      staffCode: 'SR-GINA',
      customerMcid: mcid['Sunrise Wuxi Plant'],
      roleId: roleId['sunrise:Operator'],
      ouIds: [ouId['WX-01']],
      user: { kind: 'new', username: 'gina', name: 'Gina Sun', password: 'gina12345' },
    });
    const id = made.body.data.id;
    const gina = await signIn(t, 'gina', 'gina12345');
    expect((await gina.post(CURRENT)).status).toBe(200);
    expect((await alice.post(`${S}/status`, { id, status: 1 })).status).toBe(200);
    const disabled = await gina.post(CURRENT);
    expect(disabled.status).toBe(412);
    expect(disabled.body.code).toBe(41201);
    expect((await alice.post(`${S}/status`, { id, status: 2 })).status).toBe(200);
    expect((await gina.post(CURRENT)).body.code).toBe(41202);
    expect((await alice.post(`${S}/status`, { id, status: 0 })).status).toBe(200);
    expect((await gina.post(CURRENT)).status).toBe(200);

    const own = await alice.post(`${S}/status`, { id: staffId['SR-ALICE'], status: 1 });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ code: 40009, msg: 'You cannot change the status of your own staff account' });
    expect((await alice.post(CURRENT)).status).toBe(200);
  });

  it("edits a staff's code, customer, role and OUs", async () => {
    const made = await create(alice, {
      staffCode: 'SR-HANK',
      customerMcid: mcid['Sunrise Wuxi Plant'],
      roleId: roleId['sunrise:Operator'],
      ouIds: [ouId['WX-01']],
      user: { kind: 'new', username: 'hank', name: 'Hank Qi', password: 'hank12345' },
    });
    const id = made.body.data.id;
    const body = {
      id,
      staffCode: 'SR-HANK-2',
      customerMcid: mcid['Sunrise Manufacturing Group'],
      roleId: roleId['sunrise:Tenant administrator'],
      ouIds: [ouId['SZ-01']],
    };
    expect((await alice.post(`${S}/update`, body)).status).toBe(200);
    expect((await alice.post(`${S}/detail`, { id })).body.data).toMatchObject({
      staffCode: 'SR-HANK-2',
      customerName: 'Sunrise Manufacturing Group',
      roleName: 'Tenant administrator',
      ous: [{ name: 'Suzhou Plant Site' }],
    });
    const hank = await signIn(t, 'hank', 'hank12345');
    expect((await hank.post(PERMISSION)).body.data).toContain('b-staff-create');

    const taken = await alice.post(`${S}/update`, { ...body, staffCode: 'SR-BOB' });
    expect(taken.body).toMatchObject({ code: 40009, msg: 'Staff code "SR-BOB" already exists' });
    const foreign = await alice.post(`${S}/update`, { ...body, id: staffId['HB-CAROL'] });
    expect(foreign.status).toBe(404);
    expect((await alice.post(`${S}/detail`, { id: staffId['HB-CAROL'] })).status).toBe(404);
  });

  it("another tenant's admin (dave) sees none of Sunrise's staff, and a Sunrise id is not found", async () => {
    const dave = await signIn(t, 'dave');
    const page = await dave.post(`${S}/page`, { pageSize: 100 });
    expect(codesOf(page.body.data.list)).toEqual(['HB-ALICE', 'HB-CAROL', 'HB-DAVE']);
    expect(JSON.stringify(page.body.data)).not.toMatch(/Sunrise|SR-/);
    expect(codesOf((await dave.post(`${S}/page`, { keyword: 'bob' })).body.data.list)).toEqual([]);
    const id = staffId['SR-BOB'];
    const body = { id, staffCode: 'SR-BOB', customerMcid: mcid['Harbor Shanghai Park'], roleId: roleId['harbor:Operator'], ouIds: [] };
    for (const res of [
      await dave.post(`${S}/detail`, { id }),
      await dave.post(`${S}/update`, body),
      await dave.post(`${S}/status`, { id, status: 1 }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(`Staff ${id} does not exist`);
    }
    // bob has no staff in Harbor: to dave he is nobody
    const bob = await create(dave, { ...body, staffCode: 'HB-BOB', user: { kind: 'existing', muid: muid.bob } });
    expect(bob.status).toBe(404);
    expect((await alice.post(`${S}/detail`, { id })).body.data).toMatchObject({ staffCode: 'SR-BOB', status: 0 });
  });

  it('writes every command to the audit log, refused ones included', async () => {
    const log = await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 100, call: '/api/v2/staff/' });
    const entries = log.body.data.list as { call: string; outcome: string; code: number; username: string; target: string | null }[];
    const seen = new Set(entries.map((e) => `${e.call} ${e.outcome}`));
    for (const call of ['create', 'update', 'status']) {
      expect(seen, call).toContain(`POST /api/v2/staff/${call} ok`);
      expect(seen, call).toContain(`POST /api/v2/staff/${call} error`);
    }
    expect(entries.some((e) => e.call === 'POST /api/v2/staff/status' && e.username === 'bob' && e.code === 40300)).toBe(true);
    expect(entries.some((e) => e.call === 'POST /api/v2/staff/page')).toBe(false);
    // dave's refusals are in Harbor's log, not Sunrise's
    expect(entries.some((e) => e.username === 'dave')).toBe(false);
  });
});
