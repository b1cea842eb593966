import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
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

  it('exports the filtered log as XLSX (or CSV) to staff with the export permission only', async () => {
    const alice = await signIn(t, 'alice');
    // an earlier test left alice in Harbor, where she is an operator
    await switchToTenant(alice, 'Sunrise Manufacturing');
    await alice.post('/api/v2/uet/upsert-start-calculate-time', { uetId: 'meter-1', startCalculateTime: '2026-02-01T00:00:00Z' });
    // a logged value that a spreadsheet would take for a formula
    const [{ id: sunrise }] = await rowsOf<{ id: string }>(
      t.database.system,
      sql`select id from tenant where name = 'Sunrise Manufacturing'`,
    );
    await t.services.audit.record({
      tenantId: sunrise,
      username: 'alice',
      call: 'POST /api/v2/uet/upsert-start-calculate-time',
      target: '=cmd|x',
      outcome: 'ok',
      code: 0,
      durationMs: 3,
    });
    const exportOf = (payload: object, cookie = alice.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/platform-public/audit-log/export',
        headers: { cookie, jwtToken: alice.token, 'content-type': 'application/json' },
        payload,
      });
    const res = await exportOf({ call: 'upsert-start' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename\*=UTF-8''audit-log-\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Time',
      'User',
      'Staff code',
      'Call',
      'Target',
      'Outcome',
      'Code',
      'IP',
      'Duration (ms)',
    ]);
    expect(ws.rowCount).toBeGreaterThan(1);
    const row = ws.getRow(2);
    expect(String(row.getCell(4).value)).toContain('upsert-start');
    // a value that looks like a formula stays the text it was, with no quote added
    expect(row.getCell(5).value).toBe('=cmd|x');
    expect(row.getCell(6).value).toBe('Succeeded');
    expect(row.getCell(1).value).toBeInstanceOf(Date);
    const csv = await exportOf({ call: 'upsert-start', format: 'csv', lang: 'zh-CN' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('时间,用户,员工编码,调用,对象,结果,返回码,IP,耗时 (ms)');
    expect(lines.length).toBe(ws.rowCount);
    expect(lines.slice(1).every((l) => l.includes('upsert-start'))).toBe(true);
    // CSV keeps its formula neutralisation
    expect(lines[1]).toContain(",'=cmd|x,成功,0,");
    // the lang cookie the web app keeps
    const zh = await exportOf({ call: 'upsert-start', format: 'csv' }, `${alice.cookie}; lang=zh-CN`);
    expect(zh.body.replace(/^\ufeff/, '').startsWith('时间,')).toBe(true);
    expect((await exportOf({ format: 'pdf' })).statusCode).toBe(400);
    // bob (operator, no button codes) is refused
    const bob = await signIn(t, 'bob');
    expect((await bob.post('/api/v2/platform-public/audit-log/export', {})).status).toBe(403);
  });
});
