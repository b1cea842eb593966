import type { FastifyInstance } from 'fastify';
import type { ErrorReportConfig } from '../config.js';

/** The path of the settings script index.html loads before the app (docs/error-reporting.md). */
export const WEB_SETTINGS_PATH = '/energy-settings.js';

/**
 * The script that gives the web app the server's settings for it without an inline script (the CSP
 * allows only same-origin script files): it sets each `window.__ENERGY_SETTINGS__` field the host page
 * did not set itself. Today only `errorReport`, from `ERROR_REPORT_URL`, `ERROR_REPORT_TOKEN` and
 * `ERROR_REPORT_APP_NAME`; without them the script sets nothing.
 */
export function webSettingsScript(errorReport: ErrorReportConfig | undefined): string {
  const fields: Record<string, unknown> = {};
  if (errorReport) fields.errorReport = { enabled: true, ...errorReport };
  // JSON.stringify leaves `<` and U+2028/9 as they are; escaped, the text is also safe inside any HTML
  const json = JSON.stringify(fields).replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [
    '(function () {',
    '  var s = (window.__ENERGY_SETTINGS__ = window.__ENERGY_SETTINGS__ || {});',
    `  var d = ${json};`,
    '  for (var k in d) if (s[k] === undefined) s[k] = d[k];',
    '})();',
    '',
  ].join('\n');
}

/** Serves the settings script; answered fresh each time (a changed setting applies at the next page load). */
export function installWebSettings(app: FastifyInstance, errorReport: ErrorReportConfig | undefined) {
  const script = webSettingsScript(errorReport);
  app.get(WEB_SETTINGS_PATH, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
}
