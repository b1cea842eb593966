import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { contentSecurityPolicy } from '../src/plugins/security-headers.js';
import { webSettingsScript } from '../src/plugins/web-settings.js';

/** Runs the settings script in a window whose host page may have set some settings first. */
function run(script: string, preset?: Record<string, unknown>) {
  const window: { __ENERGY_SETTINGS__?: Record<string, unknown> } = preset ? { __ENERGY_SETTINGS__: preset } : {};
  vm.runInNewContext(script, { window });
  return window.__ENERGY_SETTINGS__;
}

describe('the error collector setting served to the web app (docs/error-reporting.md)', () => {
  const env = {
    ERROR_REPORT_URL: 'https://logs.example.com:8443/collect',
    ERROR_REPORT_TOKEN: 's3cret',
    ERROR_REPORT_APP_NAME: 'energy-web',
  };

  it('is read from ERROR_REPORT_*, only with an https URL', () => {
    expect(loadConfig(env).errorReport).toEqual({ url: env.ERROR_REPORT_URL, token: 's3cret', appName: 'energy-web' });
    expect(loadConfig({}).errorReport).toBeUndefined();
    expect(() => loadConfig({ ERROR_REPORT_URL: 'http://logs.example.com/collect' })).toThrow(/ERROR_REPORT_URL.*https/);
  });

  it('sets window.__ENERGY_SETTINGS__.errorReport unless the host page set it, and nothing when not configured', () => {
    const script = webSettingsScript(loadConfig(env).errorReport);
    expect(run(script)).toEqual({ errorReport: { enabled: true, url: env.ERROR_REPORT_URL, token: 's3cret', appName: 'energy-web' } });
    const own = { enabled: false, url: 'https://mine.example.com/x', token: 't' };
    expect(run(script, { theme: 'light', errorReport: own })).toEqual({ theme: 'light', errorReport: own });
    expect(run(webSettingsScript(undefined), { theme: 'light' })).toEqual({ theme: 'light' });
    expect(run(webSettingsScript(undefined))).toEqual({});
    // a value cannot close a surrounding <script> element
    expect(webSettingsScript({ url: 'https://x.example.com/</script>', token: '' })).not.toContain('</script>');
  });

  it("lets the CSP connect to the collector's origin and nowhere else besides this origin", () => {
    expect(contentSecurityPolicy(["'self'"]).connectSrc).toEqual(["'self'"]);
    expect(contentSecurityPolicy(["'self'"], ['https://logs.example.com:8443']).connectSrc).toEqual([
      "'self'",
      'https://logs.example.com:8443',
    ]);
  });
});
