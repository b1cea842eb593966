import { and, count, eq, gte, ilike, inArray, lt, lte, not, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { StaffCtx } from '../plugins/context.js';
import type { Db } from './client.js';
import { containing } from './sql.js';

// The one way a server list is written: the staff's scope, declarative filters, and the rows as a page,
// all at once, or in ordered batches, from one query shape. docs/server-lists.md.

// ---------------------------------------------------------------------------------------------
// Scope

/** The one "nothing is visible" condition (a staff without OUs, a filter on an empty set). */
export const NOTHING: SQL = sql`false`;

/** The staff's OUs on `column`: nothing to add when its role sees every OU, NOTHING when it has none. */
export function ouScope(ctx: Pick<StaffCtx, 'staff'>, column: Column): SQL | undefined {
  if (ctx.staff.allOus) return undefined;
  return ctx.staff.ouIds.length ? inArray(column, [...ctx.staff.ouIds]) : NOTHING;
}

/**
 * The tenants a channel-aware list shows (docs/platform-console.md): with no working tenant chosen, the
 * staff's own and every linked tenant; with its own tenant, that one; with a linked tenant, that one while
 * it is still linked (app_open_session narrowed channelTenantIds to it), none after an unlink.
 */
export function readTenants(ctx: Pick<StaffCtx, 'staff'>): string[] {
  const working = ctx.staff.workingTenantId;
  if (working == null) return [ctx.staff.tenantId, ...ctx.staff.channelTenantIds];
  if (working === ctx.staff.tenantId) return [ctx.staff.tenantId];
  return [...ctx.staff.channelTenantIds];
}

/**
 * What the staff sees of a list: its tenant (and the customer tenants it operates for with
 * `channel: true`), and its OUs on `ou` unless its role sees every OU.
 */
export function staffScope(ctx: Pick<StaffCtx, 'staff'>, columns: { tenant: Column; ou?: Column; channel?: boolean }): SQL[] {
  const tenants = columns.channel ? readTenants(ctx) : [ctx.staff.tenantId];
  const where = [tenants.length === 0 ? NOTHING : tenants.length > 1 ? inArray(columns.tenant, tenants) : eq(columns.tenant, tenants[0]!)];
  const ous = columns.ou ? ouScope(ctx, columns.ou) : undefined;
  return ous ? [...where, ous] : where;
}

// ---------------------------------------------------------------------------------------------
// Filters

/** One filter: the condition for a present value (undefined adds none). */
export type Filter<V> = (value: V) => SQL | undefined;

type Present<V> = Exclude<V, undefined | null>;
/** Filters by input field: only fields the input has, each taking that field's value. */
export type Filters<I> = { [K in keyof I]?: Filter<Present<I[K]>> };

/** Absent and empty values filter nothing: undefined, null and ''. (Array filters decide on [] themselves.) */
const absent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The conditions of the present input fields, e.g.
 * `where(input, { code: contains(device.code), deviceTypeId: equals(device.deviceTypeId) })`.
 * A key the input does not have, or a filter of another value type, fails the type check.
 */
export function where<I extends object>(input: I | undefined, filters: NoInfer<Filters<I>>): SQL[] {
  if (!input) return [];
  const out: SQL[] = [];
  for (const key of Object.keys(filters) as (keyof I)[]) {
    const value = input[key];
    if (absent(value)) continue;
    const condition = (filters[key] as Filter<unknown>)(value);
    if (condition) out.push(condition);
  }
  return out;
}

/** Text in any of the columns, case-insensitive, % and _ taken literally. */
export const contains =
  (...columns: Column[]): Filter<string> =>
  (v) =>
    columns.length === 1 ? ilike(columns[0]!, containing(v)) : or(...columns.map((c) => ilike(c, containing(v))));

/** The column equals the value (numbers, strings, booleans, enums). */
export const equals =
  <C extends Column>(column: C): Filter<C['_']['data']> =>
  (v) =>
    eq(column, v);

/** The column is one of the values; an empty list filters nothing, or matches nothing with `{ empty: 'nothing' }`. */
export const isIn =
  <C extends Column>(column: C, opts: { empty: 'ignore' | 'nothing' } = { empty: 'ignore' }): Filter<readonly C['_']['data'][]> =>
  (v) =>
    v.length ? inArray(column, [...v]) : opts.empty === 'nothing' ? NOTHING : undefined;

type Instant = string | Date;
const at = (v: Instant) => (v instanceof Date ? v : new Date(v));
/** At or after the instant. */
export const since =
  (column: Column): Filter<Instant> =>
  (v) =>
    gte(column, at(v));
/** At or before the instant. */
export const until =
  (column: Column): Filter<Instant> =>
  (v) =>
    lte(column, at(v));
/** Strictly before the instant (a half-open range's end). */
export const before =
  (column: Column): Filter<Instant> =>
  (v) =>
    lt(column, at(v));
/** Within `[from, to]`, both ends inclusive, either end optional. */
export const between =
  (column: Column): Filter<readonly [Instant | null | undefined, Instant | null | undefined]> =>
  ([from, to]) =>
    and(...(absent(from) ? [] : [gte(column, at(from!))]), ...(absent(to) ? [] : [lte(column, at(to!))]));

/** A yes/no filter: `ifTrue` when true, `ifFalse` (default: not `ifTrue`) when false. */
export const flag =
  (ifTrue: SQL, ifFalse: SQL = not(ifTrue)): Filter<boolean> =>
  (v) =>
    v ? ifTrue : ifFalse;

// ---------------------------------------------------------------------------------------------
// Rows: a page, all, or ordered batches

/** The paging fields of a request (contracts `pageRequest`): pageOffset counts from 1. */
export interface PageRequest {
  pageSize: number;
  pageOffset: number;
}
/** The paging answer (contracts `pageOf(row)`). */
export interface Page<R> {
  list: R[];
  totalCount: number;
  pageSize: number;
  pageOffset: number;
}

/** The rows a select answers. */
export type RowOf<S extends PgSelect> = S['_']['result'][number];
type Mapper<S extends PgSelect, R> = (rows: RowOf<S>[]) => R[] | Promise<R[]>;
type Order = PgColumn | SQL | SQL.Aliased;

export interface ListSpec<S extends PgSelect> {
  /** `select ... from ... joins` of the list, `.$dynamic()`, without where, order or limit; called once per query. */
  query: () => S;
  /** The scope and the filters; undefined entries are left out. */
  where: (SQL | undefined)[];
  /** Must end in a unique column, so that pages and batches neither repeat nor skip a row. */
  order: Order[];
}

export interface List<S extends PgSelect> {
  /** One page; the total counts exactly the rows the same query gives without limit. */
  page<R = RowOf<S>>(input: PageRequest, map?: Mapper<S, R>): Promise<Page<R>>;
  /** Every row (at most `limit`), in order. */
  all<R = RowOf<S>>(map?: Mapper<S, R>, opts?: { limit?: number }): Promise<R[]>;
  /** The first row, or undefined. */
  first<R = RowOf<S>>(map?: Mapper<S, R>): Promise<R | undefined>;
  /** How many rows the list has. */
  count(): Promise<number>;
  /** Every row in order, `size` at a time (exports: 100,000 rows without holding them all). */
  batches<R = RowOf<S>>(map?: Mapper<S, R>, opts?: { size?: number }): AsyncGenerator<R[], void, undefined>;
}

export const BATCH_SIZE = 1000;

/** A list over `tx`: see docs/server-lists.md. */
export function list<S extends PgSelect>(tx: Db, spec: ListSpec<S>): List<S> {
  const condition = and(...spec.where.filter((w): w is SQL => w !== undefined));
  const ordered = () =>
    spec
      .query()
      .where(condition)
      .orderBy(...spec.order);
  const mapped = async <R>(rows: RowOf<S>[], map?: Mapper<S, R>) => (map ? map(rows) : (rows as R[]));
  const total = async () => {
    // Counted over the list's own query (unreferenced columns are not computed): the same from, joins and where.
    const counted = spec.query().where(condition).as('list') as unknown as PgTable;
    const [row] = await tx.select({ n: count() }).from(counted);
    return Number(row?.n ?? 0);
  };
  return {
    async page(input, map) {
      const offset = (input.pageOffset - 1) * input.pageSize;
      const rows = (await ordered().limit(input.pageSize).offset(offset)) as RowOf<S>[];
      // A page that is neither full nor past the end is the last one: its rows give the total.
      const last = rows.length < input.pageSize && (rows.length > 0 || offset === 0);
      const totalCount = last ? offset + rows.length : await total();
      return { list: await mapped(rows, map), totalCount, pageSize: input.pageSize, pageOffset: input.pageOffset };
    },
    async all(map, opts) {
      const q = ordered();
      return mapped((await (opts?.limit === undefined ? q : q.limit(opts.limit))) as RowOf<S>[], map);
    },
    async first(map) {
      return (await this.all(map, { limit: 1 }))[0];
    },
    count: total,
    async *batches(map, opts) {
      const size = opts?.size ?? BATCH_SIZE;
      for (let offset = 0; ; offset += size) {
        const rows = (await ordered().limit(size).offset(offset)) as RowOf<S>[];
        if (rows.length) yield await mapped(rows, map);
        if (rows.length < size) return;
      }
    },
  };
}

/** One page of rows already in memory (short lists computed in full: a station's inverters, a tenant's stations). */
export function pageOfRows<R>(rows: readonly R[], input: PageRequest): Page<R> {
  const start = (input.pageOffset - 1) * input.pageSize;
  return {
    list: rows.slice(start, start + input.pageSize),
    totalCount: rows.length,
    pageSize: input.pageSize,
    pageOffset: input.pageOffset,
  };
}
