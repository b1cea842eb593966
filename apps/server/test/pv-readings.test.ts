import ExcelJS from 'exceljs';
import { circuit as c, pv } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounted } from '../src/domains/pv/pv-reports.service.js';
import { dayReadings } from '../src/domains/pv/pv-energy.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// Meter readings and reports of a PV station (docs/pv.md). Every figure is a hand calculation:
// Asia/Shanghai (UTC+8, no DST), one reading per quarter hour, June 2026.
//
// Generation meter G (a one-way feeder meter: e_imp): 250 Wh a quarter hour 06:00-18:00 (48 quarters,
// 12,000 Wh a day). On 15 June at 12:00 it is reset: it reads 0.1 kWh (100 Wh in the quarter 11:45-12:00).
// On-grid meter O (a grid meter: e_exp): 100 Wh a quarter hour 10:00-14:00 (16 quarters, 1,600 Wh a day);
// its readings of 20 June arrive late (after the first settlement).
// The step ending at a reading counts in the reading's quarter, so G's energy lands in the quarters
// 06:15..18:00 and O's in 10:15..14:00.

const Q = 15 * 60_000;
const at = (local: string) => Date.parse(`${local}+08:00`);
const minuteOf = (ts: number) => ((ts + 8 * 3_600_000) % 86_400_000) / 60_000;

/** The tariff of the Suzhou site: valley 00-08 at 0.30, flat 08-12 and 17-24 at 0.60, peak 12-17 at 1.00. */
const TARIFF = {
  name: 'All year',
  months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  bands: [
    { start: '00:00', end: '08:00', kind: 'valley', price: 0.3 },
    { start: '08:00', end: '12:00', kind: 'flat', price: 0.6 },
    { start: '12:00', end: '17:00', kind: 'peak', price: 1 },
    { start: '17:00', end: '24:00', kind: 'flat', price: 0.6 },
  ],
} as const;

function readingsOf(g: number, o: number, withLate: boolean) {
  const out: { deviceId: number; ts: Date; values: Record<string, number> }[] = [];
  let gWh = 5_000_000;
  let oWh = 800_000;
  for (let ts = at('2026-05-31T23:45:00'); ts <= at('2026-07-01T00:00:00'); ts += Q) {
    const quarter = minuteOf(ts - Q); // the quarter that ends at this reading
    if (ts > at('2026-05-31T23:45:00')) {
      if (ts === at('2026-06-15T12:00:00')) gWh = 100;
      else if (quarter >= 360 && quarter < 1080) gWh += 250;
      if (quarter >= 600 && quarter < 840) oWh += 100;
    }
    out.push({ deviceId: g, ts: new Date(ts), values: { e_imp: gWh / 1000 } });
    const late = ts >= at('2026-06-20T00:00:00') && ts < at('2026-06-21T00:00:00');
    if (late === withLate) out.push({ deviceId: o, ts: new Date(ts), values: { e_exp: oWh / 1000 } });
  }
  return out;
}

describe('meter reading rules', () => {
  it('takes a day’s start reading from the last value before it and counts a drop as a reset', () => {
    const b = (local: string, last: number, min: number, wh: number) => ({ ts: at(local), lastTs: at(local) + 5 * 60_000, last, min, wh });
    const days = dayReadings(
      [b('2026-06-01T23:45:00', 10, 10, 0), b('2026-06-02T10:00:00', 10.5, 10.2, 500), b('2026-06-02T11:00:00', 0.3, 0.3, 300)],
      'Asia/Shanghai',
      ['2026-06-02', '2026-06-03'],
    );
    expect(days[0]).toMatchObject({ startReading: 10, endReading: 0.3, energyWh: 800, resets: 1 });
    // a day without data starts and ends on the last value known
    expect(days[1]).toMatchObject({ startReading: 0.3, endReading: 0.3, energyWh: 0, resets: 0 });
  });

  it('takes a discount off in hundredths of a percent, rounding half away from zero', () => {
    expect(discounted(73_550, 10)).toBe(66_195);
    expect(discounted(5, 10)).toBe(5); // 4.5 -> 5
    expect(discounted(-5, 10)).toBe(-5);
    expect(discounted(12_345, 0)).toBe(12_345);
  });
});

