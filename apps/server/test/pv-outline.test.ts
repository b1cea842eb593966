import ExcelJS from 'exceljs';
import { pv } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { co2Kg } from '../src/domains/pv/pv-outline-data.js';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// The PV outline (docs/pv-analytics.md, "Outline"). Every figure is a hand calculation.
// Station T-PV-OL: 100 kWp, Asia/Shanghai (UTC+8), a generation meter G (pv-meter, counter e_exp) and a
// weather station W (env-sensor, irradiance), online way generation-meter (all generation fed in), income
// way from 2025-12-01: feed-in 0.4 CNY/kWh, subsidy 0.03 CNY/kWh (self-consumption fixed 0.5, unused here).
// Readings: one per quarter hour at hh:mm+14 min (inside the quarter), the counter including the quarter's
// energy, so each quarter's energy lands in its own 15 min bucket. W reads one irradiance a quarter, its
// 15 min average. Quarters 07:00-17:00 local are read; outside the listed ones energy 0 and irradiance 0.
//
// 2026-11-03 (the day asked):
//   08:00-10:00  8 quarters × 6,000 Wh,  G = 300 W/m²
//   10:00-14:00 16 quarters × 12,000 Wh, G = 600 W/m²
//   14:00-16:00  8 quarters × 6,000 Wh,  G = 300 W/m²
//   16:00-16:15  1 quarter  × 1,000 Wh,  G = 0 (sensor at zero: drops out of PR)
//   E = 48,000 + 192,000 + 48,000 + 1,000 = 289,000 Wh
//   H = (8 × 300 + 16 × 600 + 8 × 300) × 0.25 h = 3,600 Wh/m² = 3.6 kWh/m²
//   PR = 288,000 / (3,600 × 100) = 0.8 (the 1,000 Wh at G = 0 excluded; with it 0.8028)
//   equivalent hours = 289 kWh / 100 kWp = 2.89 h
//   CO2 = 289,000 Wh × 0.5703 g/Wh = 164,816.7 g → 164.817 kg
//   income = 289,000 Wh × 0.4 + 289,000 Wh × 0.03 = 115.6 + 8.67 = 124.27 CNY
// 2026-11-02: 10:00-12:30 10 quarters × 9,000 Wh = 90,000 Wh, G = 500 W/m² → H = 10 × 500 × 0.25 = 1,250 Wh/m²
//   PR = 90,000 / (1,250 × 100) = 0.72
// Month (1-3 November): E = 90,000 + 289,000 = 379,000 Wh; H = 1,250 + 3,600 = 4,850 Wh/m² = 4.85 kWh/m²
//   PR = (90,000 + 288,000) / (4,850 × 100) = 378,000 / 485,000 = 0.779381… → 0.7794
//   equivalent hours 3.79; CO2 379,000 × 0.5703 = 216,143.7 g → 216.144 kg; income 379,000 × 0.43 = 162.97 CNY
// 2026-10-15: 10:00-11:15 5 quarters × 10,000 Wh = 50,000 Wh → year = 379,000 + 50,000 = 429,000 Wh
// 2025-12-31: 10:00-10:30 2 quarters × 10,000 Wh = 20,000 Wh → total = 429,000 + 20,000 = 449,000 Wh
//   CO2 total = 449,000 × 0.5703 = 256,064.7 g → 256.065 kg

const Q = 15 * 60_000;
const at = (local: string) => Date.parse(`${local}+08:00`);

/** Quarter plans of a day: [first quarter HH:mm, count, Wh each, W/m²]. */
type Plan = [string, number, number, number][];
const DAYS: Record<string, Plan> = {
  '2025-12-31': [['10:00', 2, 10_000, 500]],
  '2026-10-15': [['10:00', 5, 10_000, 500]],
  '2026-11-02': [['10:00', 10, 9_000, 500]],
  '2026-11-03': [
    ['08:00', 8, 6_000, 300],
    ['10:00', 16, 12_000, 600],
    ['14:00', 8, 6_000, 300],
    ['16:00', 1, 1_000, 0],
  ],
};

