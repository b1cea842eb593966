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
}

declare global {
  interface Window {
    __ENERGY_SETTINGS__?: WindowSettings;
  }
}

function read(): WindowSettings {
  const raw = typeof window === 'undefined' ? undefined : window.__ENERGY_SETTINGS__;
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
  return out;
}

/** Read once at start. */
export const windowSettings: WindowSettings = read();
