import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../src/db/client.js';

/**
 * Migrated, empty databases that each test app copies instead of running every migration again
 * (docs/architecture.md, "Tests"): migrating PGlite took 5-14 s per test file on this 2-core machine, copying a
 * dump takes well under one. Keyed by a hash of the migrations, so a new or changed migration makes
 * new templates. Made once per test run by the suite's global setup and handed to the workers through
 * the environment; `createTestApp` migrates from scratch whenever they are absent (bench, one-off runs).
 */
export const PGLITE_TEMPLATE_ENV = 'ENERGY_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'ENERGY_TEST_PG_TEMPLATE';

export function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(name).update(fs.readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 12);
}

/** A dump of a migrated PGlite data folder for this run, in the system's temp folder; removed by `removePgliteTemplate`. */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `energy-test-pglite-${migrationsHash()}-${process.pid}.tar`);
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const client = (database.system as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return file;
}

export function removePgliteTemplate(file: string) {
  fs.rmSync(file, { force: true });
}

/** Reads the PGlite template the global setup made, if any. */
export function loadPgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/** A migrated PostgreSQL database for this run, to `create database ... template` from; dropped by `dropPgTemplate`. */
export async function createPgTemplate(adminUrl: string): Promise<string> {
  const name = `energy_tmpl_${migrationsHash()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString() });
  await database.close();
  return name;
}

export async function dropPgTemplate(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
