import { parseArgs } from 'node:util';
import { MIX_CATEGORIES, type MixCategory } from './site-plan.js';

/** Command-line options of `npm run simulate`, checked before anything touches the network. */

export interface CliOptions {
  url: string;
  user: string;
  password: string;
  mqtt: string;
  devices: number;
  mix: MixCategory[];
  intervalMs: number;
  prefix: string;
  ouId?: number;
  backfillHours: number;
  qos: 0 | 1;
  batch: number;
  help: boolean;
}

export const USAGE = `Usage: npm run simulate -- [options]

  --url <url>             platform base URL (default http://localhost:8080)
  --user <name>           tenant admin to provision devices with (default alice)
  --password <pw>         their password (default demo1234)
  --mqtt <url>            broker (default mqtt://<host of --url>:1883)
  --devices <n>           number of devices (default 20), grouped into realistic sites
  --mix <list>            categories to include: ${MIX_CATEGORIES.join(',')} (default all)
  --interval <ms>         reading period per device (default 5000)
  --prefix <code>         device code prefix: <prefix>-0001... (default sim)
  --ou <id>               operating unit for new devices (default the first one visible)
  --backfill-hours <h>    publish this much history first, in batches (default 0)
  --qos <0|1>             telemetry QoS (default 1)
  --batch <n>             readings per telemetry message (default 1)
  --help                  this text
`;

export class UsageError extends Error {}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return value;
}

export function parseCliArgs(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
        mqtt: { type: 'string' },
        devices: { type: 'string' },
        mix: { type: 'string' },
        interval: { type: 'string' },
        prefix: { type: 'string' },
        ou: { type: 'string' },
        'backfill-hours': { type: 'string' },
        qos: { type: 'string' },
        batch: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const url = parsed.url ?? 'http://localhost:8080';
  let platform: URL;
  try {
    platform = new URL(url);
  } catch {
    throw new UsageError(`--url is not a URL: '${url}'`);
  }
  if (platform.protocol !== 'http:' && platform.protocol !== 'https:') throw new UsageError(`--url must be http(s), got '${url}'`);
  const mqttUrl = parsed.mqtt ?? `mqtt://${platform.hostname}:1883`;
  if (!/^(mqtts?|tcp|tls):\/\/[^/]+/.test(mqttUrl)) throw new UsageError(`--mqtt must look like mqtt://host:1883, got '${mqttUrl}'`);
  const mix = parsed.mix === undefined ? [...MIX_CATEGORIES] : parsed.mix.split(',').map((item) => item.trim());
  const unknown = mix.filter((item) => !MIX_CATEGORIES.includes(item as MixCategory));
  if (unknown.length || mix.length === 0)
    throw new UsageError(`--mix takes ${MIX_CATEGORIES.join(',')}; unknown: ${unknown.join(',') || '(empty)'}`);
  const prefix = parsed.prefix ?? 'sim';
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(prefix))
    throw new UsageError(`--prefix may hold letters, digits, '-' and '_' (1..24), got '${prefix}'`);
  const backfillHours = parsed['backfill-hours'] === undefined ? 0 : Number(parsed['backfill-hours']);
  if (!Number.isFinite(backfillHours) || backfillHours < 0 || backfillHours > 24 * 31)
    throw new UsageError('--backfill-hours must be from 0 to 744');
  return {
    url: platform.origin + platform.pathname.replace(/\/$/, ''),
    user: parsed.user ?? 'alice',
    password: parsed.password ?? 'demo1234',
    mqtt: mqttUrl,
    devices: integer('devices', parsed.devices, 20, 1, 100_000),
    mix: mix as MixCategory[],
    intervalMs: integer('interval', parsed.interval, 5000, 100, 3_600_000),
    prefix,
    ouId: parsed.ou === undefined ? undefined : integer('ou', parsed.ou, 0, 1, Number.MAX_SAFE_INTEGER),
    backfillHours,
    qos: integer('qos', parsed.qos, 1, 0, 1) as 0 | 1,
    batch: integer('batch', parsed.batch, 1, 1, 1000),
    help: parsed.help ?? false,
  };
}
