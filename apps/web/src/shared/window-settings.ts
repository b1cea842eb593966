/**
 * Settings a host page may provide before the app starts, as `window.__ENERGY_SETTINGS__`
 * (documented in docs/web-shell.md). Everything is optional; a wrong type is ignored with a warning.
 */
export interface WindowSettings {
  /** Origin of the staff selection page, when it is served by another application. */
  selectStaffOrigin?: string;
  /** A theme that overrides the mxTheme cookie (one of the five theme names). */
  theme?: string;
  /** Logs page-load and long-task timings to the console and window.__ENERGY_PERF__. */
  performanceMonitor?: boolean;
  /** Device alarm configuration `{ path, origin?, originId? }`: checked by domains/alarm/alarm-config.ts. */
  deviceAlarmConfig?: unknown;
  /** Server alarm configuration `[{ sceneType, path, origin?, originId? }]`: checked by domains/alarm/alarm-config.ts. */
  serverAlarmConfig?: unknown;
  /** Error reporting to a log collector (docs/error-reporting.md); kept only with an https `url`. */
  errorReport?: ErrorReportSettings;
}

/** `errorReport`: where and how the web app reports its errors (spec 002, "Error reporting"). */
export interface ErrorReportSettings {
  enabled: boolean;
  /** The collector's address; must be https. */
  url: string;
  /** Sent as the `token` header. */
  token: string;
  /** The body's appName; 'energy-platform' when absent. */
  appName?: string;
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks `errorReport`: an object with `enabled`, an https `url`, a string `token`; else ignored with a warning. */
export function readErrorReport(raw: unknown): ErrorReportSettings | undefined {
  if (raw === undefined) return undefined;
  const warn = (why: string) => {
    console.warn(`window.__ENERGY_SETTINGS__.errorReport ${why}; ignored`);
    return undefined;
  };
  if (typeof raw !== 'object' || raw === null) return warn('must be an object');
  const { enabled, url, token, appName } = raw as Record<string, unknown>;
  if (typeof enabled !== 'boolean') return warn('.enabled must be true or false');
  if (typeof url !== 'string' || !isHttps(url)) return warn('.url must be an https URL');
  if (typeof token !== 'string') return warn('.token must be a string');
  if (appName !== undefined && (typeof appName !== 'string' || appName.trim() === '')) return warn('.appName must be a non-empty string');
  return { enabled, url, token, ...(typeof appName === 'string' ? { appName: appName.trim() } : {}) };
}

declare global {
  interface Window {
    __ENERGY_SETTINGS__?: WindowSettings;
  }
}

/** Checks settings as a host page (or, embedded, the base application's mount) gives them. */
export function readSettings(raw: WindowSettings | undefined | null): WindowSettings {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object') {
    console.warn('window.__ENERGY_SETTINGS__ is not an object; ignored');
    return {};
  }
  const out: WindowSettings = {};
  const str = (key: 'selectStaffOrigin' | 'theme') => {
    const v = (raw as Record<string, unknown>)[key];
    if (v === undefined) return;
    if (typeof v === 'string' && v.trim() !== '') out[key] = v.trim();
    else console.warn(`window.__ENERGY_SETTINGS__.${key} must be a non-empty string; ignored`);
  };
  str('selectStaffOrigin');
  str('theme');
  if (raw.performanceMonitor !== undefined) out.performanceMonitor = raw.performanceMonitor === true;
  out.deviceAlarmConfig = raw.deviceAlarmConfig;
  out.serverAlarmConfig = raw.serverAlarmConfig;
  const errorReport = readErrorReport(raw.errorReport);
  if (errorReport) out.errorReport = errorReport;
  return out;
}

/** Read once at start (embedded: replaced by the base application's at each mount, docs/embedding.md). */
export const windowSettings: WindowSettings = readSettings(typeof window === 'undefined' ? undefined : window.__ENERGY_SETTINGS__);
