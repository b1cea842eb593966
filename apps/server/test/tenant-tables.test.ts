import { sql, TransactionRollbackError } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { createTestApp, DB_KINDS, type TestApp } from './helpers.js';

type Rows<T> = { rows: T[] };

/** Tenant tables whose policies are hand-written in drizzle/0001_row_level_security.sql (special reads). */
const HAND_WRITTEN_RLS = ['channel_link', 'customer', 'role', 'staff'];

const tables = Object.values(schema as Record<string, unknown>)
  .filter((v): v is PgTable => v instanceof PgTable)
  .map((table) => getTableConfig(table));
const tenantTables = tables.filter((c) => c.columns.some((col) => col.name === 'tenant_id'));

describe('tenant tables in the schema', () => {
  it('declare their row-level security with the table (tenantPolicies), but for the hand-written few', () => {
    expect(tenantTables.length).toBeGreaterThan(20);
    const undeclared = tenantTables.filter((c) => c.policies.length === 0).map((c) => c.name);
    expect(undeclared.sort()).toEqual(HAND_WRITTEN_RLS);
  });
});

describe.each(DB_KINDS)('tenant tables on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const q = async <T>(query: ReturnType<typeof sql>) => ((await t.database.system.execute(query)) as unknown as Rows<T>).rows;

  it('have in the database exactly the policies their declarations name, and RLS enabled', async () => {
    const rows = await q<{ table: string; policy: string; rls: boolean }>(sql`
      select p.tablename as table, p.policyname as policy, c.relrowsecurity as rls
      from pg_policies p join pg_class c on c.relname = p.tablename
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
      where p.schemaname = 'public'`);
    for (const c of tenantTables.filter((x) => x.policies.length > 0)) {
      const inDb = rows.filter((r) => r.table === c.name);
      expect(inDb.map((r) => r.policy).sort(), c.name).toEqual(c.policies.map((p) => p.name).sort());
      expect(
        inDb.every((r) => r.rls),
        c.name,
      ).toBe(true);
    }
  });

  it('a table made by a later migration is granted to energy_app at once (default privileges)', async () => {
    let granted: boolean | undefined;
    await t.database.system
      .transaction(async (tx) => {
        await tx.execute(sql`create table rls_probe (id int primary key generated always as identity, tenant_id uuid not null)`);
        const res = (await tx.execute(
          sql`select has_table_privilege('energy_app', 'rls_probe', 'select, insert, update, delete') as ok`,
        )) as unknown as Rows<{ ok: boolean }>;
        granted = res.rows[0]!.ok;
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    expect(granted).toBe(true);
  });

  it('energy_app may change no table without row-level security (a new platform table revokes its default grants)', async () => {
    const rows = await q<{ name: string }>(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity
        and has_table_privilege('energy_app', c.oid, 'insert, update, delete')`);
    expect(rows.map((r) => r.name)).toEqual([]);
  });
});
