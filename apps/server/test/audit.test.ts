import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signIn, switchToTenant, type TestApp } from './helpers.js';

describe.each(DB_KINDS)('audit log on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('records state-changing calls, refused ones included, and pages them by tenant with filters', async () => {
    const alice = await signIn(t, 'alice');
    const bob = await signIn(t, 'bob');
    await alice.post('/api/v2/uet/upsert-start-calculate-time', { uetId: 'site-1', startCalculateTime: '2026-02-01T00:00:00Z' });
    await bob.post('/api/v2/uet/upsert-start-calculate-time', { uetId: 'site-1', startCalculateTime: '2026-02-01T00:00:00Z' });
    await alice.post('/api/v2/platform-public/customer-user/navigation-preference/update', { navigationPreference: 2 });

    const page = await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 10, call: 'upsert-start' });
    expect(page.status).toBe(200);
    const rows = page.body.data.list as {
      username: string;
      staffCode: string;
      outcome: string;
      code: number;
      target: string;
      call: string;
    }[];
    expect(rows.map((r) => [r.username, r.outcome, r.code])).toEqual([
      ['bob', 'error', 40300],
      ['alice', 'ok', 0],
    ]);
    expect(rows[1]).toMatchObject({ staffCode: 'SR-ALICE', target: 'uetId=site-1', call: 'POST /api/v2/uet/upsert-start-calculate-time' });

    const errors = await alice.post('/api/v2/platform-public/audit-log/page', { outcome: 'error' });
    expect(errors.body.data.list.every((r: { outcome: string }) => r.outcome === 'error')).toBe(true);
    const all = await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 100 });
    expect(all.body.data.list.some((r: { call: string }) => r.call.includes('navigation-preference'))).toBe(true);
    expect(all.body.data.totalCount).toBe(all.body.data.list.length);

    // Harbor sees none of Sunrise's entries
    await switchToTenant(alice, 'Harbor Logistics');
    const harborPage = await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 100 });
    expect(harborPage.body.data.list.filter((r: { call: string }) => r.call.includes('uet'))).toEqual([]);
  });

  it('records sign-in attempts with the username tried', async () => {
    await t.app.inject({ method: 'POST', url: '/server/login', payload: { username: 'bob', password: 'wrong-password' } });
    const rows = (await t.database.system.execute(
      sql`select username, outcome, code from audit_log where call = 'POST /server/login' and outcome = 'error'`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toContainEqual({ username: 'bob', outcome: 'error', code: 40101 });
  });

  it('validates the filters', async () => {
    const alice = await signIn(t, 'alice');
    const res = await alice.post('/api/v2/platform-public/audit-log/page', { pageSize: 1000, from: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/pageSize|from/);
  });

  it('exports the filtered log as CSV to staff with the export permission only', async () => {
    const alice = await signIn(t, 'alice');
    // an earlier test left alice in Harbor, where she is an operator
    await switchToTenant(alice, 'Sunrise Manufacturing');
    await alice.post('/api/v2/uet/upsert-start-calculate-time', { uetId: '=cmd|x', startCalculateTime: '2026-02-01T00:00:00Z' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/platform-public/audit-log/export',
      headers: { cookie: alice.cookie, jwtToken: alice.token, 'content-type': 'application/json' },
      payload: { call: 'upsert-start' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('at,username,staffCode,call,target,outcome,code,ip,durationMs');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes('upsert-start'))).toBe(true);
    // bob (operator, no button codes) is refused
    const bob = await signIn(t, 'bob');
    expect((await bob.post('/api/v2/platform-public/audit-log/export', {})).status).toBe(403);
  });
});
