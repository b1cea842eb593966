import { ErrorCode } from '@energy/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors.js';

/**
 * Sign-in and sign-out only from this site (login CSRF, a foreign page signing someone out;
 * docs/security.md). A browser says where a request comes from: `Sec-Fetch-Site` (must be
 * `same-origin`), or, in browsers without it, `Origin` (must be this server's host or a trusted
 * origin). A request with neither header is not from a browser page (scripts, the tests) and cannot be
 * forged cross-site, so it passes.
 */
export function assertSameOrigin(req: FastifyRequest, trustedOrigins: readonly string[]) {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin') return;
    throw crossSite();
  }
  const origin = req.headers.origin;
  if (origin === undefined) return;
  const url = URL.canParse(origin) ? new URL(origin) : null;
  // the Host header read as an origin of the same scheme, so a default port written out still matches
  const own = url && URL.canParse(`${url.protocol}//${req.host}`) ? new URL(`${url.protocol}//${req.host}`).host : null;
  if (url && (url.host === own || trustedOrigins.includes(url.origin))) return;
  throw crossSite();
}

const crossSite = () => new AppError(ErrorCode.FORBIDDEN, 'Signing in or out from another site is refused');

/** Sign-in takes JSON only: a form post (which any site can make) is refused before anything else. */
export function assertJsonBody(req: FastifyRequest) {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/json')
    throw new AppError(ErrorCode.VALIDATION, 'body: sign-in takes a JSON body (Content-Type: application/json)');
}