describe.each(DB_KINDS)('PV meter readings and reports on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let stationId: number;
  let meterG: number;
  let meterO: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ids = await demoIds(t);
    [alice, bob, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'bob'), signIn(t, 'dave')]);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const typeId = (key: string) => tree.flatMap((x) => x.children).find((x) => x.key === key)!.id;
    const device = async (code: string, type: string) =>
      (await alice.post('/api/v2/device/create', { code, name: code, deviceTypeId: typeId(type), ouId: ids.ouId['SZ-01'] })).body.data
        .id as number;
    meterG = await device('T-PV-GEN', 'feeder-meter');
    meterO = await device('T-PV-GRID', 'grid-meter');
    const made = await alice.call(pv.pvStationBasicInfo, {
      code: 'T-PV-RD',
      name: 'Readings test',
      ouId: ids.ouId['SZ-01']!,
      capacityKwp: 100,
      gridConnectionDate: '2026-06-01',
    } as never);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    stationId = made.body.data.id;
    const points = await alice.call(pv.gridConnectionPoints, {
      pvId: stationId,
      points: [{ name: 'Main', generationMeterId: meterG, onGridMeterId: meterO }],
    } as never);
    expect(points.status, JSON.stringify(points.body)).toBe(200);
    expect((await t.ingest.writeReadings(readingsOf(meterG, meterO, false))).rejected).toBe(0);

    const account = await alice.call(c.accountSave, {
      ouId: ids.ouId['SZ-01']!,
      code: 'T-PV-ACC',
      name: 'Suzhou contract',
      currency: 'CNY',
    });
    expect(account.status).toBe(200);
    expect(
      (await alice.call(c.priceSave, { accountId: account.body.data.id, effectiveFrom: '2026-01-01', seasons: [TARIFF] as never })).status,
    ).toBe(200);
    const income = (body: Record<string, unknown>) =>
      alice.call(pv.pvUpsetIncomeWay, { pvId: stationId, currency: 'CNY', ...body } as never);
    // the customer's tariff less 10 %, feed-in 0.3913, subsidy 0.03; from 16 June a fixed 0.55 and no subsidy
    const way1 = await income({
      effectiveFrom: '2026-06-01',
      selfConsumptionPricing: 'customer-tariff',
      discountPercent: 10,
      feedInPrice: 0.3913,
      subsidyPerKwh: 0.03,
    });
    expect(way1.status, JSON.stringify(way1.body)).toBe(200);
    const way2 = await income({
      effectiveFrom: '2026-06-16',
      selfConsumptionPricing: 'fixed',
      selfConsumptionPrice: 0.55,
      feedInPrice: 0.3913,
      subsidyPerKwh: 0,
    });
    expect(way2.status, JSON.stringify(way2.body)).toBe(200);
  });
  afterAll(() => t?.close());

  const paging = { pageSize: 100, pageOffset: 1 };
  const june = { pvId: 0, type: 'day' as const, startTime: '2026-06-01', endTime: '2026-06-30', pageSize: 100, pageOffset: 1 };

  it('reads a month across a meter reset: no negative or giant energy, the reset counted', async () => {
    const res = await alice.call(pv.pvMeterReadingPage, { ...june, pvId: stationId, role: 'generation' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const days = res.body.data.list;
    expect(res.body.data.totalCount).toBe(30);
    expect(days[0].day).toBe('2026-06-30'); // newest first
    const day = (d: string) => days.find((r: pv.MeterReadingRow) => r.day === d)!;
    // 1 June: 5,000.000 kWh at 31 May 23:45, 48 x 250 Wh
    expect(day('2026-06-01')).toMatchObject({
      key: 'e_imp',
      startReading: 5000,
      endReading: 5012,
      energyWh: 12_000,
      resets: 0,
      settledAt: null,
    });
    expect(day('2026-06-01').startReadAt).toBe(new Date(at('2026-05-31T23:45:00')).toISOString());
    // 15 June: 5,000 + 14 x 12 = 5,168 kWh; reset at 12:00 to 0.1 kWh, then 24 x 0.25 kWh: 6.1 kWh; 12,000 - 250 + 100 Wh
    expect(day('2026-06-15')).toMatchObject({ startReading: 5168, endReading: 6.1, energyWh: 11_850, resets: 1 });
    expect(day('2026-06-16')).toMatchObject({ startReading: 6.1, endReading: 18.1, energyWh: 12_000, resets: 0 });
    expect(days.every((r: pv.MeterReadingRow) => r.energyWh >= 0 && r.energyWh <= 12_000)).toBe(true);

    // the month: 5,000 kWh to 6.1 + 15 x 12 = 186.1 kWh, 30 x 12,000 - 150 = 359,850 Wh (end - start would be -4,813.9 kWh)
    const month = await alice.call(pv.pvMeterReadingPage, {
      ...june,
      pvId: stationId,
      type: 'month',
      startTime: '2026-06-10',
      endTime: '2026-06-10',
    });
    expect(month.body.data.list).toEqual([
      expect.objectContaining({
        meterCode: 'T-PV-GEN',
        role: 'generation',
        day: '2026-06-01',
        startReading: 5000,
        endReading: 186.1,
        energyWh: 359_850,
        resets: 1,
      }),
      expect.objectContaining({
        meterCode: 'T-PV-GRID',
        role: 'on-grid',
        key: 'e_exp',
        day: '2026-06-01',
        startReading: 800,
        energyWh: 48_000,
      }),
    ]);
    // one meter's readings by its id
    const one = await alice.call(pv.meterReadingPage, {
      ...paging,
      id: meterO,
      type: 'day',
      startTime: '2026-06-19',
      endTime: '2026-06-21',
    });
    // 20 June's readings are missing: its 1,600 Wh counts on 21 June's first step
    expect(one.body.data.list.map((r: pv.MeterReadingRow) => [r.day, r.energyWh])).toEqual([
      ['2026-06-21', 3200],
      ['2026-06-20', 0],
      ['2026-06-19', 1600],
    ]);
  });

  it('settles a period as a job, keeps it until recomputed after late data, and re-runs a station', async () => {
    const job = await alice.call(pv.meterReadingReImplement, { pvId: stationId, startTime: '2026-06-01', endTime: '2026-06-30' });
    expect(job.status, JSON.stringify(job.body)).toBe(200);
    expect(job.body.data).toMatchObject({ kind: 'pv-meter-reading', status: 'done', total: 30, processed: 30 });
    const o = () => alice.call(pv.meterReadingPage, { ...paging, id: meterO, type: 'day', startTime: '2026-06-20', endTime: '2026-06-21' });
    const settled = (await o()).body.data.list;
    expect(settled.map((r: pv.MeterReadingRow) => r.energyWh)).toEqual([3200, 0]);
    expect(settled.every((r: pv.MeterReadingRow) => r.settledAt !== null)).toBe(true);

    // 20 June's readings arrive: the rollups are recomputed, the settled readings stay until reImplement
    expect((await t.ingest.writeReadings(readingsOf(meterG, meterO, true))).rejected).toBe(0);
    expect((await o()).body.data.list.map((r: pv.MeterReadingRow) => r.energyWh)).toEqual([3200, 0]);
    await alice.call(pv.meterReadingReImplement, { pvId: stationId, startTime: '2026-06-20', endTime: '2026-06-21' });
    expect((await o()).body.data.list.map((r: pv.MeterReadingRow) => r.energyWh)).toEqual([1600, 1600]);
    // the month was settled with the old figures: restart settles the station again from its grid connection
    const restart = await alice.call(pv.meterReadingPvRestart, { pvId: stationId });
    expect(restart.body.data.status).toBe('running');
    await t.services.jobs.idle();
    const done = await alice.post('/api/v2/job/detail', { id: restart.body.data.id });
    expect(done.body.data).toMatchObject({ status: 'done' });
    expect(done.body.data.processed).toBe(done.body.data.total);
    const month = await alice.call(pv.meterReadingPage, {
      ...paging,
      id: meterO,
      type: 'month',
      startTime: '2026-06-01',
      endTime: '2026-06-30',
    });
    expect(month.body.data.list).toEqual([expect.objectContaining({ startReading: 800, endReading: 848, energyWh: 48_000, resets: 0 })]);
    expect(month.body.data.list[0].settledAt).not.toBeNull();
    // bob reads but may not recompute
    expect((await bob.call(pv.meterReadingPvRestart, { pvId: stationId })).status).toBe(403);
  });

  it('reports a month whose income changes calculation way mid-month, to the cent', async () => {
    const res = await alice.call(pv.reportList, {
      pvId: stationId,
      resolution: 'day',
      from: '2026-06-01',
      to: '2026-06-30',
      showIncome: true,
      showTimePeriod: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data as pv.ReportAnswer;
    expect(r.periods).toHaveLength(30);
    const day = (d: string) => r.periods.find((p) => p.label === d)!;
    // 1 June, the tariff less 10 %: self per band valley 7 x 250 = 1,750, flat 9 x 250 + 7 x 150 + 5 x 250 = 4,550,
    // peak 11 x 250 + 9 x 150 = 4,100 Wh; 1,750 x 0.3 + 4,550 x 0.6 + 4,100 x 1.0 = 7.355, less 10 % = 6.6195;
    // feed-in 1,600 Wh x 0.3913 = 0.62608 -> 0.6261; subsidy 12,000 Wh x 0.03 = 0.36
    expect(day('2026-06-01')).toEqual({
      label: '2026-06-01',
      generationWh: 12_000,
      onGridWh: 1600,
      selfWh: 10_400,
      equivalentHours: 0.12,
      income: { selfConsumption: 6.6195, feedIn: 0.6261, subsidy: 0.36, total: 7.6056, unpricedWh: 0 },
      bands: {
        sharp: { generationWh: 0, onGridWh: 0, selfWh: 0 },
        peak: { generationWh: 5000, onGridWh: 900, selfWh: 4100 },
        flat: { generationWh: 5250, onGridWh: 700, selfWh: 4550 },
        valley: { generationWh: 1750, onGridWh: 0, selfWh: 1750 },
        deepValley: { generationWh: 0, onGridWh: 0, selfWh: 0 },
      },
    });
    // 15 June: the reset quarter (12:00, peak) gave 100 Wh, all fed in: peak self 3,950 Wh;
    // 0.525 + 2.73 + 3.95 = 7.205, less 10 % = 6.4845; subsidy 11,850 x 0.03 = 0.3555
    expect(day('2026-06-15').income).toEqual({ selfConsumption: 6.4845, feedIn: 0.6261, subsidy: 0.3555, total: 7.4661, unpricedWh: 0 });
    // 16 June, the fixed way: 10,400 Wh x 0.55 = 5.72, no subsidy
    expect(day('2026-06-16').income).toEqual({ selfConsumption: 5.72, feedIn: 0.6261, subsidy: 0, total: 6.3461, unpricedWh: 0 });

    // the month: self 14 x 6.6195 + 6.4845 + 15 x 5.72 = 184.9575; feed-in 30 x 0.6261 = 18.783;
    // subsidy 14 x 0.36 + 0.3555 = 5.3955; 359,850 Wh / 100 kWp = 3.5985 h -> 3.60
    const m = await alice.call(pv.reportList, {
      pvId: stationId,
      resolution: 'month',
      from: '2026-06-01',
      to: '2026-06-30',
      showIncome: true,
      showTimePeriod: false,
    });
    expect(m.body.data.periods).toEqual([
      {
        label: '2026-06',
        generationWh: 359_850,
        onGridWh: 48_000,
        selfWh: 311_850,
        equivalentHours: 3.6,
        income: { selfConsumption: 184.9575, feedIn: 18.783, subsidy: 5.3955, total: 209.136, unpricedWh: 0 },
        bands: null,
      },
    ]);
    expect(m.body.data.total).toMatchObject({ label: 'total', generationWh: 359_850 });
    expect(m.body.data.currency).toBe('CNY');
    // the year: the same month, income left out unless asked
    const y = await alice.call(pv.reportList, {
      pvId: stationId,
      resolution: 'year',
      from: '2026-01-01',
      to: '2026-12-31',
      showIncome: false,
      showTimePeriod: false,
    });
    expect(y.body.data.periods).toEqual([expect.objectContaining({ label: '2026', generationWh: 359_850, income: null })]);
  });

  it('exports the report and the readings with their display options', async () => {
    const get = (url: string, s = alice) => t.app.inject({ method: 'GET', url, headers: { cookie: s.cookie, jwttoken: s.token } });
    const sheet = async (body: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(body as unknown as ArrayBuffer);
      const out: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const report = await get(
      `/api/v2/report/excel?pvId=${stationId}&resolution=month&from=2026-06-01&to=2026-06-30&showIncome=true&lang=en-US`,
    );
    expect(report.statusCode, report.body).toBe(200);
    const rows = await sheet(report.rawPayload);
    expect(rows[0]!.slice(0, 6)).toEqual([
      'Period',
      'Generation (kWh)',
      'On-grid (kWh)',
      'Self-consumed (kWh)',
      'Equivalent hours (h)',
      'Self-consumption income (CNY)',
    ]);
    expect(rows[1]).toEqual(['2026-06', 359.85, 48, 311.85, 3.6, 184.9575, 18.783, 5.3955, 209.136]);
    expect(rows[2]![0]).toBe('Total');
    const energyOnly = await sheet(
      (
        await get(
          `/api/v2/meter-reading/pv/download?id=${stationId}&type=month&display=energy&startTime=2026-06-01&endTime=2026-06-30&lang=zh-CN`,
        )
      ).rawPayload,
    );
    expect(energyOnly).toEqual([
      ['周期', '光伏电站', '并网点', '电表', '用途', '电量 (kWh)', '表计复位次数'],
      ['2026-06', 'Readings test', 'Main', 'T-PV-GEN', '发电', 359.85, 1],
      ['2026-06', 'Readings test', 'Main', 'T-PV-GRID', '上网', 48, 0],
    ]);
    const readingsOnly = await sheet(
      (
        await get(
          `/api/v2/meter-reading/download?id=${meterG}&type=month&display=reading&startTime=2026-06-01&endTime=2026-06-30&lang=en-US`,
        )
      ).rawPayload,
    );
    expect(readingsOnly[0]).toEqual([
      'Period',
      'PV station',
      'Grid point',
      'Meter',
      'Role',
      'Start reading (kWh)',
      'Read at',
      'End reading (kWh)',
      'Read at (end)',
    ]);
    expect(readingsOnly[1]!.slice(0, 6)).toEqual(['2026-06', 'Readings test', 'Main', 'T-PV-GEN', 'Generation', 5000]);
  });

  it('refuses bad input naming the field, and shows another tenant nothing, also by id', async () => {
    const bad = await alice.call(pv.reportList, { pvId: stationId, resolution: 'day', from: '2026-06-30', to: '2026-06-01' } as never);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('body.to');
    const wide = await alice.call(pv.pvMeterReadingPage, { ...june, pvId: stationId, startTime: '2024-01-01' });
    expect(wide.body.msg).toContain('body.endTime: the range must be at most 400 days');
    expect(
      (await alice.post('/api/v2/meter-reading/page', { id: meterO, type: 'week', startTime: '2026-06-01', endTime: '2026-06-02' })).body
        .msg,
    ).toContain('type');
    for (const [contract, body] of [
      [pv.pvMeterReadingPage, { ...june, pvId: stationId }],
      [pv.meterReadingPage, { id: meterG, startTime: '2026-06-01', endTime: '2026-06-02' }],
      [pv.reportList, { pvId: stationId, from: '2026-06-01', to: '2026-06-02' }],
      [pv.meterReadingReImplement, { pvId: stationId, startTime: '2026-06-01', endTime: '2026-06-02' }],
      [pv.meterReadingPvRestart, { pvId: stationId }],
    ] as const) {
      const res = await dave.call(contract as typeof pv.reportList, body as never);
      expect(res.status, contract.path).toBe(404);
    }
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v2/meter-reading/pv/download?id=${stationId}&startTime=2026-06-01&endTime=2026-06-02`,
      headers: { cookie: dave.cookie, jwttoken: dave.token },
    });
    expect(file.statusCode).toBe(404);
  });
});
