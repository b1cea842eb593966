import { energyConservation as ec, ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { SUNRISE_SITE } from '../src/seed/demo-circuit-sites.js';
import { startDemoCircuits } from '../src/seed/demo-circuits.js';
import { demoCircuitHistoryDays, seedDemoEnergyConservation, workingDays } from '../src/seed/demo-energy-conservation.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

// The demo's energy conservation (docs/energy-conservation.md, "Demo") and the `audit` baseline it uses.
// The demo circuits' first start at 2026-03-20 09:07 (Asia/Shanghai, UTC+8) writes their history from the
// day before 1 February (48 days back + 1: 49 days), so February 2026 is whole. Sunrise's compressed-air
// feeder SZ-01-FD-06 has an audit baseline: a = 38,000 kWh a month, b = 28.5 kWh/t, at 0.7215 per kWh.
// February 2026: 1 Feb is a Sunday, 28 days: 20 weekdays and 4 Saturdays; production 20 × 48 + 4 × 17 =
// 960 + 68 = 1,028 t; baseline 38,000 + 28.5 × 1,028 = 38,000 + 29,298 = 67,298 kWh = 67,298,000 Wh.
// Actual: the feeder runs 110 kW × 0.8 on average around the clock (shape 'always': 0.8 + 0.1 sin, the sine
// gone over whole days, ±6 % noise by the quarter hour): about 110 × 0.8 × 24 × 28 = 59,136 kWh; exactly,
// its meter's counter at 28 Feb 23:45 less at 31 Jan 23:45 (one reading a quarter hour, at its start).

const at = (local: string) => Date.parse(`${local}+08:00`);
const NOW = at('2026-03-20T09:07:00');

describe.each(DB_KINDS)('energy conservation demo on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let feeder: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
    // the default history of a first start (no `days`): from the day before the previous month's first
    expect(demoCircuitHistoryDays(NOW)).toBe(49);
    await startDemoCircuits({ db: t.database.system, ingest: t.ingest, log: t.app.log, now: NOW, live: false, sites: [SUNRISE_SITE] });
    feeder = (await alice.call(ec.circuitList, { configured: true })).body.data.find((x) => x.code === 'SZ-01-FD-06')!.id;
  }, 240_000);
  afterAll(() => t?.close());

  it("seeds Sunrise's compressed-air feeder an audit baseline in force from February, and February's production", async () => {
    const info = (await alice.call(ec.configInfo, { circuitId: feeder })).body.data;
    expect(info.current).toMatchObject({
      model: 'audit',
      effectiveFrom: '2026-02',
      baselineFrom: '2025-01',
      baselineTo: '2025-12',
      driverUnit: 't',
      auditA: 38000,
      auditB: 28.5,
      price: 0.7215,
      staffName: 'Demo',
    });
    // the fit is the audit's line as typed in, in Wh: 38,000 kWh = 38,000,000 Wh; 28.5 kWh/t = 28,500 Wh/t
    expect(info.fit).toEqual({ a: 38_000_000, b: 28_500, r2: null, n: 0 });
    expect(workingDays('2026-02')).toEqual({ weekdays: 20, saturdays: 4 });
    const drivers = (await alice.call(ec.driverPage, { pageSize: 10, pageOffset: 1, circuitId: feeder })).body.data.list;
    expect(drivers.map((d) => [d.month, d.value])).toEqual([['2026-02', 1028]]);
  });

  it("answers February's saving from the feeder's real energy: 67,298,000 Wh of baseline less the metered", async () => {
    const counter = async (local: string) => {
      const [row] = await rowsOf<{ value: number }>(
        t.database.system,
        sql`select r.value from telemetry_raw r join device d on d.id = r.device_id join data_property p on p.id = r.property_id
            where d.code = 'SZ-01-CM-FD-06' and p.key = 'e_imp' and r.ts = ${new Date(at(local)).toISOString()}::timestamptz`,
      );
      return Number(row!.value);
    };
    const actualWh = Math.round(((await counter('2026-02-28T23:45:00')) - (await counter('2026-01-31T23:45:00'))) * 1000);
    // about 59,136 kWh (±1 %: the noise averages out over 2,688 quarter hours); the demo's readings are a pure
    // function of time, so exactly 59,168,052 Wh
    expect(Math.abs(actualWh / 59_136_000 - 1)).toBeLessThan(0.01);
    expect(actualWh).toBe(59_168_052);
    const answer = (await alice.call(ec.savingComparison, { circuitId: feeder, from: '2026-01', to: '2026-02' })).body.data;
    const [jan, feb] = answer.months;
    // January: before the configuration's first month
    expect(jan).toMatchObject({ month: '2026-01', problem: 'no-version', savingWh: null });
    const savingWh = 67_298_000 - actualWh;
    // cost = saving Wh × 7215 / 1000, rounded half away from zero, in ten-thousandths (costOf)
    const cost10k = Math.sign(savingWh) * Math.round(Math.abs((savingWh * 7215) / 1000));
    expect(feb).toMatchObject({
      month: '2026-02',
      driver: 1028,
      problem: null,
      baselineWh: 67_298_000,
      actualWh,
      savingWh,
      costSaving: cost10k / 10_000,
      rate: Math.round((savingWh / 67_298_000) * 1e6) / 1e6,
    });
    // saving 67,298,000 − 59,168,052 = 8,129,948 Wh; cost 8,129,948 × 7215 / 1000 = 58,657,574.82 → 58,657,575
    // ten-thousandths = 5865.7575; rate 8,129,948 / 67,298,000 = 0.1208052… → 0.120805
    expect([savingWh, cost10k, feb!.costSaving, feb!.rate]).toEqual([8_129_948, 58_657_575, 5865.7575, 0.120805]);
    expect(answer.total).toMatchObject({ baselineWh: 67_298_000, actualWh, savingWh });
    // and the same on the totals of all circuits
    const quantity = (await alice.call(ec.savingQuantity, { from: '2026-02', to: '2026-02' })).body.data;
    expect(quantity.circuits.map((c) => [c.circuitCode, c.savingWh])).toEqual([['SZ-01-FD-06', savingWh]]);
  });

  it('is seeded once: a later start adds only the production of months ended since, and leaves a tenant with its own configurations alone', async () => {
    const configs = async () =>
      Number((await rowsOf<{ n: number }>(t.database.system, sql`select count(*)::int as n from energy_saving_config`))[0]!.n);
    expect(await configs()).toBe(1);
    // a start in May: March and April are added, the configuration stays as it was
    await seedDemoEnergyConservation(t.database.system, SUNRISE_SITE, at('2026-05-03T08:00:00'));
    expect(await configs()).toBe(1);
    const drivers = (await alice.call(ec.driverPage, { pageSize: 10, pageOffset: 1, circuitId: feeder })).body.data.list;
    // March 2026: 22 weekdays, 4 Saturdays: 22 × 48 + 4 × 17 = 1,124 t; April: 22 and 4: 1,124 t
    expect(drivers.map((d) => [d.month, d.value])).toEqual([
      ['2026-04', 1124],
      ['2026-03', 1124],
      ['2026-02', 1028],
    ]);
  });

  it('takes an audit baseline through the API, refusing what is missing or does not belong, naming the field', async () => {
    const circuits = (await alice.call(ec.circuitList, {})).body.data;
    const other = circuits.find((x) => x.code === 'SZ-01-FD-07')!.id;
    const base = {
      circuitId: other,
      effectiveFrom: '2026-02',
      baselineFrom: '2025-01',
      baselineTo: '2025-01',
      driverUnit: '°C·d',
      price: 0.7,
    };
    const refused = async (body: object) => (await alice.call(ec.configEdit, { ...base, ...body } as never)).body.msg;
    expect(await refused({ model: 'audit', auditB: 12 })).toBe('auditA: is required for an audit baseline');
    expect(await refused({ model: 'audit', auditA: 1000, auditB: 1.2345 })).toBe('auditB: must have at most 3 decimals');
    expect(await refused({ model: 'audit', auditA: 2e9, auditB: 1 })).toMatch(/^auditA: /);
    expect(await refused({ model: 'production', baselineTo: '2025-03', auditA: 1000 })).toBe('auditA: is only for an audit baseline');
    expect(await refused({ model: 'audit', auditA: 1000, auditB: 1, driverUnit: null })).toBe('driverUnit: is required for a linear model');
    // one month of baseline period is enough for an audit (its regression was made elsewhere)
    const made = await alice.call(ec.configEdit, { ...base, model: 'audit', auditA: 52_000.125, auditB: -3.5 } as never);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.current).toMatchObject({ model: 'audit', auditA: 52_000.125, auditB: -3.5, driverUnit: '°C·d' });
    // a new version with a new slope logs what changed
    await alice.call(ec.configEdit, { ...base, effectiveFrom: '2026-03', model: 'audit', auditA: 52_000.125, auditB: -3 } as never);
    const info = (await alice.call(ec.configInfo, { circuitId: other })).body.data;
    expect(info.history.map((v) => [v.effectiveFrom, v.auditB, v.changes.includes('auditB'), v.changes.includes('auditA')])).toEqual([
      ['2026-02', -3.5, true, true],
      ['2026-03', -3, true, false],
    ]);
    expect(info.fit).toEqual({ a: 52_000_125, b: -3000, r2: null, n: 0 });
  });

  it('gives dave (Harbor) none of it', async () => {
    expect((await dave.call(ec.configList, {})).body.data).toEqual([]);
    expect((await dave.call(ec.savingQuantity, { from: '2026-02', to: '2026-02' })).body.data.circuits).toEqual([]);
    expect((await dave.call(ec.configInfo, { circuitId: feeder })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await dave.call(ec.savingComparison, { circuitId: feeder, from: '2026-02', to: '2026-02' })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });
});
