import { bsa, bsaForecast, device, ErrorCode, strategy } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

/**
 * Issue 22's storage calls (docs/bsa.md, "Forecasts and station money (issue 22)") on a station built here
 * (SZ-01-BSA-22, its own PCS, grid meter and FCS) with histories written through the ingest whose forecasts,
 * revenue and charging money are worked out by hand below.
 */

const BANDS = [
  { start: '00:00', end: '08:00', kind: 'valley' as const, price: 0.3 },
  { start: '08:00', end: '10:00', kind: 'flat' as const, price: 0.65 },
  { start: '10:00', end: '15:00', kind: 'peak' as const, price: 1.05 },
  { start: '15:00', end: '18:00', kind: 'flat' as const, price: 0.65 },
  { start: '18:00', end: '19:00', kind: 'peak' as const, price: 1.05 },
  { start: '19:00', end: '21:00', kind: 'sharp' as const, price: 1.25 },
  { start: '21:00', end: '24:00', kind: 'flat' as const, price: 0.65 },
];
const MIN = 60_000;
const DAY = 86_400_000;
/** Local wall-clock (Asia/Shanghai, UTC+8, no DST) to epoch ms. */
const sh = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`);
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** Day of the week, 0 Sunday .. 6 Saturday. */
const dow = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Period A: a load rising 1 kW a day (100 kW on the first day), the 28 days before 2026-03-29. */
const TREND_DAY = '2026-03-29';
/** Period B: a weekly load, 100 + 10 x day of the week kW, the 28 days before Monday 2026-06-15. */
const WEEKLY_DAY = '2026-06-15';

describe.each(DB_KINDS)('storage forecasts, money, alarms and attention on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let bsaId: number;
  const dev: Record<string, number> = {};
  const message = (res: { body: { msg?: string } }) => res.body.msg;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ids = await demoIds(t);
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
    const types = await rowsOf<{ id: number; key: string }>(
      t.database.system,
      sql`select id, key from device_type where tenant_id = (select tenant_id from ou where code = 'SZ-01')`,
    );
    for (const [code, type] of [
      ['SZ-01-PCS-22', 'bsa-pcs'],
      ['SZ-01-GM-22', 'grid-meter'],
      ['SZ-01-FCS-22', 'bsa-fcs'],
    ] as const) {
      const res = await alice.call(device.deviceCreate, {
        code,
        name: code,
        deviceTypeId: types.find((x) => x.key === type)!.id,
        ouId: ids.ouId['SZ-01']!,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      dev[code] = res.body.data.id;
    }
    const res = await alice.call(bsa.bsaInsert, {
      basic: {
        code: 'SZ-01-BSA-22',
        name: 'Storage 22',
        ouId: ids.ouId['SZ-01']!,
        ratedPowerKw: 250,
        capacityKwh: 500,
        strategyVersion: 2,
      },
      pcs: [{ deviceId: dev['SZ-01-PCS-22']! }],
      stack: { code: 'ST-01', name: 'Stack 1', pcsDeviceId: dev['SZ-01-PCS-22']! },
      meters: [{ deviceId: dev['SZ-01-GM-22']!, role: 'grid' }],
      fcs: { deviceId: dev['SZ-01-FCS-22']! },
      costInfo: { currency: 'CNY', bands: BANDS, demandPricePerKwMonth: null, effectiveFrom: '2026-01-01' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    bsaId = res.body.data.id;

    // one grid meter reading a minute into each 15-minute step: the step's mean is that reading
    const gm = dev['SZ-01-GM-22']!;
    const pcs = dev['SZ-01-PCS-22']!;
    const readings: { deviceId: number; ts: Date; values: Record<string, number> }[] = [];
    for (let i = 0; i < 28; i++) {
      const a = addDays(TREND_DAY, i - 28);
      const b = addDays(WEEKLY_DAY, i - 28);
      for (let s = 0; s < 96; s++) {
        readings.push({ deviceId: gm, ts: new Date(sh(a, '00:01') + s * 15 * MIN), values: { p: 100 + i } });
        // at 12:00 the PCS discharges 50 kW and the meter reads 50 kW less: the load before the battery is the same
        const noon = s === 48;
        readings.push({ deviceId: gm, ts: new Date(sh(b, '00:01') + s * 15 * MIN), values: { p: 100 + 10 * dow(b) - (noon ? 50 : 0) } });
        if (noon) readings.push({ deviceId: pcs, ts: new Date(sh(b, '12:01')), values: { p: 50 } });
      }
    }
    // charging counters (kWh) on 1 and 2 July: charge in the valley, discharge across peak and sharp, a counter reset
    const r = (day: string, hhmm: string, values: Record<string, number>) => ({ deviceId: pcs, ts: new Date(sh(day, hhmm)), values });
    readings.push(
      r('2026-07-01', '01:00', { e_chg: 1000, e_dis: 500 }),
      r('2026-07-01', '01:05', { e_chg: 1010 }),
      r('2026-07-01', '01:20', { e_chg: 1012.345 }),
      r('2026-07-01', '18:00', { e_dis: 500 }),
      r('2026-07-01', '18:10', { e_dis: 505.5 }),
      r('2026-07-01', '19:00', { e_dis: 505.5 }),
      r('2026-07-01', '19:10', { e_dis: 507.25 }),
      r('2026-07-02', '02:00', { e_chg: 1012.345 }),
      r('2026-07-02', '02:05', { e_chg: 1015.345 }),
      r('2026-07-02', '02:20', { e_chg: 0.5 }),
      r('2026-07-02', '02:25', { e_chg: 2.5 }),
    );
    const written = await t.ingest.writeReadings(readings);
    expect(written.rejected).toBe(0);
  }, 120_000);
  afterAll(() => t?.close());

  it('forecasts a rising load from yesterday and a weekly one from the same weekday, each step by hand', async () => {
    // A: yesterday is 1 kW below the day (error 1), the 3-day mean 2 below, the same weekday 7 x k below:
    // the measured best is yesterday alone, weight 1: 100 + 27 = 127 kW at every step
    let res = await alice.call(bsaForecast.predictPower, { bsaId, date: TREND_DAY });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    let p = res.body.data;
    expect(p).toMatchObject({ bsaId, date: TREND_DAY, timeZone: 'Asia/Shanghai', stepMinutes: 15 });
    expect(p.method).toEqual({
      weightRecent: 1,
      recentDays: 1,
      weekdayWeeks: 4,
      validationDays: 7,
      validationMaeKw: 1,
      naiveMaeKw: 1,
      historyDays: 28,
    });
    expect(p.steps).toHaveLength(96);
    expect(p.steps[0]).toEqual({ ts: sh(TREND_DAY, '00:00'), time: '00:00', loadKw: 127, pvKw: null });
    expect(p.steps.every((s) => s.loadKw === 127)).toBe(true);

    // B: the same weekday is exact (error 0) and yesterday is 10 or 60 kW off: weight 0, Monday = 100 + 10 = 110 kW;
    // at 12:00 the grid meter read 50 kW less while the PCS gave 50 kW: still 110
    res = await alice.call(bsaForecast.predictPower, { bsaId, date: WEEKLY_DAY });
    p = res.body.data;
    expect(p.method).toMatchObject({ weightRecent: 0, recentDays: 1, validationMaeKw: 0, historyDays: 28 });
    // naive over the 7 days: 6 days 10 kW off and Sunday after Saturday 60 kW off: (6 x 10 + 60) / 7
    expect(p.method.naiveMaeKw).toBe(Math.round(((6 * 10 + 60) / 7) * 1000) / 1000);
    expect(p.steps.map((s) => s.loadKw)).toEqual(Array(96).fill(110));

    // energy per step: 110 kW x 0.25 h = 27,500 Wh; the day 96 x 27,500 = 2,640,000 Wh
    const e = (await alice.call(bsaForecast.predictElectric, { bsaId, date: WEEKLY_DAY })).body.data;
    expect(e.steps[48]).toEqual({ ts: sh(WEEKLY_DAY, '12:00'), time: '12:00', loadWh: 27_500, pvWh: null });
    expect(e.totals).toEqual({ loadWh: 2_640_000, pvWh: 0 });

    // a day without history forecasts nothing; tomorrow is the default
    const empty = (await alice.call(bsaForecast.predictPower, { bsaId })).body.data;
    expect(empty.steps.every((s) => s.loadKw === null)).toBe(true);
    expect(empty.method.historyDays).toBe(0);
  });

  it("answers the revenue of the station's strategy on the forecast, to the cent", async () => {
    // no strategy yet: refused, naming why
    let res = await alice.call(bsaForecast.predictRevenue, { bsaId, date: WEEKLY_DAY });
    expect(res.body.code).toBe(ErrorCode.CONFLICT);
    expect(message(res)).toBe('SZ-01-BSA-22 runs no strategy and has no enabled one in the library: its revenue cannot be forecast');

    // CB: charge 100 kW 00-02, standby, discharge 50 kW 18-24 (immediate, no emptying)
    const form = strategy.newStrategyForm(2, 'strategy');
    form.name = 'Valley-peak';
    form.bsaId = bsaId;
    form.dod = [10, 90];
    form.sections = [
      strategy.sampleSection(strategy.SectionType.CHARGE, [0, 2], { pcsPower: 100, chargingLoadProtect: false }),
      strategy.sampleSection(strategy.SectionType.STANDBY, [2, 18]),
      strategy.sampleSection(strategy.SectionType.DISCHARGE, [18, 24], {
        pcsPower: 50,
        dischargeStrategy: strategy.DischargeStrategy.IMMEDIATELY,
        stopDischargeLoad: 20,
        recoverDischargeLoad: 30,
        emptyStrategy: strategy.EmptyStrategy.NONE,
      }),
    ];
    expect(strategy.validateStrategyForm(form)).toEqual([]);
    const created = await alice.post('/api/v2/energy-storage-strategy/insert', strategy.formToWire(form));
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    res = await alice.call(bsaForecast.predictRevenue, { bsaId, date: WEEKLY_DAY });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r.strategy).toEqual({ id: created.body.data.id, name: 'Valley-peak', source: 'library' });
    expect(r).toMatchObject({ currency: 'CNY', initialSocPct: 50, stepMinutes: 15 });
    expect(r.steps).toHaveLength(96);
    // 00:00-02:00: 8 steps of 100 kW x 0.25 h = 25,000 Wh charged; SOC + 25 x 0.95 / 500 = 4.75 % a step: 50 → 88 %
    expect(r.steps[0]).toMatchObject({
      time: '00:00',
      kind: 'valley',
      price: 0.3,
      loadKw: 110,
      batteryKw: -100,
      chargeWh: 25_000,
      gridAfterKw: 210,
    });
    expect(r.steps[7]).toMatchObject({ time: '01:45', socPct: 88 });
    expect(r.steps[8]).toMatchObject({ time: '02:00', batteryKw: 0, chargeWh: 0, dischargeWh: 0 });
    // 18:00-24:00: 24 steps of 50 kW = 12,500 Wh under the 110 kW load (no export); SOC - 12.5 / 0.95 / 500 a step,
    // 88 - 24 x 2.6316 = 24.84 %, above the 10 % floor
    expect(r.steps[72]).toMatchObject({ time: '18:00', kind: 'peak', batteryKw: 50, dischargeWh: 12_500, gridAfterKw: 60 });
    expect(r.steps[76]).toMatchObject({ time: '19:00', kind: 'sharp', price: 1.25, dischargeWh: 12_500 });
    expect(r.steps[95]).toMatchObject({ time: '23:45', kind: 'flat', dischargeWh: 12_500, socPct: 24.84 });
    expect(r.chargeWh).toBe(200_000);
    expect(r.dischargeWh).toBe(300_000);
    // cost 200 kWh x 0.30 = 60.00; revenue 50 kWh x 1.05 + 100 kWh x 1.25 + 150 kWh x 0.65 = 52.50 + 125.00 + 97.50 = 275.00
    expect(r.chargeCost10k).toBe(600_000);
    expect(r.dischargeRevenue10k).toBe(2_750_000);
    expect(r.revenue10k).toBe(2_150_000);
    // the same strategy named by id: the same figures
    const chosen = (await alice.call(bsaForecast.predictRevenue, { bsaId, date: WEEKLY_DAY, strategyId: created.body.data.id })).body.data;
    expect(chosen.strategy.source).toBe('chosen');
    expect([chosen.chargeCost10k, chosen.dischargeRevenue10k, chosen.revenue10k]).toEqual([600_000, 2_750_000, 2_150_000]);
    // a strategy of another station is refused by id
    const other = await alice.call(bsaForecast.predictRevenue, { bsaId, date: WEEKLY_DAY, strategyId: 999_999 });
    expect(message(other)).toBe('body.strategyId: is not a strategy of SZ-01-BSA-22');
  });

  it('answers the charging data per day and month to the Wh and the cent, across bands and a counter reset', async () => {
    const res = await alice.call(bsaForecast.getChargingData, { bsaId, timeResolution: 'day', from: '2026-07-01', to: '2026-07-03' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ bsaId, timeZone: 'Asia/Shanghai', currency: 'CNY', timeResolution: 'day' });
    // 1 July: charge 10 + 2.345 kWh in the valley: 12.345 x 0.30 = 3.7035 → 3.70;
    // discharge 5.5 kWh at peak 1.05 (5.775) + 1.75 kWh at sharp 1.25 (2.1875) = 7.9625 → 7.96; net 4.26
    // 2 July: 3 kWh, then the counter restarts at 0.5 and reaches 2.5: 0.5 + 2 kWh, in all 5.5 x 0.30 = 1.65
    expect(d.rows).toEqual([
      { period: '2026-07-01', chargeWh: 12_345, dischargeWh: 7_250, chargeCost10k: 37_000, dischargeRevenue10k: 79_600, net10k: 42_600 },
      { period: '2026-07-02', chargeWh: 5_500, dischargeWh: 0, chargeCost10k: 16_500, dischargeRevenue10k: 0, net10k: -16_500 },
      { period: '2026-07-03', chargeWh: 0, dischargeWh: 0, chargeCost10k: 0, dischargeRevenue10k: 0, net10k: 0 },
    ]);
    expect(d.totals).toEqual({ chargeWh: 17_845, dischargeWh: 7_250, chargeCost10k: 53_500, dischargeRevenue10k: 79_600, net10k: 26_100 });
    const m = (await alice.call(bsaForecast.getChargingData, { bsaId, timeResolution: 'month', from: '2026-06-01', to: '2026-07-31' })).body
      .data;
    expect(m.rows).toEqual([
      { period: '2026-06', chargeWh: 0, dischargeWh: 0, chargeCost10k: 0, dischargeRevenue10k: 0, net10k: 0 },
      { period: '2026-07', chargeWh: 17_845, dischargeWh: 7_250, chargeCost10k: 53_500, dischargeRevenue10k: 79_600, net10k: 26_100 },
    ]);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v2/bsa/charging/downloadExcel?bsaId=${bsaId}&timeResolution=day&from=2026-07-01&to=2026-07-02&format=csv&lang=en-US`,
      headers: { cookie: alice.cookie, jwtToken: alice.token },
    });
    expect(file.statusCode, file.body).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Period,Charged (kWh),Discharged (kWh),Charge cost,Discharge revenue,Net income');
    expect(lines[1]).toBe('2026-07-01,12.345,7.25,3.7,7.96,4.26');
    expect(lines).toHaveLength(3);
  });

  it('counts and lists the station alarms and keeps each staff its attention list', async () => {
    let count = (await alice.call(bsaForecast.alarmCount, { bsaId })).body.data;
    expect(count).toMatchObject({ total: 0, active: 0 });
    await t.services.alarm.raiseServerAlarm({
      tenantId: DEMO_TENANTS.sunrise,
      scene: 'DELIVERY_FAILED',
      targetId: bsaId,
      ouId: (await alice.call(bsa.bsaDetail, { id: bsaId })).body.data.ouId,
      name: 'Storage 22',
      content: 'The strategy could not be delivered',
      deviceId: dev['SZ-01-FCS-22']!,
      deviceCode: 'SZ-01-FCS-22',
    });
    count = (await alice.call(bsaForecast.alarmCount, { bsaId })).body.data;
    expect(count.total).toBe(1);
    expect(count.active).toBe(1);
    expect(count.levels.find((l) => l.level === 1)).toEqual({ level: 1, total: 1, active: 1 });
    const page = (await alice.call(bsaForecast.alarmData, { bsaId, pageSize: 10, pageOffset: 1 })).body.data;
    expect(page.totalCount).toBe(1);
    expect(page.list[0]).toMatchObject({ deviceId: dev['SZ-01-FCS-22'], sceneType: 'DELIVERY_FAILED', state: 0 });

    expect((await alice.call(bsaForecast.attention, { action: 'list' })).body.data).toEqual([]);
    await alice.call(bsaForecast.attention, { action: 'add', bsaId });
    const list = (await alice.call(bsaForecast.attention, { action: 'add', bsaId })).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ bsaId, code: 'SZ-01-BSA-22', activeAlarms: 1, highestLevel: 1 });
    // dave (another tenant) sees none of it and cannot add it
    expect((await dave.call(bsaForecast.attention, { action: 'list' })).body.data).toEqual([]);
    expect((await dave.call(bsaForecast.attention, { action: 'add', bsaId })).status).toBe(404);
    expect((await alice.call(bsaForecast.attention, { action: 'remove', bsaId })).body.data).toEqual([]);
    const bad = await alice.call(bsaForecast.attention, { action: 'add' });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('bsaId: is required to add or remove a station');
  });

  it('refuses bad input naming the field, another tenant by id and anonymous callers', async () => {
    expect(message(await alice.call(bsaForecast.predictPower, { bsaId, date: '2099-01-01' }))).toMatch(
      /^body\.date: must be at most tomorrow/,
    );
    expect((await alice.call(bsaForecast.predictPower, { bsaId, date: '2026-02-30' })).status).toBe(400);
    const range = { bsaId, timeResolution: 'day' as const };
    expect(message(await alice.call(bsaForecast.getChargingData, { ...range, from: '2026-07-02', to: '2026-07-01' }))).toBe(
      'to: must not be before from',
    );
    expect(message(await alice.call(bsaForecast.getChargingData, { ...range, from: '2026-01-01', to: '2026-06-01' }))).toBe(
      'to: at most 92 days from from',
    );
    expect(
      message(await alice.call(bsaForecast.getChargingData, { bsaId, timeResolution: 'month', from: '2025-01-01', to: '2026-06-01' })),
    ).toBe('to: at most 12 months from from');
    for (const res of [
      await dave.call(bsaForecast.predictPower, { bsaId, date: TREND_DAY }),
      await dave.call(bsaForecast.predictElectric, { bsaId, date: TREND_DAY }),
      await dave.call(bsaForecast.predictRevenue, { bsaId, date: WEEKLY_DAY }),
      await dave.call(bsaForecast.getChargingData, { ...range, from: '2026-07-01', to: '2026-07-01' }),
      await dave.call(bsaForecast.alarmCount, { bsaId }),
      await dave.call(bsaForecast.alarmData, { bsaId, pageSize: 10, pageOffset: 1 }),
    ])
      expect(res.status).toBe(404);
    // a demo station without history or strategy answers, without a server error
    const sz01 = (await alice.call(bsa.bsaListSimple, {})).body.data.find((s) => s.code === 'SZ-01-BSA-01')!.id;
    for (const res of [
      await alice.call(bsaForecast.predictPower, { bsaId: sz01 }),
      await alice.call(bsaForecast.predictElectric, { bsaId: sz01 }),
      await alice.call(bsaForecast.predictRevenue, { bsaId: sz01 }),
      await alice.call(bsaForecast.getChargingData, { bsaId: sz01, timeResolution: 'month', from: '2026-01-01', to: '2026-12-31' }),
      await alice.call(bsaForecast.alarmCount, { bsaId: sz01 }),
      await alice.call(bsaForecast.alarmData, { bsaId: sz01, pageSize: 5, pageOffset: 1 }),
    ])
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v2/bsa/charging/downloadExcel?bsaId=${bsaId}&from=2026-07-01&to=2026-07-01`,
      headers: { cookie: dave.cookie, jwtToken: dave.token },
    });
    expect(file.statusCode).toBe(404);
    for (const url of [
      '/api/v2/bsaData/predict/power',
      '/api/v2/bsaData/predict/electric',
      '/api/v2/bsaData/predict/revenue',
      '/api/v2/bsaOperationOverview/getChargingData',
      '/api/v2/bsaOperationOverview/attention',
      '/api/v2/bsaOperationOverview/alarmData',
      '/api/v2/bsaOperationOverview/alarmCount',
    ]) {
      const anon = await t.app.inject({ method: 'POST', url, payload: { bsaId } });
      expect(anon.statusCode, url).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/bsa/charging/downloadExcel?bsaId=${bsaId}&from=2026-07-01&to=2026-07-01` }))
        .statusCode,
    ).toBe(401);
  });
});
