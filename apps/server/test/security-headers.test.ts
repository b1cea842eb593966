import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, signIn, upload, type TestApp } from './helpers.js';
import { iconPng } from '../src/seed/png.js';

/** The headers every answer carries (docs/security.md). */
function expectSecurityHeaders(headers: Record<string, unknown>, frameAncestors = "'self'") {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain(`frame-ancestors ${frameAncestors}`);
  expect(csp).toContain("object-src 'none'");
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

describe.each(DB_KINDS)('security headers on %s', (kind) => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    // a built web app as Vite leaves it: index.html and a hashed asset
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'energy-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>');
    fs.writeFileSync(path.join(web, 'assets', 'index-abc.js'), 'console.log(1)');
    t = await createTestApp(kind, { webDist: web });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('sends the CSP without unsafe-eval, frame-ancestors, Referrer-Policy and nosniff on HTML, assets and API answers', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/settings/org/staff' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expectSecurityHeaders(html.headers);
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(html.headers['cache-control']).not.toBe('no-store');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset.headers);

    const alice = await signIn(t, 'alice');
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/v2/platform-public/customer-user/current',
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(api.statusCode).toBe(200);
    expectSecurityHeaders(api.headers);
    // an error answer and an unknown call carry them too
    const refused = await t.app.inject({ method: 'POST', url: '/api/v2/platform-public/customer-user/current' });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused.headers);
    expectSecurityHeaders((await t.app.inject({ method: 'POST', url: '/api/v2/no-such-call' })).headers);
  });

  it('answers every authenticated API call with Cache-Control: no-store, device credentials and files included', async () => {
    const alice = await signIn(t, 'alice');
    const current = await t.app.inject({
      method: 'POST',
      url: '/api/v2/platform-public/customer-user/current',
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(current.headers['cache-control']).toBe('no-store');
    const device = (await alice.post('/api/v2/device/page', { pageSize: 1, pageOffset: 1 })).body.data.list[0];
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/v2/device/credentials/issue',
      headers: { cookie: alice.cookie, jwttoken: alice.token },
      payload: { id: device.id },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data.password).toEqual(expect.any(String));
    expect(issued.headers['cache-control']).toBe('no-store');

    const up = await upload(alice, 'icon.png', iconPng(8, [0, 0, 0], [255, 255, 255]));
    const file = await t.app.inject({ method: 'GET', url: up.body.data.url, headers: { cookie: alice.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');

    const login = await t.app.inject({ method: 'POST', url: '/server/login', payload: { username: 'bob', password: 'demo1234' } });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('frame-ancestors for an embedding base application', () => {
  let t: TestApp;
  beforeAll(async () => {
    const security = loadConfig({ FRAME_ANCESTORS: "'self' https://base.example.com" }).security;
    t = await createTestApp('pglite', { security });
  });
  afterAll(() => t?.close());

  it('names the configured origins and drops X-Frame-Options, which cannot', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/no-such-call' });
    expectSecurityHeaders(res.headers, "'self' https://base.example.com");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('refuses a malformed FRAME_ANCESTORS and rate limit at start, naming the variable', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: 'https://ok.example.com javascript:alert(1)' })).toThrow(
      /FRAME_ANCESTORS: "javascript:alert\(1\)"/,
    );
    expect(() => loadConfig({ FRAME_ANCESTORS: "'self'; script-src *" })).toThrow(/FRAME_ANCESTORS/);
    expect(() => loadConfig({ RATE_LIMIT_HEAVY: '10' })).toThrow(/RATE_LIMIT_HEAVY must be "per user,per tenant"/);
    expect(loadConfig({ RATE_LIMIT_EXPORT: '3, 9' }).security.rateLimits.export).toEqual({ user: 3, tenant: 9 });
  });

  it('listens on the loopback interface unless HOST and MQTT_HOST say otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({}).ingest.mqttHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0', MQTT_HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', ingest: { mqttHost: '0.0.0.0' } });
  });
});

describe.each(DB_KINDS)('audit targets of creates on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('names the new object, taken from the answer when the input has no id', async () => {
    const alice = await signIn(t, 'alice');
    const role = await alice.post('/api/v2/role/create', { name: 'Auditors of targets', permissionCodes: [], autoSyncCodes: [] });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const up = await upload(alice, 'a.txt', Buffer.from('hello'));
    expect(up.status).toBe(200);
    // an update keeps the target of its input
    await alice.post('/api/v2/role/update', { id: role.body.data.id, name: 'Auditors', permissionCodes: [], autoSyncCodes: [] });
    const rows = await rowsOf<{ call: string; target: string | null; outcome: string }>(
      t.database.system,
      sql`select call, target, outcome from audit_log where call in ('POST /api/v2/role/create', 'POST /api/v2/file-center/upload', 'POST /api/v2/role/update') order by at`,
    );
    expect(rows).toEqual([
      { call: 'POST /api/v2/role/create', target: `id=${role.body.data.id}`, outcome: 'ok' },
      { call: 'POST /api/v2/file-center/upload', target: `key=${up.body.data.key}`, outcome: 'ok' },
      { call: 'POST /api/v2/role/update', target: `id=${role.body.data.id}`, outcome: 'ok' },
    ]);
    // a refused create has no object: no target
    await alice.post('/api/v2/role/create', { name: '', permissionCodes: [], autoSyncCodes: [] });
    const [refused] = await rowsOf<{ target: string | null; outcome: string }>(
      t.database.system,
      sql`select target, outcome from audit_log where call = 'POST /api/v2/role/create' order by at desc limit 1`,
    );
    expect(refused).toEqual({ target: null, outcome: 'error' });
  });
});
