import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedPlatform } from './seed/platform.js';

/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to the file named by the first
 * argument, without listening: the app is built on an in-memory database with no broker and no web app
 * (`npm run lint:api` lints it with Spectral's OWASP ruleset, docs/security.md).
 */
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? 'openapi.json');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'energy-openapi-'));
const database = await openDatabase({ dataDir: 'memory://' });
try {
  await seedPlatform(database.system);
  const config = loadConfig({ MQTT_ENABLED: '0' }, { dataDir, logLevel: 'silent', webDist: path.join(dataDir, 'no-web') });
  const { app } = await buildApp(config, database, { logger: false });
  await app.ready();
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, JSON.stringify(app.swagger(), null, 2));
  await app.close();
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), target) || target}`);
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
