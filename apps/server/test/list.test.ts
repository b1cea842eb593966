import { device as deviceContract } from '@energy/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/sql.js';
import {
  before,
  between,
  contains,
  equals,
  flag,
  isIn,
  list,
  NOTHING,
  since,
  staffScope,
  until,
  where,
  type ListSpec,
} from '../src/db/list.js';
import type { StaffCtx } from '../src/plugins/context.js';
import { createTestApp, DB_KINDS, signIn, type TestApp } from './helpers.js';

// db/list.ts against a real database: a probe table of this test's own (made in the test database only)
// with ROWS rows, two tenants and three OUs.
const probe = pgTable('list_probe', {
  id: serial('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  ouId: integer('ou_id'),
  name: text('name').notNull(),
  n: integer('n').notNull(),
  hot: boolean('hot').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
const ROWS = 2345;
const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

/** The scope fields of a staff (what the scope functions read); the rest of the context is not used by them. */
const staffOf = (s: Partial<StaffCtx['staff']>, tx: Db) =>
  ({ tx, staff: { tenantId: 'a', allOus: false, ouIds: [], channelTenantIds: [], ...s } }) as unknown as StaffCtx;

describe.each(DB_KINDS)('db/list.ts on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  const probes = (spec: Omit<ListSpec<ReturnType<typeof select>>, 'query'>) => list(db, { query: select, ...spec });
  const select = () => db.select({ id: probe.id, name: probe.name, n: probe.n }).from(probe).$dynamic();
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.system;
    await db.execute(sql`create table list_probe (id serial primary key, tenant_id text not null, ou_id int, name text not null,
                                                  n int not null, hot boolean not null, at timestamptz not null)`);
    // names: 'row 1'.. plus a few with LIKE's special characters; n = id mod 7; ou 1, 2, 3 or none
    await db.execute(sql`insert into list_probe (tenant_id, ou_id, name, n, hot, at)
      select case when i % 10 = 0 then 'b' else 'a' end, nullif(i % 4, 0),
             case i when 5 then '50% off' when 6 then '50_off' when 7 then 'back\\slash' else 'row ' || i end,
             i % 7, i % 3 = 0, ${new Date(T0).toISOString()}::timestamptz + (i || ' hours')::interval
      from generate_series(1, ${ROWS}) as i`);
  });
  afterAll(() => t?.close());

  it('filters declaratively, skipping absent and empty values', async () => {
    const run = async (input: Record<string, unknown>) => {
      const filters = where(input as { name?: string; n?: number; ns?: number[]; from?: string; to?: string; hot?: boolean }, {
        name: contains(probe.name),
        n: equals(probe.n),
        ns: isIn(probe.n),
        from: since(probe.at),
        to: until(probe.at),
        hot: flag(eq(probe.hot, true)),
      });
      return ids(await probes({ where: filters, order: [asc(probe.id)] }).all());
    };
    expect(await run({})).toHaveLength(ROWS);
    expect(await run({ name: '', n: undefined, ns: [], hot: null })).toHaveLength(ROWS);
    // % and _ are taken literally, and so is the backslash
    expect(await run({ name: '50%' })).toEqual([5]);
    expect(await run({ name: '0_o' })).toEqual([6]);
    expect(await run({ name: 'k\\s' })).toEqual([7]);
    expect(await run({ name: 'ROW 123' })).toEqual([123, 1230, 1231, 1232, 1233, 1234, 1235, 1236, 1237, 1238, 1239]);
    // 0 is a value, not an absent one
    expect(await run({ n: 0 })).toEqual(Array.from({ length: Math.floor(ROWS / 7) }, (_, i) => (i + 1) * 7));
    expect((await run({ ns: [1, 2] })).every((id) => id % 7 === 1 || id % 7 === 2)).toBe(true);
    const hours = (h: number) => new Date(T0 + h * HOUR).toISOString();
    expect(await run({ from: hours(10), to: hours(12) })).toEqual([10, 11, 12]);
    expect(await run({ from: hours(10), to: hours(12), hot: true })).toEqual([12]);
    expect(await run({ from: hours(10), to: hours(12), hot: false })).toEqual([10, 11]);
    const halfOpen = where({ from: hours(10), to: hours(12) }, { from: since(probe.at), to: before(probe.at) });
    expect(ids(await probes({ where: halfOpen, order: [asc(probe.id)] }).all())).toEqual([10, 11]);
    const range = where({ at: [hours(2000), null] as const }, { at: between(probe.at) });
    expect(ids(await probes({ where: range, order: [asc(probe.id)] }).all())).toEqual(
      Array.from({ length: ROWS - 1999 }, (_, i) => 2000 + i),
    );
    expect(await probes({ where: [isIn(probe.n, { empty: 'nothing' })([])], order: [asc(probe.id)] }).count()).toBe(0);
  });

  it('rejects, at the type check, a filter key the input does not have or a filter of another type', () => {
    const input: { name?: string; n?: number } = {};
    // @ts-expect-error: the input has no `nme`
    where(input, { nme: contains(probe.name) });
    // @ts-expect-error: `n` is a number, contains takes text
    where(input, { n: contains(probe.name) });
    expect(where(input, { name: contains(probe.name), n: equals(probe.n) })).toEqual([]);
  });

  it('scopes to the tenant and the OUs; a staff without OUs sees nothing', async () => {
    const count = (s: Partial<StaffCtx['staff']>) =>
      probes({ where: staffScope(staffOf(s, db), { tenant: probe.tenantId, ou: probe.ouId }), order: [asc(probe.id)] }).count();
    const [all] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from list_probe where tenant_id = 'a'`);
    expect(await count({ allOus: true })).toBe(all!.n);
    const [inOus] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from list_probe where tenant_id = 'a' and ou_id in (1, 2)`,
    );
    expect(await count({ ouIds: [1, 2] })).toBe(inOus!.n);
    expect(await count({ ouIds: [] })).toBe(0);
    expect(await count({ tenantId: 'c', allOus: true })).toBe(0);
    const channel = staffScope(staffOf({ allOus: true, channelTenantIds: ['b'] }, db), { tenant: probe.tenantId, channel: true });
    expect(await probes({ where: channel, order: [asc(probe.id)] }).count()).toBe(ROWS);
    expect(await probes({ where: [NOTHING], order: [asc(probe.id)] }).all()).toEqual([]);
  });

  it('pages with the exact total, also on the last page and past the end', async () => {
    const l = probes({ where: [eq(probe.tenantId, 'a')], order: [asc(probe.n), asc(probe.id)] });
    const total = await l.count();
    expect(total).toBe(ROWS - Math.floor(ROWS / 10));
    const first = await l.page({ pageSize: 100, pageOffset: 1 });
    expect(first).toMatchObject({ totalCount: total, pageSize: 100, pageOffset: 1 });
    expect(first.list.map((r) => r.n)).toEqual(Array(100).fill(0));
    const lastOffset = Math.ceil(total / 100);
    const last = await l.page({ pageSize: 100, pageOffset: lastOffset }, (rows) => rows.map((r) => r.id));
    expect(last.totalCount).toBe(total);
    expect(last.list).toHaveLength(total - (lastOffset - 1) * 100);
    const past = await l.page({ pageSize: 100, pageOffset: lastOffset + 5 });
    expect(past).toEqual({ list: [], totalCount: total, pageSize: 100, pageOffset: lastOffset + 5 });
    const none = await probes({ where: [NOTHING], order: [asc(probe.id)] }).page({ pageSize: 20, pageOffset: 1 });
    expect(none).toEqual({ list: [], totalCount: 0, pageSize: 20, pageOffset: 1 });
    expect(await l.first()).toEqual(first.list[0]);
    expect(await l.all(undefined, { limit: 3 })).toEqual(first.list.slice(0, 3));
  });

  it('iterates every row once, in order, a batch at a time', async () => {
    const order = [asc(probe.n), asc(probe.name), asc(probe.id)];
    const l = probes({ where: [eq(probe.tenantId, 'a')], order });
    const batches: number[][] = [];
    for await (const batch of l.batches((rows) => rows.map((r) => r.id), { size: 500 })) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([500, 500, 500, 500, ROWS - Math.floor(ROWS / 10) - 2000]);
    expect(batches.flat()).toEqual(ids(await l.all()));
    expect(new Set(batches.flat()).size).toBe(ROWS - Math.floor(ROWS / 10));
    let empty = 0;
    for await (const _ of probes({ where: [NOTHING], order }).batches()) empty++;
    expect(empty).toBe(0);
  });

  it('answers a moved list through the typed call(): another tenant sees none of the devices', async () => {
    const alice = await signIn(t, 'alice');
    const page = await alice.call(deviceContract.devicePage, { pageSize: 2, pageOffset: 1, code: '' });
    expect(page.status).toBe(200);
    const all = await alice.call(deviceContract.deviceOuList, {});
    expect(page.body.data.totalCount).toBe(all.body.data.length);
    expect(page.body.data.list.map((d) => d.code)).toEqual(all.body.data.slice(0, 2).map((d) => d.code));
    const dave = await signIn(t, 'dave');
    const foreign = await dave.call(deviceContract.devicePage, { pageSize: 100, pageOffset: 1 });
    expect(foreign.status).toBe(200);
    const alices = new Set(all.body.data.map((d) => d.id));
    expect(foreign.body.data.list.filter((d) => alices.has(d.id))).toEqual([]);
  });
});
