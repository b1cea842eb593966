import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo, isSeeded } from './seed/demo.js';
import { seedPlatform } from './seed/platform.js';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedPlatform(database.system);
const { app, services } = await buildApp(config, database);
let seededNow = false;
if (config.seedDemo && !(await isSeeded(database.system))) {
  await seedDemo(database.system, services);
  seededNow = true;
}

await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `  Energy platform is running at ${url}`,
  `  API docs:  ${url}/api/docs`,
  `  Database:  ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
  ...(config.seedDemo || seededNow
    ? [`  Demo sign-ins (password ${DEMO_PASSWORD}):`, ...DEMO_USERS.map((u) => `    ${u.username.padEnd(8)} ${u.description}`)]
    : []),
  '',
];
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
