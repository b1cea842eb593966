import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { envelope } from '../common/envelope.js';

/**
 * Sign in with username and password; sets the httpOnly session cookie and the readable jwtToken cookie.
 * JSON only, and only from this site (a form post or a cross-site request is refused: login CSRF);
 * attempts are limited per address and per username (429 with Retry-After; docs/security.md).
 */
export const login = endpoint({
  method: 'POST',
  path: '/server/login',
  summary: 'Sign in',
  tag: 'auth',
  access: { auth: 'public' },
  kind: 'command',
  body: z.object({
    username: z.string().trim().min(1, 'is required').max(64),
    password: z.string().min(1, 'is required').max(128),
  }),
  output: z.object({
    muid: z.string(),
    jwtToken: z.string(),
    /** The staff selected at sign-in (the last used, else the first usable); null: go to staff selection. */
    currentStaffId: z.number().int().nullable(),
    /**
     * Told to the person when others tried their username since their last sign-in: how many attempts
     * failed, and until when the username was (or is) locked for other addresses. Null when nothing happened.
     */
    notice: z.object({ failedAttempts: z.number().int(), lockedUntil: z.string().nullable() }).nullable(),
  }),
});

/** 200 when signed in, 401 when not (used by the shell's auth probe). */
export const probe = endpoint({
  method: 'GET',
  path: '/server/probe',
  summary: 'Auth probe',
  tag: 'auth',
  access: { auth: 'user' },
  kind: 'query',
  cookieOnly: true,
  output: z.object({ authenticated: z.literal(true) }),
});

/**
 * Ends the session and clears both cookies: a POST from this site only (a cross-site one is refused).
 * A form post (the page of `GET /server/logout`) is answered with a redirect (303) to the login page.
 */
export const logout = endpoint({
  method: 'POST',
  path: '/server/logout',
  summary: 'Sign out',
  tag: 'auth',
  access: { auth: 'public' },
  kind: 'command',
  bodyKind: 'none',
  /** Raw, since a form post is answered with a redirect; the JSON answer is the usual envelope. */
  output: envelope(z.object({ signedOut: z.boolean() })),
  raw: true,
});

/**
 * The spec's logout link: a small page whose button signs out with a same-origin POST. A GET changes
 * nothing, so a link or an image on another site cannot sign anyone out.
 */
export const logoutPage = endpoint({
  method: 'GET',
  path: '/server/logout',
  summary: 'Sign-out page (posts to sign out)',
  tag: 'auth',
  access: { auth: 'public' },
  kind: 'query',
  output: z.any(),
  raw: true,
});

/** Standalone landing: redirects (302) to `to` when it is a path of this site, else to the home page. */
export const landing = endpoint({
  method: 'GET',
  path: '/server/landing',
  summary: 'Landing redirect',
  tag: 'auth',
  access: { auth: 'public' },
  kind: 'query',
  query: z.object({ to: z.string().max(2000).optional() }),
  output: z.any(),
  raw: true,
});

/** A landing target is safe when it is a path on this site: one leading slash, no scheme, no backslash. */
export function safeLandingPath(to: string | undefined): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.includes('\\') || /[\u0000-\u001f]/.test(to)) return '/';
  return to;
}

/**
 * The auth origin's sign-in of an embedded platform (spec 000 §2, docs/embedding.md): `service` is the
 * page to return to, a URL of this site or of a `TRUSTED_ORIGINS` origin (anything else: 400, so it is no
 * open redirect). Signed in: a redirect (302) to `service`; signed out: the sign-in page, which comes back
 * to this address once signed in.
 */
export const msAcLogin = endpoint({
  method: 'GET',
  path: '/ms-ac/login',
  summary: 'Sign-in of the auth origin (embedded mode)',
  tag: 'auth',
  access: { auth: 'public' },
  kind: 'query',
  query: z.object({ service: z.string().min(1, 'is required').max(2000) }),
  output: z.any(),
  raw: true,
});
