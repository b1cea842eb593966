import { windowSettings } from '../../shared/window-settings';
import { alarmDetailPath } from './paths';

/**
 * Where the alarm bell and its notifications link to, from the window-provided settings
 * (`window.__ENERGY_SETTINGS__.deviceAlarmConfig` / `.serverAlarmConfig`, docs/web-shell.md).
 * Missing configuration is only logged (spec 000 §8), with the spec's messages.
 */

export const DEVICE_ALARM_NOT_CONFIGURED = 'Device alarm configuration not configured';
export const SERVER_ALARM_NOT_CONFIGURED = 'Server alarm configuration not configured';

/** The page a device alarm opens: a path template with {alarmId} and {deviceId}, on this origin or another. */
export interface DeviceAlarmConfig {
  path: string;
  origin?: string;
  originId?: string;
}

/** The page a server alarm of one scene opens: a path template with {targetId} and {recordId}. */
export interface ServerAlarmConfigEntry {
  sceneType: string;
  path: string;
  origin?: string;
  originId?: string;
}

/** A link: in the app (`<Link to>`) or, on another origin, a full URL. */
export interface AlarmLink {
  href: string;
  external: boolean;
  /** The target sub-application's module origin id, when the configuration names one. */
  originId?: string;
}

/** The minimal push fields a link needs (the bodies of spec 000 §3). */
export interface DeviceLinkFields {
  alarmId: number;
  deviceId: number | null;
}
export interface ServerLinkFields {
  recordId: number;
  sceneType: string;
  targetId: number | null;
}

type Warn = (...args: unknown[]) => void;

const DEVICE_PLACEHOLDERS = ['alarmId', 'deviceId'];
const SERVER_PLACEHOLDERS = ['targetId', 'recordId'];
const placeholdersOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the common fields of a config entry; the reason it is refused, or the cleaned fields. */
function readTarget(raw: Record<string, unknown>, allowed: string[]): { path: string; origin?: string; originId?: string } | string {
  const { path, origin, originId } = raw;
  if (typeof path !== 'string' || !path.startsWith('/')) return 'path must be a string starting with /';
  const unknown = placeholdersOf(path).filter((p) => !allowed.includes(p));
  if (unknown.length > 0) return `path may only use ${allowed.map((p) => `{${p}}`).join(' and ')}, not {${unknown[0]}}`;
  const out: { path: string; origin?: string; originId?: string } = { path };
  if (origin !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = typeof origin === 'string' ? new URL(origin) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return 'origin must be an http(s) origin';
    out.origin = parsed.origin;
  }
  if (originId !== undefined) {
    if (typeof originId !== 'string' || originId.trim() === '') return 'originId must be a non-empty string';
    out.originId = originId.trim();
  }
  return out;
}

/** The device alarm configuration, or undefined (absent, or refused with a warning). */
export function parseDeviceAlarmConfig(raw: unknown, warn: Warn = console.warn): DeviceAlarmConfig | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isRecord(raw)) {
    warn('window.__ENERGY_SETTINGS__.deviceAlarmConfig must be an object; ignored');
    return undefined;
  }
  const target = readTarget(raw, DEVICE_PLACEHOLDERS);
  if (typeof target === 'string') {
    warn(`window.__ENERGY_SETTINGS__.deviceAlarmConfig: ${target}; ignored`);
    return undefined;
  }
  return target;
}

/** The server alarm configuration (one entry per scene type), or undefined when absent; bad entries are dropped with a warning. */
export function parseServerAlarmConfig(raw: unknown, warn: Warn = console.warn): ServerAlarmConfigEntry[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) {
    warn('window.__ENERGY_SETTINGS__.serverAlarmConfig must be a list of { sceneType, path, origin, originId }; ignored');
    return undefined;
  }
  const entries: ServerAlarmConfigEntry[] = [];
  raw.forEach((item: unknown, i) => {
    const where = `window.__ENERGY_SETTINGS__.serverAlarmConfig[${i}]`;
    if (!isRecord(item) || typeof item.sceneType !== 'string' || item.sceneType.trim() === '') {
      return warn(`${where}: needs a sceneType; ignored`);
    }
    const sceneType = item.sceneType.trim();
    if (entries.some((e) => e.sceneType === sceneType)) return warn(`${where}: ${sceneType} is configured already; ignored`);
    const target = readTarget(item, SERVER_PLACEHOLDERS);
    if (typeof target === 'string') return warn(`${where}: ${target}; ignored`);
    entries.push({ sceneType, ...target });
  });
  return entries;
}

/** Fills `{name}` placeholders; null when one of them has no value. */
export function fillPath(template: string, values: Record<string, number | null>): string | null {
  let missing = false;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === null || v === undefined) {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(v));
  });
  return missing ? null : path;
}

function linkOf(path: string, target: { origin?: string; originId?: string }, here: string): AlarmLink {
  const external = target.origin !== undefined && target.origin !== here;
  return { href: external ? `${target.origin}${path}` : path, external, ...(target.originId ? { originId: target.originId } : {}) };
}

/**
 * The links of device and server alarms from the window settings. The missing-configuration messages
 * are logged, never shown: the device one once (the built-in detail route is used), the server one once
 * per scene type without an entry (its notification has no link).
 */
export function createAlarmLinks(
  settings: { deviceAlarmConfig?: unknown; serverAlarmConfig?: unknown },
  opts: { warn?: Warn; log?: Warn; origin?: () => string } = {},
) {
  const warn = opts.warn ?? console.warn;
  const log = opts.log ?? console.warn;
  const here = opts.origin ?? (() => window.location.origin);
  const device = parseDeviceAlarmConfig(settings.deviceAlarmConfig, warn);
  const server = parseServerAlarmConfig(settings.serverAlarmConfig, warn);
  let deviceLogged = false;
  const sceneLogged = new Set<string>();

  return {
    /** The page of a device alarm: the configured one, else the built-in detail route. */
    device(push: DeviceLinkFields): AlarmLink {
      if (device) {
        const path = fillPath(device.path, { alarmId: push.alarmId, deviceId: push.deviceId });
        if (path !== null) return linkOf(path, device, here());
      } else if (!deviceLogged) {
        deviceLogged = true;
        log(DEVICE_ALARM_NOT_CONFIGURED);
      }
      return { href: alarmDetailPath(push.alarmId), external: false };
    },
    /** The page of a server alarm's scene; null when the scene is not configured (logged) or the push lacks the template's id. */
    server(push: ServerLinkFields): AlarmLink | null {
      const entry = server?.find((e) => e.sceneType === push.sceneType);
      if (!entry) {
        if (!sceneLogged.has(push.sceneType)) {
          sceneLogged.add(push.sceneType);
          log(SERVER_ALARM_NOT_CONFIGURED, push.sceneType);
        }
        return null;
      }
      const path = fillPath(entry.path, { targetId: push.targetId, recordId: push.recordId });
      return path === null ? null : linkOf(path, entry, here());
    },
  };
}

export type AlarmLinks = ReturnType<typeof createAlarmLinks>;

let appLinks: AlarmLinks | undefined;
/** The app's links, from the window settings read at start (one instance, so each message is logged once per page load). */
export const appAlarmLinks = (): AlarmLinks => (appLinks ??= createAlarmLinks(windowSettings));
