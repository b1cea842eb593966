import { windowSettings } from '../shared/window-settings';

/** The page to come back to: path, query and hash of the current location. */
export const currentPath = () => window.location.pathname + window.location.search + window.location.hash;

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
    return { external: true, url: `${origin}/select-staff?redirect=${encodeURIComponent(window.location.origin + redirect)}` };
  }
  return { external: false, url: `/select-staff?redirect=${encodeURIComponent(redirect)}` };
}

/** A redirect parameter is followed only when it is a path of this site. */
export function safeRedirect(redirect: string | null | undefined, fallback = '/'): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return fallback;
  if (redirect.startsWith('/login') || redirect.startsWith('/select-staff') || redirect.startsWith(SET_PASSWORD_PATH)) return fallback;
  return redirect;
}
