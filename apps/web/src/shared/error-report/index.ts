import { windowSettings, type ErrorReportSettings } from '../window-settings';
import { errorKey, isExcludedCall, isIgnoredMessage, isReportedApiFailure } from './rules';
import type { Captured } from './send';

/**
 * Error reporting to the log collector (spec 002, docs/error-reporting.md). This part is in the entry
 * and small: it hears uncaught errors, unhandled rejections, the route error page and the API client's
 * failures, applies the rules (rules.ts), remembers what it reported in sessionStorage, and loads
 * `send.ts` (source maps, the post) only when there is something to send.
 */

/** Who is signed in, read when an error happens (the shell's cached current user). */
export interface ReportUser {
  username: string;
  tenantMcid: string;
  /** The tenant's time zone, for triggerTime. */
  timeZone?: string;
}

export interface ReporterDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  href: () => string;
  now: () => number;
  browserZone: () => string;
  user: () => ReportUser | null;
  send: (settings: ErrorReportSettings, captured: Captured) => Promise<void>;
}

/** The sessionStorage key of the errors already reported in this browser session. */
export const REPORTED_KEY = 'energy.errorReport.reported';
/** Distinct errors remembered per session at most (the oldest are forgotten). */
const MAX_REMEMBERED = 200;

const messageOf = (error: unknown): string => {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
};

export function createErrorReporter(settings: ErrorReportSettings | undefined, deps: ReporterDeps) {
  const active = settings?.enabled === true && /^https:\/\//i.test(settings.url);
  const memory = new Set<string>();
  /** Errors the API client has already judged (reported or not): the window handlers leave them. */
  const judged = new WeakSet<object>();

  const seen = (key: string): boolean => {
    let keys: string[] = [];
    try {
      keys = JSON.parse(deps.storage?.getItem(REPORTED_KEY) ?? '[]') as string[];
      if (!Array.isArray(keys)) keys = [];
    } catch {
      keys = [];
    }
    if (memory.has(key) || keys.includes(key)) return true;
    memory.add(key);
    try {
      deps.storage?.setItem(REPORTED_KEY, JSON.stringify([...keys, key].slice(-MAX_REMEMBERED)));
    } catch {
      /* storage full or refused: this page's memory still holds it */
    }
    return false;
  };

  function capture(message: string, stack: string) {
    if (!active || !settings) return;
    if (isIgnoredMessage(message) || isIgnoredMessage(stack)) return;
    // never the collector's own failures
    if (message.includes(settings.url) || stack.includes(settings.url)) return;
    if (seen(errorKey(message, stack))) return;
    let user: ReportUser | null = null;
    try {
      user = deps.user();
    } catch {
      /* no user */
    }
    const captured: Captured = {
      message,
      stack,
      url: deps.href(),
      time: deps.now(),
      username: user?.username ?? '',
      tenantMcid: user?.tenantMcid ?? '',
      timeZone: user?.timeZone || deps.browserZone(),
    };
    void deps.send(settings, captured).catch(() => undefined);
  }

  return {
    active,
    /** An uncaught error, an unhandled rejection's reason, or what the route error page shows. */
    report(error: unknown) {
      try {
        if (typeof error === 'object' && error !== null && judged.has(error)) return;
        capture(messageOf(error), error instanceof Error ? (error.stack ?? '') : '');
      } catch {
        /* reporting never throws */
      }
    },
    /**
     * A failed API call: reported when the server failed (5xx) or answered something unreadable, and
     * the call is not excluded. `error` is what the client throws; it is not reported again when it
     * reaches the window as an unhandled rejection.
     */
    reportApiFailure(error: Error, call: { method: string; url: string; status: number; unreadable: boolean }) {
      try {
        judged.add(error);
        if (!isReportedApiFailure(call.status, call.unreadable)) return;
        if (!settings || isExcludedCall(call.url, settings.url)) return;
        const path = call.url.split('?')[0];
        capture(`${call.method} ${path} failed with ${call.status}: ${error.message}`, error.stack ?? '');
      } catch {
        /* reporting never throws */
      }
    },
  };
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

let userSource: () => ReportUser | null = () => null;

/** The app tells the reporter where the signed-in user is (app.tsx: the shell's cached current user). */
export function setReportUser(source: () => ReportUser | null) {
  userSource = source;
}

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

/** The app's reporter, from `window.__ENERGY_SETTINGS__.errorReport`. */
export const errorReporter: ErrorReporter = createErrorReporter(typeof window === 'undefined' ? undefined : windowSettings.errorReport, {
  storage: typeof window === 'undefined' ? undefined : storage(),
  href: () => window.location.href,
  now: () => Date.now(),
  browserZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
  user: () => userSource(),
  send: (settings, captured) => import('./send').then((m) => m.sendReport(settings, captured)),
});

/** Reports an error (the route error page); nothing when reporting is off. */
export const reportError = (error: unknown) => errorReporter.report(error);

let started = false;
/** At start (main.tsx): hears uncaught errors and unhandled rejections when reporting is on. */
export function startErrorReport() {
  if (started || !errorReporter.active) return;
  started = true;
  window.addEventListener('error', (event) => {
    // a resource that failed to load (an <img>) is not an error of the code
    if (!(event instanceof ErrorEvent)) return;
    errorReporter.report(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => errorReporter.report(event.reason));
}
