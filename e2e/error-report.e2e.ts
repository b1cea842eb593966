import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '../apps/web/src/shared/zoned-time.js';
import { signInAs, startHarness, type Harness } from './harness.js';

/**
 * Error reporting to a log collector (spec 002, docs/error-reporting.md) against the built app in
 * Chromium: a local https collector with a certificate made for the run, configured on the server
 * (ERROR_REPORT_*: served by /energy-settings.js, its origin in the CSP's connect-src) and by the host
 * page (window.__ENERGY_SETTINGS__, which wins: its appName is the one sent).
 */

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

let h: Harness;
let collector: https.Server;
let collectorUrl: string;
let certDir: string;
const received: Received[] = [];

beforeAll(async () => {
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'energy-collector-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ].concat(['-keyout', path.join(certDir, 'key.pem'), '-out', path.join(certDir, 'cert.pem')]),
    { stdio: 'ignore' },
  );
  collector = https.createServer(
    { key: fs.readFileSync(path.join(certDir, 'key.pem')), cert: fs.readFileSync(path.join(certDir, 'cert.pem')) },
    (req, res) => {
      // the page is on another origin: the collector answers the preflight of a JSON post with a token header
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'content-type, token');
      res.setHeader('access-control-allow-methods', 'POST');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
      });
    },
  );
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `https://127.0.0.1:${(collector.address() as AddressInfo).port}/api/log/collect`;
  h = await startHarness({ errorReport: { url: collectorUrl, token: 'e2e-token', appName: 'energy-server' } });
});

afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => collector?.close(resolve));
  if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
});

/** Waits until the collector holds `count` reports, then a moment more for any it should not get. */
async function reports(count: number): Promise<Received[]> {
  const until = Date.now() + 10_000;
  while (received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 1000));
  return [...received];
}

describe('error reporting to an https log collector', () => {
  it('reports a thrown error once with the listed fields, a failed call once, and no excluded call, 4xx or duplicate', async () => {
    const context = await h.browser.newContext({ baseURL: h.baseUrl, viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
    await context.addInitScript((url) => {
      (window as unknown as { __ENERGY_SETTINGS__: unknown }).__ENERGY_SETTINGS__ = {
        errorReport: { enabled: true, url, token: 'e2e-token', appName: 'energy-e2e' },
      };
    }, collectorUrl);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const cspViolations: string[] = [];
    page.on('console', (msg) => {
      if (/Content.Security.Policy|Refused to connect/i.test(msg.text())) cspViolations.push(msg.text());
    });
    await signInAs(page, 'alice');
    await page.getByTestId('home-page').waitFor();

    // the server's side: its collector in the CSP and in the settings script
    const res = await page.request.get('/energy-settings.js');
    expect(await res.text()).toContain('energy-server');
    const csp = (await page.request.get('/')).headers()['content-security-policy']!;
    expect(csp).toContain(`connect-src 'self' ${new URL(collectorUrl).origin}`);

    const me = await page.evaluate(() => (window as any).__ENERGY_DEBUG__.request('POST', '/api/v2/platform-public/customer-user/current'));
    const { username, tenantMcid, timeZone } = {
      username: me.customerUser.username as string,
      tenantMcid: me.tenant.mcid as string,
      timeZone: me.tenant.timeZone as string,
    };
    expect(username).toBe('alice');

    // the same error thrown twice (same message, same first frame): one report
    const before = Date.now();
    await page.evaluate(() => {
      const fail = () => {
        throw new Error('e2e thrown error');
      };
      setTimeout(fail, 0);
      setTimeout(fail, 50);
    });
    const [thrown, ...others] = await reports(1);
    expect(others).toEqual([]);
    expect(thrown!.headers.token).toBe('e2e-token');
    expect(thrown!.headers['content-type']).toContain('application/json');
    const body = thrown!.body;
    expect(Object.keys(body).sort()).toEqual(
      ['appName', 'appType', 'url', 'triggerTime', 'logLevel', 'userInfo', 'tenantMcid', 'message', 'stackTrace'].sort(),
    );
    expect(body).toMatchObject({
      appName: 'energy-e2e',
      appType: 1,
      url: `${h.baseUrl}/`,
      logLevel: 'ERROR',
      userInfo: 'alice',
      tenantMcid,
      message: 'e2e thrown error',
    });
    expect(body.triggerTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // in the tenant's zone, between the throw and now
    expect([formatInZone(before - 1000, timeZone), formatInZone(Date.now(), timeZone)]).toSatisfy(
      ([from, to]: string[]) => from! <= (body.triggerTime as string) && (body.triggerTime as string) <= to!,
    );
    expect(body.stackTrace).toContain('e2e thrown error');
    expect(body.stackTrace).toContain('fail');

    // an excluded call failing (staff permission), a user's 400, and a call the server fails
    await page.route('**/api/v2/platform-public/staff/permission', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"data":null,"msg":"permission store down"}' }),
    );
    await page.route('**/api/v2/role/list', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"data":null,"msg":"role store down"}' }),
    );
    for (const url of [
      '/api/v2/platform-public/staff/permission',
      '/api/v2/test/business-failure',
      '/api/v2/role/list',
      '/api/v2/role/list',
    ])
      await page.evaluate((u) => (window as any).__ENERGY_DEBUG__.request('POST', u, {}).catch(() => undefined), url);
    const all = await reports(2);
    expect(all).toHaveLength(2);
    const failed = all[1]!.body;
    expect(failed).toMatchObject({ appType: 1, logLevel: 'ERROR', userInfo: 'alice', tenantMcid });
    expect(failed.message).toBe('POST /api/v2/role/list failed with 500: role store down');
    // the client's frames come back through the build's hidden source maps
    expect(failed.stackTrace).toContain('src/shared/api/client.ts');
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
