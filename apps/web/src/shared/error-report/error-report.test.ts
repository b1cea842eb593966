import { SourceMapGenerator } from 'source-map-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readErrorReport, type ErrorReportSettings } from '../window-settings';
import { createErrorReporter, REPORTED_KEY, type ReporterDeps } from './index';
import { EXCLUDED_PATHS, errorKey, isExcludedCall, isIgnoredMessage } from './rules';
import { sendReport, type Captured } from './send';
import { createStackResolver } from './source-maps';

const COLLECTOR = 'https://logs.example.com/api/log/collect';
const settings: ErrorReportSettings = { enabled: true, url: COLLECTOR, token: 't0k3n', appName: 'energy-web' };

/** A sessionStorage stand-in: one per "browser session". */
function fakeStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

function reporterWith(s: ErrorReportSettings | undefined, overrides: Partial<ReporterDeps> = {}) {
  const send = vi.fn<ReporterDeps['send']>(async () => undefined);
  const deps: ReporterDeps = {
    storage: fakeStorage(),
    href: () => 'https://energy.example.com/settings/org/staff?tab=1',
    now: () => Date.UTC(2026, 0, 15, 1, 2, 3),
    browserZone: () => 'UTC',
    user: () => ({ username: 'alice', tenantMcid: 'MC-SZ', timeZone: 'Asia/Shanghai' }),
    send,
    ...overrides,
  };
  return { reporter: createErrorReporter(s, deps), send, deps };
}

const boom = (message = 'boom') => {
  const e = new Error(message);
  e.stack = `Error: ${message}\n    at render (https://energy.example.com/assets/index-abc.js:1:200)\n    at x (https://energy.example.com/assets/index-abc.js:1:300)`;
  return e;
};

afterEach(() => vi.restoreAllMocks());

describe('the errorReport setting', () => {
  it('keeps an https collector and ignores an http one, or a malformed one, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readErrorReport({ enabled: true, url: COLLECTOR, token: 'x' })).toEqual({ enabled: true, url: COLLECTOR, token: 'x' });
    expect(readErrorReport({ enabled: true, url: 'http://logs.example.com/collect', token: 'x' })).toBeUndefined();
    expect(readErrorReport({ enabled: true, url: 'not a url', token: 'x' })).toBeUndefined();
    expect(readErrorReport({ enabled: 'yes', url: COLLECTOR, token: 'x' })).toBeUndefined();
    expect(readErrorReport({ enabled: true, url: COLLECTOR })).toBeUndefined();
    expect(readErrorReport('on')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(5);
    expect(warn.mock.calls[0]![0]).toContain('https');
    expect(readErrorReport(undefined)).toBeUndefined();
  });
});

