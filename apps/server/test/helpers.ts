import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EndpointDef, Envelope, InputOf, OutputOf } from '@energy/contracts';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config, type IngestConfig } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/sql.js';
import { seedDemoAlarmHistory } from '../src/seed/demo-alarms.js';
import { DEMO_PASSWORD, DEMO_TENANTS, seedDemo } from '../src/seed/demo.js';
import { seedPlatform } from '../src/seed/platform.js';
import { loadPgliteTemplate, PG_SEEDED_ENV, PG_TEMPLATE_ENV, PGLITE_SEEDED_ENV, seededFilesFolder } from './db-templates.js';

export type DbKind = 'pglite' | 'postgres';

/** Which databases the suite runs on: PGlite always; PostgreSQL when TEST_PG_URL is set or the local server answers. */
export const DB_KINDS: DbKind[] = ['pglite', ...(process.env.TEST_SKIP_PG === '1' ? [] : (['postgres'] as const))];

const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestApp extends App {
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<Config, 'ingest'>> & { ingest?: Partial<IngestConfig> };

/**
 * A fresh app with its own database (a new PostgreSQL database, or in-memory PGlite) and data folder,
 * seeded with the demo (`seed.alarmHistory: false`: without the demo's past alarms, for tests that count
 * the alarms they raise). Its embedded MQTT broker listens on a free port (`t.ingest.mqttPort`).
 */
export async function createTestApp(
  kind: DbKind,
  overrides: ConfigOverrides = {},
  seed: { alarmHistory?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'energy-test-'));
  // the run's demo-seeded template with the files its seed stored, when there is one (db-templates.ts)
  const seededFiles = seededFilesFolder(kind);
  if (seededFiles) fs.cpSync(path.join(seededFiles, 'files'), path.join(dataDir, 'files'), { recursive: true });
  let url: string | undefined;
  let dbName: string | undefined;
  if (kind === 'postgres') {
    dbName = `energy_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    // a copy of the run's seeded or migrated template when there is one (db-templates.ts), else migrated below
    const template = process.env[seededFiles ? PG_SEEDED_ENV : PG_TEMPLATE_ENV];
    await admin.query(template ? `create database ${dbName} template ${template}` : `create database ${dbName}`);
    await admin.end();
    const u = new URL(ADMIN_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const base = loadConfig({}, { dataDir, databaseUrl: url, seedDemo: true, logLevel: 'silent', webDist: path.join(dataDir, 'no-web') });
  const config: Config = { ...base, ...overrides, ingest: { ...base.ingest, mqttPort: 0, mqttHost: '127.0.0.1', ...overrides.ingest } };
  const loadDataDir = url ? undefined : seededFiles ? loadPgliteTemplate(PGLITE_SEEDED_ENV) : loadPgliteTemplate();
  const database = await openDatabase({ url, dataDir: url ? undefined : 'memory://', loadDataDir });
  if (!seededFiles) await seedPlatform(database.system);
  const built = await buildApp(config, database, { logger: false });
  if (!seededFiles) await seedDemo(database.system, built.services, seed);
  // the alarm history goes through this app's rules engine (its conditions held now), so never from a template
  else if (seed.alarmHistory !== false) await seedDemoAlarmHistory(database.system, built.services);
  return {
    ...built,
    database,
    config,
    async close() {
      await built.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        await dropDatabase(dbName);
      }
    },
  };
}

export interface Session {
  cookie: string;
  token: string;
  login: { muid: string; currentStaffId: number | null };
  /**
   * Calls a contract with its typed input, split into path, query and body as the web client does;
   * answers the status and the envelope, its data typed by the contract.
   */
  call<E extends EndpointDef>(
    contract: E,
    input: InputOf<E>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Envelope<OutputOf<E>> }>;
  /** Calls an /api endpoint with the session cookie and jwtToken header; returns status and envelope. */
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  post(url: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/** Signs in through POST /server/login and returns a client carrying both cookies and the header. */
export async function signIn(app: TestApp, username: string, password = DEMO_PASSWORD): Promise<Session> {
  const res = await app.app.inject({ method: 'POST', url: '/server/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const cookies = res.cookies as { name: string; value: string }[];
  const sessionCookie = cookies.find((c) => c.name === 'SESSION')!.value;
  const token = cookies.find((c) => c.name === 'jwtToken')!.value;
  const cookie = `SESSION=${sessionCookie}; jwtToken=${token}`;
  const send = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const r = await app.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, jwttoken: token, ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: unknown = r.body;
    try {
      parsed = JSON.parse(r.body);
    } catch {
      /* raw */
    }
    return { status: r.statusCode, body: parsed };
  };
  const call = ((first: string | EndpointDef, second: unknown, third?: unknown, fourth?: Record<string, string>) => {
    if (typeof first === 'string') return send(first, second as string, third, fourth);
    const { url, body } = requestOf(first, second as Record<string, unknown>);
    return send(first.method, url, body, third as Record<string, string> | undefined);
  }) as Session['call'];
  return { cookie, token, login: res.json().data, call, post: (url, body) => send('POST', url, body ?? {}) };
}

/** Splits a call's merged input into its URL (path parameters, query) and JSON body, as the web client does. */
export function requestOf(def: EndpointDef, input: Record<string, unknown> = {}): { url: string; body?: unknown } {
  const rest: Record<string, unknown> = { ...input };
  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const queryShape = def.query && 'shape' in def.query ? (def.query as unknown as { shape: Record<string, unknown> }).shape : {};
  const params = new URLSearchParams();
  for (const key of def.method === 'GET' ? Object.keys(rest) : Object.keys(queryShape)) {
    const value = rest[key];
    delete rest[key];
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const url = params.size > 0 ? `${path}?${params}` : path;
  return { url, body: def.method !== 'GET' && def.bodyKind !== 'none' ? rest : undefined };
}

/**
 * Drops a test database once the closed pool's backends have gone: pool.end() resolves when the
 * clients have said goodbye, not when the server has let them go, and killing a backend mid-exit
 * (drop ... with (force)) surfaces as an error on a client that is already closing.
 */
export async function dropDatabase(dbName: string, adminUrl = ADMIN_URL) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.query(`drop database if exists ${dbName} with (force)`);
  } finally {
    await admin.end();
  }
}

/** What a transaction is scoped to. */
export interface Scope {
  tenantId: string | null;
  muid: string | null;
  channelTenantIds: string[];
}

/**
 * Runs `fn` in a transaction as the non-superuser role energy_app with a scope set by hand, so a test can
 * see what the row-level security policies of migration 0001 let through. Requests are scoped by
 * `app_open_session` instead (plugins/registry.ts); background jobs serve every tenant as the owner.
 */
export async function withScope<T>(db: Db, scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.tenant_id', ${scope.tenantId ?? ''}, true), set_config('app.muid', ${scope.muid ?? ''}, true),
                 set_config('app.channel_tenants', ${scope.channelTenantIds.join(',')}, true), set_config('role', 'energy_app', true)`,
    );
    return fn(tx as unknown as Db);
  });
}

