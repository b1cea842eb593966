import { circuit as c, ErrorCode } from '@energy/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// Statistics of circuits' data types (docs/circuits.md, "Statistics"). Every figure is a hand calculation:
// Asia/Shanghai (UTC+8), one reading per quarter hour, the step ending at a reading counted in its quarter.

const Q = 15 * 60_000;
const DAY = 86_400_000;
const at = (local: string) => Date.parse(`${local}+08:00`);
// The days of the fixture, within the raw retention (400 days) so that a year before is still accepted:
// D1 and D2 about three weeks ago in the same month, D0 the day before D1, and their dates a year before.
const dateOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
let d2 = Date.now() - 20 * DAY;
while (dateOf(d2).slice(8) <= '02' || dateOf(d2).slice(5) === '02-29') d2 -= DAY;
const D2 = dateOf(d2);
const D1 = dateOf(d2 - DAY);
const D0 = dateOf(d2 - 2 * DAY);
const D3 = dateOf(d2 + DAY);
const lastYear = (d: string) => `${Number(d.slice(0, 4)) - 1}${d.slice(4)}`;
const MONTH = D1.slice(0, 7);
const NEXT_MONTH = dateOf(Date.parse(`${MONTH}-28T00:00:00Z`) + 5 * DAY).slice(0, 7);

