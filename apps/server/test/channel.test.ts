import { alarm, bsa, customer, device } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { deviceAlarmDestination, serverAlarmDestination } from '../src/realtime/push.js';
import { DEMO_TENANTS } from '../src/seed/demo-tenants.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';
import { stompClient, until, wsUrlOf, type StompTestClient } from './stomp-helpers.js';

// Channel operations (docs/platform-console.md): sam (GridCare, linked to Sunrise and Harbor) works in
// all his linked tenants or one of them; row-level security keeps him to linked tenants only.

const { sunrise, harbor, gridcare } = DEMO_TENANTS;

describe.each(DB_KINDS)('channel operations on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let sam: Session;
  let alice: Session;
  let tenantOf: Map<number, string>;
  const stomps: StompTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { ingest: { enabled: false } });
    url = wsUrlOf(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    sam = await signIn(t, 'sam');
    alice = await signIn(t, 'alice');
    const rows = await rowsOf<{ id: number; tenant_id: string }>(t.database.system, sql`select id, tenant_id from device`);
    tenantOf = new Map(rows.map((r) => [Number(r.id), r.tenant_id]));
  });
  afterEach(async () => {
    for (const s of stomps.splice(0)) await s.client.deactivate({ force: true });
  });
  afterAll(() => t?.close());

  const devicesOf = async (s: Session) => {
    const page = await s.call(device.devicePage, { pageSize: 100, pageOffset: 1 });
    expect(page.status).toBe(200);
    return page.body.data.list.map((d) => d.id);
  };
  const tenantsOf = (ids: number[]) => [...new Set(ids.map((id) => tenantOf.get(id)))].sort();
  const work = (s: Session, tenantId: string | null) => s.call(customer.channelWorkingTenantSet, { tenantId });

  it('sam works in all his linked tenants by default: their devices, not those of other tenants', async () => {
    const w = await sam.call(customer.channelWorkingTenant, {});
    expect(w.body.data).toMatchObject({ workingTenantId: null, own: { mcid: gridcare } });
    expect(w.body.data.linked.map((x) => x.mcid).sort()).toEqual([harbor, sunrise].sort());
    const ids = await devicesOf(sam);
    expect(ids.length).toBeGreaterThan(0);
    expect(tenantsOf(ids)).toEqual([harbor, sunrise].sort());
    // each row names its tenant, so the list of several tenants says whose a device is
    const rows = (await sam.call(device.devicePage, { pageSize: 100, pageOffset: 1 })).body.data.list;
    expect([...new Set(rows.map((r) => r.tenantName))].sort()).toEqual(['Harbor Logistics', 'Sunrise Manufacturing']);
    for (const r of rows) expect(r.tenantName).toBe(tenantOf.get(r.id) === sunrise ? 'Sunrise Manufacturing' : 'Harbor Logistics');
    // and the export holds what the page shows (it held only the header row for a channel staff)
    const csv = await sam.call('GET', '/api/v2/device/export?format=csv&lang=en-US');
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0]!.replace(/"/g, ''))
        .sort(),
    ).toEqual(rows.map((r) => r.code).sort());
    // a tenant-side staff is unchanged: its own tenant only
    expect(tenantsOf(await devicesOf(alice))).toEqual([sunrise]);
    const links = await sam.call(customer.channelTenantList, {});
    expect(links.body.data.map((l) => l.name).sort()).toEqual(['Harbor Logistics', 'Sunrise Manufacturing'].sort());
  });

  it('switching to Sunrise shows Sunrise only; his own tenant shows its own; another tenant is refused naming the field', async () => {
    expect((await work(sam, sunrise)).body.data.workingTenantId).toBe(sunrise);
    expect(tenantsOf(await devicesOf(sam))).toEqual([sunrise]);
    const harborDevice = [...tenantOf].find(([, tenant]) => tenant === harbor)![0];
    const sunriseDevice = [...tenantOf].find(([, tenant]) => tenant === sunrise)![0];
    expect((await sam.call(device.deviceDetail, { id: harborDevice })).status).toBe(404);
    const detail = await sam.call(device.deviceDetail, { id: sunriseDevice });
    expect(detail.status).toBe(200);
    expect(detail.body.data.properties.length).toBeGreaterThan(0);
    // reading only: a linked tenant's device cannot be changed from the provider's staff
    const d = detail.body.data;
    const update = await sam.call(device.deviceUpdate, {
      id: d.id,
      code: d.code,
      name: 'renamed',
      deviceTypeId: d.deviceTypeId,
      ouId: d.ouId,
    });
    expect(update.status).toBe(404);
    const tenants = await sam.call(customer.channelTenantGetTenantList, {});
    expect(tenants.body.data.map((x) => x.mcid)).toEqual([sunrise]);

    expect((await work(sam, gridcare)).status).toBe(200);
    expect(await devicesOf(sam)).toEqual([]);

    const refused = await work(sam, 'a1b2c3d4-0009-4000-8000-000000000009');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^body\.tenantId: .*linked/);
    const notChannel = await work(alice, harbor);
    expect(notChannel.status).toBe(400);
    expect(notChannel.body.msg).toContain('body.tenantId');
    expect((await work(sam, null)).body.data.workingTenantId).toBeNull();
  });

  it("reads the linked tenants' alarm rules with their tenant, and changes none of them", async () => {
    expect((await work(sam, sunrise)).status).toBe(200);
    const sunriseRules = (await alice.call(alarm.alarmRulePage, { pageSize: 50, pageOffset: 1 })).body.data.list;
    expect(sunriseRules.length).toBeGreaterThan(0);
    expect(sunriseRules.every((r) => r.own && r.tenantName === 'Sunrise Manufacturing')).toBe(true);
    const seen = (await sam.call(alarm.alarmRulePage, { pageSize: 50, pageOffset: 1 })).body.data.list;
    expect(seen.map((r) => r.id).sort()).toEqual(sunriseRules.map((r) => r.id).sort());
    expect(seen.every((r) => !r.own && r.tenantName === 'Sunrise Manufacturing')).toBe(true);
    const rule = seen[0]!;
    expect((await sam.call(alarm.alarmRuleDetail, { id: rule.id })).body.data).toMatchObject({ id: rule.id, own: false });
    // each tenant changes its own rules: refused with the reason, and nothing changed
    const refused = await sam.call(alarm.alarmRuleStatus, { id: rule.id, enabled: !rule.enabled });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/belongs to another tenant/);
    expect((await sam.call(alarm.alarmRuleDelete, { id: rule.id })).status).toBe(403);
    expect((await alice.call(alarm.alarmRuleDetail, { id: rule.id })).body.data.enabled).toBe(rule.enabled);
    // Harbor's rules when he works there; none of another tenant's when he works in his own
    expect((await work(sam, harbor)).status).toBe(200);
    const harborRules = (await sam.call(alarm.alarmRulePage, { pageSize: 50, pageOffset: 1 })).body.data.list;
    expect(harborRules.length).toBeGreaterThan(0);
    expect(harborRules.every((r) => r.tenantName === 'Harbor Logistics')).toBe(true);
    expect((await sam.call(alarm.alarmRuleDetail, { id: rule.id })).status).toBe(404);
    expect((await work(sam, null)).status).toBe(200);
  });

  it("answers channel-bsa/bsa/list with the linked tenants' stations and their tenant", async () => {
    const all = await sam.call(customer.channelBsaList, {});
    expect(all.status).toBe(200);
    const own = await alice.call(bsa.bsaList, {});
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(all.body.data.filter((s) => s.tenantId === sunrise).map((s) => s.id)).toEqual(own.body.data.map((s) => s.id));
    expect(new Set(all.body.data.map((s) => s.tenantName))).toContain('Sunrise Manufacturing');
    const onlyHarbor = await sam.call(customer.channelBsaList, { tenantId: harbor });
    expect(onlyHarbor.body.data.every((s) => s.tenantId === harbor)).toBe(true);
    // a tenant-side staff has no linked tenant
    expect((await alice.call(customer.channelBsaList, {})).body.data).toEqual([]);
  });

  it('sam receives a Sunrise alarm push, reads it, and loses it on the next call once the link is gone', async () => {
    const ids = await demoIds(t);
    const samId = ids.staffId['GC-SAM']!;
    const c = stompClient(url, sam);
    stomps.push(c);
    await c.connected;
    c.client.subscribe(serverAlarmDestination(samId), (m) => c.messages.push(m), { id: 'server' });
    c.client.subscribe(deviceAlarmDestination(samId), (m) => c.messages.push(m), { id: 'device' });
    await new Promise((r) => setTimeout(r, 100));
    const alarmId = await t.services.alarmEvaluator.raiseServerAlarm({
      tenantId: sunrise,
      scene: 'DEVICE_OFFLINE',
      targetId: 987654,
      ouId: null,
      name: 'Channel test device',
      content: 'Channel test device is offline',
    });
    expect(alarmId).not.toBeNull();
    await until(() => c.messages.length > 0, 5000, 'the Sunrise alarm push');
    expect(JSON.parse(c.messages[0]!.body)).toMatchObject({ recordId: alarmId });

    const page = await sam.call(alarm.alarmLogPage, { page: 1, size: 50 });
    expect(page.status).toBe(200);
    expect(page.body.data.list.map((a) => a.id)).toContain(alarmId);
    expect((await sam.call(alarm.alarmLogDetail, { id: alarmId! })).status).toBe(200);

    // the link goes (the console does this through the platform calls; here on the owner connection)
    await t.database.system.execute(sql`delete from channel_link where tenant_id = ${gridcare} and customer_tenant_id = ${sunrise}`);
    expect((await sam.call(alarm.alarmLogDetail, { id: alarmId! })).status).toBe(404);
    expect(tenantsOf(await devicesOf(sam))).toEqual([harbor]);
    const w = await sam.call(customer.channelWorkingTenant, {});
    expect(w.body.data.linked.map((x) => x.mcid)).toEqual([harbor]);
    expect((await work(sam, sunrise)).status).toBe(400);
    await t.database.system.execute(sql`insert into channel_link (tenant_id, customer_tenant_id) values (${gridcare}, ${sunrise})`);
  });
});
