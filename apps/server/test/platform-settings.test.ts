import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { iconPng } from '../src/seed/png.js';
import { createTestApp, DB_KINDS, signIn, switchToTenant, upload, type Session, type TestApp } from './helpers.js';

describe.each(DB_KINDS)('platform settings on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let harbor: Session;
  const detail = async (s: Session = alice) => (await s.post('/api/v2/platform-settings/detail', {})).body.data;
  const current = async (s: Session = alice) => (await s.post('/api/v2/platform-public/customer-user/current', {})).body.data.staff;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    harbor = await signIn(t, 'dave');
  });
  afterAll(() => t?.close());

  it("answers the tenant's settings with the icon's URL", async () => {
    const res = await alice.post('/api/v2/platform-settings/detail', {});
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      platformName: 'Sunrise Energy Cloud',
      platformTitleType: 3,
      platformSloganName: 'Industrial Internet Platform',
    });
    expect(d.iconKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(d.iconUrl).toBe(`/api/v2/file-center/get?key=${d.iconKey}`);
    // bob has the page: he reads them too
    expect(await detail(bob)).toEqual(d);
    expect(await detail(harbor)).toMatchObject({ platformName: 'Harbor Energy Hub', platformTitleType: 1 });
  });

  it('changes them, and the current-user call follows', async () => {
    const up = await upload(alice, 'new-icon.png', iconPng(32, [0, 0, 0], [255, 255, 255]));
    expect(up.status).toBe(200);
    const key = up.body.data.key as string;
    const res = await alice.post('/api/v2/platform-settings/update', {
      platformName: '  Sunrise Cloud  ',
      platformTitleType: 1,
      platformSloganName: '',
      iconKey: key,
    });
    expect(res.status).toBe(200);
    const expected = {
      platformName: 'Sunrise Cloud',
      platformTitleType: 1,
      platformSloganName: '',
      iconKey: key,
      iconUrl: `/api/v2/file-center/get?key=${key}`,
    };
    expect(res.body.data).toEqual(expected);
    expect(await detail()).toEqual(expected);
    expect(await current()).toMatchObject({
      platformName: 'Sunrise Cloud',
      platformTitleType: 1,
      platformSloganName: '',
      iconUrl: expected.iconUrl,
    });
    // bob works in the same tenant: his shell shows the same
    expect(await current(bob)).toMatchObject({ platformName: 'Sunrise Cloud', iconUrl: expected.iconUrl });
    expect((await t.app.inject({ method: 'GET', url: expected.iconUrl, headers: { cookie: alice.cookie } })).statusCode).toBe(200);

    const cleared = await alice.post('/api/v2/platform-settings/update', {
      platformName: 'Sunrise Cloud',
      platformTitleType: 2,
      platformSloganName: 'Power to the plants',
      iconKey: null,
    });
    expect(cleared.body.data).toMatchObject({ platformTitleType: 2, iconKey: null, iconUrl: null });
    expect(await current()).toMatchObject({ platformTitleType: 2, platformSloganName: 'Power to the plants', iconUrl: null });
    // and Harbor is untouched
    expect(await current(harbor)).toMatchObject({ platformName: 'Harbor Energy Hub', platformTitleType: 1 });
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await detail();
    const txt = await upload(alice, 'notes.txt', Buffer.from('not an image'));
    expect(txt.status).toBe(200);
    const harborKey = (await detail(harbor)).iconKey as string;
    const valid = { platformName: 'Sunrise', platformTitleType: 3, platformSloganName: 'x', iconKey: null };
    for (const [change, msg] of [
      [{ platformName: '   ' }, 'platformName: is required'],
      [{ platformName: 'x'.repeat(65) }, 'platformName: Too big: expected string to have <=64 characters'],
      [{ platformTitleType: 4 }, 'platformTitleType: Invalid input'],
      [{ platformSloganName: 'x'.repeat(65) }, 'platformSloganName: Too big: expected string to have <=64 characters'],
      [{ iconKey: '../../etc/passwd' }, 'iconKey: is not a valid file key'],
      [{ iconKey: txt.body.data.key }, 'body.iconKey: is not an image in the file center of this tenant'],
      [{ iconKey: harborKey }, 'body.iconKey: is not an image in the file center of this tenant'],
      [{ iconKey: 'AAAAAAAAAAAAAAAAAAAAAAAA' }, 'body.iconKey: is not an image in the file center of this tenant'],
    ] as const) {
      const r = await alice.post('/api/v2/platform-settings/update', { ...valid, ...change });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg, msg).toBe(msg);
    }
    const missing = await alice.post('/api/v2/platform-settings/update', {
      platformName: 'x',
      platformTitleType: 1,
      platformSloganName: '',
    });
    expect(missing.body.msg).toBe('iconKey: is required');
    expect(await detail()).toEqual(before);
  });

  it('refuses staff without the button, and keeps each tenant to its own settings', async () => {
    const before = await detail();
    const r = await bob.post('/api/v2/platform-settings/update', {
      platformName: 'Bob',
      platformTitleType: 1,
      platformSloganName: '',
      iconKey: null,
    });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(ErrorCode.FORBIDDEN);
    // alice in Harbor is an operator there: no button either
    const aliceInHarbor = await signIn(t, 'alice');
    await switchToTenant(aliceInHarbor, 'Harbor Logistics');
    expect((await detail(aliceInHarbor)).platformName).toBe('Harbor Energy Hub');
    expect((await aliceInHarbor.post('/api/v2/platform-settings/update', { ...before, iconKey: null })).status).toBe(403);

    const changed = await harbor.post('/api/v2/platform-settings/update', {
      platformName: 'Harbor Hub 2',
      platformTitleType: 3,
      platformSloganName: 'Harbor slogan',
      iconKey: (await detail(harbor)).iconKey,
    });
    expect(changed.status).toBe(200);
    expect(await current(aliceInHarbor)).toMatchObject({ platformName: 'Harbor Hub 2', platformSloganName: 'Harbor slogan' });
    expect(await detail()).toEqual(before);
    const row = (await t.database.system.execute(sql`select platform_name from tenant where id = ${DEMO_TENANTS.sunrise}`)) as unknown as {
      rows: { platform_name: string }[];
    };
    expect(row.rows[0]!.platform_name).toBe(before.platformName);
  });

  it('writes every change, refused ones included, to the audit log', async () => {
    const rows = (await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 100, call: 'platform-settings' })).body.data
      .list as {
      call: string;
      outcome: string;
      username: string;
      code: number;
    }[];
    expect(rows.every((r) => r.call === 'POST /api/v2/platform-settings/update')).toBe(true);
    expect(rows.filter((r) => r.outcome === 'ok' && r.username === 'alice')).toHaveLength(2);
    expect(rows.some((r) => r.username === 'bob' && r.code === ErrorCode.FORBIDDEN)).toBe(true);
    // the validation refusals are there too
    expect(rows.filter((r) => r.code === ErrorCode.VALIDATION).length).toBeGreaterThanOrEqual(9);
    const harborRows = (await harbor.post('/api/v2/platform-public/audit-log/page', { pageSize: 100, call: 'platform-settings' })).body.data
      .list;
    expect(harborRows.map((r: { username: string }) => r.username).sort()).toEqual(['alice', 'dave']);
  });
});