describe.each(DB_KINDS)('circuit statistics on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let circuitId: number;
  let meterA: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    const ouId = (await demoIds(t)).ouId['SZ-01']!;
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const feederMeter = tree.flatMap((x) => x.children).find((x) => x.key === 'feeder-meter')!.id;
    const device = async (code: string) =>
      (await alice.post('/api/v2/device/create', { code, name: code, deviceTypeId: feederMeter, ouId, ratedPowerKw: 50 })).body.data
        .id as number;
    meterA = await device('T-ST-A');
    const meterB = await device('T-ST-B');

    // A year before, D1 23:45 .. D2 23:45: A 800 Wh, B 237 Wh a quarter hour.
    // D0 23:45 .. D2 23:45: A 1000 Wh a quarter hour, 3000 Wh in the quarter of D1 18:00,
    // its reading of D1 14:00 missing (it arrives late below), replaced on D2 at 12:00 by a meter
    // reading 0.4 kWh; B 237 Wh. A reads 10 A, 230 V, pf 0.95; B 4 A, 231 V, pf 0.9.
    const readings: { deviceId: number; ts: Date; values: Record<string, number> }[] = [];
    let a = 5_000_000;
    let b = 20_000_000;
    const read = (ts: number, energy: boolean) => {
      readings.push({
        deviceId: meterA,
        ts: new Date(ts),
        values: { ...(energy ? { e_imp: a / 1000 } : {}), i_a: 10, v_a: 230, pf: 0.95 },
      });
      readings.push({ deviceId: meterB, ts: new Date(ts), values: { e_imp: b / 1000, i_a: 4, v_a: 231, pf: 0.9 } });
    };
    for (let ts = at(`${lastYear(D1)}T23:45:00`); ts < at(`${lastYear(D3)}T00:00:00`); ts += Q) {
      if (ts > at(`${lastYear(D1)}T23:45:00`)) ((a += 800), (b += 237));
      read(ts, true);
    }
    for (let ts = at(`${D0}T23:45:00`); ts < at(`${D3}T00:00:00`); ts += Q) {
      if (ts > at(`${D0}T23:45:00`)) {
        if (ts === at(`${D2}T12:00:00`)) a = 400;
        else a += ts === at(`${D1}T18:00:00`) ? 3000 : 1000;
        b += 237;
      }
      read(ts, ts !== at(`${D1}T14:00:00`));
    }
    expect((await t.ingest.writeReadings(readings)).rejected).toBe(0);

    const account = (await alice.call(c.accountSave, { ouId, code: 'T-ST-ACC', name: 'Flat contract', currency: 'CNY' })).body.data;
    const flat = {
      name: 'All year',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      bands: [{ start: '00:00', end: '24:00', kind: 'flat', price: 0.5 }],
    };
    expect(
      (
        await alice.call(c.priceSave, {
          accountId: account.id,
          effectiveFrom: `${lastYear(D0).slice(0, 4)}-01-01`,
          seasons: [flat] as never,
        })
      ).status,
    ).toBe(200);
    const made = await alice.call(c.circuitCreate, {
      code: 'T-ST-IN',
      name: 'Statistics line',
      type: 'incoming',
      ouId,
      accountId: account.id,
      meters: [
        { deviceId: meterA, sign: 1 },
        { deviceId: meterB, sign: -1 },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    circuitId = made.body.data.id;
  });
  afterAll(() => t?.close());

  const days = { from: at(`${D1}T00:00:00`), to: at(`${D3}T00:00:00`) };
  const stats = async (dataType: c.CircuitDataType, timeResolution: c.StatResolution, range = days) =>
    (await alice.call(c.statistics, { circuitId, dataType, timeResolution, ...range })).body.data;

  it('answers energy, power, demand and cost at 15 minutes, hours, days and months, to the Wh', async () => {
    // S = A − B. D1: 96 × (1000 − 237) + 2000 = 75248 Wh; D2: 95 × 763 + (400 − 237) = 72648 Wh
    const day = await stats('activeEnergy', 'day');
    expect(day.periods.map((p) => [p.label, p.value])).toEqual([
      [D1, 75248],
      [D2, 72648],
    ]);
    expect(day.total).toBe(147896);
    expect(day.unit).toBe('Wh');
    const month = await stats('activeEnergy', 'month');
    expect(month.periods.map((p) => [p.label, p.ts, p.value])).toEqual([[MONTH, at(`${MONTH}-01T00:00:00`), 147896]]);
    // the hour of 18:00 holds the 3000 Wh quarter: 4 × 763 + 2000; the replaced meter's quarter is 400 − 237
    const hour = await stats('activeEnergy', 'hour');
    expect(hour.periods).toHaveLength(48);
    expect(hour.periods.find((p) => p.label === `${D1} 18:00`)!.value).toBe(5052);
    expect(hour.periods.find((p) => p.label === `${D2} 12:00`)!.value).toBe(3 * 763 + 163);
    const quarters = await stats('activeEnergy', '15m');
    expect(quarters.periods).toHaveLength(192);
    const q = (label: string) => quarters.periods.find((p) => p.label === label)!.value;
    expect(q(`${D2} 12:00`)).toBe(163);
    expect(q(`${D2} 12:15`)).toBe(763);
    // A's missing 14:00 reading: its quarter has only −237, the next one A's two steps
    expect(q(`${D1} 14:00`)).toBe(-237);
    expect(q(`${D1} 14:15`)).toBe(2000 - 237);
    // power: the average over quarters with data, 75248 Wh / 24 h = 3135.33 W; demand the largest quarter × 4
    expect((await stats('activePower', 'day')).periods[0]!.value).toBe(3135);
    expect((await stats('maxDemand', 'day')).periods.map((p) => p.value)).toEqual([(3000 - 237) * 4, 763 * 4]);
    // cost: 0.5 CNY/kWh flat: 37.624 and 36.324
    const cost = await stats('cost', 'day');
    expect(cost.periods.map((p) => p.value)).toEqual([37.624, 36.324]);
    expect(cost.total).toBe(73.948);
    // current: A − B = 6 A; voltage and power factor of the adding meter
    expect((await stats('current', 'day')).total).toBe(6);
    expect((await stats('voltage', 'day')).total).toBe(230);
    expect((await stats('powerFactor', 'month')).periods[0]!.value).toBe(0.95);
    // the GET form answers the same
    const get = await alice.call(c.statisticsGet, { circuitId, dataType: 'activeEnergy', timeResolution: 'day', ...days });
    expect(get.body.data.periods).toEqual(day.periods);
  });

  it('answers from the cache, and a late reading makes its day be computed again', async () => {
    const cached = async () =>
      (await alice.call(c.statisticsWithCache, { circuitId, dataType: 'activeEnergy', timeResolution: '15m', ...days })).body.data;
    const first = await cached();
    expect(first.cache).toEqual({ hitDays: 0, computedDays: 2 });
    const second = await cached();
    expect(second.cache).toEqual({ hitDays: 2, computedDays: 0 });
    expect(second.periods).toEqual(first.periods);
    const label = (p: typeof first.periods, l: string) => p.find((x) => x.label === l)!.value;
    expect(label(second.periods, `${D1} 14:00`)).toBe(-237);

    // A's reading of D1 14:00 arrives: its quarter gets 1000 Wh, the next one 1000 Wh
    const late = 5_000_000 + 96 * 800 + 57 * 1000; // 57 steps of D1 to 14:00
    expect(
      (await t.ingest.writeReadings([{ deviceId: meterA, ts: new Date(at(`${D1}T14:00:00`)), values: { e_imp: late / 1000 } }])).rejected,
    ).toBe(0);
    const third = await cached();
    expect(third.cache).toEqual({ hitDays: 1, computedDays: 1 });
    expect(label(third.periods, `${D1} 14:00`)).toBe(763);
    expect(label(third.periods, `${D1} 14:15`)).toBe(763);
    expect(third.total).toBe(147896);
    // the batch form with several types answers the same figures
    const batch = (
      await alice.call(c.statisticsBatchWithCache, {
        circuitIds: [circuitId],
        dataTypes: ['activeEnergy', 'cost'],
        timeResolution: 'day',
        ...days,
      })
    ).body.data;
    expect(batch.map((x) => [x.dataType, x.total, x.cache])).toEqual([
      ['activeEnergy', 147896, { hitDays: 2, computedDays: 0 }],
      ['cost', 73.948, { hitDays: 2, computedDays: 0 }],
    ]);
  });

  it('compares year on year and period on period', async () => {
    // D2: 72648 Wh; D2 a year before: 96 × 563 = 54048; D1: 75248
    const day = (
      await alice.call(c.energyAnalysis, { circuitId, from: at(`${D2}T00:00:00`), to: at(`${D3}T00:00:00`), timeResolution: 'day' })
    ).body.data;
    expect(day.periods).toEqual([
      { ts: at(`${D2}T00:00:00`), label: D2, wh: 72648, lastYearWh: 54048, previousWh: 75248, yoy: 0.3441, mom: -0.0346 },
    ]);
    // the month against the same month a year before (54048) and the month before (nothing: no base, no rate)
    const month = (
      await alice.call(c.energyAnalysis, {
        circuitId,
        from: at(`${D1}T00:00:00`),
        to: at(`${NEXT_MONTH}-01T00:00:00`),
        timeResolution: 'month',
      })
    ).body.data;
    expect(month.total).toEqual({ wh: 147896, lastYearWh: 54048, previousWh: 0, yoy: 1.7364, mom: null });
  });

  it('aggregates, finds the range, lists the types, exports, and answers now', async () => {
    const agg = (await alice.call(c.aggregate, { circuitId, dataType: 'maxDemand', type: 'max', ...days })).body.data;
    expect(agg).toMatchObject({ value: 11052, ts: at(`${D1}T18:00:00`) });
    const batch = (await alice.call(c.aggrBatch, { circuitIds: [circuitId], dataType: 'activeEnergy', ...days })).body.data;
    expect(batch[0]).toMatchObject({ type: 'sum', value: 147896 });
    const range = (await alice.call(c.dataRange, { circuitId, dataType: 'activeEnergy', timeResolution: 'day', ...days })).body.data;
    expect(range).toMatchObject({ min: { label: D2, value: 72648 }, max: { label: D1, value: 75248 }, periods: 2 });
    const types = (await alice.call(c.dataTypeListGet, { id: circuitId })).body.data.map((x) => x.key);
    expect(types).toEqual([...c.CIRCUIT_DATA_TYPES]);
    expect((await alice.call(c.defaultDataTypeList, {})).body.data).toHaveLength(7);

    const file = await alice.call(
      'GET',
      `/api/v2/circuit/data/export?circuitId=${circuitId}&dataType=activeEnergy&timeResolution=day&from=${days.from}&to=${days.to}&lang=en-US`,
    );
    expect(file.status).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/circuit/data/export?circuitId=${circuitId}&dataType=activeEnergy&timeResolution=day&from=${days.from}&to=${days.to}&lang=en-US`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1, 3));
    expect(rows.slice(-3)).toEqual([
      [D1, 75.248],
      [D2, 72.648],
      ['Total', 147.896],
    ]);

    // now: readings of A half an hour and a quarter hour ago (+1000 Wh, +500 Wh)
    const q0 = Math.floor(Date.now() / Q) * Q - Q;
    const base = 400 + 47 * 1000; // A after D2 23:45
    await t.ingest.writeReadings([
      { deviceId: meterA, ts: new Date(q0 - Q), values: { e_imp: (base + 1000) / 1000, i_a: 12 } },
      { deviceId: meterA, ts: new Date(q0), values: { e_imp: (base + 1500) / 1000, i_a: 12 } },
    ]);
    const now = (await alice.call(c.dataNowGet, { id: circuitId })).body.data;
    const value = (k: c.CircuitDataType) => now.values.find((v) => v.dataType === k)!;
    expect(value('activePower')).toEqual({ dataType: 'activePower', unit: 'W', value: 2000, ts: q0 });
    expect(value('current')).toMatchObject({ value: 12, ts: q0 });
    const today = (q0 - Q >= now.dayStart ? 1000 : 0) + (q0 >= now.dayStart ? 500 : 0);
    expect(now.todayWh).toBe(today);
    expect(now.todayCost).toBe(today / 2000);
  });

  it('refuses bad input naming the field, and shows another tenant nothing, also by id', async () => {
    const bad = await alice.call('POST', '/api/v2/circuit/data/statistics', { circuitId, dataType: 'heat', from: days.from, to: days.to });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('dataType');
    const long = await alice.call(c.statistics, {
      circuitId,
      dataType: 'activeEnergy',
      timeResolution: '15m',
      from: days.from,
      to: days.from + 70 * 86_400_000,
    });
    expect(long.body.msg).toContain('at most 62 days');
    for (const res of [
      await dave.call(c.statistics, { circuitId, dataType: 'activeEnergy', timeResolution: 'day', ...days }),
      await dave.call(c.statisticsWithCache, { circuitId, dataType: 'activeEnergy', timeResolution: 'day', ...days }),
      await dave.call(c.statisticsNoOu, { circuitId, dataType: 'activeEnergy', timeResolution: 'day', ...days }),
      await dave.call(c.statisticsBatch, { circuitIds: [circuitId], dataType: 'activeEnergy', timeResolution: 'day', ...days }),
      await dave.call(c.aggrBatchGet, { circuitIds: [circuitId], dataType: 'activeEnergy', ...days }),
      await dave.call(c.dataNowGet, { id: circuitId }),
      await dave.call(c.dataTypeListGet, { id: circuitId }),
      await dave.call(c.energyAnalysis, { circuitId, ...days, timeResolution: 'day' }),
    ])
      expect(res.body.code).toBe(ErrorCode.NOT_FOUND);
    const file = await dave.call(
      'GET',
      `/api/v2/circuit/data/export?circuitId=${circuitId}&dataType=activeEnergy&from=${days.from}&to=${days.to}`,
    );
    expect(file.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it("filters the alarm records by the circuit and the cabinet of the alarm's device", async () => {
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as {
      children: { key: string; id: number; properties: { id: number; key: string }[] }[];
    }[];
    const type = tree.flatMap((x) => x.children).find((x) => x.key === 'feeder-meter')!;
    const ouId = (await demoIds(t)).ouId['SZ-01']!;
    const rule = await alice.post('/api/v2/device-alarm/rule/create', {
      name: 'Statistics feeder over 100 kW',
      description: null,
      deviceTypeId: type.id,
      propertyId: type.properties.find((p) => p.key === 'p')!.id,
      condition: 'GT',
      threshold: 100,
      durationSeconds: 0,
      level: 1,
      ouId,
      deviceIds: [meterA],
      enabled: true,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    await t.ingest.writeReadings([{ deviceId: meterA, ts: new Date(Date.now() - 60_000), values: { p: 150 } }]);
    await t.services.alarm.settled();
    const page = async (filter: string) =>
      (await alice.call('GET', `/api/rule/device/alarm/log/page?page=1&size=50&${filter}`)).body.data.list as { deviceId: number }[];
    const byCircuit = await page('circuitName=statistics%20line');
    expect(byCircuit.length).toBeGreaterThan(0);
    expect(byCircuit.every((a) => a.deviceId === meterA)).toBe(true);
    expect(await page('circuitName=T-ST-IN')).toHaveLength(byCircuit.length);
    expect(await page('circuitName=no-such-circuit')).toEqual([]);
    const cabinet = (await alice.call(c.cabinetSave, { ouId, code: 'T-ST-CAB', name: 'Statistics cabinet' })).body.data;
    expect(await page(`distributionCabinetId=${cabinet.id}`)).toEqual([]);
    const line = (await alice.call(c.circuitDetail, { id: circuitId })).body.data;
    const moved = await alice.call(c.circuitUpdate, {
      id: circuitId,
      code: line.code,
      name: line.name,
      type: line.type,
      ouId,
      accountId: line.accountId,
      distributionCabinetId: cabinet.id,
      meters: line.meters.map((m) => ({ deviceId: m.deviceId, sign: m.sign })),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await page(`distributionCabinetId=${cabinet.id}`)).toHaveLength(byCircuit.length);
  });

  it('answers every circuit call to a signed-in user without a server error, and refuses anonymous callers', async () => {
    const calls = (Object.values(c) as unknown[]).filter(
      (v): v is { path: string; method: string } =>
        typeof v === 'object' &&
        v !== null &&
        'path' in v &&
        'method' in v &&
        /^\/api\/(v2\/)?circuit/.test(String((v as { path: string }).path)),
    );
    expect(calls.length).toBeGreaterThan(60);
    for (const def of calls) {
      const url = def.path.replace(/\{\w+\}/g, String(circuitId));
      const signedIn = await alice.call(def.method, url, def.method === 'GET' ? undefined : {});
      expect(signedIn.status, `${def.method} ${def.path}`).toBeLessThan(500);
      const anonymous = await t.app.inject({ method: def.method as 'GET', url, ...(def.method === 'GET' ? {} : { payload: {} }) });
      expect(anonymous.statusCode, `${def.method} ${def.path}`).toBe(401);
    }
  });
});
