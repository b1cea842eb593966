import { circuit as c, ErrorCode, lineLoss } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { rowsOf } from '../src/db/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUNRISE_SITE } from '../src/seed/demo-circuit-sites.js';
import { demoNetwork, quarterEnergy, REPLACED_METER, startDemoCircuits } from '../src/seed/demo-circuits.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// Circuits, electricity accounts and the cost of their energy (docs/circuits.md, docs/prices.md).
// Every figure below is a hand calculation: Asia/Shanghai (UTC+8, no DST), one reading per quarter hour.

const Q = 15 * 60_000;
const at = (local: string) => Date.parse(`${local}+08:00`);

/** Outside summer: deep valley 00-06, valley 06-08, flat 08-11, peak 11-18, sharp 18-20, flat 20-24. */
const OTHER = {
  name: 'Other months',
  months: [1, 2, 3, 4, 5, 9, 10, 11, 12],
  bands: [
    { start: '00:00', end: '06:00', kind: 'deepValley', price: 0.25 },
    { start: '06:00', end: '08:00', kind: 'valley', price: 0.3 },
    { start: '08:00', end: '11:00', kind: 'flat', price: 0.6475 },
    { start: '11:00', end: '18:00', kind: 'peak', price: 1.0815 },
    { start: '18:00', end: '20:00', kind: 'sharp', price: 1.25 },
    { start: '20:00', end: '24:00', kind: 'flat', price: 0.6475 },
  ],
} as const;
/** June-August: deep valley 00-06, valley 06-08, flat 08-10, peak 10-17, sharp 17-19, peak 19-21, flat 21-24. */
const summer = (peak: number) => ({
  name: 'Summer',
  months: [6, 7, 8],
  bands: [
    { start: '00:00', end: '06:00', kind: 'deepValley', price: 0.2 },
    { start: '06:00', end: '08:00', kind: 'valley', price: 0.35 },
    { start: '08:00', end: '10:00', kind: 'flat', price: 0.65 },
    { start: '10:00', end: '17:00', kind: 'peak', price: peak },
    { start: '17:00', end: '19:00', kind: 'sharp', price: 1.35 },
    { start: '19:00', end: '21:00', kind: 'peak', price: peak },
    { start: '21:00', end: '24:00', kind: 'flat', price: 0.65 },
  ],
});

type Kind = (typeof c.TOU_BAND_KINDS)[number];
const bands = (f: Record<Kind, [number, number]>) => Object.fromEntries(Object.entries(f).map(([k, [wh, cost]]) => [k, { wh, cost }]));

