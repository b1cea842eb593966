import { circuit as c, energyConservation as ec, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// Energy conservation (docs/energy-conservation.md). Asia/Shanghai (UTC+8). One meter, read at 23:45 on
// the last day of every month from December 2024 to April 2026: the step ending at a reading counts in
// that reading's quarter, so each reading carries exactly its month's energy.
//
// Baseline 2025-01..2025-12, production x (t) and energy y (kWh) = 20000 + 150·x + e:
//   x: 100 120 110  90 130 140 | 100 120 110  90 130 140
//   e: +500 −300  0   0   0   0 | −500 +300  0   0   0   0
// Σe = 0 and Σ(x·e) = 100·500 − 120·300 − 100·500 + 120·300 = 0, so least squares gives a and b exactly:
//   x̄ = 2·690/12 = 115; Sxx = 2·(15² + 5² + 5² + 25² + 15² + 25²) = 2·1750 = 3500 t²
//   Sxy = 150·Sxx + Σ(x − x̄)·e = 525000 + (−15·500 − 15·(−500) + 5·(−300) + 5·300) = 525000 kWh·t
//   b = 525000 / 3500 = 150 kWh/t = 150,000 Wh/t; ȳ = 20000 + 150·115 = 37250 kWh; a = 37250 − 17250 = 20000 kWh
//   SSres = 2·500² + 2·300² = 680,000 kWh²; SStot = 150²·3500 + 680,000 = 79,430,000 kWh²
//   R² = 1 − 680,000 / 79,430,000 = 0.99143900… → 0.991439
// Reporting: 2026-03 x = 125 t, actual 35000.5 kWh; 2026-04 x = 95 t, actual 33000 kWh.
//   March: baseline 20000 + 150·125 = 38750 kWh = 38,750,000 Wh; saving 38,750,000 − 35,000,500 = 3,749,500 Wh
//     cost at 0.8123/kWh: 3,749,500 × 8123 / 1000 = 30,457,188.5 → 30,457,189 ten-thousandths = 3045.7189
//     rate 3,749,500 / 38,750,000 = 0.0967612… → 0.096761
//   April: baseline 20000 + 150·95 = 34250 kWh; saving 34,250,000 − 33,000,000 = 1,250,000 Wh
//     at 0.8123: 1,250,000 × 8123 / 1000 = 10,153,750 → 1015.375; at 0.9 (the version from April): 1125
//     rate 1,250,000 / 34,250,000 = 0.0364963… → 0.036496

const at = (local: string) => Date.parse(`${local}+08:00`);
const X = [100, 120, 110, 90, 130, 140, 100, 120, 110, 90, 130, 140];
const E = [500, -300, 0, 0, 0, 0, -500, 300, 0, 0, 0, 0];
const BASE_KWH = X.map((x, i) => 20000 + 150 * x + E[i]!);
const monthEnd = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}T23:45:00`;

describe.each(DB_KINDS)('energy conservation on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let prodCircuit: number;
  let sameCircuit: number;
  let config: ec.ConfigRow;

  beforeAll(async () => {
    // readings back to December 2024 are older than the default raw retention of 400 days
    t = await createTestApp(kind, { ingest: { rawRetentionDays: 100_000 } });
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    const sz = (await demoIds(t)).ouId['SZ-01']!;
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const meterType = tree.flatMap((x) => x.children).find((x) => x.key === 'feeder-meter')!.id;
    const meter = await alice.post('/api/v2/device/create', {
      code: 'T-EC-M',
      name: 'Meter T-EC-M',
      deviceTypeId: meterType,
      ouId: sz,
      ratedPowerKw: 100,
    });
    expect(meter.status, JSON.stringify(meter.body)).toBe(200);
    const deviceId = meter.body.data.id as number;
    const monthly = [...BASE_KWH, 36000, 34000, 35000.5, 33000]; // 2025-01 .. 2026-04 (Jan and Feb 2026 unused)
    let kwh = 1_000_000;
    const readings = [{ deviceId, ts: new Date(at(monthEnd(2024, 12))), values: { e_imp: kwh } }];
    monthly.forEach((v, i) => {
      kwh += v;
      readings.push({ deviceId, ts: new Date(at(monthEnd(2025 + Math.floor(i / 12), (i % 12) + 1))), values: { e_imp: kwh } });
    });
    expect((await t.ingest.writeReadings(readings)).rejected).toBe(0);
    const circuit = async (code: string) => {
      const res = await alice.call(c.circuitCreate, {
        code,
        name: code,
        type: 'incoming',
        ouId: sz,
        parentId: null,
        meters: [{ deviceId, sign: 1 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    };
    prodCircuit = await circuit('T-EC-PROD');
    sameCircuit = await circuit('T-EC-SAME');
  });
  afterAll(() => t?.close());

  const linear = () => ({
    circuitId: prodCircuit,
    effectiveFrom: '2026-01',
    model: 'production' as const,
    baselineFrom: '2025-01',
    baselineTo: '2025-12',
    driverUnit: 't',
    price: 0.8123,
    remark: 'Line 1 after the compressor retrofit',
  });

  it('refuses bad configurations and driver values, naming the field, and changes nothing', async () => {
    // the contract's checks name the field (`baselineTo: ...`); the service's name it in the body (`body.circuitId: ...`)
    const bad: [Record<string, unknown>, string][] = [
      [{ baselineTo: '2024-12' }, 'baselineTo'],
      [{ baselineFrom: '2022-01', baselineTo: '2025-12' }, 'baselineTo'],
      [{ baselineTo: '2025-02' }, 'baselineTo'],
      [{ driverUnit: null }, 'driverUnit'],
      [{ price: 0.81234 }, 'price'],
      [{ price: -1 }, 'price'],
      [{ effectiveFrom: '2026-13' }, 'effectiveFrom'],
      [{ model: 'guess' }, 'model'],
      [{ circuitId: 999_999 }, 'circuitId'],
    ];
    for (const [change, field] of bad) {
      const res = await alice.call(ec.configEdit, { ...linear(), ...change } as never);
      expect(res.status, field).toBe(400);
      expect(res.body.msg).toContain(field);
    }
    const samePeriodTooLong = await alice.call(ec.configEdit, { ...linear(), model: 'same-period', baselineTo: '2026-01' });
    expect(samePeriodTooLong.body.msg).toContain('baselineTo');
    const badDrivers: [Record<string, unknown>, string][] = [
      [{ month: '2025-13' }, 'month'],
      [{ value: -1 }, 'value'],
      [{ value: 1.0005 }, 'value'],
      [{ circuitId: 999_999 }, 'circuitId'],
    ];
    for (const [change, field] of badDrivers) {
      const res = await alice.call(ec.driverAdd, { circuitId: prodCircuit, month: '2025-01', value: 1, ...change } as never);
      expect(res.status, field).toBe(400);
      expect(res.body.msg).toContain(field);
    }
    expect((await alice.call(ec.configList, {})).body.data).toEqual([]);
    expect((await alice.call(ec.driverPage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(0);
    const range = await alice.call(ec.savingQuantity, { from: '2026-04', to: '2026-03' });
    expect(range.body.msg).toContain('to: must not be before from');
  });

  it('fits the production baseline by least squares and proves March and April savings to the Wh and the cent', async () => {
    const created = await alice.call(ec.configEdit, linear());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    config = created.body.data;
    expect(config.current).toMatchObject({ action: 'create', model: 'production', price: 0.8123, driverUnit: 't' });
    const months = [
      ...X.map((x, i) => [`2025-${String(i + 1).padStart(2, '0')}`, x] as const),
      ['2026-03', 125] as const,
      ['2026-04', 95] as const,
    ];
    for (const [month, value] of months) {
      const res = await alice.call(ec.driverAdd, { circuitId: prodCircuit, month, value });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // a second entry of a month replaces its value
    const again = await alice.call(ec.driverAdd, { circuitId: prodCircuit, month: '2026-04', value: 95 });
    expect(again.body.data).toMatchObject({ month: '2026-04', value: 95, circuitCode: 'T-EC-PROD' });
    const page = (await alice.call(ec.driverPage, { pageSize: 100, pageOffset: 1, circuitId: prodCircuit, from: '2025-06' })).body.data;
    expect(page.totalCount).toBe(9); // 2025-06 .. 2025-12 and 2026-03, 2026-04
    expect(page.list[0]!.month).toBe('2026-04');

    const info = (await alice.call(ec.configInfo, { circuitId: prodCircuit })).body.data;
    expect(info.fit).toEqual({ a: 20_000_000, b: 150_000, r2: 0.991439, n: 12 });
    expect(info.history).toHaveLength(1);

    const cmp = (await alice.call(ec.savingComparison, { circuitId: prodCircuit, from: '2026-03', to: '2026-04' })).body.data;
    expect(cmp.months).toEqual([
      {
        month: '2026-03',
        driver: 125,
        versionId: config.current.id,
        problem: null,
        baselineWh: 38_750_000,
        actualWh: 35_000_500,
        savingWh: 3_749_500,
        costSaving: 3045.7189,
        rate: 0.096761,
      },
      {
        month: '2026-04',
        driver: 95,
        versionId: config.current.id,
        problem: null,
        baselineWh: 34_250_000,
        actualWh: 33_000_000,
        savingWh: 1_250_000,
        costSaving: 1015.375,
        rate: 0.036496,
      },
    ]);
    // 3045.7189 + 1015.3750 = 4061.0939; 4,999,500 / 73,000,000 = 0.0684863… → 0.068486
    expect(cmp.total).toEqual({ baselineWh: 73_000_000, actualWh: 68_000_500, savingWh: 4_999_500, costSaving: 4061.0939, rate: 0.068486 });
  });

  it('keeps every edit in the log; a version from April leaves March with its old price', async () => {
    const edited = await alice.call(ec.configEdit, { ...linear(), effectiveFrom: '2026-04', price: 0.9 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.versions).toBe(2);
    expect(edited.body.data.current).toMatchObject({
      action: 'edit',
      changes: ['effectiveFrom', 'price'],
      price: 0.9,
      staffName: expect.any(String),
    });
    // the same body again writes nothing
    expect((await alice.call(ec.configEdit, { ...linear(), effectiveFrom: '2026-04', price: 0.9 })).body.data.versions).toBe(2);
    const cmp = (await alice.call(ec.savingComparison, { circuitId: prodCircuit, from: '2026-03', to: '2026-04' })).body.data;
    // March at 0.8123 as before; April 1,250,000 × 9000 / 1000 = 11,250,000 → 1125
    expect(cmp.months.map((m) => m.costSaving)).toEqual([3045.7189, 1125]);
    expect(cmp.total.costSaving).toBe(4170.7189);
    const log = (await alice.call(ec.logPage, { pageSize: 20, pageOffset: 1, configId: config.id })).body.data;
    expect(log.list.map((l) => l.action)).toEqual(['edit', 'create']);
    const detail = (await alice.call(ec.logDetail, { id: log.list[0]!.id })).body.data;
    expect(detail.previous).toMatchObject({ price: 0.8123, effectiveFrom: '2026-01' });
    expect(detail).toMatchObject({ price: 0.9, circuitCode: 'T-EC-PROD' });
  });

  it('answers a same-period baseline, the totals, pies and average rate over both circuits', async () => {
    const same = await alice.call(ec.configEdit, {
      circuitId: sameCircuit,
      effectiveFrom: '2026-01',
      model: 'same-period',
      baselineFrom: '2025-01',
      baselineTo: '2025-12',
      price: 1,
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.current.driverUnit).toBeNull();
    // March: baseline = March 2025 = 20000 + 150·110 = 36500 kWh; saving 36,500,000 − 35,000,500 = 1,499,500 Wh → 1499.5 at 1.0
    // April: baseline = April 2025 = 20000 + 150·90 = 33500 kWh; saving 500,000 Wh → 500
    const cmp = (await alice.call(ec.savingComparison, { circuitId: sameCircuit, from: '2026-03', to: '2026-05' })).body.data;
    expect(cmp.months.map((m) => [m.baselineWh, m.savingWh, m.costSaving, m.problem])).toEqual([
      [36_500_000, 1_499_500, 1499.5, null],
      [33_500_000, 500_000, 500, null],
      [null, null, null, 'no-energy'],
    ]);
    const range = { from: '2026-03', to: '2026-05' };
    const q = (await alice.call(ec.savingQuantity, range)).body.data;
    expect(q.circuits.map((r) => [r.circuitCode, r.savingWh, r.costSaving, r.months, r.missingMonths])).toEqual([
      ['T-EC-PROD', 4_999_500, 4170.7189, 2, 1],
      ['T-EC-SAME', 1_999_500, 1999.5, 2, 1],
    ]);
    // Σ baseline 73,000,000 + 70,000,000 = 143,000,000; Σ actual 2 × 68,000,500 = 136,001,000; saving 6,999,000
    // rate 6,999,000 / 143,000,000 = 0.0489440… → 0.048944; cost 4170.7189 + 1999.5 = 6170.2189
    expect(q.total).toEqual({ baselineWh: 143_000_000, actualWh: 136_001_000, savingWh: 6_999_000, costSaving: 6170.2189, rate: 0.048944 });
    // shares: 4,999,500 / 6,999,000 = 0.7143163… → 0.714316; 1,999,500 / 6,999,000 = 0.2856836… → 0.285684
    const pie = (await alice.call(ec.savingPie, range)).body.data;
    expect(pie).toEqual({
      unit: 'Wh',
      total: 6_999_000,
      slices: [
        { circuitId: prodCircuit, circuitCode: 'T-EC-PROD', circuitName: 'T-EC-PROD', value: 4_999_500, share: 0.714316 },
        { circuitId: sameCircuit, circuitCode: 'T-EC-SAME', circuitName: 'T-EC-SAME', value: 1_999_500, share: 0.285684 },
      ],
    });
    // 41,707,189 / 61,702,189 = 0.6759434… → 0.675943; 19,995,000 / 61,702,189 = 0.3240566… → 0.324057
    const costPie = (await alice.call(ec.costSavingPie, range)).body.data;
    expect(costPie.total).toBe(6170.2189);
    expect(costPie.slices.map((s) => [s.value, s.share])).toEqual([
      [4170.7189, 0.675943],
      [1999.5, 0.324057],
    ]);
    const avg = (await alice.call(ec.averageRate, range)).body.data;
    // same: 1,999,500 / 70,000,000 = 0.0285642… → 0.028564
    expect(avg).toMatchObject({ rate: 0.048944, baselineWh: 143_000_000, savingWh: 6_999_000 });
    expect(avg.circuits.map((r) => r.rate)).toEqual([0.068486, 0.028564]);
    expect((await alice.call(ec.averageRate, { ...range, circuitId: sameCircuit })).body.data.rate).toBe(0.028564);
    const circuits = (await alice.call(ec.circuitList, { configured: true })).body.data;
    expect(circuits.map((r) => r.code)).toEqual(['T-EC-PROD', 'T-EC-SAME']);
    expect((await alice.call(ec.configPage, { pageSize: 20, pageOffset: 1, name: 'EC-SAME' })).body.data.totalCount).toBe(1);
  });

  it('exports a year by month as XLSX with a total row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${ec.savingExport.path}?circuitId=${prodCircuit}&time=2026&lang=en-US`,
      headers: { cookie: alice.cookie, jwttoken: alice.token },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]!.getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1));
    expect(rows[0]).toEqual([
      'Month',
      'Driver value',
      'Baseline energy (kWh)',
      'Actual energy (kWh)',
      'Energy saved (kWh)',
      'Cost saved',
      'Saving rate (%)',
      'Remark',
    ]);
    expect(rows.length).toBe(1 + 12 + 1);
    // January has energy (36000 kWh) but no production entered: no saving, and the remark says why
    expect(rows[1]).toEqual(['2026-01', undefined, undefined, 36000, undefined, undefined, undefined, 'No driver value this month']);
    expect(rows[3]).toEqual(['2026-03', 125, 38750, 35000.5, 3749.5, 3045.7189, 9.6761]);
    expect(rows[13]).toEqual(['Total', undefined, 73000, 68000.5, 4999.5, 4170.7189, 6.8486]);
    const bad = await alice.call('GET', `${ec.savingExport.path}?circuitId=${prodCircuit}&time=26`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('time');
  });

  it('refuses anonymous callers; dave (Harbor) sees nothing, also by id', async () => {
    for (const def of [ec.configPage, ec.savingQuantity, ec.driverAdd]) {
      const anonymous = await t.app.inject({ method: 'POST', url: def.path, payload: {} });
      expect(anonymous.statusCode).toBe(401);
    }
    const range = { from: '2026-03', to: '2026-04' };
    expect((await dave.call(ec.configList, {})).body.data).toEqual([]);
    expect((await dave.call(ec.configPage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(0);
    expect((await dave.call(ec.logPage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(0);
    expect((await dave.call(ec.driverPage, { pageSize: 20, pageOffset: 1 })).body.data.totalCount).toBe(0);
    expect((await dave.call(ec.savingQuantity, range)).body.data.circuits).toEqual([]);
    expect((await dave.call(ec.savingPie, range)).body.data.slices).toEqual([]);
    expect((await dave.call(ec.circuitList, { configured: true })).body.data).toEqual([]);
    expect((await dave.call(ec.configInfo, { id: config.id })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await dave.call(ec.savingComparison, { ...range, circuitId: prodCircuit })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await dave.call(ec.configDelete, { id: config.id })).body.code).toBe(ErrorCode.NOT_FOUND);
    const log = (await alice.call(ec.logPage, { pageSize: 20, pageOffset: 1 })).body.data.list[0]!;
    expect((await dave.call(ec.logDetail, { id: log.id })).body.code).toBe(ErrorCode.NOT_FOUND);
    const driver = (await alice.call(ec.driverPage, { pageSize: 1, pageOffset: 1 })).body.data.list[0]!;
    expect((await dave.call(ec.driverDelete, { id: driver.id })).body.code).toBe(ErrorCode.NOT_FOUND);
    const foreign = await dave.call(ec.configEdit, { ...linear() });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toContain('body.circuitId');
    const foreignDriver = await dave.call(ec.driverAdd, { circuitId: prodCircuit, month: '2026-05', value: 1 });
    expect(foreignDriver.body.msg).toContain('body.circuitId');
    expect((await alice.call(ec.configInfo, { id: config.id })).body.data.versions).toBe(2);
  });

  it('deletes a driver value and a configuration; the log stays', async () => {
    const april = (await alice.call(ec.driverPage, { pageSize: 1, pageOffset: 1, circuitId: prodCircuit })).body.data.list[0]!;
    expect(april.month).toBe('2026-04');
    expect((await alice.call(ec.driverDelete, { id: april.id })).status).toBe(200);
    const cmp = (await alice.call(ec.savingComparison, { circuitId: prodCircuit, from: '2026-04', to: '2026-04' })).body.data;
    expect(cmp.months[0]).toMatchObject({ baselineWh: null, savingWh: null, problem: 'no-driver' });
    expect((await alice.call(ec.configDelete, { id: config.id })).status).toBe(200);
    expect((await alice.call(ec.configInfo, { id: config.id })).body.code).toBe(ErrorCode.NOT_FOUND);
    const log = (await alice.call(ec.logPage, { pageSize: 20, pageOffset: 1, configId: config.id })).body.data;
    expect(log.list.map((l) => l.action)).toEqual(['delete', 'edit', 'create']);
    expect((await alice.call(ec.circuitList, { configured: true })).body.data.map((r) => r.code)).toEqual(['T-EC-SAME']);
    // every write is in the audit log, refused ones too
    const audit = await rowsOf<{ call: string; outcome: string; n: number }>(
      t.database.system,
      sql`select call, outcome, count(*)::int as n from audit_log where call like '%energy-conservation%' group by 1, 2`,
    );
    const n = (call: string, outcome: string) => audit.find((r) => r.call === `POST ${ec.BASE}/${call}` && r.outcome === outcome)?.n ?? 0;
    expect(n('circuit-energy-config-edit', 'ok')).toBeGreaterThanOrEqual(3);
    expect(n('circuit-energy-config-edit', 'error')).toBeGreaterThanOrEqual(1);
    expect(n('circuit-energy-config-delete', 'ok')).toBe(1);
    expect(n('circuit-energy-add', 'ok')).toBe(15);
    expect(n('circuit-energy-delete', 'ok')).toBe(1);
  });
});