/**
 * The demo's ids by readable keys: staff by code, customers by name, OUs by code, people by username,
 * roles by `<tenant key>:<name>` (`sunrise:Tenant administrator`). Read on the owner connection.
 */
export async function demoIds(t: TestApp): Promise<{
  staffId: Record<string, number>;
  mcid: Record<string, string>;
  ouId: Record<string, number>;
  muid: Record<string, string>;
  roleId: Record<string, number>;
}> {
  const db = t.database.system;
  const byKey = async <V>(query: SQL): Promise<Record<string, V>> =>
    Object.fromEntries((await rowsOf<{ k: string; v: V }>(db, query)).map((r) => [r.k, r.v]));
  const tenantKey = Object.fromEntries(Object.entries(DEMO_TENANTS).map(([key, id]) => [id, key]));
  const roles = await rowsOf<{ id: number; name: string; tenant_id: string }>(db, sql`select id, name, tenant_id from role`);
  return {
    staffId: await byKey<number>(sql`select staff_code as k, id as v from staff`),
    mcid: await byKey<string>(sql`select name as k, mcid as v from customer`),
    ouId: await byKey<number>(sql`select code as k, id as v from ou`),
    muid: await byKey<string>(sql`select username as k, muid as v from customer_user`),
    roleId: Object.fromEntries(roles.map((r) => [`${tenantKey[r.tenant_id]}:${r.name}`, r.id])),
  };
}

/** Switches the session to its person's staff in the named tenant, as the shell does (staff list, then switch). */
export async function switchToTenant(s: Session, tenantName: string): Promise<number> {
  const list = (await s.post('/api/v2/platform-public/staff/list')).body.data as { id: number; tenantName: string }[];
  const target = list.find((x) => x.tenantName === tenantName);
  if (!target) throw new Error(`no staff in ${tenantName}`);
  const res = await s.post('/api/v2/platform-public/staff/switch', { staffId: target.id });
  if (res.status !== 200) throw new Error(`switch to ${tenantName} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return target.id;
}

/** Uploads one file to the file center as multipart/form-data (field `file` unless told). */
export function upload(s: Session, filename: string, content: Buffer, url = '/api/v2/file-center/upload', field = 'file') {
  const boundary = '----test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return s.call('POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

/** Wall-clock time of an instant in a zone, as the export should show it. */
export function wallClock(at: string | number | Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
