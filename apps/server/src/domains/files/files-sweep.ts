import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

/**
 * Every column that holds a file-center key. A file is in use while one of them names it; a new
 * column that stores keys must be added here (a test compares this list with the database).
 */
export const FILE_KEY_COLUMNS = [
  { table: 'tenant', column: 'icon_key' },
  { table: 'tenant', column: 'logo_key' },
  { table: 'customer_user', column: 'head_pic' },
  { table: 'bsa_firmware_distribution', column: 'file_key' },
] as const;

const referenced = sql.join(
  FILE_KEY_COLUMNS.map(({ table, column }) => sql`select ${sql.identifier(column)} as key from ${sql.identifier(table)}`),
  sql` union `,
);

export interface SweepResult {
  /** Rows (and their bytes on disk) removed: files no column names, older than the grace period. */
  rows: number;
  /** Files on disk without a row (an upload whose request failed after writing), older than the grace period. */
  strays: number;
  bytes: number;
}

/**
 * Removes the uploads nothing refers to, across every tenant (owner connection): rows older than
 * `olderThan` that no FILE_KEY_COLUMNS value names, with their bytes, then files on disk that have no
 * row and are older than `olderThan`. A file just uploaded for a form not yet saved is kept by the grace.
 */
export async function sweepOrphanFiles(db: Db, root: string, olderThan: Date): Promise<SweepResult> {
  const result: SweepResult = { rows: 0, strays: 0, bytes: 0 };
  const removed = await rowsOf<{ key: string; tenant_id: string; size: number | string }>(
    db,
    sql`delete from file where created_at < ${olderThan.toISOString()}::timestamptz
        and key not in (select key from (${referenced}) r where key is not null)
        returning key, tenant_id, size`,
  );
  for (const row of removed) {
    await fs.promises.rm(path.join(root, row.tenant_id, row.key), { force: true });
    result.rows++;
    result.bytes += Number(row.size);
  }

  const tenants = await fs.promises.readdir(root, { withFileTypes: true }).catch(() => []);
  for (const dir of tenants) {
    if (!dir.isDirectory()) continue;
    const folder = path.join(root, dir.name);
    const names = await fs.promises.readdir(folder);
    if (names.length === 0) continue;
    const known = new Set<string>();
    for (let i = 0; i < names.length; i += 500) {
      const some = names.slice(i, i + 500).map((n) => sql`${n}`);
      for (const r of await rowsOf<{ key: string }>(db, sql`select key from file where key in (${sql.join(some, sql`, `)})`))
        known.add(r.key);
    }
    for (const name of names) {
      if (known.has(name)) continue;
      const stat = await fs.promises.stat(path.join(folder, name)).catch(() => null);
      if (!stat?.isFile() || stat.mtime >= olderThan) continue;
      await fs.promises.rm(path.join(folder, name), { force: true });
      result.strays++;
      result.bytes += stat.size;
    }
  }
  return result;
}

/**
 * Runs the sweep every `everyMinutes` (first run after one interval), then `also` (other files to clear on
 * the same timer: the import jobs' files); returns the stop function.
 */
export function startOrphanSweep(
  db: Db,
  root: string,
  opts: { everyMinutes: number; graceHours: number; also?: () => Promise<void> },
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOrphanFiles(db, root, new Date(Date.now() - opts.graceHours * 3_600_000))
      .then((r) => {
        if (r.rows || r.strays) log.info(r, 'files: removed uploads nothing refers to');
      })
      .catch((err: unknown) => log.error({ err }, 'files: the orphan sweep failed'))
      .then(() => opts.also?.())
      .catch((err: unknown) => log.error({ err }, 'files: a sweep failed'))
      .finally(() => (running = null));
  }, opts.everyMinutes * 60_000);
  timer.unref();
  // stopping waits for a sweep under way, so the database is not closed beneath it
  return async () => {
    clearInterval(timer);
    await running;
  };
}
