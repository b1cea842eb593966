/**
 * What is reported to the log collector and what is not (spec 002, "Error reporting";
 * docs/error-reporting.md). Pure: no window, no fetch.
 */

/**
 * Calls whose failures are never reported (spec 002): current customer user, server probe, staff
 * permission, staff list, staff navigation config detail, integrated permission, navigation list, in
 * every edition the contracts have (shell A, shell B, the v2 admin calls). The shell calls them on every
 * page and handles their failures itself (sign in again, pick a staff): they say nothing about a bug.
 */
export const EXCLUDED_PATHS: ReadonlySet<string> = new Set([
  // current customer user
  '/api/v2/platform-public/customer-user/current',
  '/api/v2/customer-user/current',
  // server probe
  '/server/probe',
  // staff permission
  '/api/v2/platform-public/staff/permission',
  '/api/staff/permission',
  '/api/v2/staff/permission',
  // staff list
  '/api/v2/platform-public/staff/list',
  '/api/staff/list',
  '/api/v2/staff/list',
  // staff navigation config detail (and shell A's navigation config it stands for)
  '/api/v2/staff/navigation/config/detail',
  '/api/v2/platform-public/staff/navigation/config',
  // integrated permission
  '/api/v2/platform-public/staff/integrated/permission',
  '/api/v2/integrated-app/permission',
  // navigation list
  '/api/v2/platform-public/navigation/list',
]);

/** The path of a call's URL (absolute or relative), without query or hash. */
function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return url.split(/[?#]/)[0]!;
  }
}

/** Is a failed call one the spec excludes, or the log collection call itself? */
export function isExcludedCall(url: string, collectorUrl: string): boolean {
  if (EXCLUDED_PATHS.has(pathOf(url).replace(/\/+$/, ''))) return true;
  try {
    const a = new URL(url, 'http://x');
    const b = new URL(collectorUrl);
    return a.origin === b.origin && a.pathname === b.pathname;
  } catch {
    return false;
  }
}

/** 'Failed to fetch' (the network failed, a fetch was cancelled by a navigation): never reported. */
export function isIgnoredMessage(message: string): boolean {
  return message.includes('Failed to fetch');
}

/**
 * A failed API answer is reported when the server failed (HTTP 5xx) or its answer could not be read (not
 * an envelope). 4xx answers and envelope codes are the server refusing a user's input or state
 * (validation, permissions, a session to renew): the user is told, nothing is broken.
 */
export function isReportedApiFailure(status: number, unreadable: boolean): boolean {
  return status >= 500 || unreadable;
}

/** The first line of a stack that names a place (`file:line:column`), '' when none. */
export function firstFrame(stack: string | undefined): string {
  return (
    (stack ?? '')
      .split('\n')
      .find((line) => /:\d+:\d+\)?\s*$/.test(line))
      ?.trim() ?? ''
  );
}

/** What makes an error distinct: its message and its first stack frame. */
export function errorKey(message: string, stack: string | undefined): string {
  return `${message}\n${firstFrame(stack)}`;
}
