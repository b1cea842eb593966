import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (the web app, the API docs, the API itself), checked in
 * Chromium against the built app (docs/security.md):
 * - scripts only from this origin: Vite emits no inline script, ECharts and antd need no `eval`;
 * - styles from this origin and inline: antd 6 (CSS-in-JS) inserts <style> elements at run time and
 *   ECharts writes style attributes into its tooltips, so `'unsafe-inline'` stays for styles only;
 * - images from this origin, data: and blob: URLs (antd's and ECharts' small images, downloads);
 * - connections to this origin (the API, the STOMP WebSocket at /ws/platform, the source maps) and to the
 *   configured error collector's origin (`ERROR_REPORT_URL`, docs/error-reporting.md), nothing else;
 * - no plugins, no <base> elsewhere, forms post only here, framed only by `frameAncestors`.
 */
export function contentSecurityPolicy(frameAncestors: string[], connectTo: string[] = []) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...connectTo],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors,
    scriptSrcAttr: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * Security headers on every answer through @fastify/helmet (CSP, nosniff, Referrer-Policy, frame
 * protection; HSTS only behind HTTPS), and `Cache-Control: no-store` on every /api and /server answer:
 * they carry personal data and secrets (device credentials, tokens) that no cache may keep.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  opts: { frameAncestors: string[]; https: boolean; connectTo?: string[] },
) {
  const onlySelf = opts.frameAncestors.length === 1 && opts.frameAncestors[0] === "'self'";
  const none = opts.frameAncestors.length === 1 && opts.frameAncestors[0] === "'none'";
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.frameAncestors, opts.connectTo) },
    // X-Frame-Options for old browsers, only where it says the same as frame-ancestors (it cannot name other origins)
    frameguard: onlySelf ? { action: 'sameorigin' } : none ? { action: 'deny' } : false,
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // the embedding base application may open the app in a popup and talk to it
    crossOriginOpenerPolicy: onlySelf || none ? { policy: 'same-origin' } : false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (/^\/(api|server)\//.test(req.url) && !req.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
