import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type SecurityConfig } from '../src/config.js';
import { installErrorHandler } from '../src/plugins/error-handler.js';
import { installLimits } from '../src/plugins/limits.js';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, signIn, switchToTenant, upload, type Session, type TestApp } from './helpers.js';

const base = loadConfig({}).security;
/** Small limits, so a test reaches them in a few calls. */
const security: SecurityConfig = {
  ...base,
  rateLimits: {
    heavy: { user: 3, tenant: 5 },
    export: { user: 2, tenant: 10 },
    import: { user: 2, tenant: 10 },
    upload: { user: 2, tenant: 10 },
  },
};

/** A 429 in the envelope, with Retry-After and the x-ratelimit-* headers. */
function expectLimited(res: { status: number; body: any; headers?: Record<string, unknown> }, what: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body).toEqual({ code: 42901, data: null, msg: expect.stringMatching(what) });
}

describe.each(DB_KINDS)('rate limits of expensive calls on %s', (kind) => {
  let t: TestApp;
  let inverter: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { security });
    const alice = await signIn(t, 'alice');
    inverter = (await alice.post('/api/v2/device/page', { pageSize: 100, pageOffset: 1 })).body.data.list[0].id;
  });
  afterAll(() => t?.close());

  const raw = (s: Session) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/device/dataProperty/raw',
      headers: { cookie: s.cookie, jwttoken: s.token },
      payload: { deviceId: inverter, from: Date.now() - 365 * 86_400_000, to: Date.now() },
    });

  it('answers 429 with Retry-After and x-ratelimit-* on telemetry ranges past the user limit, then the tenant limit; another tenant is untouched', async () => {
    const alice = await signIn(t, 'alice');
    for (let i = 0; i < 3; i++) {
      const ok = await raw(alice);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe('3');
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const refused = await raw(alice);
    expectLimited({ status: refused.statusCode, body: refused.json() }, /Too many telemetry queries: at most 3 per user every 60 s/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBeDefined();
    // the refusal is audited for commands only; a cheap call of the same user still works
    expect((await alice.post('/api/v2/device/page', { pageSize: 1, pageOffset: 1 })).status).toBe(200);

    // bob (same tenant) has his own user budget, but the tenant's 5 are used up after 2 more
    const bob = await signIn(t, 'bob');
    expect((await raw(bob)).statusCode).toBe(200);
    expect((await raw(bob)).statusCode).toBe(200);
    const tenantFull = await raw(bob);
    expectLimited({ status: tenantFull.statusCode, body: tenantFull.json() }, /at most 5 per tenant/);

    // dave, Harbor's administrator, is not slowed by Sunrise's use
    const dave = await signIn(t, 'dave');
    const harborDevice = (await dave.post('/api/v2/device/page', { pageSize: 1, pageOffset: 1 })).body.data.list[0].id;
    const daves = await dave.post('/api/v2/device/dataProperty/raw', {
      deviceId: harborDevice,
      from: Date.now() - 86_400_000,
      to: Date.now(),
    });
    expect(daves.status, JSON.stringify(daves.body)).toBe(200);
  });

  it('does not count calls without a session: they are 401, and the user budget stays', async () => {
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/v2/device/dataProperty/raw',
      payload: { deviceId: 1, from: 0, to: 1 },
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('limits exports (audit log, alarm records) per user', async () => {
    const alice = await signIn(t, 'alice');
    await switchToTenant(alice, 'Sunrise Manufacturing');
    const exportAudit = () => alice.post('/api/v2/platform-public/audit-log/export', {});
    expect((await exportAudit()).status).toBe(200);
    expect((await alice.call('GET', '/api/rule/device/alarm/log/export')).status).toBe(200);
    // both exports count against the same budget of 2
    expectLimited(await exportAudit(), /Too many exports: at most 2 per user/);
    expectLimited(await alice.call('GET', '/api/rule/device/alarm/log/export'), /Too many exports/);
  });

  it('limits imports per user (device/import)', async () => {
    const alice = await signIn(t, 'alice');
    await switchToTenant(alice, 'Sunrise Manufacturing');
    const csv = Buffer.from('code,name\n');
    for (let i = 0; i < 2; i++) {
      const r = await upload(alice, 'devices.csv', csv, '/api/v2/device/import');
      expect(r.status, JSON.stringify(r.body)).not.toBe(429);
    }
    expectLimited(await upload(alice, 'devices.csv', csv, '/api/v2/device/import'), /Too many imports: at most 2 per user/);
  });

  it('limits uploads per user, and records the refusal in the audit log', async () => {
    const bob = await signIn(t, 'bob');
    expect((await upload(bob, 'a.txt', Buffer.from('one'))).status).toBe(200);
    expect((await upload(bob, 'b.txt', Buffer.from('two'))).status).toBe(200);
    const refused = await upload(bob, 'c.txt', Buffer.from('three'));
    expectLimited(refused, /Too many uploads: at most 2 per user/);
    const [audited] = await rowsOf<{ outcome: string; code: number }>(
      t.database.system,
      sql`select outcome, code from audit_log where call = 'POST /api/v2/file-center/upload' order by at desc limit 1`,
    );
    expect(audited).toEqual({ outcome: 'error', code: 42901 });
  });
});

describe('the cap on heavy calls running at once per user', () => {
  const app = Fastify();
  let limits: Awaited<ReturnType<typeof installLimits>>;
  beforeAll(async () => {
    installErrorHandler(app);
    limits = await installLimits(app, {
      ...security,
      rateLimits: { ...security.rateLimits, heavy: { user: 100, tenant: 100 } },
      heavyConcurrency: 2,
      heavyWaitMs: 150,
    });
    // a heavy call that runs until the test lets it end
    const gates: (() => void)[] = [];
    app.post('/heavy/:user', async (req, reply) => {
      const release = await limits.enter('heavy', { muid: (req.params as { user: string }).user, tenantId: 't' }, req, reply);
      try {
        await new Promise<void>((resolve) => gates.push(resolve));
        return { ok: true };
      } finally {
        release();
      }
    });
    app.post('/open', async () => {
      gates.splice(0).forEach((open) => open());
      return {};
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets two run, makes the third wait briefly and then answers 429; a freed slot lets a waiting call in', async () => {
    const first = app.inject({ method: 'POST', url: '/heavy/u1' });
    const second = app.inject({ method: 'POST', url: '/heavy/u1' });
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    const third = await app.inject({ method: 'POST', url: '/heavy/u1' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      code: 42901,
      data: null,
      msg: 'Too many telemetry queries at once: at most 2 per user; try again in 1 s',
    });
    expect(third.headers['retry-after']).toBe('1');

    // another user is not held back by u1's calls
    const other = app.inject({ method: 'POST', url: '/heavy/u2' });
    // a call waiting while one of the two ends gets its slot
    const waiting = app.inject({ method: 'POST', url: '/heavy/u1' });
    await new Promise((r) => setTimeout(r, 20));
    await app.inject({ method: 'POST', url: '/open' });
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await other).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    await app.inject({ method: 'POST', url: '/open' });
    expect((await waiting).statusCode).toBe(200);
  });
});

describe.skipIf(!DB_KINDS.includes('postgres'))('rate limits counted in Redis across server processes', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `test-limits-${process.pid}-${Date.now()}:`;
  const one = Fastify();
  const two = Fastify();
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it("counts one user's calls on both processes against one limit, under REDIS_PREFIX", async () => {
    const apps = [] as { app: typeof one; limits: Awaited<ReturnType<typeof installLimits>> }[];
    for (const app of [one, two]) {
      installErrorHandler(app);
      const limits = await installLimits(app, security, { url: REDIS_URL, prefix });
      app.post('/export', async (req, reply) => {
        (await limits.enter('export', { muid: 'm1', tenantId: 't1' }, req, reply))();
        return { ok: true };
      });
      await app.ready();
      apps.push({ app, limits });
    }
    expect((await one.inject({ method: 'POST', url: '/export' })).statusCode).toBe(200);
    expect((await two.inject({ method: 'POST', url: '/export' })).statusCode).toBe(200);
    const refused = await one.inject({ method: 'POST', url: '/export' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/Too many exports: at most 2 per user/);
    const redis = new Redis(REDIS_URL);
    try {
      // @fastify/rate-limit's store puts a route part (empty here) between the namespace and the key
      const keys = (await redis.keys(`${prefix}ratelimit:*`)).sort();
      expect(keys).toEqual([expect.stringMatching(/-export:tenant:t1$/), expect.stringMatching(/-export:user:m1$/)]);
      expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});
