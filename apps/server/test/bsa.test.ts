import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { priceAt } from '../src/domains/bsa/bsa.service.js';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { seedDemoStations } from '../src/seed/demo-stations.js';
import { createTestApp, DB_KINDS, demoIds, signIn, switchToTenant, type Session, type TestApp } from './helpers.js';

type Station = {
  id: number;
  code: string;
  ouId: number;
  mcid: string;
  strategyVersion: number;
  pcs: { deviceId: number; code: string; ratedPowerKw: number | null }[];
  meters: { deviceId: number; code: string; role: string; transformerCapacityKva: number | null }[];
  fcs: { deviceId: number; code: string; online: boolean } | null;
};

/** A valid day of bands: valley 00-08, flat 08-10, peak 10-15, flat 15-18, sharp 18-21, flat 21-24. */
const BANDS = [
  { start: '00:00', end: '08:00', kind: 'valley', price: 0.3 },
  { start: '08:00', end: '10:00', kind: 'flat', price: 0.65 },
  { start: '10:00', end: '15:00', kind: 'peak', price: 1.05 },
  { start: '15:00', end: '18:00', kind: 'flat', price: 0.65 },
  { start: '18:00', end: '21:00', kind: 'sharp', price: 1.25 },
  { start: '21:00', end: '24:00', kind: 'flat', price: 0.65 },
];

