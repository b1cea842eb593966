import * as c from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRegistry } from '../src/plugins/registry.js';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, withScope, type TestApp } from './helpers.js';

type Rows<T> = { rows: T[] };
// every call of every domain the contracts export, except sign-in mechanics and the person's own settings
const endpoints = c
  .endpointsOf(c as unknown as Record<string, unknown>)
  .filter(({ id }) => !id.startsWith('auth.') && !id.startsWith('account.'))
  .map(({ endpoint }) => endpoint);

describe.each(DB_KINDS)('tenant isolation on %s', (kind) => {
  let t: TestApp;
  let harborNeedles: string[] = [];
  let harborCustomer: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // a diagnostic call, registered like any other, that asks the database who it is
    const route = createRegistry(t.app, {
      db: t.database.system,
      requestTransaction: t.database.requestTransaction,
      sessions: t.services.sessions,
      audit: t.services.audit,
    });
    const whoAmI = c.endpoint({
      method: 'POST',
      path: '/api/test/who-am-i',
      summary: 'test only',
      tag: 'test',
      access: { auth: 'user' },
      kind: 'query',
      output: z.object({ role: z.string(), tenant: z.string(), muid: z.string(), superuser: z.string() }),
    });
    route(whoAmI, async (ctx) => {
      const res = (await ctx.tx.execute(
        sql`select current_user as role, current_setting('app.tenant_id', true) as tenant, current_setting('app.muid', true) as muid, current_setting('is_superuser') as superuser`,
      )) as unknown as Rows<{ role: string; tenant: string; muid: string; superuser: string }>;
      return res.rows[0]!;
    });
    const q = async <T>(query: ReturnType<typeof sql>) => ((await t.database.system.execute(query)) as unknown as Rows<T>).rows;
    const customers = await q<{ mcid: string; name: string }>(
      sql`select mcid, name from customer where tenant_id = ${DEMO_TENANTS.harbor}`,
    );
    const ous = await q<{ name: string; code: string }>(sql`select name, code from ou where tenant_id = ${DEMO_TENANTS.harbor}`);
    harborCustomer = customers[0]!.mcid;
    harborNeedles = [DEMO_TENANTS.harbor, 'Harbor', ...customers.flatMap((r) => [r.mcid, r.name]), ...ous.flatMap((r) => [r.name, r.code])];
  });
  afterAll(() => t?.close());

  it("alice's Sunrise staff never sees a Harbor object through any call of these groups (except her own staff list)", async () => {
    const alice = await signIn(t, 'alice');
    expect((await alice.post('/api/v2/platform-public/customer-user/current')).body.data.tenant.mcid).toBe(DEMO_TENANTS.sunrise);
    const ownStaffList = new Set(['/api/v2/platform-public/staff/list', '/api/staff/list', '/api/v2/staff/list']);
    let called = 0;
    for (const e of endpoints) {
      if (e.kind !== 'query' || e.raw || ownStaffList.has(e.path)) continue;
      const path = e.path.replace('{mcid}', harborCustomer);
      // bodies that ask for Harbor objects by id where the call takes one
      const body =
        e.method === 'GET'
          ? undefined
          : { mcid: harborCustomer, customerMcid: harborCustomer, uetId: 'x', keyword: 'Harbor', name: undefined };
      const res = await alice.call(e.method, path, body);
      called++;
      expect(res.status, `${e.method} ${e.path}`).not.toBe(500);
      // a refusal may name the id the caller sent; it must name nothing else of Harbor's
      const text = JSON.stringify(res.body).replaceAll(harborCustomer, '<sent id>');
      for (const needle of harborNeedles) expect(text, `${e.method} ${e.path} leaked ${needle}`).not.toContain(needle);
    }
    expect(called).toBeGreaterThan(20);
  });

  it('runs every signed-in request as the non-superuser role energy_app, scoped to the staff and person', async () => {
    const alice = await signIn(t, 'alice');
    const res = await alice.post('/api/test/who-am-i');
    expect(res.body.data).toEqual({ role: 'energy_app', tenant: DEMO_TENANTS.sunrise, muid: alice.login.muid, superuser: 'off' });
    // no usable staff: the person only, no tenant
    const carol = await signIn(t, 'carol');
    expect((await carol.post('/api/test/who-am-i')).body.data).toMatchObject({ role: 'energy_app', tenant: '', muid: carol.login.muid });
  });

  it('row-level security: a query without a tenant filter, as the app role, sees only the scoped tenant', async () => {
    const tables = [
      'tenant',
      'customer',
      'role',
      'staff',
      'staff_ou',
      'ou',
      'ou_type',
      'navigation',
      'file',
      'gis_config',
      'audit_log',
      'channel_link',
    ];
    await withScope(t.database.system, { tenantId: DEMO_TENANTS.sunrise, muid: null, channelTenantIds: [] }, async (tx) => {
      for (const table of tables) {
        const column = table === 'tenant' ? 'id' : 'tenant_id';
        const res = (await tx.execute(sql.raw(`select distinct ${column}::text as t from ${table}`))) as unknown as Rows<{ t: string }>;
        expect(
          res.rows.map((r) => r.t).filter((x) => x !== DEMO_TENANTS.sunrise),
          table,
        ).toEqual([]);
      }
    });
    // no scope at all: nothing
    await withScope(t.database.system, { tenantId: null, muid: null, channelTenantIds: [] }, async (tx) => {
      for (const table of tables) {
        const res = (await tx.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as Rows<{ n: number }>;
        expect(res.rows[0]!.n, table).toBe(0);
      }
      const users = (await tx.execute(sql`select count(*)::int as n from customer_user`)) as unknown as Rows<{ n: number }>;
      expect(users.rows[0]!.n).toBe(0);
    });
  });

  it('row-level security: the app role cannot write into another tenant', async () => {
    await expect(
      withScope(t.database.system, { tenantId: DEMO_TENANTS.sunrise, muid: null, channelTenantIds: [] }, (tx) =>
        tx.execute(sql`insert into ou_type (tenant_id, code, name) values (${DEMO_TENANTS.harbor}, 'x', 'x')`),
      ),
    ).rejects.toThrow();
    await expect(
      withScope(t.database.system, { tenantId: DEMO_TENANTS.sunrise, muid: null, channelTenantIds: [] }, async (tx) => {
        const res = (await tx.execute(
          sql`update customer set name = 'hacked' where tenant_id = ${DEMO_TENANTS.harbor} returning mcid`,
        )) as unknown as Rows<unknown>;
        return res.rows.length;
      }),
    ).resolves.toBe(0);
  });

  it('every table with a tenant_id column has row-level security enabled', async () => {
    const res = (await t.database.system.execute(sql`
      select c.relname as name, c.relrowsecurity as rls
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)`)) as unknown as Rows<{
      name: string;
      rls: boolean;
    }>;
    expect(res.rows.length).toBeGreaterThan(10);
    expect(res.rows.filter((r) => !r.rls).map((r) => r.name)).toEqual([]);
  });

  it('a channel staff sees its linked tenants in the channel calls, and only OUs, not their staff', async () => {
    const sam = await signIn(t, 'sam');
    const tenants = (await sam.post('/api/v2/channel-tenant/getTenantList')).body.data.map((x: { name: string }) => x.name);
    expect(tenants).toEqual(['GridCare Services', 'Harbor Logistics', 'Sunrise Manufacturing']);
    const linked = (await sam.post('/api/v2/channel-tenant/list', {})).body.data.map((x: { name: string }) => x.name);
    expect(linked).toEqual(['Harbor Logistics', 'Sunrise Manufacturing']);
    const tree = (await sam.post('/api/v2/channel-tenant/tenant-customer-ou-tree')).body.data;
    expect(JSON.stringify(tree)).toContain('Suzhou Plant Site');
    const ous = (await sam.post('/api/v2/ou/list/with_tenant', {})).body.data;
    expect(ous.map((o: { tenantName: string }) => o.tenantName)).toContain('Harbor Logistics');
    const users = await sam.post('/api/v2/customer-user/list', {});
    expect(JSON.stringify(users.body.data)).not.toContain('alice');
    // and a tenant-side staff has no linked tenants
    const alice = await signIn(t, 'alice');
    expect((await alice.post('/api/v2/channel-tenant/list', {})).body.data).toEqual([]);
  });

  it("OU lists follow the staff's OUs: bob sees only Suzhou, alice (admin role) both", async () => {
    const bob = await signIn(t, 'bob');
    expect((await bob.post('/api/v2/ou/list', {})).body.data.map((o: { code: string }) => o.code)).toEqual(['SZ-01']);
    const alice = await signIn(t, 'alice');
    expect((await alice.post('/api/v2/ou/list', {})).body.data.map((o: { code: string }) => o.code)).toEqual(['SZ-01', 'WX-01']);
  });
});
