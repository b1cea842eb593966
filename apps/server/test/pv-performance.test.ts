import { pv } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daylightQuarters, daylightSpan } from '../src/domains/pv/pv-daylight.js';
import { lossWaterfall } from '../src/domains/pv/pv-performance-loss.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// PV performance (docs/pv-analytics.md, "Performance"). Every figure is a hand calculation written here.
// Asia/Shanghai (UTC+8), June 2026, one reading per quarter hour at the quarter's start (so each 15 min
// bucket holds one sample and its mean is that reading), through the telemetry write path (writeReadings).
//
// Station T-PV-PERF, P_STC = 33 kWp: inverter A (2 strings × 11 kWp = 22 kWp) and inverter B (1 string × 11 kWp).
// A day ("sunny"):
//   08:00-16:00, 32 quarters: G = 800 W/m², T_mod = 45 °C; A p_dc 15 kW, p_ac 14.4 kW (3.6 kWh a quarter);
//                              B p_dc 7.5 kW, p_ac 7.0 kW (1.75 kWh); generation meter 5.3 kWh a quarter
//   07:00-08:00, 4 quarters:   G = 40 W/m² (below the 50 W/m² minimum), T_mod = 20 °C; A p_dc 0.6, p_ac 0.5 kW
//                              (0.125 kWh); B p_dc 0.3, p_ac 0.25 kW (0.0625 kWh); meter 0.18 kWh a quarter
//   otherwise G = 0, T_mod = 15 °C, no power.
// On 20 June inverter B is down all day (no power, its counter flat): the meter gives 3.55 and 0.12 kWh.
// On 25 June the irradiance sensor reads 0 from 12:00 to 12:30 and nothing to 13:00 (4 quarters) while the
// array produces as usual: those quarters drop out of both sums of the PR (DOMAIN.md), their energy stays in the yields.
// The counters are read a minute before each quarter ends (hh:14, :29, :44, :59), so a quarter's energy
// lands in its own 15 min bucket, beside its irradiance; every step stays inside its day.

const Q = 15 * 60_000;
const at = (local: string) => Date.parse(`${local}+08:00`);
const minuteOf = (ts: number) => ((ts + 8 * 3_600_000) % 86_400_000) / 60_000;
const dayOf = (ts: number) => new Date(ts + 8 * 3_600_000).toISOString().slice(0, 10);
const DOWN_DAY = '2026-06-20';
const SENSOR_DAY = '2026-06-25';

type Reading = { deviceId: number; ts: Date; values: Record<string, number> };
function readingsOf(ids: { ws: number; a: number; b: number; meter: number }): Reading[] {
  const out: Reading[] = [];
  const counter = { a: 1000, b: 500, m: 20_000 };
  for (let ts = at('2026-05-31T23:45:00'); ts <= at('2026-07-01T00:00:00'); ts += Q) {
    const m = minuteOf(ts);
    const sunny = m >= 480 && m < 960;
    const dim = m >= 420 && m < 480;
    const down = dayOf(ts) === DOWN_DAY;
    // the quarter that ends at this reading adds its energy to the counters
    const ended = minuteOf(ts - Q);
    if (ts > at('2026-05-31T23:45:00')) {
      const endedDown = dayOf(ts - Q) === DOWN_DAY;
      if (ended >= 480 && ended < 960) {
        counter.a += 3.6;
        if (!endedDown) counter.b += 1.75;
        counter.m += endedDown ? 3.55 : 5.3;
      } else if (ended >= 420 && ended < 480) {
        counter.a += 0.125;
        if (!endedDown) counter.b += 0.0625;
        counter.m += endedDown ? 0.12 : 0.18;
      }
    }
    const sensorAtZero = dayOf(ts) === SENSOR_DAY && m >= 720 && m < 780;
    const g = sensorAtZero ? 0 : sunny ? 800 : dim ? 40 : 0;
    const temp = sunny ? 45 : dim ? 20 : 15;
    // 12:30-13:00 of that day the sensor is silent rather than at zero: the same quarters drop out
    const silent = sensorAtZero && m >= 750;
    if (!silent) out.push({ deviceId: ids.ws, ts: new Date(ts), values: { irradiance: g, temp_module: temp } });
    // the counters, with the energy of the quarter that ends at ts, a minute before it ends
    const read = new Date(ts - 60_000);
    out.push({ deviceId: ids.a, ts: new Date(ts), values: { p_dc: sunny ? 15 : dim ? 0.6 : 0, p_ac: sunny ? 14.4 : dim ? 0.5 : 0 } });
    out.push({ deviceId: ids.a, ts: read, values: { e_total: counter.a } });
    const bOn = !down;
    out.push({
      deviceId: ids.b,
      ts: new Date(ts),
      values: { p_dc: bOn && sunny ? 7.5 : bOn && dim ? 0.3 : 0, p_ac: bOn && sunny ? 7 : bOn && dim ? 0.25 : 0 },
    });
    out.push({ deviceId: ids.b, ts: read, values: { e_total: counter.b } });
    out.push({ deviceId: ids.meter, ts: read, values: { e_exp: counter.m } });
  }
  return out;
}

