import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicCtx } from '../../plugins/context.js';
import { AppError } from '../../plugins/errors.js';

/**
 * `GET /ms-ac/login?service=` (spec 000 §2): the auth origin's sign-in of an embedded platform
 * (docs/embedding.md). The server alone decides where it returns: `service` must be an http(s) URL of
 * this site (the request's host) or of a `TRUSTED_ORIGINS` origin, without user info; anything else is
 * a 400 naming `service`, so the page is no open redirect. Signed in (the session cookie), the answer is
 * a redirect to `service`; signed out, the web app's sign-in page, which loads this address again once
 * signed in.
 */
export function allowedService(service: string, req: Pick<FastifyRequest, 'host' | 'protocol'>, trustedOrigins: readonly string[]): URL {
  const url = URL.canParse(service) ? new URL(service) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new AppError(ErrorCode.VALIDATION, 'service: must be an http(s) URL of this site or of a trusted origin');
  if (url.username || url.password) throw new AppError(ErrorCode.VALIDATION, 'service: a URL with user info is refused');
  // this site: the Host header (read as an origin of the same scheme, so a default port written out still
  // matches), on the request's scheme or https (a proxy ending TLS in front)
  const host = URL.canParse(`${url.protocol}//${req.host}`) ? new URL(`${url.protocol}//${req.host}`).host : null;
  const own = url.host === host && (url.protocol === 'https:' || url.protocol === `${req.protocol}:`);
  if (!own && !trustedOrigins.includes(url.origin))
    throw new AppError(ErrorCode.VALIDATION, `service: ${url.origin} is not this site nor a trusted origin (TRUSTED_ORIGINS)`);
  return url;
}

export function msAcLogin(
  ctx: PublicCtx,
  service: string,
  { req, reply }: { req: FastifyRequest; reply: FastifyReply },
  opts: { trustedOrigins: readonly string[]; webDist: string },
) {
  const target = allowedService(service, req, opts.trustedOrigins);
  reply.header('cache-control', 'no-store');
  if (ctx.user) return reply.redirect(target.href, 302);
  const index = path.join(opts.webDist, 'index.html');
  if (!fs.existsSync(index)) throw new AppError(ErrorCode.NOT_FOUND, 'The web app is not built: no sign-in page to show');
  return reply.type('text/html; charset=utf-8').send(fs.createReadStream(index));
}