describe('the reporting rules', () => {
  it('sends nothing when disabled, not configured, or not https', () => {
    for (const s of [{ ...settings, enabled: false }, undefined, { ...settings, url: 'http://logs.example.com/x' }]) {
      const { reporter, send } = reporterWith(s);
      expect(reporter.active).toBe(false);
      reporter.report(boom());
      reporter.reportApiFailure(boom('server'), { method: 'POST', url: '/api/v2/role/page', status: 500, unreadable: false });
      expect(send).not.toHaveBeenCalled();
    }
  });

  it('captures the message, stack, page, time and the signed-in user and tenant', () => {
    const { reporter, send } = reporterWith(settings);
    const error = boom();
    reporter.report(error);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![1]).toEqual<Captured>({
      message: 'boom',
      stack: error.stack!,
      url: 'https://energy.example.com/settings/org/staff?tab=1',
      time: Date.UTC(2026, 0, 15, 1, 2, 3),
      username: 'alice',
      tenantMcid: 'MC-SZ',
      timeZone: 'Asia/Shanghai',
    });
  });

  it("reports each distinct error once per browser session, across page loads, and not 'Failed to fetch'", () => {
    const storage = fakeStorage();
    const first = reporterWith(settings, { storage });
    first.reporter.report(boom());
    first.reporter.report(boom());
    first.reporter.report(boom('another'));
    first.reporter.report(new TypeError('Failed to fetch'));
    first.reporter.report(new TypeError('Failed to fetch dynamically imported module: https://energy.example.com/assets/x.js'));
    expect(first.send.mock.calls.map((c) => c[1].message)).toEqual(['boom', 'another']);
    expect(JSON.parse(storage.items.get(REPORTED_KEY)!)).toEqual([
      errorKey('boom', boom().stack),
      errorKey('another', boom('another').stack),
    ]);
    // the same error after a reload in the same session: not again; a new session: again
    const reloaded = reporterWith(settings, { storage });
    reloaded.reporter.report(boom());
    expect(reloaded.send).not.toHaveBeenCalled();
    const next = reporterWith(settings);
    next.reporter.report(boom());
    expect(next.send).toHaveBeenCalledTimes(1);
  });

  it('reports a failed call when the server failed or answered unreadably, not a 4xx, a network failure or an excluded call', () => {
    const { reporter, send } = reporterWith(settings);
    const call = (url: string, status: number, unreadable = false) => {
      const error = boom(`answer of ${url} ${status}`);
      reporter.reportApiFailure(error, { method: 'POST', url, status, unreadable });
      // the same error reaching the window as an unhandled rejection is not reported again
      reporter.report(error);
    };
    call('/api/v2/role/page', 500);
    call('/api/v2/device/page?x=1', 200, true);
    call('/api/v2/role/create', 400);
    call('/api/v2/role/detail', 403);
    call('/api/v2/role/list', 0);
    for (const path of EXCLUDED_PATHS) call(path, 500);
    call('https://energy.example.com/api/v2/platform-public/staff/permission?x=1', 502);
    expect(send.mock.calls.map((c) => c[1].message)).toEqual([
      'POST /api/v2/role/page failed with 500: answer of /api/v2/role/page 500',
      'POST /api/v2/device/page failed with 200: answer of /api/v2/device/page?x=1 200',
    ]);
  });

  it("excludes the spec's calls by path, in every edition, and the collector itself", () => {
    for (const path of [
      '/api/v2/platform-public/customer-user/current',
      '/server/probe',
      '/api/v2/platform-public/staff/permission',
      '/api/staff/permission',
      '/api/v2/platform-public/staff/list',
      '/api/v2/staff/navigation/config/detail',
      '/api/v2/platform-public/staff/integrated/permission',
      '/api/v2/integrated-app/permission',
      '/api/v2/platform-public/navigation/list',
    ])
      expect(isExcludedCall(`${path}?a=1`, COLLECTOR), path).toBe(true);
    expect(isExcludedCall(COLLECTOR, COLLECTOR)).toBe(true);
    expect(isExcludedCall('/api/v2/staff/page', COLLECTOR)).toBe(false);
    expect(isExcludedCall('/api/v2/integrated-app/list', COLLECTOR)).toBe(false);
    expect(isIgnoredMessage('TypeError: Failed to fetch')).toBe(true);
    expect(isIgnoredMessage('Cannot read properties of undefined')).toBe(false);
  });

  it("never reports the collector's own failure, and never throws", () => {
    const { reporter, send } = reporterWith(settings, {
      user: () => {
        throw new Error('no cache');
      },
      storage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => undefined,
      },
    });
    reporter.report(new Error(`POST ${COLLECTOR} net::ERR_CERT_AUTHORITY_INVALID`));
    expect(send).not.toHaveBeenCalled();
    expect(() => reporter.report(boom())).not.toThrow();
    expect(send.mock.calls[0]![1]).toMatchObject({ username: '', tenantMcid: '', timeZone: 'UTC' });
  });
});

