import { windowSettings } from '../shared/window-settings';

/**
 * Whether the app runs embedded in a base application (docs/embedding.md), and what the base gave it.
 * Standalone, nothing changes: `embedded` stays false. The embedding entry (`src/embed/platform.tsx`, a
 * Module Federation remote, not part of the standalone pages) sets these on mount and clears them on
 * unmount. Plain values: the first page imports them.
 */
export const embedding = {
  embedded: false,
  /** The base application's path the platform lives under ('' or '/energy', no trailing slash). */
  basename: '',
  /** The auth origin of `/ms-ac/login` (default: the page's origin). */
  authOrigin: '',
};

/** A path of the app ('/device/...') as a path of the page ('/energy/device/...'). */
export const pagePath = (path: string) => embedding.basename + path;

/** The path of the app in the page's path: the base path taken off. */
export function appPath(pathname: string): string {
  const base = embedding.basename;
  if (!base || !pathname.startsWith(base)) return pathname;
  return pathname.slice(base.length) || '/';
}

/** Embedded, sign-in happens on the auth origin, which comes back to this page (spec 000 §2). */
export const authLoginUrl = () =>
  `${embedding.authOrigin || window.location.origin}/ms-ac/login?service=${encodeURIComponent(window.location.href)}`;

/** The page to come back to: path (of the app, without an embedding base path), query and hash. */
export const currentPath = () => appPath(window.location.pathname) + window.location.search + window.location.hash;

export const loginUrl = (redirect = currentPath()) => `/login?redirect=${encodeURIComponent(redirect)}`;

/**
 * Pages excluded from the staff-disabled redirect: the four settings pages (spec 000 section 2), staff
 * selection, the set-a-new-password page and the platform console (its people have no staff).
 */
export const isStaffExcluded = (pathname: string) =>
  pathname.startsWith('/user/settings/') ||
  pathname === '/select-staff' ||
  pathname === SET_PASSWORD_PATH ||
  pathname.startsWith(PLATFORM_CONSOLE_PATH);

/** Where a person signed in with a one-time password sets a new one (412 41203). */
export const SET_PASSWORD_PATH = '/set-password';
/** The platform console's first page (platform administrators; docs/platform-console.md). */
export const PLATFORM_CONSOLE_HOME = '/platform/tenants';
const PLATFORM_CONSOLE_PATH = '/platform/';

export const setPasswordUrl = (redirect = currentPath()) => `${SET_PASSWORD_PATH}?redirect=${encodeURIComponent(redirect)}`;

/**
 * The staff selection page for a redirect; on another origin when the window-provided
 * select-staff origin differs from ours (then the redirect is a full URL back here).
 */
export function staffSelectionTarget(redirect = currentPath()): { external: boolean; url: string } {
  const origin = windowSettings.selectStaffOrigin?.replace(/\/$/, '');
  if (origin && origin !== window.location.origin) {
    return { external: true, url: `${origin}/select-staff?redirect=${encodeURIComponent(window.location.origin + pagePath(redirect))}` };
  }
  return { external: false, url: `/select-staff?redirect=${encodeURIComponent(redirect)}` };
}

/** A redirect parameter is followed only when it is a path of this site. */
export function safeRedirect(redirect: string | null | undefined, fallback = '/'): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return fallback;
  if (redirect.startsWith('/login') || redirect.startsWith('/select-staff') || redirect.startsWith(SET_PASSWORD_PATH)) return fallback;
  return redirect;
}