function readingsOf(g: number, w: number) {
  const out: { deviceId: number; ts: Date; values: Record<string, number> }[] = [];
  let counterWh = 1_000_000;
  for (const [day, plan] of Object.entries(DAYS)) {
    const quarters = new Map<number, { wh: number; g: number }>();
    for (const [start, count, wh, g] of plan) for (let i = 0; i < count; i++) quarters.set(at(`${day}T${start}:00`) + i * Q, { wh, g });
    for (let q = at(`${day}T07:00:00`); q < at(`${day}T17:00:00`); q += Q) {
      const hit = quarters.get(q);
      counterWh += hit?.wh ?? 0;
      const ts = new Date(q + 14 * 60_000);
      out.push({ deviceId: g, ts, values: { e_exp: counterWh / 1000 } });
      out.push({ deviceId: w, ts, values: { irradiance: hit?.g ?? 0 } });
    }
  }
  return out;
}

describe('the outline figures', () => {
  it('avoids 0.5703 kg CO2 per kWh, to the gram', () => {
    expect(co2Kg(289_000)).toBe(164.817); // 164,816.7 g
    expect(co2Kg(1)).toBe(0.001); // 0.5703 g → 1 g
    expect(co2Kg(0)).toBe(0);
  });
});

describe.each(DB_KINDS)('PV outline on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let stationId: number;
  let meterG: number;
  let weatherW: number;
  let inverterDevice: number;
  let stringDevice: number;
  let inverterId: number;
  let stringIds: number[];
  let areaId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ids = await demoIds(t);
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const typeId = (key: string) => tree.flatMap((x) => x.children).find((x) => x.key === key)!.id;
    const device = async (code: string, type: string) =>
      (await alice.post('/api/v2/device/create', { code, name: code, deviceTypeId: typeId(type), ouId: ids.ouId['SZ-01'] })).body.data
        .id as number;
    meterG = await device('T-OL-GEN', 'pv-meter');
    weatherW = await device('T-OL-ENV', 'env-sensor');
    inverterDevice = await device('T-OL-INV', 'pv-inverter');
    stringDevice = await device('T-OL-STR', 'pv-string');
    const made = await alice.call(pv.pvStationBasicInfo, {
      code: 'T-PV-OL',
      name: 'Outline test',
      ouId: ids.ouId['SZ-01']!,
      capacityKwp: 100,
      gridConnectionDate: '2025-12-01',
      timeZone: 'Asia/Shanghai',
      weatherStationId: weatherW,
      stage: 'grid-connected',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    stationId = made.body.data!.id;
    const ok = async (p: Promise<{ status: number; body: unknown }>) => {
      const r = await p;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { data: { id: number } };
    };
    await ok(alice.call(pv.gridConnectionPoints, { pvId: stationId, points: [{ name: 'Main', generationMeterId: meterG }] } as never));
    await ok(alice.call(pv.pvUpsetOnlineWay, { pvId: stationId, effectiveFrom: '2025-12-01', way: 'generation-meter' }));
    await ok(
      alice.call(pv.pvUpsetIncomeWay, {
        pvId: stationId,
        effectiveFrom: '2025-12-01',
        currency: 'CNY',
        selfConsumptionPricing: 'fixed',
        selfConsumptionPrice: 0.5,
        feedInPrice: 0.4,
        subsidyPerKwh: 0.03,
      } as never),
    );
    areaId = (await ok(alice.call(pv.pvAreaAdd, { pvId: stationId, name: 'Roof A' }))).data.id;
    inverterId = (
      await ok(
        alice.call(pv.pvInverterCreateCall, { pvId: stationId, code: 'INV-1', name: 'Inverter 1', areaId, ratedAcKw: 80, mpptCount: 2 }),
      )
    ).data.id;
    await ok(alice.call(pv.pvInverterUpdateDevice, { id: inverterId, deviceId: inverterDevice }));
    stringIds = [];
    for (const [code, input] of [
      ['S1', 1],
      ['S2', 2],
    ] as const)
      stringIds.push(
        (
          await ok(
            alice.call(pv.pvStringCreateCall, {
              pvId: stationId,
              code,
              name: code,
              inverterId,
              mpptInput: input,
              moduleCount: 20,
              capacityKwp: 11,
            }),
          )
        ).data.id,
      );
    await ok(alice.call(pv.pvStringUpdateDevice, { id: stringIds[0]!, deviceId: stringDevice }));
    expect((await t.ingest.writeReadings(readingsOf(meterG, weatherW))).rejected).toBe(0);
  });
  afterAll(() => t?.close());

  const summaryOf = (s: Session, day?: string) => s.call(pv.pvOutlineSummary, { pvId: stationId, ...(day ? { day } : {}) });

  it('sums up a past day: energy today / month / year / total, equivalent hours, irradiation, PR, CO2 and income', async () => {
    const r = await summaryOf(alice, '2026-11-03');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      pvId: stationId,
      capacityKwp: 100,
      timeZone: 'Asia/Shanghai',
      day: '2026-11-03',
      powerKw: null, // a past day has no "now"
      energyWh: { today: 289_000, month: 379_000, year: 429_000, total: 449_000 },
      equivalentHours: { today: 2.89, month: 3.79, year: 4.29, total: 4.49 },
      irradiationKwhM2: { today: 3.6, month: 4.85 },
      pr: { today: 0.8, month: 0.7794 },
      // 449,000 × 0.5703 = 256,064.7 g; 429,000 × 0.5703 = 244,658.7 g
      co2AvoidedKg: { today: 164.817, month: 216.144, year: 244.659, total: 256.065 },
      emissionFactorKgPerKwh: 0.5703,
      income: { today: 124.27, month: 162.97, currency: 'CNY', unpricedWh: 0 },
    });
    // the day before: today 90,000 Wh, the month 90,000, the year 140,000, the total 160,000; PR 0.72
    const before = (await summaryOf(alice, '2026-11-02')).body.data!;
    expect(before.energyWh).toEqual({ today: 90_000, month: 90_000, year: 140_000, total: 160_000 });
    expect(before.pr).toEqual({ today: 0.72, month: 0.72 });
    const future = await summaryOf(alice, '2099-01-01');
    expect(future.status).toBe(400);
    expect(future.body.msg).toContain('body.day');
  });

  it('gives the PR of each day of a month', async () => {
    // (before any reading of today is written: the current month is read up to now)
    const r = (await alice.call(pv.pvOutlinePerformance, { pvId: stationId, month: '2026-11' })).body.data!;
    expect(r.days.slice(0, 3)).toEqual([
      { day: '2026-11-01', energyWh: 0, irradiationKwhM2: null, equivalentHours: 0, pr: null },
      { day: '2026-11-02', energyWh: 90_000, irradiationKwhM2: 1.25, equivalentHours: 0.9, pr: 0.72 },
      { day: '2026-11-03', energyWh: 289_000, irradiationKwhM2: 3.6, equivalentHours: 2.89, pr: 0.8 },
    ]);
    expect(r.total).toEqual({ energyWh: 379_000, irradiationKwhM2: 4.85, equivalentHours: 3.79, pr: 0.7794 });
    expect((await alice.call(pv.pvOutlinePerformance, { pvId: stationId, month: '2099-01' })).status).toBe(400);
  });

  it('shows the power now from a fresh reading of the generation meter, and none from a stale one', async () => {
    const now = Date.now();
    await t.ingest.writeReadings([
      { deviceId: meterG, ts: new Date(now - 60_000), values: { p: 42.5 } },
      { deviceId: weatherW, ts: new Date(now - 60_000), values: { irradiance: 512 } },
    ]);
    const r = (await summaryOf(alice)).body.data!;
    expect(r.powerKw).toBe(42.5);
    expect(r.irradianceWm2).toBe(512);
    expect(Date.parse(r.powerAt!)).toBe(now - 60_000);
  });

  it('draws the power of a day from the energy of each quarter, and the irradiance', async () => {
    const r = (await alice.call(pv.pvOutlinePower, { pvId: stationId, day: '2026-11-03' })).body.data!;
    expect(r.points).toHaveLength(96);
    const point = (hhmm: string) => r.points.find((p) => p.ts === at(`2026-11-03T${hhmm}:00`))!;
    // 12,000 Wh in 15 min = 12 kWh / 0.25 h = 48 kW; 6,000 Wh → 24 kW; 1,000 Wh → 4 kW
    expect(point('11:00')).toEqual({ ts: at('2026-11-03T11:00:00'), powerKw: 48, irradianceWm2: 600 });
    expect(point('08:00')).toMatchObject({ powerKw: 24, irradianceWm2: 300 });
    expect(point('16:00')).toMatchObject({ powerKw: 4, irradianceWm2: 0 });
    expect(point('03:00')).toMatchObject({ powerKw: null, irradianceWm2: null }); // not read at night
    expect(r.peakKw).toBe(48);
  });

  it('gives the energy of a day by hour, a month by day, a year by month and the life by year', async () => {
    const stats = async (period: pv.OutlinePeriod) =>
      (await alice.call(pv.pvOutlineDataStatistics, { pvId: stationId, period, day: '2026-11-03' })).body.data!;
    const day = await stats('day');
    expect(day.points).toHaveLength(24);
    // 10:00-11:00: 4 × 12,000 = 48,000 Wh; 08:00-09:00: 4 × 6,000 = 24,000; 16:00-17:00: 1,000
    expect(day.points.find((p) => p.label === '10:00')).toEqual({
      label: '10:00',
      energyWh: 48_000,
      equivalentHours: 0.48,
      co2AvoidedKg: 27.374,
    });
    expect(day.points.find((p) => p.label === '08:00')!.energyWh).toBe(24_000);
    expect(day.points.find((p) => p.label === '16:00')!.energyWh).toBe(1_000);
    expect(day.totalWh).toBe(289_000);
    const month = await stats('month');
    expect(month.points).toHaveLength(30);
    expect(month.points.filter((p) => p.energyWh > 0).map((p) => [p.label, p.energyWh])).toEqual([
      ['2026-11-02', 90_000],
      ['2026-11-03', 289_000],
    ]);
    const year = await stats('year');
    expect(year.points.filter((p) => p.energyWh > 0).map((p) => [p.label, p.energyWh])).toEqual([
      ['2026-10', 50_000],
      ['2026-11', 379_000],
    ]);
    const total = await stats('total');
    expect(total.points.map((p) => [p.label, p.energyWh])).toEqual([
      ['2025', 20_000],
      ['2026', 429_000],
    ]);
    expect(total.totalWh).toBe(449_000);
  });

  it('builds the device tree with states: fault, alarm, offline, online, no device', async () => {
    const now = Date.now();
    // the inverter reports status 2 (fault) now; the meter and the weather station were seen a minute ago
    await t.ingest.writeReadings([{ deviceId: inverterDevice, ts: new Date(now - 30_000), values: { status: 2, p_ac: 0 } }]);
    await t.database.system.execute(
      sql`update device set online = true, last_seen_at = now() - interval '1 minute' where id in (${meterG}, ${weatherW}, ${inverterDevice})`,
    );
    // the string's device was seen an hour ago: offline, whatever its last status said
    await t.database.system.execute(
      sql`update device set online = true, last_seen_at = now() - interval '1 hour' where id = ${stringDevice}`,
    );
    // an active alarm on the weather station
    await t.database.system.execute(
      sql`insert into alarm_log (tenant_id, source, level, rule_name, device_id, device_code, device_name, ou_id, content, alarm_time, state)
          select tenant_id, 'rule', 1, 'Irradiance stuck', id, code, name, ou_id, 'stuck at 512', now() - interval '5 minutes', 0 from device where id = ${weatherW}
          union all
          select tenant_id, 'rule', 3, 'Old one', id, code, name, ou_id, 'recovered', now() - interval '2 days', 1 from device where id = ${weatherW}`,
    );
    const r = await alice.call(pv.pvOutlineDeviceTree, { pvId: stationId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const root = r.body.data!;
    const brief = (n: pv.OutlineNode): unknown => [n.key, n.state ?? n.states, ...(n.children.length ? [n.children.map(brief)] : [])];
    expect(brief(root)).toEqual([
      `station:${stationId}`,
      { fault: 1, offline: 1, 'no-device': 1, online: 1, alarm: 1 },
      [
        [
          `area:${areaId}`,
          { fault: 1, offline: 1, 'no-device': 1 },
          [
            [
              `inverter:${inverterId}`,
              'fault',
              [
                [`string:${stringIds[0]}`, 'offline'],
                [`string:${stringIds[1]}`, 'no-device'],
              ],
            ],
          ],
        ],
        [`meter:${meterG}`, 'online'],
        [`weather:${weatherW}`, 'alarm'],
      ],
    ]);
  });

  it('counts, lists and pages the alarms of the station’s devices', async () => {
    const count = (await alice.call(pv.pvOutlineAlarmCount, { pvId: stationId })).body.data!;
    expect(count.total).toBe(2);
    expect(count.active).toBe(1);
    expect(count.levels[1]).toEqual({ level: 1, total: 1, active: 1 });
    expect(count.levels[3]).toEqual({ level: 3, total: 1, active: 0 });
    const devices = (await alice.call(pv.pvOutlineAlarmDevices, { pvId: stationId })).body.data!;
    expect(devices).toMatchObject([{ deviceId: weatherW, code: 'T-OL-ENV', kind: 'weather', active: 1, highestLevel: 1 }]);
    const page = (await alice.call(pv.pvOutlineAlarmPage, { pvId: stationId, pageSize: 10, pageOffset: 1 })).body.data!;
    expect(page.list.map((a) => a.ruleName)).toEqual(['Irradiance stuck', 'Old one']);
    const active = (await alice.call(pv.pvOutlineAlarmPage, { pvId: stationId, state: 0, pageSize: 10, pageOffset: 1 })).body.data!;
    expect(active.totalCount).toBe(1);
  });

  it('lists the latest values and indicators', async () => {
    const recent = await alice.call(pv.pvOutlineRecent, { pvId: stationId, deviceId: meterG });
    expect(recent.status, JSON.stringify(recent.body)).toBe(200);
    expect(recent.body.data!.values.find((v) => v.key === 'p')!.value).toBe(42.5);
    // a device of the tenant that is not the station's answers 404
    const other = await alice.call(pv.pvOutlineRecent, { pvId: stationId, deviceId: 1 });
    expect(other.status).toBe(404);
    const indicators = Object.fromEntries(
      (await alice.call(pv.pvOutlineIndicators, { pvId: stationId })).body.data!.map((i) => [i.key, i.value]),
    );
    expect(indicators).toMatchObject({
      capacity: 100,
      ratedAc: 80,
      dcAcRatio: 1.25, // 100 kWp / 80 kW
      inverters: 1,
      strings: 2,
      modules: 40,
      devices: 4, // inverter, string, meter, weather station
      devicesOnline: 3, // the string's device is offline
      onlineRate: 75,
      invertersFault: 1,
      activeAlarms: 1,
    });
  });

  it('lists the strings by area with their latest readings, and exports them', async () => {
    await t.ingest.writeReadings([{ deviceId: stringDevice, ts: new Date(Date.now() - 120_000), values: { v: 820.5, i: 9.35, p: 7.672 } }]);
    const r = (await alice.call(pv.pvOutlineAreaStrings, { pvId: stationId, pageSize: 20, pageOffset: 1 })).body.data!;
    expect(r.totalCount).toBe(2);
    expect(r.list[0]).toMatchObject({
      code: 'S1',
      areaName: 'Roof A',
      inverterCode: 'INV-1',
      voltageV: 820.5,
      currentA: 9.35,
      powerKw: 7.672,
      currentPerKwp: 0.85, // 9.35 A / 11 kWp
    });
    expect(r.list[1]).toMatchObject({ code: 'S2', state: 'no-device', voltageV: null, currentPerKwp: null });
    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/v2/pv-outline/area-string-list/export?pvId=${stationId}&lang=en-US`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Area');
    expect(sheet.getRow(2).getCell(3).value).toBe('S1');
    expect(sheet.getRow(2).getCell(9).value).toBe(820.5);
    expect(raw.statusCode).toBe(200);
    expect(sheet.rowCount).toBe(3);
  });

  it('keeps an attention list per staff: add, list, remove; equipment of another station is refused', async () => {
    const call = (body: Record<string, unknown>) => alice.call(pv.pvOutlineAttention, { pvId: stationId, ...body } as never);
    expect((await call({ action: 'list' })).body.data).toEqual([]);
    await call({ action: 'add', kind: 'inverter', refId: inverterId });
    const twice = await call({ action: 'add', kind: 'string', refId: stringIds[0] });
    expect((await call({ action: 'add', kind: 'string', refId: stringIds[0] })).body.data).toEqual(twice.body.data); // once only
    expect(twice.body.data!.map((a: { kind: string; code: string; state: string }) => [a.kind, a.code, a.state])).toEqual([
      ['inverter', 'INV-1', 'fault'],
      ['string', 'S1', 'offline'],
    ]);
    const bad = await call({ action: 'add', kind: 'inverter', refId: 999_999 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('body.refId');
    const removed = (await call({ action: 'remove', kind: 'inverter', refId: inverterId })).body.data!;
    expect(removed.map((a: { code: string }) => a.code)).toEqual(['S1']);
  });

  it('feeds the home page card with the staff’s grid-connected stations', async () => {
    const card = (await alice.call(pv.dashboardPv, {})).body.data!;
    // the demo stations have no telemetry in tests: the energy is this station's, all days up to today
    expect(card.energyWhTotal).toBe(449_000);
    expect(card.co2AvoidedKgTotal).toBe(256.065);
    expect(card.powerKw).toBe(42.5);
    expect(card.stations).toBeGreaterThanOrEqual(1);
    const daves = (await dave.call(pv.dashboardPv, {})).body.data!;
    expect(daves.energyWhTotal).toBe(0);
    expect(daves.powerKw).toBe(0);
  });

  it('answers another tenant’s staff 404 on every call by id', async () => {
    const calls: [unknown, Record<string, unknown>][] = [
      [pv.pvOutlineSummary, {}],
      [pv.pvOutlinePower, {}],
      [pv.pvOutlineDataStatistics, {}],
      [pv.pvOutlinePerformance, {}],
      [pv.pvOutlineIndicators, {}],
      [pv.pvOutlineDeviceTree, {}],
      [pv.pvOutlineRecent, { deviceId: meterG }],
      [pv.pvOutlineAttention, { action: 'list' }],
      [pv.pvOutlineAreaStrings, { pageSize: 10, pageOffset: 1 }],
      [pv.pvOutlineAlarmDevices, {}],
      [pv.pvOutlineAlarmPage, { pageSize: 10, pageOffset: 1 }],
      [pv.pvOutlineAlarmCount, {}],
    ];
    for (const [def, extra] of calls) {
      const r = await dave.call(def as typeof pv.pvOutlineSummary, { pvId: stationId, ...extra } as never);
      expect(r.status, (def as { path: string }).path).toBe(404);
    }
    // alice's list is untouched: one string followed
    const [left] = await rowsOf<{ n: number }>(
      t.database.system,
      sql`select count(*)::int as n from pv_attention where station_id = ${stationId}`,
    );
    expect(Number(left!.n)).toBe(1);
  });
});
