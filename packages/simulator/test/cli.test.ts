import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES } from '@energy/contracts';
import { parseCliArgs, UsageError } from '../src/cli-args.js';
import { PlatformClient, PlatformError, provisionDevices } from '../src/provision.js';
import { planSites } from '../src/site-plan.js';

describe('command line', () => {
  it('has defaults that run 20 devices against a local platform', () => {
    expect(parseCliArgs([])).toMatchObject({
      url: 'http://localhost:8080',
      user: 'alice',
      password: 'demo1234',
      mqtt: 'mqtt://localhost:1883',
      devices: 20,
      intervalMs: 5000,
      prefix: 'sim',
      backfillHours: 0,
      qos: 1,
      batch: 1,
    });
  });

  it('takes every option and derives the broker from the platform host', () => {
    const options = parseCliArgs(
      '--url https://ems.example.com:8443/ --devices 500 --mix pv,meter --interval 1000 --prefix load --ou 7 --backfill-hours 24 --qos 0 --batch 10'.split(
        ' ',
      ),
    );
    expect(options).toMatchObject({
      url: 'https://ems.example.com:8443',
      mqtt: 'mqtt://ems.example.com:1883',
      devices: 500,
      mix: ['pv', 'meter'],
      intervalMs: 1000,
      prefix: 'load',
      ouId: 7,
      backfillHours: 24,
      qos: 0,
      batch: 10,
    });
    expect(parseCliArgs(['--mqtt', 'mqtt://broker:2883']).mqtt).toBe('mqtt://broker:2883');
  });

  it.each([
    ['--devices', '0'],
    ['--devices', 'many'],
    ['--mix', 'pv,nuclear'],
    ['--interval', '5'],
    ['--url', 'ftp://x'],
    ['--prefix', 'a b'],
    ['--qos', '2'],
    ['--bogus'],
  ])('refuses %s %s with a usage error', (...args) => {
    expect(() => parseCliArgs(args.filter(Boolean) as string[])).toThrow(UsageError);
  });
});

describe('site plan', () => {
  it('composes realistic sites: a gateway first, meters, PV with strings, storage, piles', () => {
    const plan = planSites({ devices: 500 });
    expect(plan).toHaveLength(500);
    expect(new Set(plan.map((d) => d.code)).size).toBe(500);
    expect(plan[0]!.code).toBe('sim-0001');
    const site = plan.filter((d) => d.site.key === plan[0]!.site.key);
    const count = (typeKey: string) => site.filter((d) => d.typeKey === typeKey).length;
    expect(site[0]!.typeKey).toBe('edge-gateway');
    expect(count('grid-meter')).toBe(1);
    expect(count('feeder-meter')).toBeGreaterThanOrEqual(2);
    expect(count('pv-inverter')).toBe(1);
    expect(count('pv-string')).toBeGreaterThanOrEqual(4);
    expect(count('bsa-pcs')).toBe(1);
    expect(count('charging-pile')).toBeGreaterThanOrEqual(1);
    expect(count('env-sensor')).toBe(1);
    for (const device of plan) {
      expect(DEVICE_TYPES.some((type) => type.key === device.typeKey)).toBe(true);
      if (device.typeKey !== 'edge-gateway') {
        const gateway = plan.find((d) => d.code === device.gatewayCode);
        expect(gateway?.typeKey).toBe('edge-gateway');
        expect(gateway?.site.key).toBe(device.site.key);
      }
    }
    expect(planSites({ devices: 500 })).toEqual(plan);
  });

  it('keeps only the categories of --mix, plus each site gateway', () => {
    const plan = planSites({ devices: 30, mix: ['pv'] });
    expect(new Set(plan.map((d) => d.typeKey))).toEqual(new Set(['edge-gateway', 'pv-inverter', 'pv-string']));
  });
});

