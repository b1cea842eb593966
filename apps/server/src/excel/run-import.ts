import { and, getTableColumns, getTableName, sql, type SQL, type Table as DrizzleTable } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { Column, Lang } from './columns.js';
import { byPosition, mapHeaders, parseRow, zodProblems, type MappedTable, type Problem } from './import.js';
import type { Table } from './read.js';

// The generic import runner (docs/excel.md#import): headers mapped, each row parsed and resolved by the
// entity, duplicates within the file and keys already taken, then all rows or none, inserted in one
// transaction in batches. An entity says only what is its own: columns, references, resolve, key, insert.

/** Rows checked per chunk (one query for taken keys, one progress step). */
export const CHECK_CHUNK = 1000;
/** Rows per insert statement. */
export const INSERT_CHUNK = 5000;

/** What the runner needs of a job (JobIo of domains/jobs fits): transactions and progress. */
export interface ImportIo {
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  progress(processed: number): void;
}

/** How an import ended (a JobOutcome): problems mean nothing was saved. */
export interface ImportOutcome {
  imported: number;
  problems: Problem[];
}

/** What `resolve` gets for one row: its sheet row, the file's language and ways to report problems. */
export interface RowIo {
  row: number;
  lang: Lang;
  /** A problem on the column `key` of this row. */
  say(key: string, message: string): void;
  /** Zod issues of this row, each on the column its path names. */
  zod(error: Parameters<typeof zodProblems>[0], pathColumn: (path: PropertyKey[]) => string): void;
}

export interface ImportSpec<Refs, Value> {
  /** The columns a file may have (required ones must be there). */
  columns: Column<unknown>[];
  /** What rows may refer to, read once before the rows. */
  refs(tx: Db): Promise<Refs>;
  /** One parsed row (values by column key, undefined for empty cells) as the value to insert; undefined with problems. */
  resolve(raw: Record<string, unknown>, refs: Refs, io: RowIo): Value | undefined;
  /** A column whose text must be unique in the file and not yet taken in the database. */
  uniqueKey?: {
    column: string;
    /** Problem texts; in `duplicate`, "{row}" is the first row of the file that has the key. */
    messages: { duplicate: Record<Lang, string>; taken: Record<Lang, string> };
    /** Which of `keys` already exist (one query per chunk, e.g. `code = any($1)`). */
    taken(tx: Db, keys: string[]): Promise<Set<string>>;
  };
  /** Inserts one batch (at most INSERT_CHUNK rows), e.g. with insertUnnest. */
  insert(tx: Db, rows: Value[]): Promise<void>;
}

/** Checks every row of `table`, then inserts all of them in one transaction, or none when any row has a problem. */
export async function runImport<Refs, Value>(spec: ImportSpec<Refs, Value>, table: Table, io: ImportIo): Promise<ImportOutcome> {
  const problems: Problem[] = [];
  const mapped = mapHeaders(table, spec.columns, problems);
  if (problems.length) return { imported: 0, problems };
  const refs = await io.transaction((tx) => spec.refs(tx));
  const unique = spec.uniqueKey;
  const firstRow = new Map<string, number>();
  const ready: Value[] = [];
  for (let start = 0; start < table.rows.length; start += CHECK_CHUNK) {
    const chunk = table.rows.slice(start, start + CHECK_CHUNK);
    const keys: { key: string; row: number }[] = [];
    for (const { row, cells } of chunk) {
      const before = problems.length;
      const raw = parseRow(cells, row, spec.columns, mapped, problems);
      const value = spec.resolve(raw, refs, rowIo(row, mapped, problems));
      if (value && problems.length === before) ready.push(value);
      const key = unique ? raw[unique.column] : undefined;
      if (unique && typeof key === 'string') {
        const seen = firstRow.get(key);
        if (seen !== undefined)
          report(problems, mapped, row, unique.column, unique.messages.duplicate[mapped.lang].replace('{row}', String(seen)));
        else (firstRow.set(key, row), keys.push({ key, row }));
      }
    }
    if (unique) {
      const taken = await io.transaction((tx) =>
        unique.taken(
          tx,
          keys.map((k) => k.key),
        ),
      );
      for (const k of keys) if (taken.has(k.key)) report(problems, mapped, k.row, unique.column, unique.messages.taken[mapped.lang]);
    }
    io.progress(Math.min(start + CHECK_CHUNK, table.rows.length));
  }
  if (problems.length) return { imported: 0, problems: problems.sort(byPosition) };
  await io.transaction(async (tx) => {
    for (let start = 0; start < ready.length; start += INSERT_CHUNK) await spec.insert(tx, ready.slice(start, start + INSERT_CHUNK));
  });
  return { imported: ready.length, problems: [] };
}

function rowIo(row: number, mapped: MappedTable, problems: Problem[]): RowIo {
  return {
    row,
    lang: mapped.lang,
    say: (key, message) => report(problems, mapped, row, key, message),
    zod: (error, pathColumn) => zodProblems(error, row, mapped, pathColumn, problems),
  };
}

function report(problems: Problem[], mapped: MappedTable, row: number, key: string, message: string) {
  problems.push({ row, column: mapped.headerText(key), message, col: mapped.positions.get(key) });
}

/**
 * Inserts rows in one statement, each column as one array parameter through unnest, cast to the column's
 * SQL type from the table's drizzle metadata (a multi-row VALUES of 5,000 rows would be one parameter per cell).
 */
export async function insertUnnest<T extends DrizzleTable>(
  tx: Db,
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
  rows: readonly T['$inferInsert'][],
) {
  const all = getTableColumns(table);
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`insertUnnest: ${getTableName(table)} has no column ${key}`);
    return { key, column };
  });
  const arrays = columns.map(({ key, column }) => {
    const values = rows.map((r) => {
      const v = (r as Record<string, unknown>)[key];
      return v === undefined || v === null ? null : column.mapToDriverValue(v);
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  await tx.execute(
    sql`insert into ${table} (${sql.join(
      columns.map(({ column }) => sql.identifier(column.name)),
      sql`, `,
    )}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/** Which of `keys` a column already holds among the rows `where` selects: one `column = any($1)` query. */
export async function takenKeys(tx: Db, column: PgColumn, keys: string[], ...where: SQL[]): Promise<Set<string>> {
  const rows = await tx
    .select({ key: column })
    .from(column.table)
    .where(and(...where, sql`${column} = any(${sql.param(keys)}::${sql.raw(column.getSQLType())}[])`));
  return new Set(rows.map((r) => String(r.key)));
}
