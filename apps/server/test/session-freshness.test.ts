import { device, role, staff, type EndpointDef, type InputOf } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createTestApp, DB_KINDS, demoIds, requestOf, signIn, type Session, type TestApp } from './helpers.js';

/**
 * What a session resolves to is never stale where it matters (issue 16): a signed-out session, a
 * disabled staff, a removed permission and a switched staff are refused or changed on the very next
 * call, in the app that made the change and in another app sharing the database (its own pool and
 * services, as a second server process has). Today every call resolves the session in the database
 * (docs/architecture.md, "A request, step by step"); these tests hold any cache added later to the same.
 */

/** The same session's call on another app instance: its cookie and jwtToken header, the web client's split. */
function callOn<E extends EndpointDef>(app: App, s: Session, contract: E, input: InputOf<E>) {
  const { url, body } = requestOf(contract, input as Record<string, unknown>);
  return app.app
    .inject({
      method: contract.method as 'POST',
      url,
      headers: { cookie: s.cookie, jwttoken: s.token },
      ...(body !== undefined ? { payload: body as object } : {}),
    })
    .then((r) => ({ status: r.statusCode, body: r.json() as { code: number; data: unknown } }));
}

describe.each(DB_KINDS)('session freshness on %s', (kind) => {
  let t: TestApp;
  /** The other app: the same database through its own connection(s) on PostgreSQL; the same app on PGlite, which one process owns. */
  let other: App;
  let otherDb: Database | undefined;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let alice: Session;
  beforeAll(async () => {
    t = await createTestApp(kind, { ingest: { enabled: false } });
    if (kind === 'postgres') {
      otherDb = await openDatabase({ url: t.config.databaseUrl });
      other = await buildApp(t.config, otherDb, { logger: false });
    } else {
      other = t;
    }
    ids = await demoIds(t);
    alice = await signIn(t, 'alice');
  });
  afterAll(async () => {
    if (otherDb) {
      await other.app.close();
      await otherDb.close();
    }
    await t?.close();
  });

  const apps = () =>
    [
      ['the same app', () => t as App],
      ['another app on the database', () => other],
    ] as const;

  it.each(apps())('a signed-out session is refused on the next call in %s', async (_, on) => {
    const bob = await signIn(t, 'bob');
    expect((await callOn(on(), bob, staff.customerUserCurrent, {})).status).toBe(200);
    const out = await bob.call('POST', '/server/logout', undefined, { 'sec-fetch-site': 'same-origin' });
    expect(out.status).toBe(200);
    expect((await callOn(on(), bob, staff.customerUserCurrent, {})).status).toBe(401);
  });

  it.each(apps())('a disabled staff is refused on its next call in %s, and serves again once enabled', async (_, on) => {
    const bob = await signIn(t, 'bob');
    expect((await callOn(on(), bob, staff.customerUserCurrent, {})).status).toBe(200);
    expect((await alice.call(staff.staffSetStatus, { id: ids.staffId['SR-BOB']!, status: 1 })).status).toBe(200);
    try {
      const refused = await callOn(on(), bob, staff.customerUserCurrent, {});
      expect(refused.status).toBe(412);
      expect(refused.body.code).toBe(41201);
    } finally {
      expect((await alice.call(staff.staffSetStatus, { id: ids.staffId['SR-BOB']!, status: 0 })).status).toBe(200);
    }
    expect((await callOn(on(), bob, staff.customerUserCurrent, {})).status).toBe(200);
  });

  it.each(apps())('a permission taken from the role is refused on the next call in %s, and given back the same way', async (_, on) => {
    const bob = await signIn(t, 'bob');
    const operator = ids.roleId['sunrise:Operator']!;
    const detail = (await alice.call(role.roleDetail, { id: operator })).body.data!;
    expect(detail.permissionCodes).toContain('p-settings-role');
    const fields = { name: detail.name, description: detail.description, allOus: detail.allOus, autoSyncCodes: detail.autoSyncCodes };
    const rolePage = () => callOn(on(), bob, role.rolePage, { pageOffset: 1, pageSize: 10 });
    expect((await rolePage()).status).toBe(200);
    const without = detail.permissionCodes.filter((c) => c !== 'p-settings-role');
    expect((await alice.call(role.roleUpdate, { id: operator, ...fields, permissionCodes: without })).status).toBe(200);
    try {
      expect((await rolePage()).status).toBe(403);
    } finally {
      expect((await alice.call(role.roleUpdate, { id: operator, ...fields, permissionCodes: detail.permissionCodes })).status).toBe(200);
    }
    expect((await rolePage()).status).toBe(200);
  });

  it.each(apps())('a staff switch changes the tenant of the next call in %s', async (_, on) => {
    const s = await signIn(t, 'alice');
    const currentOf = async () => ((await callOn(on(), s, staff.customerUserCurrent, {})).body.data as { staff: { id: number } }).staff.id;
    expect(await currentOf()).toBe(s.login.currentStaffId);
    // to the other of alice's two staff accounts (sign-in lands on the last one used)
    const target = s.login.currentStaffId === ids.staffId['SR-ALICE'] ? 'HB-ALICE' : 'SR-ALICE';
    expect((await s.call(staff.staffSwitch, { staffId: ids.staffId[target]! })).status).toBe(200);
    expect(await currentOf()).toBe(ids.staffId[target]);
    // and what the call reads follows: only that tenant's devices
    const devices = await callOn(on(), s, device.devicePage, { pageOffset: 1, pageSize: 100 });
    const codes = (devices.body.data as { list: { code: string }[] }).list.map((d) => d.code);
    expect(codes.length).toBeGreaterThan(0);
    const foreign = target === 'HB-ALICE' ? /^(SZ|WX)-/ : /^SH-/;
    expect(codes.filter((c) => foreign.test(c))).toEqual([]);
  });
});