describe.each(DB_KINDS)('storage stations on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let byCode: Record<string, Station>;
  const codes = (rows: { code: string }[]) => rows.map((r) => r.code);

  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await demoIds(t);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    dave = await signIn(t, 'dave');
    const all = [...(await alice.post('/api/v2/bsa/list')).body.data, ...(await dave.post('/api/v2/bsa/list')).body.data] as Station[];
    byCode = Object.fromEntries(all.map((s) => [s.code, s]));
  });
  afterAll(() => t?.close());

  it("lists the staff's stations with their PCS, meters and FCS, scoped to tenant and OUs", async () => {
    const mine = await alice.post('/api/v2/bsa/list');
    expect(mine.status).toBe(200);
    expect(codes(mine.body.data)).toEqual(['SZ-01-BSA-01', 'WX-01-BSA-01']);
    const sz = mine.body.data[0];
    expect(sz).toMatchObject({
      name: 'Suzhou plant storage',
      mcid: ids.mcid['Sunrise Suzhou Plant'],
      customerName: 'Sunrise Suzhou Plant',
      ouId: ids.ouId['SZ-01'],
      ouName: 'Suzhou Plant Site',
      status: 'enabled',
      ratedPowerKw: 250,
      capacityKwh: 500,
      strategyVersion: 6,
      online: false,
    });
    expect(sz.pcs).toEqual([{ deviceId: expect.any(Number), code: 'SZ-01-PCS-01', name: 'Storage PCS 1', ratedPowerKw: 250 }]);
    expect(sz.meters.map((m: Station['meters'][number]) => [m.code, m.role, m.transformerCapacityKva])).toEqual([
      ['SZ-01-GM-01', 'grid', null],
      ['SZ-01-FM-01', 'upper', 1000],
    ]);
    expect(sz.fcs).toMatchObject({ code: 'SZ-01-FCS-01', name: 'FCS edge controller', online: false });
    expect(byCode['WX-01-BSA-01']).toMatchObject({ strategyVersion: 2, ouId: ids.ouId['WX-01'] });
    expect(byCode['SH-01-BSA-01']).toMatchObject({ strategyVersion: 1, ouId: ids.ouId['SH-01'], customerName: 'Harbor Shanghai Park' });

    // bob sees Suzhou only; dave Harbor only; alice's Harbor staff (Shanghai) the Shanghai station
    expect(codes((await bob.post('/api/v2/bsa/list')).body.data)).toEqual(['SZ-01-BSA-01']);
    expect(codes((await dave.post('/api/v2/bsa/list')).body.data)).toEqual(['SH-01-BSA-01']);
    const aliceHb = await signIn(t, 'alice');
    await switchToTenant(aliceHb, 'Harbor Logistics');
    expect(codes((await aliceHb.post('/api/v2/bsa/list')).body.data)).toEqual(['SH-01-BSA-01']);
  });

  it('filters by name, OU, customer and status, from the query (as the spec sends them) or the body', async () => {
    const list = async (query: string, body: object = {}) => codes((await alice.call('POST', `/api/v2/bsa/list${query}`, body)).body.data);
    expect(await list('?name=wuxi')).toEqual(['WX-01-BSA-01']);
    expect(await list(`?ouId=${ids.ouId['SZ-01']}&timestamp=1767225600000`)).toEqual(['SZ-01-BSA-01']);
    expect(await list(`?mcid=${ids.mcid['Sunrise Wuxi Plant']}`)).toEqual(['WX-01-BSA-01']);
    expect(await list('?statusFilter=enabled')).toHaveLength(2);
    expect(await list('?statusFilter=draft')).toEqual([]);
    expect(await list('', { name: 'SUZHOU' })).toEqual(['SZ-01-BSA-01']);
    expect(await list('', { name: '%' })).toEqual([]);
    // another tenant's OU or customer: nothing, not an error
    expect(await list(`?ouId=${ids.ouId['SH-01']}`)).toEqual([]);
    expect(await list('', { mcid: ids.mcid['Harbor Shanghai Park'] })).toEqual([]);
    const bad = await alice.call('POST', '/api/v2/bsa/list?statusFilter=running', {});
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('statusFilter');
  });

  it('answers a station in detail, and 404 across tenants and OUs', async () => {
    const sz = byCode['SZ-01-BSA-01']!;
    const detail = await bob.post('/api/v2/bsa/detail', { id: sz.id });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: sz.id, code: 'SZ-01-BSA-01', pcs: sz.pcs, meters: sz.meters, fcs: sz.fcs });
    const sh = byCode['SH-01-BSA-01']!;
    for (const [who, id] of [
      [alice, sh.id],
      [dave, sz.id],
      [bob, byCode['WX-01-BSA-01']!.id],
      [alice, 999_999],
    ] as const) {
      for (const [url, body] of [
        ['/api/v2/bsa/detail', { id }],
        ['/api/v2/bsa/costInfo', { bsaId: id }],
        ['/api/v2/bsaData/prices', { bsaId: id, date: '2026-06-01' }],
      ] as const) {
        const res = await who.post(url, body);
        expect(res.status, `${url} ${id}`).toBe(404);
        expect(res.body).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: `Storage station ${id} does not exist` });
      }
    }
  });

  it('answers the seeded cost info with exact prices', async () => {
    const res = await bob.post('/api/v2/bsa/costInfo', { bsaId: byCode['SZ-01-BSA-01']!.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'CNY', demandPricePerKwMonth: 40, effectiveFrom: '2026-01-01' });
    expect(res.body.data.bands).toEqual([
      { start: '00:00', end: '08:00', kind: 'valley', price: 0.3 },
      { start: '08:00', end: '10:00', kind: 'flat', price: 0.65 },
      { start: '10:00', end: '15:00', kind: 'peak', price: 1.05 },
      { start: '15:00', end: '18:00', kind: 'flat', price: 0.65 },
      { start: '18:00', end: '19:00', kind: 'peak', price: 1.05 },
      { start: '19:00', end: '21:00', kind: 'sharp', price: 1.25 },
      { start: '21:00', end: '24:00', kind: 'flat', price: 0.65 },
    ]);
    const sh = (await dave.post('/api/v2/bsa/costInfo', { bsaId: byCode['SH-01-BSA-01']!.id })).body.data;
    expect(sh.demandPricePerKwMonth).toBe(38.4);
    expect(sh.bands.find((b: { kind: string }) => b.kind === 'peak').price).toBe(1.0815);
  });

  it('refuses bad tariffs with clear messages, changing nothing', async () => {
    const bsaId = byCode['SZ-01-BSA-01']!.id;
    const before = (await alice.post('/api/v2/bsa/costInfo', { bsaId })).body.data;
    const upset = (body: object) => alice.post('/api/v2/bsa/upset/costInfo', { bsaId, effectiveFrom: '2026-07-01', bands: BANDS, ...body });
    const cases: [string, object, string][] = [
      [
        'gap',
        { bands: BANDS.filter((_b, i) => i !== 1) },
        'bands: nothing covers 08:00-10:00: the bands must cover 00:00-24:00 without gaps',
      ],
      ['late start', { bands: [{ ...BANDS[0], start: '01:00' }, ...BANDS.slice(1)] }, 'bands: nothing covers 00:00-01:00'],
      ['early end', { bands: [...BANDS.slice(0, 5), { ...BANDS[5], end: '23:00' }] }, 'bands: nothing covers 23:00-24:00'],
      [
        'overlap',
        { bands: [...BANDS.slice(0, 2), { ...BANDS[2], start: '09:00' }, ...BANDS.slice(3)] },
        'bands.2: 09:00-15:00 overlaps 08:00-10:00 (bands 2 and 3)',
      ],
      ['bad time', { bands: [{ ...BANDS[0], end: '25:00' }, ...BANDS.slice(1)] }, 'bands.0.end: must be a time HH:mm from 00:00 to 24:00'],
      ['not a quarter', { bands: [{ ...BANDS[0], end: '08:10' }, ...BANDS.slice(1)] }, 'bands.0.end: must be on a quarter hour'],
      [
        'start 24:00',
        { bands: [...BANDS, { start: '24:00', end: '24:00', kind: 'flat', price: 1 }] },
        'bands.6.start: 24:00 can only end a band',
      ],
      [
        'across midnight',
        { bands: [{ start: '22:00', end: '06:00', kind: 'valley', price: 0.3 }] },
        'bands.0.end: must be after the start 22:00 (a band across midnight is two bands: 22:00-24:00 and 00:00-06:00)',
      ],
      ['negative price', { bands: [{ ...BANDS[0], price: -0.1 }, ...BANDS.slice(1)] }, 'bands.0.price: must not be negative'],
      ['five decimals', { bands: [{ ...BANDS[0], price: 0.12345 }, ...BANDS.slice(1)] }, 'bands.0.price: must have at most 4 decimals'],
      ['bad kind', { bands: [{ ...BANDS[0], kind: 'cheap' }, ...BANDS.slice(1)] }, 'bands.0.kind'],
      ['no bands', { bands: [] }, 'bands: at least one band is required'],
      ['demand decimals', { demandPricePerKwMonth: 40.00001 }, 'demandPricePerKwMonth: must have at most 4 decimals'],
      ['demand negative', { demandPricePerKwMonth: -1 }, 'demandPricePerKwMonth: must not be negative'],
      ['currency', { currency: 'yuan' }, 'currency: must be a 3-letter currency code'],
      ['no such day', { effectiveFrom: '2026-02-30' }, 'effectiveFrom: is not a day of the calendar'],
    ];
    for (const [what, body, message] of cases) {
      const res = await upset(body);
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe(ErrorCode.VALIDATION);
      expect(res.body.msg, what).toContain(message);
    }
    expect((await alice.post('/api/v2/bsa/costInfo', { bsaId })).body.data).toEqual(before);
  });

  it('replaces the cost info on save, only with b-bsa-station-edit and only for visible stations', async () => {
    const bsaId = byCode['WX-01-BSA-01']!.id;
    const bands = [
      { start: '12:00', end: '24:00', kind: 'peak', price: 1.2345 },
      { start: '00:00', end: '06:30', kind: 'deepValley', price: 0.1 },
      { start: '06:30', end: '12:00', kind: 'flat', price: 0.7 },
    ];
    const saved = await alice.post('/api/v2/bsa/upset/costInfo', {
      bsaId,
      effectiveFrom: '2026-07-01',
      bands,
      demandPricePerKwMonth: 36.5,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ bsaId, currency: 'CNY', demandPricePerKwMonth: 36.5, effectiveFrom: '2026-07-01' });
    expect(saved.body.data.bands).toEqual([bands[1], bands[2], bands[0]]);
    const again = await alice.post('/api/v2/bsa/upset/costInfo', {
      bsaId,
      effectiveFrom: '2026-08-01',
      currency: 'EUR',
      bands: [{ start: '00:00', end: '24:00', kind: 'flat', price: 0.2 }],
    });
    expect(again.body.data).toMatchObject({
      currency: 'EUR',
      demandPricePerKwMonth: null,
      effectiveFrom: '2026-08-01',
      bands: [{ start: '00:00', end: '24:00', kind: 'flat', price: 0.2 }],
    });
    const [{ n, price }] = await rowsOf<{ n: number; price: string }>(
      t.database.system,
      sql`select count(*)::int as n, max(price)::text as price from bsa_tariff_band where station_id = ${bsaId}`,
    );
    expect([Number(n), price]).toEqual([1, '0.2000']);

    // bob has the page but not the button; dave is in another tenant; nothing changes
    const bobTry = await bob.post('/api/v2/bsa/upset/costInfo', { bsaId: byCode['SZ-01-BSA-01']!.id, effectiveFrom: '2026-07-01', bands });
    expect(bobTry.status).toBe(403);
    expect(bobTry.body.msg).toContain('b-bsa-station-edit');
    const daveTry = await dave.post('/api/v2/bsa/upset/costInfo', { bsaId, effectiveFrom: '2026-07-01', bands });
    expect(daveTry.status).toBe(404);
    expect((await alice.post('/api/v2/bsa/costInfo', { bsaId })).body.data).toEqual(again.body.data);
  });

  it("answers a day's price curve in 15-minute steps in the tenant's time zone", async () => {
    const bsaId = byCode['SZ-01-BSA-01']!.id;
    const res = await bob.post('/api/v2/bsaData/prices', { bsaId, date: '2026-06-01' });
    expect(res.status).toBe(200);
    const day = res.body.data;
    expect(day).toMatchObject({ bsaId, date: '2026-06-01', timeZone: 'Asia/Shanghai', currency: 'CNY', stepMinutes: 15 });
    expect(day.steps).toHaveLength(96);
    const midnight = Date.UTC(2026, 5, 1) - 8 * 3_600_000;
    expect(day.steps[0]).toEqual({ ts: midnight, time: '00:00', kind: 'valley', price: 0.3 });
    expect(day.steps[31]).toMatchObject({ time: '07:45', kind: 'valley' });
    expect(day.steps[32]).toMatchObject({ time: '08:00', kind: 'flat', price: 0.65 });
    expect(day.steps[76]).toEqual({ ts: midnight + 76 * 900_000, time: '19:00', kind: 'sharp', price: 1.25 });
    // the band that ends at 24:00 prices the last step
    expect(day.steps[95]).toEqual({ ts: midnight + 95 * 900_000, time: '23:45', kind: 'flat', price: 0.65 });

    // Harbor in Tokyo (UTC+9 all year): the same wall-clock bands, other instants
    const sh = byCode['SH-01-BSA-01']!.id;
    await t.database.system.execute(sql`update tenant set time_zone = 'Asia/Tokyo' where id = ${DEMO_TENANTS.harbor}`);
    const tokyo = (await dave.post('/api/v2/bsaData/prices', { bsaId: sh, date: '2026-12-31' })).body.data;
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect(tokyo.steps).toHaveLength(96);
    expect(tokyo.steps[0]).toEqual({ ts: Date.UTC(2026, 11, 31) - 9 * 3_600_000, time: '00:00', kind: 'valley', price: 0.31 });
    expect(tokyo.steps[32]).toMatchObject({ time: '08:00', kind: 'peak', price: 1.0815 });
    expect(tokyo.steps[95]).toMatchObject({ ts: Date.UTC(2026, 11, 31) + 15 * 3_600_000 - 900_000, time: '23:45', kind: 'valley' });

    // a zone with daylight saving: the day the clocks go forward has 92 steps, back 100
    await t.database.system.execute(sql`update tenant set time_zone = 'Europe/Berlin' where id = ${DEMO_TENANTS.harbor}`);
    const spring = (await dave.post('/api/v2/bsaData/prices', { bsaId: sh, date: '2026-03-29' })).body.data.steps;
    expect(spring).toHaveLength(92);
    expect(spring.map((s: { time: string }) => s.time)).not.toContain('02:30');
    const autumn = (await dave.post('/api/v2/bsaData/prices', { bsaId: sh, date: '2026-10-25' })).body.data.steps;
    expect(autumn).toHaveLength(100);
    expect(autumn.filter((s: { time: string }) => s.time === '02:30')).toHaveLength(2);
    await t.database.system.execute(sql`update tenant set time_zone = 'Asia/Shanghai' where id = ${DEMO_TENANTS.harbor}`);

    const bad = await bob.post('/api/v2/bsaData/prices', { bsaId, date: '2026-13-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('date:');
  });

  it('serves other domains: stationOf, priceAt and the station of an FCS', async () => {
    const sz = byCode['SZ-01-BSA-01']!;
    const found = await t.services.bsa.stationByFcs(sz.fcs!.deviceId);
    expect(found).toEqual({
      stationId: sz.id,
      tenantId: DEMO_TENANTS.sunrise,
      code: 'SZ-01-BSA-01',
      name: 'Suzhou plant storage',
      ouId: sz.ouId,
      strategyVersion: 6,
      fcsDeviceId: sz.fcs!.deviceId,
    });
    expect(await t.services.bsa.stationByFcs(sz.pcs[0]!.deviceId)).toBeNull();

    const tariff = (await alice.post('/api/v2/bsa/costInfo', { bsaId: sz.id })).body.data;
    expect(priceAt(tariff, 0)).toEqual({ kind: 'valley', price: 0.3 });
    expect(priceAt(tariff, 19 * 60)).toEqual({ kind: 'sharp', price: 1.25 });
    expect(priceAt(tariff, 1439)).toEqual({ kind: 'flat', price: 0.65 });
    expect(priceAt({ bands: [] }, 600)).toBeNull();
  });

  it('puts the FCS type in the device tree (not a gateway type) and seeds stations once', async () => {
    const tree = (await alice.post('/api/v2/device-type/tree')).body.data as { key: string; children: { key: string }[] }[];
    expect(tree.find((c) => c.key === 'gateway')!.children.map((x) => x.key)).toContain('bsa-fcs');
    expect((await alice.post('/api/v2/device-type/gateway')).body.data.map((x: { key: string }) => x.key)).toEqual(['edge-gateway']);

    const count = async (table: 'bsa_station' | 'device') =>
      Number((await rowsOf<{ n: number }>(t.database.system, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);
    const stations = await count('bsa_station');
    const devices = await count('device');
    await seedDemoStations(t.database.system);
    expect([await count('bsa_station'), await count('device')]).toEqual([stations, devices]);
    // a demo database without the Wuxi station gets it back at the next start, reusing its devices
    await t.database.system.execute(sql`delete from bsa_station where code = 'WX-01-BSA-01'`);
    await seedDemoStations(t.database.system);
    expect([await count('bsa_station'), await count('device')]).toEqual([stations, devices]);
    // without its PCS the Harbor station is not made, and no FCS is left behind
    await t.database.system.execute(sql`delete from bsa_station where code = 'SH-01-BSA-01'`);
    await t.database.system.execute(sql`delete from device where code in ('SH-01-PCS-01', 'SH-01-FCS-01')`);
    await seedDemoStations(t.database.system);
    expect([await count('bsa_station'), await count('device')]).toEqual([stations - 1, devices - 2]);
    expect((await dave.post('/api/v2/bsa/list')).body.data).toEqual([]);
  });
});
