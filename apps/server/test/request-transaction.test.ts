import * as c from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StatementNames } from '../src/db/request-transaction.js';
import { createRegistry } from '../src/plugins/registry.js';
import { createTestApp, DB_KINDS, signIn, type TestApp } from './helpers.js';

/**
 * A signed-in call's transaction (issue 16, db/request-transaction.ts): on PostgreSQL BEGIN and the
 * session lookup leave together and the hot statements are prepared once per connection. A prepared
 * plan must never carry one request's scope into another's: row-level security is evaluated at each run.
 */
describe('statement names', () => {
  it('names a text from its third run on, keeps its name, and stops at 500 names', () => {
    const names = new StatementNames();
    expect(names.nameOf('select 1')).toBeUndefined();
    expect(names.nameOf('select 1')).toBeUndefined();
    const name = names.nameOf('select 1');
    expect(name).toMatch(/^energy_r\d+$/);
    expect(names.nameOf('select 1')).toBe(name);
    for (let i = 0; i < 600; i++) for (let k = 0; k < 3; k++) names.nameOf(`select ${i + 2}`);
    expect(new Set(Array.from({ length: 600 }, (_, i) => names.nameOf(`select ${i + 2}`)).filter(Boolean)).size).toBe(499);
    expect(names.nameOf('select 1')).toBe(name);
  });
});

describe.each(DB_KINDS)('request transactions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ingest: { enabled: false } });
    // a diagnostic call, registered like any other: the prepared statements of the request's connection
    const route = createRegistry(t.app, {
      db: t.database.system,
      requestTransaction: t.database.requestTransaction,
      sessions: t.services.sessions,
      audit: t.services.audit,
    });
    const prepared = c.endpoint({
      method: 'POST',
      path: '/api/test/prepared',
      summary: 'test only',
      tag: 'test',
      access: { auth: 'user' },
      kind: 'query',
      output: z.object({ statements: z.array(z.string()), tenant: z.string() }),
    });
    const failing = c.endpoint({
      method: 'POST',
      path: '/api/test/fail-in-transaction',
      summary: 'test only',
      tag: 'test',
      access: { auth: 'user' },
      kind: 'query',
      output: z.object({}),
    });
    route(failing, async (ctx) => {
      await ctx.tx.execute(sql`select 1 / 0`);
      return {};
    });
    route(prepared, async (ctx) => {
      const res = (await ctx.tx.execute(
        sql`select coalesce(array_agg(statement), '{}') as statements, current_setting('app.tenant_id', true) as tenant from pg_prepared_statements`,
      )) as unknown as { rows: { statements: string[]; tenant: string }[] };
      return res.rows[0]!;
    });
  });
  afterAll(() => t?.close());

  it('alternating tenants on the same connections each see only their own devices, through prepared plans on PostgreSQL', async () => {
    const alice = await signIn(t, 'alice');
    const dave = await signIn(t, 'dave');
    const codes = async (s: typeof alice) => {
      const r = await s.call(c.device.devicePage, { pageOffset: 1, pageSize: 100 });
      expect(r.status).toBe(200);
      return r.body.data!.list.map((d) => d.code);
    };
    const aliceCodes = await codes(alice);
    const daveCodes = await codes(dave);
    expect(aliceCodes.length).toBeGreaterThan(0);
    expect(daveCodes.length).toBeGreaterThan(0);
    expect(aliceCodes.filter((code) => daveCodes.includes(code))).toEqual([]);
    for (let i = 0; i < 4; i++) {
      expect(await codes(alice)).toEqual(aliceCodes);
      expect(await codes(dave)).toEqual(daveCodes);
    }
    const seen = (await alice.post('/api/test/prepared')).body.data as { statements: string[]; tenant: string };
    const current = (await alice.post('/api/v2/platform-public/customer-user/current')).body.data as { tenant: { mcid: string } };
    expect(seen.tenant).toBe(current.tenant.mcid);
    if (kind === 'postgres') {
      // the session lookup and the device page are prepared on the request's connection
      expect(seen.statements.some((s) => s.includes('app_open_session'))).toBe(true);
      expect(seen.statements.some((s) => /from "device"/.test(s))).toBe(true);
    }
  });

  it('a statement that fails inside a transaction rolls it back and leaves the connection serving the next call', async () => {
    const alice = await signIn(t, 'alice');
    const before = (await alice.call(c.device.devicePage, { pageOffset: 1, pageSize: 100 })).body.data!.totalCount;
    for (let i = 0; i < 4; i++) {
      expect((await alice.post('/api/test/fail-in-transaction')).status).toBe(500);
      expect((await alice.call(c.device.devicePage, { pageOffset: 1, pageSize: 100 })).body.data!.totalCount).toBe(before);
    }
    expect((await alice.post('/api/v2/platform-public/customer-user/current')).status).toBe(200);
  });
});