describe.each(DB_KINDS)('circuits and their cost on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let ouId: Record<string, number>;
  let meters: Record<'A' | 'B' | 'C' | 'X', number>;
  let accountId: number;
  let cabinetId: number;
  let incoming: c.CircuitRow;
  let busbar: c.CircuitRow;
  let feeder: c.CircuitRow;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    ouId = (await demoIds(t)).ouId;
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const typeIds = Object.fromEntries(tree.flatMap((x) => x.children.map((y) => [y.key, y.id])));
    const device = async (code: string, type = 'feeder-meter') => {
      const res = await alice.post('/api/v2/device/create', {
        code,
        name: `Meter ${code}`,
        deviceTypeId: typeIds[type],
        ouId: ouId['SZ-01'],
        ratedPowerKw: 50,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    meters = { A: await device('T-CM-A'), B: await device('T-CM-B'), C: await device('T-CM-C'), X: await device('T-WS-X', 'env-sensor') };

    // Meter A: 1000 Wh a quarter hour, replaced on 10 June at 12:00 (the new one reads 0.4 kWh: 400 Wh in
    // that quarter), 3000 Wh in the quarter of 20 June 18:00. B: 237 Wh, C: 100 Wh a quarter hour.
    // Readings at each quarter's start from 30 May 23:45 (the step ending at a reading is its quarter's).
    const readings = [];
    let a = 5_000_000; // Wh on the old meter
    let b = 20_000_000;
    let cc = 7_000_000;
    const start = at('2026-05-30T23:45:00');
    const end = at('2026-07-01T00:00:00');
    for (let ts = start; ts < end; ts += Q) {
      if (ts > start) {
        if (ts === at('2026-06-10T12:00:00')) a = 400;
        else a += ts === at('2026-06-20T18:00:00') ? 3000 : 1000;
        b += 237;
        cc += 100;
      }
      const when = new Date(ts);
      readings.push({ deviceId: meters.A, ts: when, values: { e_imp: a / 1000 } });
      readings.push({ deviceId: meters.B, ts: when, values: { e_imp: b / 1000 } });
      readings.push({ deviceId: meters.C, ts: when, values: { e_imp: cc / 1000 } });
    }
    const written = await t.ingest.writeReadings(readings);
    expect(written.rejected).toBe(0);

    const account = await alice.call(c.accountSave, {
      ouId: ouId['SZ-01']!,
      code: 'T-ACC-1',
      name: 'Suzhou utility contract',
      currency: 'CNY',
    });
    expect(account.status).toBe(200);
    accountId = account.body.data.id;
    const v1 = await alice.call(c.priceSave, {
      accountId,
      effectiveFrom: '2026-01-01',
      demandPricePerKwMonth: 40.5,
      seasons: [summer(1.05), OTHER] as never,
    });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    const v2 = await alice.call(c.priceSave, {
      accountId,
      effectiveFrom: '2026-06-16',
      demandPricePerKwMonth: 42,
      seasons: [summer(1.12), OTHER] as never,
    });
    expect(v2.status).toBe(200);
    cabinetId = (await alice.call(c.cabinetSave, { ouId: ouId['SZ-01']!, code: 'T-CAB-1', name: 'Main switchgear' })).body.data.id;
    const create = async (body: Parameters<typeof alice.call<typeof c.circuitCreate>>[1]) => {
      const res = await alice.call(c.circuitCreate, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    incoming = await create({
      code: 'T-IN-1',
      name: 'Incoming line 1',
      type: 'incoming',
      ouId: ouId['SZ-01']!,
      accountId,
      distributionCabinetId: cabinetId,
      meters: [],
    });
    busbar = await create({
      code: 'T-BB-1',
      name: 'Busbar I',
      type: 'busbar',
      ouId: ouId['SZ-01']!,
      parentId: incoming.id,
      distributionCabinetId: cabinetId,
      meters: [],
    });
    feeder = await create({
      code: 'T-FD-1',
      name: 'Workshop feeder',
      type: 'feeder',
      ouId: ouId['SZ-01']!,
      parentId: busbar.id,
      meters: [
        { deviceId: meters.A, sign: 1 },
        { deviceId: meters.B, sign: 1 },
        { deviceId: meters.C, sign: -1 },
      ],
    });
  });
  afterAll(() => t?.close());

  it('refuses every bad price schedule naming the season, the band and the reason, and saves nothing', async () => {
    const good = { accountId, effectiveFrom: '2026-09-01', demandPricePerKwMonth: 40, seasons: [summer(1.05), OTHER] };
    const withBand = (season: number, band: number, patch: object) => ({
      ...good,
      seasons: good.seasons.map((s, i) =>
        i === season ? { ...s, bands: s.bands.map((b, j) => (j === band ? { ...b, ...patch } : b)) } : s,
      ),
    });
    const cases: [string, object, string][] = [
      ['not a quarter', withBand(1, 2, { end: '11:10' }), 'seasons.1.bands.2.end: must be on a quarter hour'],
      ['gap', withBand(0, 3, { start: '10:30' }), 'seasons.0.bands: nothing covers 10:00-10:30'],
      ['overlap', withBand(1, 3, { start: '10:00' }), 'seasons.1.bands.3: 10:00-18:00 overlaps 08:00-11:00 (bands 3 and 4)'],
      ['bad time', withBand(0, 0, { end: '6:00' }), 'seasons.0.bands.0.end: must be a time HH:mm'],
      ['negative', withBand(0, 1, { price: -0.35 }), 'seasons.0.bands.1.price: must not be negative'],
      ['five decimals', withBand(1, 4, { price: 1.25001 }), 'seasons.1.bands.4.price: must have at most 4 decimals'],
      ['bad kind', withBand(1, 0, { kind: 'cheap' }), 'seasons.1.bands.0.kind'],
      [
        'month twice',
        { ...good, seasons: [summer(1), { ...OTHER, months: [...OTHER.months, 6] }] },
        'seasons.1.months.9: month 6 is already in season 1 (Summer)',
      ],
      [
        'month missing',
        { ...good, seasons: [summer(1), { ...OTHER, months: [1, 2, 3, 4, 5, 9, 10] }] },
        'seasons: months 11, 12 in no season',
      ],
      [
        'month 13',
        { ...good, seasons: [summer(1), { ...OTHER, months: [...OTHER.months, 13] }] },
        'seasons.1.months.9: must be a month 1 (January) to 12',
      ],
      ['no seasons', { ...good, seasons: [] }, 'seasons: at least one season is required'],
      ['demand', { ...good, demandPricePerKwMonth: -1 }, 'demandPricePerKwMonth: must not be negative'],
      ['date', { ...good, effectiveFrom: '2026-02-30' }, 'effectiveFrom: is not a day of the calendar'],
    ];
    for (const [what, body, message] of cases) {
      const res = await alice.post(c.priceSave.path, body);
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe(ErrorCode.VALIDATION);
      expect(res.body.msg, what).toContain(message);
    }
    const accounts = (await alice.call(c.accountList, {})).body.data;
    expect(accounts.find((x) => x.id === accountId)!.prices.map((p) => p.effectiveFrom)).toEqual(['2026-01-01', '2026-06-16']);
  });

  it('answers the price in force by date, season and band, and the versions over a range', async () => {
    const price = async (time: string) => (await alice.call(c.eprice, { circuitId: feeder.id, time: at(time) })).body.data;
    expect(await price('2026-05-31T19:00:00')).toMatchObject({
      season: 'Other months',
      kind: 'sharp',
      price: 1.25,
      effectiveFrom: '2026-01-01',
      start: '18:00',
      end: '20:00',
    });
    expect(await price('2026-06-15T12:00:00')).toMatchObject({
      season: 'Summer',
      kind: 'peak',
      price: 1.05,
      effectiveFrom: '2026-01-01',
      demandPricePerKwMonth: 40.5,
    });
    expect(await price('2026-06-16T00:00:00')).toMatchObject({
      season: 'Summer',
      kind: 'deepValley',
      price: 0.2,
      effectiveFrom: '2026-06-16',
    });
    expect(await price('2026-06-16T12:00:00')).toMatchObject({ kind: 'peak', price: 1.12, demandPricePerKwMonth: 42 });
    // the GET form with the query string, as the spec's /api/circuit/electricityAccount/eprice
    const get = await alice.call(c.epriceGet, { circuitId: feeder.id, time: '2026-06-20T18:30:00+08:00' });
    expect(get.body.data).toMatchObject({ kind: 'sharp', price: 1.35 });

    const versions = async (from: string, to: string) =>
      (await alice.call(c.eprices, { circuitId: feeder.id, from: at(from), to: at(to) })).body.data.prices.map((p) => p.effectiveFrom);
    expect(await versions('2026-06-20T00:00:00', '2026-06-25T00:00:00')).toEqual(['2026-06-16']);
    expect(await versions('2026-06-01T00:00:00', '2026-07-01T00:00:00')).toEqual(['2026-01-01', '2026-06-16']);
    expect(await versions('2026-02-01T00:00:00', '2026-06-16T00:00:00')).toEqual(['2026-01-01']);
    const all = (await alice.call(c.circuitEprices, { circuitId: feeder.id })).body.data;
    expect(all.account).toMatchObject({ id: accountId, code: 'T-ACC-1', currency: 'CNY' });
    expect(all.prices[1]!.seasons[0]!.bands[3]).toEqual({ start: '10:00', end: '17:00', kind: 'peak', price: 1.12 });

    const config = (await alice.call(c.peakValleyConfig, { circuitId: feeder.id, date: '2026-05-31' })).body.data;
    expect(config).toMatchObject({ season: 'Other months', effectiveFrom: '2026-01-01', demandPricePerKwMonth: 40.5 });
    expect(config.bands).toEqual(OTHER.bands);
  });

  it('keeps the circuit tree, inherits the account and checks every reference', async () => {
    expect(feeder).toMatchObject({
      accountId,
      accountName: 'Suzhou utility contract',
      ownAccount: false,
      parentName: 'Busbar I',
      ouName: 'Suzhou Plant Site',
    });
    expect(feeder.meters.map((m) => [m.code, m.sign])).toEqual([
      ['T-CM-A', 1],
      ['T-CM-B', 1],
      ['T-CM-C', -1],
    ]);
    const tree = (await alice.call(c.circuitTree, {})).body.data;
    const mine = tree.find((n) => n.code === 'T-IN-1')!;
    expect(mine.children.map((n) => [n.code, n.children.map((x) => [x.code, x.type, x.bindDevice])])).toEqual([
      ['T-BB-1', [['T-FD-1', 'feeder', true]]],
    ]);
    const withMeters = (await alice.call(c.circuitTreeGet, { bindDevice: true })).body.data.find((n) => n.code === 'T-IN-1')!;
    expect(withMeters.children[0]!.children.map((x) => x.code)).toEqual(['T-FD-1']);
    const byCabinet = (await alice.call(c.circuitTree2, {})).body.data.find((n) => n.nodeType === 'cabinet' && n.code === 'T-CAB-1')!;
    expect(byCabinet.children.map((n) => [n.code, n.children.map((x) => x.code)])).toEqual([['T-IN-1', ['T-BB-1']]]);
    const sub = (await alice.call(c.circuitTree3Get, { circuitId: busbar.id })).body.data;
    expect(sub.map((n) => [n.code, n.children.map((x) => x.code)])).toEqual([['T-BB-1', ['T-FD-1']]]);
    const byOu = (await alice.call(c.circuitTree4, {})).body.data;
    expect(byOu.find((n) => n.nodeType === 'ou' && n.id === ouId['SZ-01'])!.children.some((n) => n.code === 'T-IN-1')).toBe(true);

    const page = (await alice.call(c.circuitPage, { pageSize: 10, pageOffset: 1, codeOrName: 'T-', distributionCabinetId: cabinetId })).body
      .data;
    expect(page.list.map((r) => r.code)).toEqual(['T-BB-1', 'T-IN-1']);
    expect(page.totalCount).toBe(2);
    const pageGet = (await alice.call(c.circuitPageGet, { page: 1, size: 10, codeOrName: 'T-', type: 'feeder' })).body.data;
    expect(pageGet.list.map((r) => r.code)).toEqual(['T-FD-1']);
    expect((await alice.call(c.circuitDetailGet, { id: feeder.id })).body.data.code).toBe('T-FD-1');
    const devices = (await alice.call(c.deviceListByCircuitId, { circuitId: feeder.id })).body.data;
    expect(devices.map((d) => d.deviceId)).toEqual([meters.A, meters.B, meters.C]);
    expect((await alice.call(c.circuitDevicesGet, { circuitId: feeder.id })).body.data).toEqual(devices);

    const base = {
      code: 'T-FD-1',
      name: 'Workshop feeder',
      type: 'feeder' as const,
      ouId: ouId['SZ-01']!,
      parentId: busbar.id,
      meters: [],
    };
    const refused: [string, object, string][] = [
      [
        'cycle',
        { ...base, code: 'T-BB-1', name: 'Busbar I', type: 'busbar', id: busbar.id, parentId: feeder.id },
        'body.parentId: is the circuit itself or one of its descendants',
      ],
      ['no parent', { ...base, id: feeder.id, parentId: null }, 'body.parentId: a feeder needs a parent circuit'],
      [
        'not a meter',
        { ...base, id: feeder.id, meters: [{ deviceId: meters.X, sign: 1 }] },
        'body.meters.0.deviceId: is not an energy meter',
      ],
      [
        'twice',
        {
          ...base,
          id: feeder.id,
          meters: [
            { deviceId: meters.A, sign: 1 },
            { deviceId: meters.A, sign: -1 },
          ],
        },
        'body.meters.1.deviceId: is bound twice',
      ],
      ['other OU', { ...base, id: feeder.id, ouId: ouId['WX-01'] }, 'body.parentId: is a circuit of another operating unit'],
      ['sign', { ...base, id: feeder.id, meters: [{ deviceId: meters.A, sign: 2 }] }, 'meters.0.sign'],
      ['code taken', { ...base, id: feeder.id, code: 'T-IN-1' }, 'The circuit code T-IN-1 is already used'],
    ];
    for (const [what, body, message] of refused) {
      const res = await alice.post(c.circuitUpdate.path, body);
      expect(res.status, what).toBe(400);
      expect(res.body.msg, what).toContain(message);
    }
    expect((await alice.call(c.circuitDetail, { id: feeder.id })).body.data).toEqual(feeder);
    const parentDelete = await alice.call(c.circuitDelete, { id: busbar.id });
    expect(parentDelete.body.code).toBe(ErrorCode.CONFLICT);
  });

  it('prices a day across a season boundary with five bands, to the Wh and the ten-thousandth', async () => {
    const list = (
      await alice.call(c.costListCall, {
        circuitId: feeder.id,
        from: at('2026-05-31T00:00:00'),
        to: at('2026-06-02T00:00:00'),
        timeResolution: 'day',
      })
    ).body.data;
    // net per quarter hour: A 1000 + B 237 - C 100 = 1137 Wh
    // 31 May, other months: deep valley 24 q = 27288 Wh x 0.25 = 6.8220; valley 8 q = 9096 x 0.30 = 2.7288;
    // flat 12 + 16 q = 31836 x 0.6475 = 20.613810 -> 20.6138; peak 28 q = 31836 x 1.0815 = 34.430634 -> 34.4306;
    // sharp 8 q = 9096 x 1.25 = 11.3700. Day: 109152 Wh, 75.9652
    expect(list.periods[0]).toEqual({
      ts: at('2026-05-31T00:00:00'),
      label: '2026-05-31',
      wh: 109152,
      cost: 75.9652,
      unpricedWh: 0,
      bands: bands({
        sharp: [9096, 11.37],
        peak: [31836, 34.4306],
        flat: [31836, 20.6138],
        valley: [9096, 2.7288],
        deepValley: [27288, 6.822],
      }),
    });
    // 1 June, summer: deep valley 27288 x 0.20 = 5.4576; valley 9096 x 0.35 = 3.1836; flat 8 + 12 q = 22740 x 0.65
    // = 14.7810; peak 28 + 8 q = 40932 x 1.05 = 42.9786; sharp 8 q = 9096 x 1.35 = 12.2796. Day: 78.6804
    expect(list.periods[1]).toEqual({
      ts: at('2026-06-01T00:00:00'),
      label: '2026-06-01',
      wh: 109152,
      cost: 78.6804,
      unpricedWh: 0,
      bands: bands({
        sharp: [9096, 12.2796],
        peak: [40932, 42.9786],
        flat: [22740, 14.781],
        valley: [9096, 3.1836],
        deepValley: [27288, 5.4576],
      }),
    });
    expect(list.total).toMatchObject({ wh: 218304, cost: 154.6456 });
  });

  it('prices a month with a price change, a replaced meter and its demand charge', async () => {
    const range = { circuitId: feeder.id, from: at('2026-06-01T00:00:00'), to: at('2026-07-01T00:00:00') };
    const days = (await alice.call(c.peakValleyDetail, { ...range, timeResolution: 'day' })).body.data.periods;
    expect(days).toHaveLength(30);
    const day = (d: string) => days.find((p) => p.label === d)!;
    // 15 June at the old prices, 16 June at the new: peak 40932 Wh x 1.12 = 45.843840 -> 45.8438; day 81.5456
    expect(day('2026-06-15')).toMatchObject({ wh: 109152, cost: 78.6804 });
    expect(day('2026-06-16').bands.peak).toEqual({ wh: 40932, cost: 45.8438 });
    expect(day('2026-06-16')).toMatchObject({ wh: 109152, cost: 81.5456 });
    // 10 June 12:00 (peak): the new meter's 400 Wh instead of 1000: peak 40932 - 600 = 40332 Wh x 1.05 = 42.3486
    expect(day('2026-06-10').bands.peak).toEqual({ wh: 40332, cost: 42.3486 });
    expect(day('2026-06-10')).toMatchObject({ wh: 108552, cost: 78.0504 });
    // 20 June 18:00 (sharp): 3000 Wh on A, 3137 net: sharp 9096 + 2000 = 11096 Wh x 1.35 = 14.9796; day 84.2456
    expect(day('2026-06-20').bands.sharp).toEqual({ wh: 11096, cost: 14.9796 });
    expect(day('2026-06-20')).toMatchObject({ wh: 111152, cost: 84.2456 });
    // no quarter hour is negative or giant across the replacement
    const quarters = (
      await alice.call(c.costListCall, {
        circuitId: feeder.id,
        from: at('2026-06-10T11:00:00'),
        to: at('2026-06-10T13:00:00'),
        timeResolution: '15m',
      })
    ).body.data.periods;
    expect(quarters.map((p) => p.wh)).toEqual([1137, 1137, 1137, 1137, 537, 1137, 1137, 1137]);
    expect(quarters[4]).toMatchObject({ label: '2026-06-10 12:00', cost: 0.5639 }); // 537 x 1.05 = 0.56385 -> 0.5639

    const month = (await alice.call(c.costSumCall, range)).body.data;
    // energy: 30 x 109152 - 600 (replacement) + 2000 (spike) = 3275960 Wh
    // cost: 14 x 78.6804 + 78.0504 (1-15 June) + 14 x 81.5456 + 84.2456 (16-30 June) = 2405.4600
    // demand: the largest quarter is 20 June 18:00, 3137 Wh = 12548 W, at that day's 42.00 per kW: 527.0160
    expect(month).toMatchObject({
      wh: 3275960,
      cost: 2405.46,
      demandCharge: 527.016,
      total: 2932.476,
      currency: 'CNY',
      timeZone: 'Asia/Shanghai',
      unpricedWh: 0,
    });
    expect(month.bands).toEqual(
      bands({
        deepValley: [818640, 163.728], // 30 x 27288 Wh x 0.20
        valley: [272880, 95.508], // 30 x 9096 x 0.35
        flat: [682200, 443.43], // 30 x 22740 x 0.65
        // 15 x 40932 - 600 at 1.05 = 613380 -> 644.0490; 15 x 40932 at 1.12 = 613980 -> 687.6576 (day by day, same sums)
        peak: [1227360, 1331.706],
        sharp: [274880, 371.088], // 30 x 9096 + 2000; 15 x 9096 x 1.35 + (14 x 9096 + 11096) x 1.35
      }),
    );
    expect(month.months).toEqual([
      { month: '2026-06', maxDemandW: 12548, maxDemandAt: at('2026-06-20T18:00:00'), demandPricePerKwMonth: 42, demandCharge: 527.016 },
    ]);

    // by month from 31 May: May's one day with its own demand charge, 1137 Wh = 4548 W x 40.50 = 184.1940
    const months = (
      await alice.call(c.costListGet, {
        circuitId: feeder.id,
        from: '2026-05-31T00:00:00+08:00',
        to: '2026-07-01T00:00:00+08:00',
        timeResolution: 'month',
      })
    ).body.data;
    expect(months.periods.map((p) => [p.label, p.wh, p.cost])).toEqual([
      ['2026-05', 109152, 75.9652],
      ['2026-06', 3275960, 2405.46],
    ]);
    expect(months.months.map((m) => [m.month, m.maxDemandW, m.demandCharge])).toEqual([
      ['2026-05', 4548, 184.194],
      ['2026-06', 12548, 527.016],
    ]);
    expect(months.total).toMatchObject({ wh: 3385112, cost: 2481.4252, demandCharge: 711.21, total: 3192.6352 });
  });

  it('exports the cost per period as XLSX with a total row, in the asked language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${c.costExport.path}?circuitId=${feeder.id}&from=2026-05-31T00:00:00%2B08:00&to=2026-07-01T00:00:00%2B08:00&timeResolution=month&lang=zh-CN`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('电费');
    const rows = (ws.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1));
    expect(rows[0]!.slice(0, 5)).toEqual(['时段', '电量 (kWh)', '电费 (CNY)', '尖电量 (kWh)', '尖电费 (CNY)']);
    // the month figures above: June 3275.960 kWh, 2405.4600; its sharp 274.880 kWh, 371.0880
    expect(rows[2]!.slice(0, 5)).toEqual(['2026-06', 3275.96, 2405.46, 274.88, 371.088]);
    expect(rows[3]!.slice(0, 3)).toEqual(['合计', 3385.112, 2481.4252]);
    const circuits = await t.app.inject({
      method: 'GET',
      url: `${c.circuitExport.path}?codeOrName=T-&lang=en-US`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(circuits.statusCode).toBe(200);
    const cw = new ExcelJS.Workbook();
    await cw.xlsx.load(circuits.rawPayload as unknown as ArrayBuffer);
    const crow = (cw.worksheets[0]!.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1, 8));
    expect(crow).toEqual([
      ['Code', 'Name', 'Type', 'Parent circuit', 'Distribution cabinet', 'Electricity account', 'Meters'],
      ['T-BB-1', 'Busbar I', 'Busbar', 'Incoming line 1', 'Main switchgear', 'Suzhou utility contract', undefined],
      ['T-FD-1', 'Workshop feeder', 'Feeder', 'Busbar I', undefined, 'Suzhou utility contract', '+T-CM-A +T-CM-B -T-CM-C'],
      ['T-IN-1', 'Incoming line 1', 'Incoming line', undefined, 'Main switchgear', 'Suzhou utility contract', undefined],
    ]);
    const refused = await dave.call(
      'GET',
      `${c.costExport.path}?circuitId=${feeder.id}&from=2026-06-01T00:00:00%2B08:00&to=2026-06-02T00:00:00%2B08:00`,
    );
    expect(refused.status).toBe(404);
  });

  it('computes the line loss of a circuit against its three children, per day and month', async () => {
    const make = async (body: Parameters<typeof alice.call<typeof c.circuitCreate>>[1]) =>
      (await alice.call(c.circuitCreate, body)).body.data;
    const sz = ouId['SZ-01']!;
    const parent = await make({
      code: 'T-LL-P',
      name: 'Loss parent',
      type: 'feeder',
      ouId: sz,
      parentId: busbar.id,
      meters: [{ deviceId: meters.A, sign: 1 }],
    });
    await make({
      code: 'T-LL-1',
      name: 'Loss child 1',
      type: 'branch',
      ouId: sz,
      parentId: parent.id,
      meters: [{ deviceId: meters.B, sign: 1 }],
    });
    await make({
      code: 'T-LL-2',
      name: 'Loss child 2',
      type: 'branch',
      ouId: sz,
      parentId: parent.id,
      meters: [{ deviceId: meters.C, sign: 1 }],
    });
    await make({
      code: 'T-LL-3',
      name: 'Loss child 3',
      type: 'branch',
      ouId: sz,
      parentId: parent.id,
      meters: [
        { deviceId: meters.B, sign: 1 },
        { deviceId: meters.C, sign: -1 },
      ],
    });
    const range = { circuitId: parent.id, from: at('2026-06-01T00:00:00'), to: at('2026-07-01T00:00:00') };
    const days = (await alice.call(lineLoss.lineLossData, { ...range, timeLevel: 'day' })).body.data;
    expect(days.children.map((x) => x.code)).toEqual(['T-LL-1', 'T-LL-2', 'T-LL-3']);
    // a quarter hour: input A 1000 Wh, outputs 237 + 100 + (237 - 100) = 474 Wh
    // 1 June: 96 x 1000 = 96000 in, 96 x 474 = 45504 out, 50496 lost, 50496 / 96000 = 0.526
    expect(days.periods[0]).toMatchObject({ label: '2026-06-01', inputWh: 96000, outputWh: 45504, lossWh: 50496, rate: 0.526 });
    // 10 June, the replaced meter's 400 Wh: 95400 in, 49896 lost, 49896 / 95400 = 0.5230188... -> 0.523019
    expect(days.periods.find((p) => p.label === '2026-06-10')).toMatchObject({
      label: '2026-06-10',
      inputWh: 95400,
      outputWh: 45504,
      lossWh: 49896,
      rate: 0.523019,
    });
    // June: 30 x 96000 - 600 + 2000 = 2881400 in, 30 x 45504 = 1365120 out, 1516280 lost, rate 0.526230...
    const month = (await alice.call(lineLoss.lineLossData, { ...range, timeLevel: 'month' })).body.data;
    expect(month.periods).toEqual([
      { label: '2026-06', ts: at('2026-06-01T00:00:00'), inputWh: 2881400, outputWh: 1365120, lossWh: 1516280, rate: 0.52623 },
    ]);
    expect(month.total).toEqual({ inputWh: 2881400, outputWh: 1365120, lossWh: 1516280, rate: 0.52623 });
    expect((await dave.call(lineLoss.lineLossData, { ...range, timeLevel: 'day' })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses bad ranges and shows another tenant nothing, also by id', async () => {
    const backwards = await alice.call(c.costSumCall, {
      circuitId: feeder.id,
      from: at('2026-06-02T00:00:00'),
      to: at('2026-06-01T00:00:00'),
    });
    expect(backwards.body.msg).toContain('body.to: must be after from');
    expect((await dave.call(c.circuitList, {})).body.data).toEqual([]);
    expect((await dave.call(c.circuitTree, {})).body.data).toEqual([]);
    expect((await dave.call(c.circuitTree2, {})).body.data).toEqual([]);
    expect((await dave.call(c.accountList, {})).body.data).toEqual([]);
    expect((await dave.call(c.cabinetList, {})).body.data).toEqual([]);
    for (const res of [
      await dave.call(c.circuitDetail, { id: feeder.id }),
      await dave.call(c.circuitDetailGet, { id: feeder.id }),
      await dave.call(c.deviceListByCircuitId, { circuitId: feeder.id }),
      await dave.call(c.costSumCall, { circuitId: feeder.id, from: at('2026-06-01T00:00:00'), to: at('2026-06-02T00:00:00') }),
      await dave.call(c.eprices, { circuitId: feeder.id }),
      await dave.call(c.epricesNoOu, { circuitId: feeder.id }),
      await dave.call(c.eprice, { circuitId: feeder.id, time: at('2026-06-01T00:00:00') }),
      await dave.call(c.circuitTree3, { circuitId: feeder.id }),
    ])
      expect(res.body.code).toBe(ErrorCode.NOT_FOUND);
    const steal = await dave.call(c.priceSave, { accountId, effectiveFrom: '2026-07-01', seasons: [summer(9), OTHER] as never });
    expect(steal.body.code).toBe(ErrorCode.NOT_FOUND);
    const move = await dave.call(c.circuitUpdate, {
      id: feeder.id,
      code: 'X',
      name: 'X',
      type: 'feeder',
      ouId: ouId['SH-01']!,
      parentId: busbar.id,
      meters: [],
    });
    expect(move.body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await alice.call(c.circuitDetail, { id: feeder.id })).body.data.name).toBe('Workshop feeder');
  });

  it('demo network: two incoming lines, busbars, 24 feeders and branches, a 2-5 % loss, a replaced meter, a priced account', async () => {
    // 13 days to a fixed instant, so the replacement (12 days before, at 10:00 local) is in the history
    const now = at('2026-03-20T09:07:00');
    const started = await startDemoCircuits({
      db: t.database.system,
      ingest: t.ingest,
      log: t.app.log,
      days: 13,
      now,
      live: false,
      sites: [SUNRISE_SITE],
    });
    expect(started.written).toBeGreaterThan(0);
    // one reading per meter and quarter hour: 13 days and the quarter hour now is in
    const [stored] = await rowsOf<{ n: number }>(
      t.database.system,
      sql`select count(*)::int as n from telemetry_raw r join device d on d.id = r.device_id where d.code like 'SZ-01-CM-%'`,
    );
    expect(Number(stored!.n)).toBe(30 * (13 * 96 + 1)); // 30 meters: 26 bound, 4 for feeders' other loads
    const rows = (await alice.call(c.circuitList, { codeOrName: 'SZ-01-' })).body.data;
    expect(rows.map((r) => r.type).sort()).toEqual(
      [...Array(8).fill('branch'), ...Array(2).fill('busbar'), ...Array(16).fill('feeder'), ...Array(2).fill('incoming')].sort(),
    );
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const account = (await alice.call(c.accountList, {})).body.data.find((a) => a.code === 'SZ-01-ACC-01')!;
    expect(account.prices[0]!.seasons.map((x) => x.name)).toEqual(['Summer', 'Rest of the year']);
    expect(new Set(account.prices[0]!.seasons.flatMap((x) => x.bands.map((b) => b.kind)))).toEqual(new Set(c.TOU_BAND_KINDS));
    expect(account.prices[0]!.demandPricePerKwMonth).toBe(40);

    const day = { from: at('2026-03-10T00:00:00'), to: at('2026-03-11T00:00:00') };
    const energyOf = async (code: string) => (await alice.call(c.costSumCall, { circuitId: byCode.get(code)!.id, ...day })).body.data;
    for (const line of [1, 2]) {
      const incoming = await energyOf(`SZ-01-IN-${line}`);
      expect(incoming.currency).toBe('CNY');
      expect(incoming.cost).toBeGreaterThan(0);
      let feeders = 0;
      for (let n = (line - 1) * 8 + 1; n <= line * 8; n++) feeders += (await energyOf(`SZ-01-FD-${String(n).padStart(2, '0')}`)).wh;
      const loss = (incoming.wh - feeders) / incoming.wh;
      expect(loss).toBeGreaterThan(0.02);
      expect(loss).toBeLessThan(0.05);
    }
    // the replaced meter (8 March 10:00 local): its circuit's day is the plan's energy, no negative or giant step
    expect(byCode.get('SZ-01-FD-06')!.meters[0]!.code).toBe(REPLACED_METER);
    const { meters } = demoNetwork();
    const replacedDay = { from: at('2026-03-08T00:00:00'), to: at('2026-03-09T00:00:00') };
    let planned = 0;
    for (let ts = replacedDay.from; ts < replacedDay.to; ts += Q) planned += quarterEnergy(meters, ts - Q).get(REPLACED_METER)!;
    const replaced = (await alice.call(c.costListCall, { circuitId: byCode.get('SZ-01-FD-06')!.id, ...replacedDay, timeResolution: '15m' }))
      .body.data;
    expect(replaced.total.wh).toBe(planned);
    expect(Math.min(...replaced.periods.map((x) => x.wh))).toBeGreaterThan(0);
  });
});