describe('loss waterfall', () => {
  it('adds up exactly from the theoretical yield to the energy on grid, and names what it cannot measure', () => {
    const w = lossWaterfall({
      kwp: 10,
      h: 5000.04,
      hAbove: 4900.02,
      xAbove: 4600.01,
      onGridWh: 39_000,
      chain: { why: 'only 1 of 2 inverters have a device' },
      meterAfterInverters: true,
    });
    // 10 × 5000.04 = 50,000.4 -> 50,000; irradiance 50,000 − 49,000 = 1,000; temperature 49,000 − 46,000 = 3,000;
    // unseparated 46,000 − 39,000 = 7,000
    expect(w.theoreticalWh).toBe(50_000);
    expect(w.steps.filter((s) => s.measured).map((s) => [s.key, s.lossWh])).toEqual([
      ['irradiance', 1000],
      ['temperature', 3000],
      ['unseparated', 7000],
    ]);
    expect(w.steps.find((s) => s.key === 'downtime')).toMatchObject({
      lossWh: null,
      measured: false,
      why: 'only 1 of 2 inverters have a device',
    });
  });
});

describe.each(DB_KINDS)('PV performance on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  let stationId: number;
  let invA: number;
  let invB: number;
  let areaId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ids = await demoIds(t);
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
    const tree = (await alice.post('/api/v2/device-type/tree', {})).body.data as { children: { key: string; id: number }[] }[];
    const typeId = (key: string) => tree.flatMap((x) => x.children).find((x) => x.key === key)!.id;
    const ouId = ids.ouId['SZ-01']!;
    const device = async (code: string, type: string, ratedPowerKw?: number) => {
      const r = await alice.post('/api/v2/device/create', { code, name: code, deviceTypeId: typeId(type), ouId, ratedPowerKw });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id as number;
    };
    const ws = await device('T-PERF-ENV', 'env-sensor');
    const devA = await device('T-PERF-INV-A', 'pv-inverter', 20);
    const devB = await device('T-PERF-INV-B', 'pv-inverter', 10);
    const meter = await device('T-PERF-PVM', 'pv-meter', 33);
    const made = await alice.call(pv.pvStationBasicInfo, {
      code: 'T-PV-PERF',
      name: 'Performance test',
      ouId,
      capacityKwp: 33,
      gridConnectionDate: '2026-06-01',
      weatherStationId: ws,
    } as never);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    stationId = made.body.data.id;
    expect((await alice.call(pv.pvAreaAdd, { pvId: stationId, name: 'Roof' } as never)).status).toBe(200);
    areaId = (await alice.call(pv.pvAreaList, { pvId: stationId } as never)).body.data[0]!.id;
    const inverter = async (code: string, deviceId: number) => {
      const r = await alice.call(pv.pvInverterCreateCall, {
        pvId: stationId,
        code,
        name: `Inverter ${code}`,
        areaId,
        ratedAcKw: 20,
        mpptCount: 2,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await alice.call(pv.pvInverterUpdateDevice, { id: r.body.data.id, deviceId })).status).toBe(200);
      return r.body.data.id as number;
    };
    invA = await inverter('A', devA);
    invB = await inverter('B', devB);
    const string = async (code: string, inverterId: number) =>
      expect(
        (
          await alice.call(pv.pvStringCreateCall, {
            pvId: stationId,
            code,
            name: code,
            inverterId,
            mpptInput: 1,
            moduleCount: 20,
            capacityKwp: 11,
          })
        ).status,
      ).toBe(200);
    await string('A-1', invA);
    await string('A-2', invA);
    await string('B-1', invB);
    const points = await alice.call(pv.gridConnectionPoints, {
      pvId: stationId,
      points: [{ name: 'Main', generationMeterId: meter }],
    } as never);
    expect(points.status, JSON.stringify(points.body)).toBe(200);
    const written = await t.ingest.writeReadings(readingsOf({ ws, a: devA, b: devB, meter }));
    expect(written.rejected).toBe(0);
  }, 120_000);
  afterAll(() => t?.close());

  const day = { from: '2026-06-10', to: '2026-06-10' };
  const june = { from: '2026-06-01', to: '2026-06-30' };

  it('computes PR and temperature-corrected PR of a day by hand', async () => {
    const r = await alice.call(pv.performanceIndex, { pvId: stationId, level: 'station', resolution: 'day', ...day });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // E_AC = 32 × 5.3 + 4 × 0.18 = 170.32 kWh = 170,320 Wh (generation meter)
    // H_POA = 32 × 800 × 0.25 + 4 × 40 × 0.25 = 6,400 + 40 = 6,440 Wh/m²
    // PR = E / (H / 1000 × 33 kWp × 1000) = 170,320 / 212,520 = 0.80143
    // corrected reference Σ G × 0.25 × (1 − 0.0035 (T − 25)): 32 × 200 × 0.93 + 4 × 10 × 1.0175 = 5,952 + 40.7 = 5,992.7
    // corrected PR = 170,320 / (5,992.7 × 33 = 197,759.1) = 0.8612499 -> 0.8612
    // equivalent hours = 170.32 / 33 = 5.161 -> 5.16
    expect(r.body.data.energySource).toBe('generation-meter');
    expect(r.body.data.total).toMatchObject({
      generationWh: 170_320,
      irradiationWhM2: 6440,
      equivalentHours: 5.16,
      specificYieldKwhPerKwp: 5.16,
    });
    expect(Math.abs(r.body.data.total.pr! / (170_320 / 212_520) - 1)).toBeLessThan(0.001);
    expect(r.body.data.total.pr).toBe(0.8014);
    expect(Math.abs(r.body.data.total.prTempCorrected! / (170_320 / 197_759.1) - 1)).toBeLessThan(0.001);
    expect(r.body.data.total.prTempCorrected).toBe(0.8612);
    expect(r.body.data.periods).toHaveLength(1);
  });

  it('sums a month of equivalent hours and PR with a day of downtime', async () => {
    const r = await alice.call(pv.performanceIndex, { pvId: stationId, level: 'station', resolution: 'month', ...june });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 29 days × 170,320 + 20 June 32 × 3.55 + 4 × 0.12 = 114.08 kWh: 4,939,280 + 114,080 = 5,053,360 Wh
    // equivalent hours 5,053.36 / 33 = 153.132 -> 153.13
    // H = 30 × 6,440 − 25 June's 4 quarters at zero (4 × 800 × 0.25 = 800) = 192,400 Wh/m²
    // PR: the 4 quarters' 4 × 5.3 = 21.2 kWh drop out: (5,053,360 − 21,200 = 5,032,160) / (192,400 × 33 = 6,349,200) = 0.792566
    // (with them 5,053,360 / 6,349,200 = 0.79590: a sensor outage would lift the PR)
    expect(r.body.data.periods).toEqual([expect.objectContaining({ label: '2026-06', generationWh: 5_053_360, equivalentHours: 153.13 })]);
    expect(r.body.data.total).toMatchObject({ generationWh: 5_053_360, irradiationWhM2: 192_400, pr: 0.7926 });
    expect(Math.abs(r.body.data.total.pr! / (5_032_160 / 6_349_200) - 1)).toBeLessThan(0.001);
    const days = await alice.call(pv.performanceIndex, { pvId: stationId, level: 'station', resolution: 'day', ...june });
    expect(days.body.data.periods).toHaveLength(30);
    expect(days.body.data.periods.find((p) => p.label === DOWN_DAY)).toMatchObject({ generationWh: 114_080 });
    // 25 June: E 170,320 Wh (yields keep it all), H = 6,440 − 800 = 5,640; PR = (170,320 − 21,200 = 149,120) / (5,640 × 33 = 186,120) = 0.801204
    // corrected: x = 5,992.7 − 4 × 200 × 0.93 = 5,248.7; (149,120) / (5,248.7 × 33 = 173,207.1) = 0.860935
    expect(days.body.data.periods.find((p) => p.label === SENSOR_DAY)).toMatchObject({
      generationWh: 170_320,
      equivalentHours: 5.16,
      irradiationWhM2: 5640,
      pr: 0.8012,
      prTempCorrected: 0.8609,
    });
    // the inverters' PR drops the same quarters: A on 25 June (32 × 3.6 + 4 × 0.125 − 4 × 3.6 = 101,300) / (5,640 × 22 = 124,080) = 0.816409
    const a = await alice.call(pv.performanceIndex, {
      resolution: 'day',
      pvId: stationId,
      level: 'inverter',
      targetId: invA,
      from: SENSOR_DAY,
      to: SENSOR_DAY,
    });
    expect(a.body.data.total).toMatchObject({ generationWh: 115_700, pr: 0.8164 });
    const rank = await alice.call(pv.performanceInverterExpression, { pvId: stationId, from: SENSOR_DAY, to: SENSOR_DAY });
    expect(rank.body.data.rows.find((x) => x.code === 'A')).toMatchObject({ eAcWh: 115_700, pr: 0.8164 });
  });

  it('gives an inverter’s and an area’s indices from the inverters’ counters', async () => {
    const a = await alice.call(pv.performanceIndex, { resolution: 'day', pvId: stationId, level: 'inverter', targetId: invA, ...day });
    // A: 32 × 3.6 + 4 × 0.125 = 115.7 kWh over 22 kWp: 5.259 h -> 5.26; PR = 115,700 / (6,440 × 22 = 141,680) = 0.81663
    expect(a.body.data).toMatchObject({ capacityKwp: 22, energySource: 'inverters' });
    expect(a.body.data.total).toMatchObject({ generationWh: 115_700, equivalentHours: 5.26, pr: 0.8166 });
    const area = await alice.call(pv.performanceIndex, { resolution: 'day', pvId: stationId, level: 'area', targetId: areaId, ...day });
    // A + B: 115,700 + (32 × 1.75 + 4 × 0.0625 = 56.25 kWh) = 171,950 Wh over 33 kWp: PR 171,950 / 212,520 = 0.80910
    expect(area.body.data.total).toMatchObject({ generationWh: 171_950, pr: 0.8091 });
    const missing = await alice.call(pv.performanceIndex, { resolution: 'day', pvId: stationId, level: 'inverter', ...day });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('body.targetId');
  });

  it('ranks the inverters by equivalent hours with their efficiency', async () => {
    const r = await alice.call(pv.performanceInverterExpression, { pvId: stationId, ...day });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // A: E_DC = 32 × 15 × 0.25 + 4 × 0.6 × 0.25 = 120.6 kWh; efficiency 115.7 / 120.6 = 0.95937
    // B: E_DC = 32 × 7.5 × 0.25 + 4 × 0.3 × 0.25 = 60.3 kWh;  efficiency 56.25 / 60.3 = 0.93284; 56.25 / 11 = 5.11 h
    expect(r.body.data.rows).toEqual([
      expect.objectContaining({ rank: 1, code: 'A', eAcWh: 115_700, eDcWh: 120_600, efficiency: 0.9594, equivalentHours: 5.26 }),
      expect.objectContaining({ rank: 2, code: 'B', eAcWh: 56_250, eDcWh: 60_300, efficiency: 0.9328, equivalentHours: 5.11 }),
    ]);
  });

  it('draws the loss waterfall of a day and of a month, adding up exactly', async () => {
    const r = await alice.call(pv.performanceLossAnalysis, { pvId: stationId, ...day });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const loss = (steps: pv.PerformanceLossStep[]) => Object.fromEntries(steps.filter((s) => s.measured).map((s) => [s.key, s.lossWh]));
    // theoretical 33 × 6,440 = 212,520; above 50 W/m²: 33 × 6,400 = 211,200 -> irradiance 1,320
    // temperature-corrected above: 33 × 5,952 = 196,416 -> temperature 14,784; no downtime
    // E_DC 120,600 + 60,300 = 180,900 -> DC 196,416 − 180,900 = 15,516; inverter 180,900 − 171,950 = 8,950
    // AC 171,950 − 170,320 = 1,630. Σ 42,200 = 212,520 − 170,320
    expect(r.body.data).toMatchObject({ theoreticalWh: 212_520, onGridWh: 170_320 });
    expect(loss(r.body.data.steps)).toEqual({
      irradiance: 1320,
      temperature: 14_784,
      downtime: 0,
      'dc-mismatch': 15_516,
      inverter: 8950,
      ac: 1630,
    });
    expect(r.body.data.steps.filter((s) => !s.measured).map((s) => s.key)).toEqual(['clipping', 'grid-limitation']);
    const m = (await alice.call(pv.performanceLossAnalysis, { pvId: stationId, ...june })).body.data;
    // theoretical 33 × 192,400 = 6,349,200 (25 June's sensor reads 0 for 4 quarters: H 800 Wh/m² less);
    // irradiance 30 × 1,320 = 39,600; above 50 W/m², 25 June: 6,400 − 800 = 5,600 and x 5,952 − 4 × 186 = 5,208:
    // temperature 29 × 14,784 + 33 × (5,600 − 5,208) = 428,736 + 12,936 = 441,672
    // downtime: B (11 kWp) on 20 June, 11 × 5,952 = 65,472
    // E_DC = 29 × 180,900 + 120,600 = 5,366,700; DC = 33 × (29 × 5,952 + 5,208) − 65,472 − 5,366,700 = 435,756
    // E_AC = 29 × 171,950 + 115,700 = 5,102,250; inverter 264,450; AC 5,102,250 − 5,053,360 = 48,890
    expect(loss(m.steps)).toEqual({
      irradiance: 39_600,
      temperature: 441_672,
      downtime: 65_472,
      'dc-mismatch': 435_756,
      inverter: 264_450,
      ac: 48_890,
    });
    const sum = m.steps.reduce((s, x) => s + (x.lossWh ?? 0), 0);
    expect(m.theoreticalWh! - sum).toBe(m.onGridWh);
    expect(m.onGridWh).toBe(5_053_360);
  });

  it('draws the power and irradiance curves and compares inverters', async () => {
    const p = await alice.call(pv.performancePower, { pvId: stationId, day: '2026-06-10' });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data.points).toHaveLength(96);
    // the quarter 10:00-10:15 holds the meter's step ending at 10:00: 5.3 kWh / 0.25 h = 21.2 kW
    expect(p.body.data.points.find((x) => x.ts === at('2026-06-10T10:00:00'))).toEqual({
      ts: at('2026-06-10T10:00:00'),
      powerKw: 21.2,
      irradianceWm2: 800,
      tempModuleC: 45,
    });
    const c = await alice.call(pv.performancePowerContrast, { pvId: stationId, day: '2026-06-20', inverterIds: [invA, invB] });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const noon = (i: number) => c.body.data.series[i]!.points.find((x) => x.ts === at('2026-06-20T12:00:00'))!.value;
    expect([noon(0), noon(1)]).toEqual([14.4, 0]);
    expect((await alice.call(pv.performancePowerContrast, { pvId: stationId, day: '2026-06-20', inverterIds: [999_999] })).status).toBe(
      404,
    );
  });

  it('keeps each station’s config with who and when, and the corrected PR follows it', async () => {
    const before = await alice.call(pv.performanceConfigInfo, { pvId: stationId });
    expect(before.body.data).toMatchObject({
      gammaPctPerK: -0.35,
      referenceTempC: 25,
      minIrradianceWm2: 50,
      configured: false,
      updatedBy: null,
    });
    const bad = await alice.call(pv.performanceConfigSetUp, {
      pvId: stationId,
      gammaPctPerK: 0.5,
      referenceTempC: 25,
      minIrradianceWm2: 50,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('gammaPctPerK');
    const set = await alice.call(pv.performanceConfigSetUp, {
      pvId: stationId,
      gammaPctPerK: -0.4,
      referenceTempC: 20,
      minIrradianceWm2: 50,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ gammaPctPerK: -0.4, referenceTempC: 20, configured: true, updatedBy: expect.any(String) });
    expect(set.body.data.updatedAt).not.toBeNull();
    const page = await alice.call(pv.performanceConfigPage, { pageSize: 100, pageOffset: 1, keyword: 'T-PV-PERF' });
    expect(page.body.data.list).toEqual([expect.objectContaining({ pvId: stationId, gammaPctPerK: -0.4, configured: true })]);
    // γ = −0.4 %/K, T_ref = 20 °C: 32 × 200 × (1 − 0.004 × 25 = 0.9) + 4 × 10 × 1 = 5,760 + 40 = 5,800;
    // corrected PR = 170,320 / (5,800 × 33 = 191,400) = 0.88986
    const r = await alice.call(pv.performanceIndex, { resolution: 'day', pvId: stationId, level: 'station', ...day });
    expect(r.body.data.total.prTempCorrected).toBe(0.8899);
    await alice.call(pv.performanceConfigSetUp, { pvId: stationId, gammaPctPerK: -0.35, referenceTempC: 25, minIrradianceWm2: 50 });
  });

  it('lists the stations with their figures over a period', async () => {
    const r = await alice.call(pv.performanceOutlinePage, { pageSize: 100, pageOffset: 1, keyword: 'T-PV-PERF', ...day });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.list).toEqual([
      expect.objectContaining({ pvId: stationId, capacityKwp: 33, generationWh: 170_320, equivalentHours: 5.16, pr: 0.8014 }),
    ]);
    const long = await alice.call(pv.performanceOutlinePage, { pageSize: 20, pageOffset: 1, from: '2025-01-01', to: '2026-06-30' });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain('body.to');
  });

  it('exports the inverters’ ranking and the indices as the page shows them', async () => {
    const get = (s: Session, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v2/pv-performance/export?${query}`, headers: { cookie: s.cookie, jwttoken: s.token } });
    const csv = await get(alice, `table=inverters&pvId=${stationId}&from=2026-06-10&to=2026-06-10&format=csv&lang=en-US`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(3);
    // rank, code, name, area, kWp, AC kWh, DC kWh, efficiency, hours, PR
    expect(lines[1]).toContain('115.7');
    expect(lines[1]).toContain('120.6');
    expect(lines[1]!.startsWith('1,A,')).toBe(true);
    const index = await get(alice, `table=index&pvId=${stationId}&from=2026-06-01&to=2026-06-30&resolution=month&format=csv`);
    expect(index.statusCode, index.body).toBe(200);
    expect(index.body).toContain('5053.36');
    expect((await get(dave, `table=index&pvId=${stationId}&from=2026-06-01&to=2026-06-30&format=csv`)).statusCode).toBe(404);
    const noStation = await get(alice, `table=index&from=2026-06-01&to=2026-06-30&format=csv`);
    expect(noStation.statusCode).toBe(400);
  });

  it('reads the 15 min rollup when the station’s days are not its tenant’s days, with the same figures', async () => {
    const before = await alice.call(pv.performanceInverterExpression, { pvId: stationId, ...june });
    const lossBefore = await alice.call(pv.performanceLossAnalysis, { pvId: stationId, ...june });
    // Asia/Singapore is UTC+8 like the tenant's Asia/Shanghai: the same local days, but not the day rollup's zone
    const moved = await alice.call(pv.pvStationBasicInfo, {
      id: stationId,
      code: 'T-PV-PERF',
      name: 'Performance test',
      ouId: (await alice.call(pv.pvStationDetail, { id: stationId })).body.data.ouId,
      capacityKwp: 33,
      gridConnectionDate: '2026-06-01',
      weatherStationId: (await alice.call(pv.pvStationDetail, { id: stationId })).body.data.weatherStationId,
      timeZone: 'Asia/Singapore',
    } as never);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await alice.call(pv.performanceInverterExpression, { pvId: stationId, ...june });
    expect(after.body.data).toEqual(before.body.data);
    // B over June: 29 × 56,250 = 1,631,250 Wh AC, 29 × 60,300 = 1,748,700 Wh DC
    expect(after.body.data.rows.find((r) => r.code === 'B')).toMatchObject({ eAcWh: 1_631_250, eDcWh: 1_748_700 });
    expect((await alice.call(pv.performanceLossAnalysis, { pvId: stationId, ...june })).body.data).toEqual(lossBefore.body.data);
  });

  it('reads the quarters without irradiance only in daylight when the station has coordinates, with the same figures', async () => {
    const ask = () => alice.call(pv.performanceIndex, { pvId: stationId, level: 'station', resolution: 'day', ...june });
    const rank = () => alice.call(pv.performanceInverterExpression, { pvId: stationId, from: SENSOR_DAY, to: SENSOR_DAY });
    const [before, rankBefore] = [await ask(), await rank()];
    const detail = (await alice.call(pv.pvStationDetail, { id: stationId })).body.data;
    // Suzhou: civil dawn about 04:25 and dusk about 19:30 in June; the outage at noon is in daylight
    const moved = await alice.call(pv.pvStationBasicInfo, {
      id: stationId,
      code: detail.code,
      name: detail.name,
      ouId: detail.ouId,
      capacityKwp: 33,
      gridConnectionDate: '2026-06-01',
      weatherStationId: detail.weatherStationId,
      timeZone: detail.timeZone,
      location: { longitude: 120.6, latitude: 31.3 },
    } as never);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await alice.call(pv.pvStationDetail, { id: stationId })).body.data.location).toEqual({ longitude: 120.6, latitude: 31.3 });
    const after = await ask();
    expect(after.body.data).toEqual(before.body.data);
    expect(after.body.data.periods.find((p) => p.label === SENSOR_DAY)).toMatchObject({ pr: 0.8012 });
    expect((await rank()).body.data).toEqual(rankBefore.body.data);
  });

  it('shows another tenant nothing', async () => {
    const calls = [
      dave.call(pv.performanceIndex, { resolution: 'day', level: 'station', pvId: stationId, ...day }),
      dave.call(pv.performanceInverterExpression, { pvId: stationId, ...day }),
      dave.call(pv.performanceLossAnalysis, { pvId: stationId, ...day }),
      dave.call(pv.performancePower, { pvId: stationId, day: '2026-06-10' }),
      dave.call(pv.performancePowerContrast, { pvId: stationId, day: '2026-06-10', inverterIds: [invA] }),
      dave.call(pv.performanceConfigInfo, { pvId: stationId }),
      dave.call(pv.performanceConfigSetUp, { pvId: stationId, gammaPctPerK: -0.3, referenceTempC: 25, minIrradianceWm2: 50 }),
    ];
    for (const r of await Promise.all(calls)) expect(r.status).toBe(404);
    const page = await dave.call(pv.performanceOutlinePage, { pageSize: 100, pageOffset: 1, keyword: 'T-PV-PERF', ...day });
    expect(page.body.data.list).toEqual([]);
    const configs = await dave.call(pv.performanceConfigPage, { pageSize: 100, pageOffset: 1, keyword: 'T-PV-PERF' });
    expect(configs.body.data.list).toEqual([]);
  });
});

describe('daylight span (NOAA solar equations)', () => {
  // Civil twilight at Suzhou (31.30 N 120.62 E, UTC+8), about 04:23 and 19:30 on 21 June, 06:25 and 17:25 on
  // 21 December. The span is widened by 30 min each side, so an error of a few minutes is harmless: within 5 min.
  const local = (ms: number) => ((ms + 8 * 3_600_000 - Date.parse('1970-01-01T00:00:00Z')) % 86_400_000) / 60_000;
  it('starts 30 min before civil dawn and ends 30 min after civil dusk', () => {
    const june = daylightSpan('2026-06-21', 31.3, 120.62)!;
    expect(Math.abs(local(june.from) - (4 * 60 + 23 - 30))).toBeLessThanOrEqual(5);
    expect(Math.abs(local(june.to) - (19 * 60 + 30 + 30))).toBeLessThanOrEqual(5);
    const december = daylightSpan('2026-12-21', 31.3, 120.62)!;
    expect(Math.abs(local(december.from) - (6 * 60 + 25 - 30))).toBeLessThanOrEqual(5);
    expect(Math.abs(local(december.to) - (17 * 60 + 25 + 30))).toBeLessThanOrEqual(5);
  });
  it('has no daylight in the polar night and the whole day in the midnight sun', () => {
    expect(daylightSpan('2026-12-21', 78.2, 15.6)).toBeNull();
    const summer = daylightSpan('2026-06-21', 78.2, 15.6)!;
    expect(summer.to - summer.from).toBeGreaterThan(86_400_000);
  });
  it('lists each daylight quarter of the days once, clipped to the period', () => {
    const from = Date.parse('2026-06-20T16:00:00Z'); // 21 June 00:00 UTC+8
    const q = daylightQuarters(['2026-06-21'], 31.3, 120.62, from, from + 86_400_000);
    expect(new Set(q).size).toBe(q.length);
    expect(q.every((ts) => ts % (15 * 60_000) === 0 && ts >= from && ts < from + 86_400_000)).toBe(true);
    // 03:45 .. 20:00 local: 65 quarters
    expect(q.length).toBeGreaterThanOrEqual(64);
    expect(q.length).toBeLessThanOrEqual(66);
  });
});
