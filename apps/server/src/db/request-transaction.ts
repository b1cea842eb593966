import type { SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.js';
import { rowsOf } from './sql.js';

/**
 * Runs a signed-in request's transaction (issue 16, docs/architecture.md "A request, step by step"):
 * `opening` is its first statement (the session lookup that also scopes the transaction), and its rows
 * are handed to `fn` with the transaction. The caller's `tx` is a drizzle transaction like any other.
 */
export type RequestTransaction = <T>(opening: SQL, fn: (tx: Db, opened: Record<string, unknown>[]) => Promise<T>) => Promise<T>;

/** PGlite: in-process, no round trips to save: a drizzle transaction whose first statement is `opening`. */
export function plainRequestTransaction(db: Db): RequestTransaction {
  return (opening, fn) => db.transaction(async (tx) => fn(tx as unknown as Db, await rowsOf(tx as unknown as Db, opening)));
}

/** A statement is prepared (named) once it has run this many times in the process. */
const PREPARE_AFTER = 3;
/** At most this many distinct statements are prepared, so a connection's prepared statements stay bounded. */
const MAX_PREPARED = 500;
/** Texts counted before preparing; the count is forgotten past this many distinct texts (ids inlined in raw SQL). */
const MAX_COUNTED = 10_000;

/**
 * Names the hot statements of request transactions, so that each connection parses and plans them once
 * (a named prepared statement) instead of at every call: on PostgreSQL, planning a query under row-level
 * security cost more than running it. Names are stable per text (a text keeps its name for the life of
 * the process), which is what node-postgres requires of named statements.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= MAX_PREPARED) return known;
    const count = (this.counts.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      if (this.counts.size >= MAX_COUNTED) this.counts.clear();
      this.counts.set(text, count);
      return undefined;
    }
    this.counts.delete(text);
    const name = `energy_r${this.names.size}`;
    this.names.set(text, name);
    return name;
  }
}

type QueryConfig = { text: string; name?: string } & Record<string, unknown>;

/**
 * PostgreSQL: request transactions on their own pool of pipelining connections. BEGIN and the opening
 * statement leave in one write and are answered together (one round trip instead of two), and the
 * request's statements are prepared once per connection when hot (`StatementNames`).
 */
export function pipelinedRequestTransaction(url: string, base: Db, max = 10): { run: RequestTransaction; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max, pipeline: true } as pg.PoolConfig);
  // the dialect and relational schema drizzle() built once for the owner connection's database
  const { dialect, schema } = (base as unknown as { session: { dialect: PgDialect; schema: never } }).session;
  const names = new StatementNames();
  const named = (config: QueryConfig): QueryConfig => {
    if (config.name) return config;
    const name = names.nameOf(config.text);
    return name ? { ...config, name } : config;
  };

  // drizzle's session over a connection, made once per connection (a drizzle database object builds a
  // query builder per table of the schema: about a tenth of a call's CPU when made per request). It holds
  // no state of its own between requests; every statement of a request goes through `named`.
  const txOf = new WeakMap<pg.PoolClient, Db>();
  const transactionOver = (client: pg.PoolClient): Db => {
    let tx = txOf.get(client);
    if (!tx) {
      const queries = {
        query: (config: string | QueryConfig, values?: unknown[]) =>
          client.query(typeof config === 'string' ? config : (named(config) as never), values as never),
      };
      const session = new NodePgSession(queries as never, dialect, schema);
      tx = new NodePgTransaction(dialect, session as never, schema) as unknown as Db;
      txOf.set(client, tx);
    }
    return tx;
  };

  const run: RequestTransaction = async (opening, fn) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const tx = transactionOver(client);
      const first = dialect.sqlToQuery(opening);
      const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
      stream.cork();
      let sent: Promise<[unknown, pg.QueryResult]>;
      try {
        sent = Promise.all([client.query('begin'), client.query(named({ text: first.sql }), first.params)]);
      } finally {
        stream.uncork();
      }
      const [, opened] = await sent;
      const result = await fn(tx, opened.rows);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((err: Error) => (broken = err));
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return { run, close: () => pool.end() };
}
