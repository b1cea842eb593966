import ExcelJS from 'exceljs';
import { account, customer, device, platform, staff } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../src/seed/demo-tenants.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

// The platform console (docs/platform-console.md): platform administrators only; refusals name the field.

const { sunrise, harbor, gridcare } = DEMO_TENANTS;
const newTenant = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  name: `Tenant ${code}`,
  sideType: 1 as const,
  timeZone: 'Europe/Berlin',
  platformName: `${code} energy`,
  admin: { username: `${code}-admin`, name: `Admin of ${code}` },
  ...over,
});

describe.each(DB_KINDS)('platform console on %s', (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  beforeAll(async () => {
    t = await createTestApp(kind, { ingest: { enabled: false } });
    admin = await signIn(t, 'admin');
    alice = await signIn(t, 'alice');
  });
  afterAll(() => t?.close());

  it('answers 403 to a tenant administrator for every platform call', async () => {
    const calls = [
      alice.call(platform.tenantPage, { pageSize: 20, pageOffset: 1 }),
      alice.call(platform.tenantCreate, newTenant('sneaky')),
      alice.call(platform.tenantStatus, { id: harbor, status: 1 }),
      alice.call(platform.channelLinkList, {}),
      alice.call(platform.channelLinkCreate, {
        providerTenantId: gridcare,
        customerTenantId: sunrise,
        consentBy: 'x',
        consentAt: '2026-01-01',
      }),
      alice.call(platform.channelLinkDelete, { providerTenantId: gridcare, customerTenantId: sunrise }),
      alice.call(platform.catalogueGrants, {}),
    ];
    for (const r of await Promise.all(calls)) expect(r.status).toBe(403);
    // nothing happened
    expect((await admin.call(platform.channelLinkList, {})).body.data).toHaveLength(2);
  });

  it('lists tenants with usage counts, and the catalogue with what their roles grant', async () => {
    const page = await admin.call(platform.tenantPage, { pageSize: 20, pageOffset: 1 });
    expect(page.status).toBe(200);
    const rows = page.body.data.list;
    expect(rows.map((r) => r.name)).toEqual(['GridCare Services', 'Harbor Logistics', 'Sunrise Manufacturing']);
    // the demo's tenants have codes like any created one (the console showed '—')
    expect(rows.map((r) => r.code)).toEqual(['gridcare', 'harbor', 'sunrise']);
    const sr = rows.find((r) => r.id === sunrise)!;
    expect(sr.usage.devices).toBeGreaterThan(0);
    expect(sr.usage.staff).toBe(3);
    const cat = await admin.call(platform.catalogueGrants, {});
    expect(cat.body.data.tenants.map((x) => x.roles)).toEqual([expect.any(Number), 2, 2]);
    const records = cat.body.data.rows.find((r) => r.code === 'p-alarm-record')!;
    expect(records.type).toBe('p');
    expect(records.grantedBy.every((n) => n >= 1)).toBe(true);
    expect(cat.body.data.rows.some((r) => r.type === 'ia')).toBe(true);
    expect(cat.body.data.rows.some((r) => r.type === 'b')).toBe(true);
  });

  it('refuses duplicate codes, bad time zones, taken usernames and self-links, naming the field and the reason', async () => {
    const dup1 = await admin.call(platform.tenantCreate, newTenant('acme'));
    expect(dup1.status).toBe(200);
    const dup = await admin.call(platform.tenantCreate, newTenant('ACME', { admin: { username: 'other-admin', name: 'x' } }));
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toMatch(/^body\.code: .*already the code of another tenant/);
    const upper = await admin.call(platform.tenantCreate, newTenant('acme2', { timeZone: 'Mars/Olympus' }));
    expect(upper.status).toBe(400);
    expect(upper.body.msg).toMatch(/timeZone: is not an IANA time zone/);
    const badCode = await admin.call(platform.tenantCreate, newTenant('9 bad'));
    expect(badCode.body.msg).toMatch(/code: must be 2 to 32 lowercase letters/);
    const taken = await admin.call(platform.tenantCreate, newTenant('acme3', { admin: { username: 'alice', name: 'Alice again' } }));
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toMatch(/^body\.admin\.username: /);
    // the refused tenant was not written
    const codes = (await admin.call(platform.tenantPage, { pageSize: 50, pageOffset: 1 })).body.data.list.map((r) => r.code);
    expect(codes).not.toContain('acme3');

    const self = await admin.call(platform.channelLinkCreate, {
      providerTenantId: gridcare,
      customerTenantId: gridcare,
      consentBy: 'Nobody',
      consentAt: '2026-01-01',
    });
    expect(self.status).toBe(400);
    expect(self.body.msg).toMatch(/^body\.customerTenantId: .*cannot operate for itself/);
    const notProvider = await admin.call(platform.channelLinkCreate, {
      providerTenantId: sunrise,
      customerTenantId: harbor,
      consentBy: 'Someone',
      consentAt: '2026-01-01',
    });
    expect(notProvider.body.msg).toMatch(/^body\.providerTenantId: .*not a service provider/);
    const again = await admin.call(platform.channelLinkCreate, {
      providerTenantId: gridcare,
      customerTenantId: sunrise,
      consentBy: 'Someone',
      consentAt: '2026-01-01',
    });
    expect(again.body.msg).toMatch(/^body\.customerTenantId: .*already linked/);
    const noConsent = await admin.call(platform.channelLinkCreate, {
      providerTenantId: gridcare,
      customerTenantId: sunrise,
      consentBy: '',
      consentAt: 'yesterday',
    });
    expect(noConsent.body.msg).toMatch(/consentBy: is required/);
    expect(noConsent.body.msg).toMatch(/consentAt: must be a date/);
  });

  it('creates a tenant whose administrator must replace the one-time password, then sees an empty platform of their own', async () => {
    const made = await admin.call(platform.tenantCreate, newTenant('northwind', { timeZone: 'America/New_York' }));
    expect(made.status).toBe(200);
    const { oneTimePassword, username } = made.body.data.admin;
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const first = await signIn(t, username, oneTimePassword);
    const blocked = await first.call(staff.customerUserCurrent, {});
    expect(blocked.status).toBe(412);
    expect(blocked.body.code).toBe(41203);
    // the profile (a user call) works and tells the web to ask for a new password; it is no platform admin
    const profile = await first.call(account.myProfile, {});
    expect(profile.body.data).toMatchObject({ passwordChangeRequired: true, platformAdmin: false });
    expect((await first.call(device.devicePage, { pageSize: 20, pageOffset: 1 })).body.code).toBe(41203);
    const changed = await first.call(account.changeLoginPassword, { oldPassword: oneTimePassword, newPassword: 'Northwind-2026!' });
    expect(changed.status).toBe(200);
    const me = await first.call(staff.customerUserCurrent, {});
    expect(me.status).toBe(200);
    expect((await first.call(account.myProfile, {})).body.data.passwordChangeRequired).toBe(false);
    expect(me.body.data.tenant).toMatchObject({ name: 'Tenant northwind', timeZone: 'America/New_York' });
    const devices = await first.call(device.devicePage, { pageSize: 20, pageOffset: 1 });
    expect(devices.body.data.totalCount).toBe(0);
    // signing in again takes the new password, not the one-time one
    await expect(signIn(t, username, oneTimePassword)).rejects.toThrow(/401/);
    await signIn(t, username, 'Northwind-2026!');
  });

  it('exports the tenants and the channel links as XLSX or CSV, to platform administrators only', async () => {
    const exportOf = (path: string, payload: object, who: Session = admin) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { cookie: who.cookie, jwtToken: who.token, 'content-type': 'application/json' },
        payload,
      });
    const tenants = await exportOf(platform.tenantExport.path, { keyword: 'r' });
    expect(tenants.statusCode, tenants.body.slice(0, 300)).toBe(200);
    expect(tenants.headers['content-disposition']).toMatch(/filename\*=UTF-8''tenants-\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tenants.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 7)).toEqual(['Code', 'Name', 'Kind', 'Status', 'Time zone', 'Platform name']);
    // the page's filter: names or codes containing 'r', as the page call finds them
    const page = (await admin.call(platform.tenantPage, { keyword: 'r', pageSize: 100, pageOffset: 1 })).body.data;
    expect(ws.rowCount - 1).toBe(page.totalCount);
    const names = Array.from({ length: ws.rowCount - 1 }, (_, i) => ws.getRow(i + 2).getCell(2).value);
    expect(names).toEqual(page.list.map((r) => r.name));
    const sr = ws.getRow(names.indexOf('Sunrise Manufacturing') + 2);
    expect(sr.getCell(3).value).toBe('Company');
    expect(sr.getCell(8).value).toBe(page.list.find((r) => r.id === sunrise)!.usage.devices);

    const links = await exportOf(platform.channelLinkExport.path, { format: 'csv', lang: 'zh-CN' });
    expect(links.statusCode).toBe(200);
    expect(links.headers['content-type']).toContain('text/csv');
    const lines = links.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('服务商,客户租户,同意人,同意日期,凭证编号,关联时间 (UTC)');
    const listed = (await admin.call(platform.channelLinkList, {})).body.data;
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(listed.map((l) => `${l.providerName},${l.customerName}`));

    // the catalogue: the page's filter, a column per tenant with the roles granting each code
    const cat = await exportOf(platform.catalogueExport.path, { keyword: 'alarm-record', type: 'p' });
    expect(cat.statusCode).toBe(200);
    const cwb = new ExcelJS.Workbook();
    await cwb.xlsx.load(cat.rawPayload as unknown as ArrayBuffer);
    const cws = cwb.worksheets[0]!;
    const grants = (await admin.call(platform.catalogueGrants, {})).body.data;
    expect((cws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Code',
      'Name',
      'Type',
      'Parent',
      ...grants.tenants.map((x) => `${x.name} (of ${x.roles} roles)`),
    ]);
    const kept = grants.rows.filter(
      (r) => r.type === 'p' && (r.code.includes('alarm-record') || r.name.toLowerCase().includes('alarm-record')),
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(cws.rowCount - 1).toBe(kept.length);
    const records = kept.findIndex((r) => r.code === 'p-alarm-record');
    expect((cws.getRow(records + 2).values as unknown[]).slice(1)).toEqual([
      'p-alarm-record',
      kept[records]!.name,
      'Menu page',
      kept[records]!.parentCode,
      ...kept[records]!.grantedBy,
    ]);

    for (const path of [platform.tenantExport.path, platform.channelLinkExport.path, platform.catalogueExport.path])
      expect((await exportOf(path, {}, alice)).statusCode).toBe(403);
    expect((await exportOf(platform.tenantExport.path, { format: 'pdf' })).json().msg).toMatch(/format/);
  });

  it('the platform administrator sees no tenant data through tenant calls', async () => {
    // the web learns from the profile that this person opens the platform console
    expect((await admin.call(account.myProfile, {})).body.data).toMatchObject({ platformAdmin: true, passwordChangeRequired: false });
    expect((await alice.call(account.myProfile, {})).body.data.platformAdmin).toBe(false);
    const r = await admin.call(device.devicePage, { pageSize: 20, pageOffset: 1 });
    expect(r.status).toBe(412);
  });

  it('unlinking removes a channel staff’s access on the next call; disabling a tenant stops its staff', async () => {
    const sam = await signIn(t, 'sam');
    const before = await sam.call(customer.channelTenantList, {});
    expect(before.body.data.map((x) => x.mcid).sort()).toEqual([harbor, sunrise].sort());
    const unlink = await admin.call(platform.channelLinkDelete, { providerTenantId: gridcare, customerTenantId: harbor });
    expect(unlink.status).toBe(200);
    expect((await sam.call(customer.channelTenantList, {})).body.data.map((x) => x.mcid)).toEqual([sunrise]);
    const relink = await admin.call(platform.channelLinkCreate, {
      providerTenantId: gridcare,
      customerTenantId: harbor,
      consentBy: 'Harbor Logistics CEO',
      consentAt: '2026-02-01',
      consentReference: 'HL-2026-7',
    });
    expect(relink.body.data).toMatchObject({
      consentBy: 'Harbor Logistics CEO',
      consentReference: 'HL-2026-7',
      customerName: 'Harbor Logistics',
    });
    expect((await sam.call(customer.channelTenantList, {})).body.data).toHaveLength(2);

    const disabled = await admin.call(platform.tenantStatus, { id: harbor, status: 1 });
    expect(disabled.body.data.status).toBe(1);
    expect((await sam.call(customer.channelTenantList, {})).body.data.map((x) => x.mcid)).toEqual([sunrise]);
    const dave = await signIn(t, 'dave');
    const stopped = await dave.call(device.devicePage, { pageSize: 20, pageOffset: 1 });
    expect(stopped.status).toBe(412);
    expect(stopped.body.code).toBe(41201);
    expect((await admin.call(platform.tenantStatus, { id: harbor, status: 0 })).body.data.status).toBe(0);
  });
});
