import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pipelinedRequestTransaction, plainRequestTransaction, type RequestTransaction } from './request-transaction.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Either driver's database or a transaction of it: the same query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  /** The owner connection: migrations, seed, sign-in and audit. Bypasses row-level security. */
  system: Db;
  kind: 'pglite' | 'postgres';
  /** A signed-in request's transaction, opened by the session lookup (db/request-transaction.ts). */
  requestTransaction: RequestTransaction;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(new URL('../../drizzle', import.meta.url).pathname);

/** Opens PGlite in `dataDir/pglite` (or in memory for `memory://`), or PostgreSQL at `url`, and migrates. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`), e.g. the tests' migrated template. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    const requests = pipelinedRequestTransaction(opts.url, db);
    return {
      system: db,
      kind: 'postgres',
      requestTransaction: requests.run,
      close: async () => {
        await requests.close();
        await pool.end();
      },
    };
  }
  let target: string | undefined;
  let unlock = () => {};
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    target = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(target, { recursive: true });
    unlock = lockDataFolder(opts.dataDir);
  }
  try {
    // options only: `new PGlite(undefined, options)` ignores its options, and so once every test app's template
    const client = new PGlite({ dataDir: target, loadDataDir: opts.loadDataDir });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      system: db,
      kind: 'pglite',
      requestTransaction: plainRequestTransaction(db),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * PGlite has no file lock of its own, and two processes on one data folder would corrupt it: the
 * first process writes its pid to `server.lock`; another start refuses while that process lives.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The data folder ${dataDir} is in use by process ${pid}: one server process owns a PGlite data folder. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
