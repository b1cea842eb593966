import { parseCliArgs, USAGE, UsageError, type CliOptions } from './cli-args.js';
import { startFleet } from './fleet.js';
import { PlatformClient, PlatformError, firstOuId, provisionDevices } from './provision.js';
import { planSites } from './site-plan.js';

/** `npm run simulate -- --devices 500`: provision devices on a running platform, then run them until Ctrl-C. */

const stamp = () => new Date().toISOString().slice(11, 19);
const log = (msg: string) => console.log(`[${stamp()}] ${msg}`);

async function run(options: CliOptions): Promise<void> {
  const plan = planSites({ devices: options.devices, mix: options.mix, prefix: options.prefix });
  const sites = new Set(plan.map((device) => device.site.key)).size;
  log(`plan: ${plan.length} devices on ${sites} sites; platform ${options.url}, broker ${options.mqtt}`);

  const platform = new PlatformClient(options.url);
  await platform.login(options.user, options.password);
  const ouId = options.ouId ?? (await firstOuId(platform));
  const devices = await provisionDevices(platform, plan, { ouId, log });

  const now = Date.now();
  const history = options.backfillHours > 0 ? new Date(now - options.backfillHours * 3_600_000) : undefined;
  const fleet = await startFleet({
    mqttUrl: options.mqtt,
    devices,
    intervalMs: options.intervalMs,
    batch: options.batch,
    qos: options.qos,
    log,
    ...(history
      ? {
          startFrom: history,
          catchUpStepSeconds: Math.max(60, options.intervalMs / 1000),
          publishCatchUpAfter: new Date(history.getTime() - 1),
        }
      : {}),
  });

  let lastPoints = 0;
  let lastAt = Date.now();
  const status = setInterval(() => {
    const s = fleet.stats();
    const at = Date.now();
    const rate = ((s.points - lastPoints) * 1000) / Math.max(1, at - lastAt);
    lastPoints = s.points;
    lastAt = at;
    log(
      `connected ${s.connected}/${devices.length} · published ${s.published} · acked ${s.acked} · errors ${s.errors} · ` +
        `reconnects ${s.reconnects} · ${rate.toFixed(0)} points/s${s.pending ? ` · waiting ${s.pending}` : ''}`,
    );
  }, 10_000);

  await new Promise<void>((resolve) => {
    let stoppingSince = 0;
    const stop = () => {
      // npm and tsx relay the terminal's SIGINT, so one Ctrl-C can arrive twice within a moment.
      if (stoppingSince) {
        if (Date.now() - stoppingSince < 1000) return;
        log('second interrupt: exiting now');
        process.exit(130);
      }
      stoppingSince = Date.now();
      log('stopping: publishing offline status and disconnecting (Ctrl-C again to force)');
      clearInterval(status);
      fleet.stop().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  const s = fleet.stats();
  log(`stopped: published ${s.published}, acked ${s.acked}, errors ${s.errors}, reconnects ${s.reconnects}`);
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`simulate: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw error;
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  try {
    await run(options);
    process.exit(0);
  } catch (error) {
    if (error instanceof PlatformError) {
      console.error(`simulate: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

await main();