describe('provisioning against the platform contract', () => {
  function fakePlatform(existing: Record<string, number> = {}) {
    const calls: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
    let nextId = 100;
    const ok = (data: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify({ code: 0, data, msg: 'success' }), { headers });
    const fetchImpl = (async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      const body = JSON.parse(init.body as string);
      calls.push({ path, body, headers: init.headers as Record<string, string> });
      switch (path) {
        case '/server/login':
          if (body.password !== 'demo1234')
            return new Response(JSON.stringify({ code: 40101, data: null, msg: 'wrong username or password' }), { status: 401 });
          return new Response(JSON.stringify({ code: 0, data: { muid: 'm', jwtToken: 'tok', currentStaffId: 1 }, msg: 'success' }), {
            headers: [
              ['set-cookie', 'SESSION=s1; Path=/; HttpOnly'],
              ['set-cookie', 'jwtToken=tok; Path=/'],
            ],
          });
        case '/api/v2/device-type/tree':
          return ok([
            {
              id: 1,
              key: 'all',
              name: 'All',
              level: 1,
              children: DEVICE_TYPES.map((t, i) => ({
                id: 10 + i,
                key: t.key,
                name: t.name,
                level: 2,
                isGateway: !!t.isGateway,
                properties: t.properties,
              })),
            },
          ]);
        case '/api/v2/ou/list':
          return ok([{ id: 5, name: 'Plant' }]);
        case '/api/v2/device/page':
          return ok({
            list: existing[body.code] ? [{ id: existing[body.code], code: body.code }] : [],
            totalCount: 0,
            pageSize: 100,
            pageOffset: 1,
          });
        case '/api/v2/device/create':
          return ok({ id: nextId++ });
        case '/api/v2/device/credentials/issue':
          return ok({ username: `u${body.id}`, password: `p${body.id}`, topic: `devices/u${body.id}/telemetry` });
      }
      return new Response('not found', { status: 404 });
    }) as typeof fetch;
    return { calls, fetchImpl };
  }

  it('signs in, creates gateways before their devices, reuses existing codes and returns credentials', async () => {
    const { calls, fetchImpl } = fakePlatform({ 'sim-0003': 77 });
    const client = new PlatformClient('http://platform', fetchImpl);
    await client.login('alice', 'demo1234');
    const plan = planSites({ devices: 21 });
    const specs = await provisionDevices(client, plan, { ouId: 5, concurrency: 4 });
    expect(specs).toHaveLength(21);
    expect(specs[2]!.username).toBe('u77');
    const creates = calls.filter((c) => c.path === '/api/v2/device/create');
    expect(creates).toHaveLength(20);
    expect(creates[0]!.body).toMatchObject({
      code: 'sim-0001',
      deviceTypeId: 10 + DEVICE_TYPES.findIndex((t) => t.key === 'edge-gateway'),
      ouId: 5,
    });
    expect(creates[0]!.body.ratedPowerKw).toBeUndefined();
    expect(creates.find((c) => c.body.code === 'sim-0006')!.body.ratedPowerKw).toBe(50);
    const gatewayId = 100;
    for (const create of creates.slice(1)) expect(create.body.gatewayId).toBe(gatewayId);
    expect(creates[1]!.body.location).toMatchObject({ latitude: plan[1]!.site.latitude, longitude: plan[1]!.site.longitude });
    for (const call of calls.slice(1)) {
      expect(call.headers.jwtToken).toBe('tok');
      expect(call.headers.cookie).toBe('SESSION=s1; jwtToken=tok');
    }
    expect(specs[0]).toMatchObject({ typeKey: 'edge-gateway', password: 'p100', site: plan[0]!.site, seed: plan[0]!.seed });
  });

  it('stops with the server message when a call is refused', async () => {
    const { fetchImpl } = fakePlatform();
    const client = new PlatformClient('http://platform', fetchImpl);
    await expect(client.login('alice', 'nope')).rejects.toThrow(
      new PlatformError('POST /server/login refused (code 40101): wrong username or password'),
    );
    const unreachable = new PlatformClient('http://127.0.0.1:1');
    await expect(unreachable.login('alice', 'demo1234')).rejects.toThrow(/cannot reach the platform/);
  });
});