describe('sending a report', () => {
  const captured: Captured = {
    message: 'boom',
    stack: 'Error: boom\n    at https://elsewhere.example.com/x.js:1:2',
    url: 'https://energy.example.com/home',
    time: Date.UTC(2026, 0, 15, 17, 2, 3),
    username: 'alice',
    tenantMcid: 'MC-SZ',
    timeZone: 'Asia/Shanghai',
  };

  it('posts the listed fields as JSON with the token header, the time in the tenant zone', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}'));
    await sendReport(settings, captured, { origin: 'https://energy.example.com', fetch, fetchMap: async () => null });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(COLLECTOR);
    expect(init!.method).toBe('POST');
    expect(init!.headers).toEqual({ 'content-type': 'application/json', token: 't0k3n' });
    expect(JSON.parse(init!.body as string)).toEqual({
      appName: 'energy-web',
      appType: 1,
      url: 'https://energy.example.com/home',
      // 17:02:03 UTC is the next day 01:02:03 in Shanghai
      triggerTime: '2026-01-16 01:02:03',
      logLevel: 'ERROR',
      userInfo: 'alice',
      tenantMcid: 'MC-SZ',
      message: 'boom',
      stackTrace: captured.stack,
    });
  });

  it("names the app 'energy-platform' when no appName is set, and swallows a failed post", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { appName: _, ...unnamed } = settings;
    await expect(
      sendReport(unnamed, captured, { origin: 'https://energy.example.com', fetch, fetchMap: async () => null }),
    ).resolves.toBeUndefined();
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string).appName).toBe('energy-platform');
  });
});

describe('stack frames through the source maps', () => {
  // a small real map: generated line 1 columns 10 and 40 come from src/app/pages/home-page.tsx 12:4 and 30:8
  const map = new SourceMapGenerator({ file: 'index-abc.js' });
  map.addMapping({
    generated: { line: 1, column: 10 },
    original: { line: 12, column: 4 },
    source: '../../src/app/pages/home-page.tsx',
    name: 'HomePage',
  });
  map.addMapping({ generated: { line: 1, column: 40 }, original: { line: 30, column: 8 }, source: '../../src/shared/api/client.ts' });
  const raw = JSON.parse(map.toString()) as unknown;
  const origin = 'https://energy.example.com';
  const stack = [
    'Error: boom',
    `    at Xe (${origin}/assets/index-abc.js:1:11)`,
    `    at ${origin}/assets/index-abc.js:1:41`,
    `    at ${origin}/assets/missing-def.js:3:7`,
    '    at https://cdn.elsewhere.com/lib.js:1:1',
    `Ye@${origin}/assets/index-abc.js:1:41`,
  ].join('\n');

  it('turns frames of this origin into original file:line:column, keeps the others as they were', async () => {
    const fetched: string[] = [];
    const resolve = createStackResolver(origin, async (url) => {
      fetched.push(url);
      if (url.endsWith('index-abc.js.map')) return raw;
      throw new Error('404');
    });
    expect(await resolve(stack)).toBe(
      [
        'Error: boom',
        '    at HomePage (src/app/pages/home-page.tsx:12:5)',
        '    at src/shared/api/client.ts:30:9',
        `    at ${origin}/assets/missing-def.js:3:7`,
        '    at https://cdn.elsewhere.com/lib.js:1:1',
        'Ye@src/shared/api/client.ts:30:9',
      ].join('\n'),
    );
    // each map once, none of another origin
    expect(fetched).toEqual([`${origin}/assets/index-abc.js.map`, `${origin}/assets/missing-def.js.map`]);
  });

  it('sends the resolved stack, or the raw one when no map can be read', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}'));
    const captured: Captured = { message: 'boom', stack, url: `${origin}/`, time: 0, username: 'a', tenantMcid: 'm', timeZone: 'UTC' };
    await sendReport(settings, captured, { origin, fetch, fetchMap: async () => raw });
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string).stackTrace).toContain('at HomePage (src/app/pages/home-page.tsx:12:5)');
    await sendReport(settings, captured, { origin, fetch, fetchMap: async () => Promise.reject(new Error('offline')) });
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string).stackTrace).toBe(stack);
  });
});
