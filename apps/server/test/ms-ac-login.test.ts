import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signIn, type TestApp } from './helpers.js';

/** The auth origin's sign-in of an embedded platform (docs/embedding.md): returns only where it may. */
describe.each(DB_KINDS)('GET /ms-ac/login on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  const trusted = 'https://base.example.com';
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>sign-in page</title>');
    t = await createTestApp(kind, { webDist: dist, trustedOrigins: [trusted] });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const visit = (service: string | undefined, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: service === undefined ? '/ms-ac/login' : `/ms-ac/login?service=${encodeURIComponent(service)}`,
      headers: { host: 'platform.local:8080', ...(cookie ? { cookie } : {}) },
    });

  it('signed out: the sign-in page for a page of this site or of a trusted origin', async () => {
    for (const service of ['http://platform.local:8080/base-app/device?x=1', `${trusted}/energy/`]) {
      const res = await visit(service);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('sign-in page');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('signed in: back to service, exactly as given', async () => {
    const alice = await signIn(t, 'alice');
    const own = 'http://platform.local:8080/base-app/device/alarm/record?level=0#top';
    const res = await visit(own, alice.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(own);
    expect((await visit(`${trusted}/energy/`, alice.cookie)).headers.location).toBe(`${trusted}/energy/`);
  });

  it('refuses, with a 400 naming service, any other place: no open redirect, signed in or not', async () => {
    const alice = await signIn(t, 'alice');
    const refused = [
      'https://evil.example.com/',
      'https://base.example.com.evil.example.com/',
      'http://base.example.com/', // the trusted origin is https
      'https://platform.local:9999/', // this host, another port
      '//evil.example.com/',
      '/relative/path',
      'javascript:alert(1)',
      'http://user:pass@platform.local:8080/',
    ];
    for (const service of refused) {
      for (const cookie of [undefined, alice.cookie]) {
        const res = await visit(service, cookie);
        expect(res.statusCode, service).toBe(400);
        expect(res.headers.location).toBeUndefined();
        expect(res.json().msg).toMatch(/^service: /);
      }
    }
    const missing = await visit(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/service/);
  });
});
