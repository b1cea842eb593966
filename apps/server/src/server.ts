import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DEMO_OPERATION_PASSWORD, DEMO_PASSWORD, DEMO_USERS, isSeeded, seedDemo } from './seed/demo.js';
import { startDemoLive, type DemoLive } from './seed/demo-live.js';
import { startDemoCharging } from './seed/demo-charging.js';
import { startDemoCircuits } from './seed/demo-circuits.js';
import { seedPlatform } from './seed/platform.js';

/** The address to reach a server that listens on `host`: a wildcard address is reached through `local`. */
function reachable(host: string, local: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return local;
  return host.includes(':') ? `[${host}]` : host;
}

async function main() {
  const config = loadConfig();
  let database: Database | undefined;
  // where a start spends its time, printed in the banner (the first start must answer within 20 s of launch)
  const phases: { name: string; s: number }[] = [];
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases.push({ name, s: (now - mark) / 1000 });
    mark = now;
  };
  // the seconds before main(): Node, tsx and the server code loading
  const loading = process.uptime();
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    phase('database and migrations');
    await seedPlatform(database.system);
    const { app, services, ingest } = await buildApp(config, database);
    phase('app');
    const seeded = config.seedDemo && !(await isSeeded(database.system));
    if (seeded) await seedDemo(database.system, services);
    if (seeded) phase('demo seed');

    await app.listen({ port: config.port, host: config.host });
    phase('listen');

    // 127.0.0.1 unless HOST says otherwise (README); a wildcard address is reached as localhost
    const url = `http://${reachable(config.host, 'localhost')}:${config.port}`;
    const lines = [
      '',
      `  Energy platform is running at ${url}`,
      `  API docs:  ${url}/api/docs`,
      `  MQTT:      ${ingest.describe()}`,
      `  Database:  ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo data seeded now' : ''}`,
      `  Started in ${process.uptime().toFixed(1)} s: loading the code ${loading.toFixed(1)} s, ${phases.map((p) => `${p.name} ${p.s.toFixed(1)} s`).join(', ')}`,
      ...(config.seedDemo
        ? [
            `  Demo sign-ins (password ${DEMO_PASSWORD}, operation password ${DEMO_OPERATION_PASSWORD}):`,
            ...DEMO_USERS.map((u) => `    ${u.username.padEnd(8)} ${u.description}`),
          ]
        : []),
      '',
    ];
    console.log(lines.join('\n'));

    // the demo devices publish like real ones: history first (30 days on the first start, written in the
    // background in slices that leave the database to requests; pages say it is filling), then live
    let demo: DemoLive | undefined;
    const live = config.seedDemo && config.demoLive && config.ingest.enabled;
    const mqttUrl =
      config.ingest.mqttUrl ??
      (ingest.mqttPort ? `mqtt://${reachable(config.ingest.mqttHost, '127.0.0.1')}:${ingest.mqttPort}` : undefined);
    if (live && mqttUrl) {
      app.log.info('demo devices: writing their history, then running them live (DEMO_LIVE=0 turns this off)');
      startDemoLive({
        db: database.system,
        ingest,
        registry: services.devices,
        historyFill: services.telemetry.historyFill,
        mqttUrl,
        topicPrefix: config.ingest.topicPrefix,
        log: app.log,
      })
        .then((started) => {
          demo = started;
          // the history holds the demo's dead and weak strings: check them now rather than at the next hour
          void services.pvDispersionAlarms.check().catch((err: unknown) => app.log.error({ err }, 'PV dispersion: the alarm check failed'));
          app.log.info(`demo devices: ${started.devices} devices connecting over MQTT to ${mqttUrl}`);
        })
        .catch((err: unknown) => app.log.error({ err }, 'demo devices could not start; the platform runs without them'));
    }

    // the demo's charge points: 30 days of sessions in the background, then live over OCPP (docs/charging.md)
    let charging: Awaited<ReturnType<typeof startDemoCharging>> | undefined;
    if (config.seedDemo && config.demoLive)
      startDemoCharging({ db: database.system, url: `ws://${reachable(config.host, '127.0.0.1')}:${config.port}/ocpp`, log: app.log })
        .then((started) => (charging = started))
        .catch((err: unknown) => app.log.error({ err }, 'demo charge points could not start; the platform runs without them'));
    // the demo distribution network and its meters' history (docs/circuits.md), in the background
    if (live) void startDemoCircuits({ db: database.system, ingest, log: app.log, evaluate: () => services.lineLossAlarms.evaluate() });

    // string dispersion alarms of every station (docs/pv-analytics.md, "Dispersion"): at start, then hourly
    const stopDispersion = services.pvDispersionAlarms.start(60, app.log);
    const db = database;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, async () => {
        await demo?.stop().catch(() => {});
        await charging?.stop().catch(() => {});
        stopDispersion();
        await app.close();
        await db.close();
        process.exit(0);
      });
    }
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    console.error(
      e.code === 'EADDRINUSE'
        ? `\n  Port ${config.port} is already in use: set PORT to a free one.\n`
        : `\n  The platform could not start: ${e.message}\n`,
    );
    if (e.code !== 'EADDRINUSE' && !/in use by process/.test(e.message)) console.error(e);
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

await main();
