import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.js';
import { seedDemo } from '../src/seed/demo.js';
import { seedPlatform } from '../src/seed/platform.js';

/**
 * Migrated, empty databases that each test app copies instead of running every migration again
 * (docs/architecture.md, "Tests"): migrating PGlite took 5-14 s per test file on this 2-core machine, copying a
 * dump takes well under one. Keyed by a hash of the migrations, so a new or changed migration makes
 * new templates. Made once per test run by the suite's global setup and handed to the workers through
 * the environment; `createTestApp` migrates from scratch whenever they are absent (bench, one-off runs).
 */
export const PGLITE_TEMPLATE_ENV = 'ENERGY_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'ENERGY_TEST_PG_TEMPLATE';
/**
 * The same, with the platform catalogue and the demo seeded too (all but its alarm history, which goes
 * through the app's own rules engine and so is seeded per app): seeding took 1-2 s of every test app on
 * an idle machine, over 150 apps a run. Each comes with the data folder the seed wrote its files to.
 */
export const PGLITE_SEEDED_ENV = 'ENERGY_TEST_PGLITE_SEEDED';
export const PG_SEEDED_ENV = 'ENERGY_TEST_PG_SEEDED';

/** The data folder whose `files/` a seeded template's stored files are in. */
export const seededFilesOf = (template: string) => `${template}.data`;

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
  await dumpPglite(await openDatabase({ dataDir: 'memory://' }), file);
  return file;
}

/** Writes an in-memory PGlite's data folder to `file` after `prepare`, and closes it. */
async function dumpPglite(database: Database, file: string, prepare = async () => {}) {
  try {
    await prepare();
    const client = (database.system as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

export function removePgliteTemplate(file: string) {
  fs.rmSync(file, { force: true });
  fs.rmSync(seededFilesOf(file), { recursive: true, force: true });
}

/**
 * Seeds an open database as `createTestApp` did before templates were seeded (platform, then the demo
 * through a built app's services, without the alarm history), its files in `dataDir/files`.
 */
async function seedTemplate(database: Database, dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  await seedPlatform(database.system);
  const config = loadConfig({}, { dataDir, seedDemo: true, logLevel: 'silent', webDist: path.join(dataDir, 'no-web') });
  const built = await buildApp({ ...config, ingest: { ...config.ingest, enabled: false } }, database, { logger: false });
  try {
    await seedDemo(database.system, built.services, { alarmHistory: false });
  } finally {
    await built.app.close();
  }
}

/** The seeded PGlite template, made from the migrated one (`pgliteTemplate`): a dump beside it. */
export async function pgliteSeededTemplate(migrated: string): Promise<string> {
  const file = migrated.replace(/\.tar$/, '-seeded.tar');
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(migrated)]) });
  await dumpPglite(database, file, () => seedTemplate(database, seededFilesOf(file)));
  return file;
}

/** Reads the PGlite template the global setup made, if any. */
export function loadPgliteTemplate(env: string = PGLITE_TEMPLATE_ENV): Blob | undefined {
  const file = process.env[env];
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

/** The seeded PostgreSQL template, a copy of the migrated one seeded as `seedTemplate` does. */
export async function createPgSeededTemplate(adminUrl: string, migrated: string): Promise<string> {
  const name = `${migrated}_seeded`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name} template ${migrated}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString() });
  try {
    await seedTemplate(database, seededFilesOf(path.join(os.tmpdir(), name)));
  } finally {
    await database.close();
  }
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
  fs.rmSync(seededFilesOf(path.join(os.tmpdir(), name)), { recursive: true, force: true });
}

/** Where the seeded template of this kind left its files, if the run made one. */
export function seededFilesFolder(kind: 'pglite' | 'postgres'): string | undefined {
  const template = process.env[kind === 'pglite' ? PGLITE_SEEDED_ENV : PG_SEEDED_ENV];
  if (!template) return undefined;
  return seededFilesOf(kind === 'pglite' ? template : path.join(os.tmpdir(), template));
}
