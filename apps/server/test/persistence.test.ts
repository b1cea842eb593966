import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { lockDataFolder, openDatabase } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { isSeeded, seedDemo } from '../src/seed/demo.js';
import { seedPlatform } from '../src/seed/platform.js';

it('a second start on the same PGlite data folder keeps all data and does not seed again', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'energy-persist-'));
  try {
    const config = loadConfig({}, { dataDir, logLevel: 'silent', webDist: path.join(dataDir, 'none') });
    const first = await openDatabase({ dataDir });
    await seedPlatform(first.system);
    const app1 = await buildApp(config, first, { logger: false });
    expect(await isSeeded(first.system)).toBe(false);
    await seedDemo(first.system, app1.services);
    await first.system.execute(sql`update tenant set platform_slogan_name = 'kept across restarts' where name = 'Harbor Logistics'`);
    await app1.app.close();
    await first.close();

    const second = await openDatabase({ dataDir });
    await seedPlatform(second.system);
    expect(await isSeeded(second.system)).toBe(true);
    const res = (await second.system.execute(
      sql`select platform_slogan_name as s, (select count(*)::int from staff) as n from tenant where name = 'Harbor Logistics'`,
    )) as unknown as { rows: { s: string; n: number }[] };
    expect(res.rows[0]).toEqual({ s: 'kept across restarts', n: 7 });
    await second.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // two starts on a fresh data folder, each migrating it from nothing (no template): the slowest start there is
}, 120_000);

it('refuses a second process on a PGlite data folder, and takes over a stale lock', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'energy-lock-'));
  try {
    // a live process (this test's parent) holds it
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.ppid));
    expect(() => lockDataFolder(dataDir)).toThrow(/in use by process/);
    // a process that is gone: the lock is taken over, and released
    fs.writeFileSync(path.join(dataDir, 'server.lock'), '999999999');
    const unlock = lockDataFolder(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
