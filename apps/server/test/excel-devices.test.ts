import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, signIn, switchToTenant, type Session, type TestApp, wallClock } from './helpers.js';

const HEADERS_EN = ['Code', 'Name', 'Device type', 'OU', 'Gateway code', 'Longitude', 'Latitude', 'Address', 'Rated power (kW)'];

/** A raw call (a file answer, or a multipart upload) with the session's cookie and header. */
async function raw(t: TestApp, s: Session, method: 'GET' | 'POST', url: string, payload?: Buffer, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { cookie: s.cookie, jwttoken: s.token, ...headers }, ...(payload ? { payload } : {}) });
}

async function uploadFile(t: TestApp, s: Session, url: string, name: string, content: Buffer) {
  const boundary = '----excel-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await raw(t, s, 'POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

/** An XLSX of device rows under the given headers. */
async function xlsxOf(headers: string[], rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(DB_KINDS)('device Excel import and export on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let bob: Session;
  const deviceCount = async (prefix: string) =>
    (await rowsOf<{ n: number }>(t.database.system, sql`select count(*)::int as n from device where code like ${prefix + '%'}`))[0]!.n;

  async function poll(s: Session, id: string) {
    for (let i = 0; i < 600; i++) {
      const job = (await s.post('/api/v2/job/detail', { id })).body.data;
      if (job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the job did not finish');
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    dave = await signIn(t, 'dave');
  });
  afterAll(async () => {
    await t?.services.jobs.idle();
    await t?.close();
  });

  it('exports the filtered list as a real XLSX: localized headers and labels, times in the tenant zone', async () => {
    const page = (await alice.post('/api/v2/device/page', { pageSize: 100, pageOffset: 1 })).body.data;
    const [{ time_zone: zone }] = await rowsOf<{ time_zone: string }>(
      t.database.system,
      sql`select time_zone from tenant where name = 'Sunrise Manufacturing'`,
    );
    const res = await raw(t, alice, 'GET', '/api/v2/device/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/devices-\d{4}-\d{2}-\d{2}\.xlsx/);
    // named by the tenant's date (Asia/Shanghai), which is not UTC's for eight hours of each day
    const shanghaiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(res.headers['content-disposition']).toContain(`devices-${shanghaiToday}.xlsx`);
    const ws = (await workbookOf(res.rawPayload)).worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...HEADERS_EN, 'Status', 'Created at']);
    expect(ws.rowCount).toBe(1 + page.totalCount);
    const first = page.list[0];
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe(first.code);
    expect(row.getCell(3).value).toBe(first.deviceTypeName);
    expect(row.getCell(4).value).toBe(first.ouName);
    expect(['Online', 'Offline']).toContain(row.getCell(10).value);
    const created = row.getCell(11).value as Date;
    expect(created).toBeInstanceOf(Date);
    expect(created.toISOString().replace('T', ' ').slice(0, 19)).toBe(wallClock(first.createdAt, zone));
    expect(row.getCell(11).numFmt).toBe('yyyy-mm-dd hh:mm:ss');

    // the page's filters apply; zh-CN from the query, or from the lang cookie
    const zh = await raw(t, alice, 'GET', `/api/v2/device/export?code=${encodeURIComponent(first.code)}`, undefined, {
      cookie: `${alice.cookie}; lang=zh-CN`,
    });
    const zws = (await workbookOf(zh.rawPayload)).worksheets[0]!;
    expect(zws.getRow(1).getCell(1).value).toBe('设备编码');
    expect(zws.getRow(1).getCell(9).value).toBe('额定功率 (kW)');
    expect(['在线', '离线']).toContain(zws.getRow(2).getCell(10).value);
    expect(zws.rowCount).toBe(2);

    const csv = await raw(t, alice, 'GET', '/api/v2/device/export?format=csv&lang=en-US');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe([...HEADERS_EN, 'Status', 'Created at'].join(','));
    expect(lines).toHaveLength(1 + page.totalCount);
    expect(lines[1]).toContain(wallClock(first.createdAt, zone));

    expect((await raw(t, alice, 'GET', '/api/v2/device/export?format=pdf')).statusCode).toBe(400);
  });

  it('refuses an import of 5,000 rows with three bad ones as a whole, naming exactly those rows; the fixed file imports all', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [
      `BULK-${String(i).padStart(5, '0')}`,
      `Bulk string ${i}`,
      'PV string',
      'SZ-01',
      'SZ-01-GW-01',
      120.6,
      31.2,
      null,
      12.5,
    ]);
    const bad = [...rows.map((r) => [...r])];
    bad[10]![2] = 'Flux capacitor'; // row 12: unknown type
    bad[2500]![0] = bad[2499]![0]; // row 2502: duplicate code of row 2501
    bad[4999]![8] = -3; // row 5001: power must be positive
    const before = await deviceCount('BULK-');
    const started = await uploadFile(t, alice, '/api/v2/device/import', 'devices.xlsx', await xlsxOf(HEADERS_EN, bad));
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'running', total: 5000, kind: 'device-import' });
    const failed = await poll(alice, started.body.data.id);
    expect(failed).toMatchObject({ status: 'failed', imported: 0, problemCount: 3, processed: 5000 });
    expect(failed.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
      [12, 'Device type'],
      [2502, 'Code'],
      [5001, 'Rated power (kW)'],
    ]);
    expect(failed.problems[1].message).toBe('Duplicates row 2501 of the file');
    expect(failed.finishedAt).not.toBeNull();
    expect(await deviceCount('BULK-')).toBe(before);

    // the problems workbook marks the bad cells
    const marked = await raw(t, alice, 'GET', `/api/v2/job/${failed.id}/problems`);
    expect(marked.statusCode, marked.body).toBe(200);
    const ws = (await workbookOf(marked.rawPayload)).worksheets[0]!;
    expect(ws.getRow(1).getCell(10).value).toBe('Problems');
    const cell = ws.getRow(12).getCell(3);
    expect(cell.value).toBe('Flux capacitor');
    expect((cell.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE');
    expect(JSON.stringify(cell.note)).toContain('device type');
    expect(String(ws.getRow(5001).getCell(10).value)).toContain('Rated power (kW)');
    expect(ws.getRow(13).getCell(3).fill).toBeUndefined();
    expect(ws.getRow(13).getCell(10).value).toBeNull();

    // another tenant's staff, and another staff, get nothing
    expect((await dave.post('/api/v2/job/detail', { id: failed.id })).status).toBe(404);
    expect((await raw(t, dave, 'GET', `/api/v2/job/${failed.id}/problems`)).statusCode).toBe(404);
    expect((await bob.post('/api/v2/job/detail', { id: failed.id })).status).toBe(404);

    const fixed = await uploadFile(t, alice, '/api/v2/device/import', 'devices.xlsx', await xlsxOf(HEADERS_EN, rows));
    expect(fixed.body.data.status).toBe('running');
    const done = await poll(alice, fixed.body.data.id);
    expect(done).toMatchObject({ status: 'done', imported: 5000, processed: 5000, total: 5000, problems: [], problemCount: 0 });
    expect(await deviceCount('BULK-')).toBe(before + 5000);
    const [d] = await rowsOf<{ ou: string; gw: string; power: number }>(
      t.database.system,
      sql`select o.code as ou, g.code as gw, d.rated_power_kw as power from device d join ou o on o.id = d.ou_id join device g on g.id = d.gateway_id where d.code = 'BULK-00042'`,
    );
    expect(d).toEqual({ ou: 'SZ-01', gw: 'SZ-01-GW-01', power: 12.5 });
    // the same file again: every code is now taken
    const again = await uploadFile(t, alice, '/api/v2/device/import', 'devices.xlsx', await xlsxOf(HEADERS_EN, rows.slice(0, 3)));
    expect(again.body.data).toMatchObject({ status: 'failed', problemCount: 3 });
    expect(again.body.data.problems[0]).toEqual({ row: 2, column: 'Code', message: 'Is already used in this tenant' });
  }, 180_000);

  it('imports a small CSV inline, with zh-CN headers in any case and spacing', async () => {
    const csv = [
      '\ufeff设备编码,设备名称, 设备类型 ,运营单元,经度,纬度,地址,额定功率 (KW)',
      'CSV-1,"Meter, main",Grid connection meter,Suzhou Plant Site,120.1,31.1,"Gate ""A""",100',
      'CSV-2,Feeder 2,feeder-meter,WX-01,,,,',
    ].join('\r\n');
    const res = await uploadFile(t, alice, '/api/v2/device/import', 'devices.csv', Buffer.from(csv));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'done', imported: 2, total: 2, processed: 2 });
    const rows = await rowsOf<{ code: string; name: string; address: string | null }>(
      t.database.system,
      sql`select code, name, address from device where code like 'CSV-%' order by code`,
    );
    expect(rows).toEqual([
      { code: 'CSV-1', name: 'Meter, main', address: 'Gate "A"' },
      { code: 'CSV-2', name: 'Feeder 2', address: null },
    ]);

    const bad = await uploadFile(t, alice, '/api/v2/device/import', 'devices.csv', Buffer.from('设备编码,设备名称\r\nX-1,Y\r\n'));
    expect(bad.body.data.status).toBe('failed');
    expect(bad.body.data.problems).toContainEqual({ row: 1, column: '设备类型', message: '缺少此列' });
    expect(await deviceCount('X-1')).toBe(0);

    const wrong = await uploadFile(t, alice, '/api/v2/device/import', 'devices.txt', Buffer.from('a,b'));
    expect(wrong.status).toBe(400);
  });

  it('serves a template with drop-down lists of types, OUs and gateways', async () => {
    const res = await raw(t, alice, 'GET', '/api/v2/device/download?lang=en-US');
    expect(res.statusCode).toBe(200);
    const wb = await workbookOf(res.rawPayload);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS_EN);
    expect(ws.getRow(2).getCell(1).value).toBe('INV-0001');
    const lists = wb.getWorksheet('Lists')!;
    expect(lists.state).toBe('hidden');
    const validation = ws.getCell('C2').dataValidation;
    expect(validation).toMatchObject({ type: 'list' });
    const [, col, from, to] = /^Lists!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(validation.formulae![0])!;
    const values = [];
    for (let r = Number(from); r <= Number(to); r++) values.push(lists.getCell(`${col}${r}`).value);
    expect(values).toContain('PV string');
    expect(values).toContain('Edge gateway');
    const ous = ws.getCell('D500').dataValidation;
    const [, ouCol] = /^Lists!\$([A-Z]+)\$/.exec(ous.formulae![0])!;
    expect([lists.getCell(`${ouCol}2`).value, lists.getCell(`${ouCol}3`).value]).toEqual(['Suzhou Plant Site', 'Wuxi Plant Site']);
    const gw = ws.getCell('E2').dataValidation;
    const [, gwCol] = /^Lists!\$([A-Z]+)\$/.exec(gw.formulae![0])!;
    expect(lists.getCell(`${gwCol}2`).value).toBe('SZ-01-GW-01');
    expect(ws.getCell('F2').dataValidation).toBeUndefined();
  });

  it("keeps another tenant's staff and staff without the buttons out", async () => {
    // dave (Harbor) exports only Harbor's devices
    const res = await raw(t, dave, 'GET', '/api/v2/device/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('SZ-01-GW-01');
    expect(res.body).not.toContain('BULK-');
    const template = await workbookOf((await raw(t, dave, 'GET', '/api/v2/device/download')).rawPayload);
    const lists = template.getWorksheet('Lists')!;
    const all = JSON.stringify(lists.getSheetValues());
    expect(all).not.toContain('Suzhou Plant Site');
    // bob has the page but not the buttons
    expect((await raw(t, bob, 'GET', '/api/v2/device/export')).statusCode).toBe(403);
    expect((await raw(t, bob, 'GET', '/api/v2/device/download')).statusCode).toBe(403);
    expect((await uploadFile(t, bob, '/api/v2/device/import', 'd.csv', Buffer.from('a\r\n1'))).status).toBe(403);
    // alice in Harbor cannot see her Sunrise jobs either
    const job = await uploadFile(t, alice, '/api/v2/device/import', 'devices.csv', Buffer.from('Code\r\nZ-1\r\n'));
    await switchToTenant(alice, 'Harbor Logistics');
    expect((await alice.post('/api/v2/job/detail', { id: job.body.data.id })).status).toBe(404);
    await switchToTenant(alice, 'Sunrise Manufacturing');
    expect((await alice.post('/api/v2/job/detail', { id: job.body.data.id })).status).toBe(200);
  }, 60_000);
});
