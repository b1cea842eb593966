import { formatInZone } from '../zoned-time';
import type { ErrorReportSettings } from '../window-settings';
import { createStackResolver, type FetchMap } from './source-maps';

/**
 * Building and posting one report (lazy: loaded with source-map-js at the first error, so the first
 * page carries none of it). Never throws: a failed post is dropped, not reported.
 */

/** The body the collector receives (spec 002). */
export interface ReportBody {
  appName: string;
  /** 1: a web application (spec 002 §9). */
  appType: 1;
  url: string;
  /** `YYYY-MM-DD HH:mm:ss` in the tenant's zone (the browser's before the current user is known). */
  triggerTime: string;
  logLevel: 'ERROR';
  /** The signed-in username; '' before sign-in. */
  userInfo: string;
  /** The current tenant's mcid; '' without a current staff. */
  tenantMcid: string;
  message: string;
  /** The stack with its frames resolved through the source maps where they could be. */
  stackTrace: string;
}

/** What the reporter captured when the error happened. */
export interface Captured {
  message: string;
  stack: string;
  url: string;
  time: number;
  username: string;
  tenantMcid: string;
  timeZone: string;
}

export const DEFAULT_APP_NAME = 'energy-platform';

let resolver: ((stack: string) => Promise<string>) | undefined;

export async function buildBody(
  settings: ErrorReportSettings,
  c: Captured,
  resolveStack: (stack: string) => Promise<string>,
): Promise<ReportBody> {
  let stackTrace = c.stack;
  try {
    stackTrace = await resolveStack(c.stack);
  } catch {
    /* the raw frames */
  }
  return {
    appName: settings.appName ?? DEFAULT_APP_NAME,
    appType: 1,
    url: c.url,
    triggerTime: formatInZone(c.time, c.timeZone),
    logLevel: 'ERROR',
    userInfo: c.username,
    tenantMcid: c.tenantMcid,
    message: c.message,
    stackTrace,
  };
}

/** Posts one report with the `token` header; resolves either way. */
export async function sendReport(
  settings: ErrorReportSettings,
  c: Captured,
  deps: { origin: string; fetch: typeof fetch; fetchMap?: FetchMap } = { origin: location.origin, fetch: (...a) => fetch(...a) },
): Promise<void> {
  try {
    const resolveStack = deps.fetchMap ? createStackResolver(deps.origin, deps.fetchMap) : (resolver ??= createStackResolver(deps.origin));
    const body = await buildBody(settings, c, resolveStack);
    await deps.fetch(settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: settings.token },
      body: JSON.stringify(body),
      credentials: 'omit',
      keepalive: true,
    });
  } catch {
    // a report that cannot be sent is dropped: reporting it would only fail again
  }
}
