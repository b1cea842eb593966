import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signIn, type TestApp } from './helpers.js';

describe('serving the web app', () => {
  it('serves index.html for client routes and the envelope for unknown calls', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>platform</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
    const t = await createTestApp('pglite', { webDist: dist });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/user/settings/loginPassword?x=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>platform</title>');
      expect((await t.app.inject({ method: 'GET', url: '/assets/a.js' })).body).toBe('console.log(1)');
      const api = await t.app.inject({ method: 'GET', url: '/api/v2/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe(40400);
      expect((await t.app.inject({ method: 'GET', url: '/../../etc/passwd' })).body).not.toContain('root:');
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
    // a PGlite app of its own, started while the other worker runs: seconds on a quiet machine, more on a busy one
  }, 120_000);
});

describe.each(DB_KINDS)('sign-in and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { login: { maxFailures: 3, windowMinutes: 15, lockMinutes: 15 } });
  });
  afterAll(() => t?.close());

  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/server/login', payload: { username, password }, remoteAddress: ip });

  it('signs in with an httpOnly session cookie and a readable jwtToken cookie', async () => {
    const res = await login('alice', 'demo1234');
    expect(res.statusCode).toBe(200);
    const cookies = res.cookies as { name: string; httpOnly?: boolean; value: string }[];
    expect(cookies.find((c) => c.name === 'SESSION')?.httpOnly).toBe(true);
    const token = cookies.find((c) => c.name === 'jwtToken')!;
    expect(token.httpOnly).toBeFalsy();
    expect(res.json().data.jwtToken).toBe(token.value);
    expect(res.json().data.currentStaffId).toEqual(expect.any(Number));
  });

  it('gives one message for an unknown user and a wrong password', async () => {
    const unknown = await login('nobody-here', 'demo1234', '10.0.0.2');
    const wrong = await login('bob', 'not-the-password', '10.0.0.3');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ code: 40101, data: null, msg: 'Incorrect username or password' });
  });

  it('slows down repeated failures at one username from one address with 429, even with the right password, and only there', async () => {
    for (let i = 0; i < 3; i++) expect((await login('carol', 'wrong', '10.1.0.1')).statusCode).toBe(401);
    const delayed = await login('carol', 'demo1234', '10.1.0.1');
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().code).toBe(42900);
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // failures from one address do not lock the person out elsewhere (issue 15: anyone could lock anyone)
    expect((await login('carol', 'demo1234', '10.1.0.99')).statusCode).toBe(200);
  });

  it('slows down repeated failures from one address', async () => {
    for (let i = 0; i < 12; i++) await login(`user${i}`, 'wrong', '10.2.0.1');
    expect((await login('bob', 'demo1234', '10.2.0.1')).statusCode).toBe(429);
    expect((await login('bob', 'demo1234', '10.2.0.2')).statusCode).toBe(200);
  });

  it('probes: 200 signed in (cookie alone), 401 not', async () => {
    const s = await signIn(t, 'bob');
    expect((await t.app.inject({ method: 'GET', url: '/server/probe', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/server/probe' })).statusCode).toBe(401);
  });

  it('refuses an /api call that carries the session cookie without the matching jwtToken header', async () => {
    const s = await signIn(t, 'alice');
    const url = '/api/v2/platform-public/customer-user/current';
    const none = await t.app.inject({ method: 'POST', url, headers: { cookie: s.cookie }, payload: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(40100);
    const wrong = await s.call('POST', url, {}, { jwttoken: 'x'.repeat(43) });
    expect(wrong.status).toBe(401);
    expect((await s.post(url)).status).toBe(200);
  });

  it('logout ends the session', async () => {
    const s = await signIn(t, 'alice');
    const out = await s.call('POST', '/server/logout', undefined, { 'sec-fetch-site': 'same-origin' });
    expect(out.status).toBe(200);
    expect(out.body.data.signedOut).toBe(true);
    expect((await s.post('/api/v2/platform-public/customer-user/current')).status).toBe(401);
    expect((await s.call('GET', '/server/probe')).status).toBe(401);
  });

  it('the logout link answers a page that posts; its form post (the cookie alone) ends the session and goes to the login page', async () => {
    const s = await signIn(t, 'bob');
    const page = await t.app.inject({ method: 'GET', url: '/server/logout', headers: { cookie: s.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post" action="/server/logout">');
    expect(page.body).not.toMatch(/<script|style=|\son\w+=/i); // nothing a strict CSP would block
    expect((await s.post('/api/v2/platform-public/customer-user/current')).status).toBe(200); // the GET changed nothing
    const out = await t.app.inject({
      method: 'POST',
      url: '/server/logout',
      headers: {
        cookie: s.cookie,
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/login');
    expect((await s.post('/api/v2/platform-public/customer-user/current')).status).toBe(401);
  });

  it('answers unknown /api paths with a 404 envelope', async () => {
    const s = await signIn(t, 'alice');
    const res = await s.post('/api/v2/no/such/call');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 40400, data: null });
  });

  it('serves the OpenAPI document with every registered call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v2/platform-public/customer-user/current',
        '/api/staff/switch',
        '/api/v2/customer/{mcid}',
        '/server/login',
      ]),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    // every reference resolves (recursive trees are named components)
    const refs = new Set([...res.body.matchAll(/#\/components\/schemas\/([\w-]+)/g)].map((m) => m[1]));
    expect([...refs].filter((r) => !(r! in res.json().components.schemas))).toEqual([]);
    expect(res.json().components.securitySchemes.jwtToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'jwtToken' });
  });
});
