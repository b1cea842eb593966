import { describe, expect, it } from 'vitest';
import { backfill, createModel, weatherAt, type InverterFault, type Reading, type SimDeviceSpec } from '../src/index.js';
import { DAY, HOUR, SUZHOU, device, shanghaiMidnight } from './helpers.js';

/** The demo stations' inverters without string devices: their own arrays, their faults, the generation meter over them. */

const series = (specs: SimDeviceSpec[], from: number, to: number, stepSeconds: number) => {
  const bySpec = new Map<string, Reading[]>();
  for (const { spec, reading } of backfill(specs, new Date(from), new Date(to), stepSeconds)) {
    bySpec.set(spec.username, [...(bySpec.get(spec.username) ?? []), reading]);
  }
  return bySpec;
};
const increase = (readings: Reading[], key: string) => readings.at(-1)!.values[key]! - readings[0]!.values[key]!;
const inverter = (seed: number, strings: number, fault?: InverterFault, unit = `inv${seed}`) =>
  device('pv-inverter', seed, { ratingKw: strings === 9 ? 100 : 110, unit, stringCount: strings, inverterFault: fault });

describe('an inverter with its own strings (stringCount)', () => {
  it('converts 9 or 11 strings of 11 kWp under the site weather, at a healthy performance ratio', () => {
    // PR = E_AC / (H_POA / 1000 × P_STC) over November 2025: 99 kWp on 100 kW and 121 kWp on 110 kW
    const specs = [inverter(201, 9), inverter(202, 11), device('env-sensor', 203)];
    const from = shanghaiMidnight(2025, 11, 1);
    const data = series(specs, from, from + 30 * DAY, 300);
    const hPoa = data.get(specs[2]!.username)!.reduce((sum, r) => sum + (r.values.irradiance! * 300) / 3600 / 1000, 0);
    const pr9 = increase(data.get(specs[0]!.username)!, 'e_total') / (hPoa * 99);
    const pr11 = increase(data.get(specs[1]!.username)!, 'e_total') / (hPoa * 121);
    for (const pr of [pr9, pr11]) {
      expect(pr).toBeGreaterThan(0.78);
      expect(pr).toBeLessThan(0.87);
    }
    // at a clear noon its DC input is about its array's: 99 kWp × G/1000 × DC losses (0.89) × temperature, ±10 %
    const noon = data.get(specs[0]!.username)!.find((r) => r.ts === shanghaiMidnight(2025, 11, 7) + 12 * HOUR)!;
    const g = weatherAt(SUZHOU, noon.ts).poa;
    expect(noon.values.p_dc! / ((99 * g) / 1000) / 0.89).toBeGreaterThan(0.9);
    expect(noon.values.p_dc! / ((99 * g) / 1000) / 0.89).toBeLessThan(1.1);
  });

  it('counts its string devices first and adds its own up to stringCount', () => {
    const strings = [1, 2].map((n) => device('pv-string', 210 + n, { ratingKw: 11, unit: 'invA' }));
    const withDevices = [device('pv-inverter', 210, { ratingKw: 110, unit: 'invA', stringCount: 11 }), ...strings];
    const at = new Date(shanghaiMidnight(2025, 11, 7) + 12 * HOUR);
    const siteDevices = withDevices;
    const reading = createModel(withDevices[0]!, at, { siteDevices }).step(at);
    const measured = strings.reduce((sum, s) => sum + createModel(s, at).step(at).values.p!, 0);
    // 2 measured strings + 9 of its own ≈ 11 strings: the measured ones are about 2/11 of the DC input
    expect(measured / reading.values.p_dc!).toBeGreaterThan(2 / 11 - 0.02);
    expect(measured / reading.values.p_dc!).toBeLessThan(2 / 11 + 0.02);
  });

  it('refuses impossible configurations', () => {
    const at = new Date(0);
    expect(() => createModel(device('pv-inverter', 1, { stringCount: -1 }), at)).toThrow(/stringCount/);
    expect(() => createModel(device('pv-inverter', 1, { stringCount: 2.5 }), at)).toThrow(/stringCount/);
    expect(() => createModel(inverter(1, 9, { kind: 'efficiency', loss: 0.5 }), at)).toThrow(/efficiency loss/);
    expect(() => createModel(inverter(1, 9, { kind: 'overheat', riseFactor: 0.5, limitC: 55 }), at)).toThrow(/overheating/);
    expect(() => createModel(inverter(1, 9, { kind: 'trip', from: 10, to: 10 }), at)).toThrow(/trips/);
  });
});

describe("an inverter's faults", () => {
  const day = shanghaiMidnight(2025, 11, 7); // a clear day at the test site (805 W/m², 16.6 °C at noon)
  const healthy = inverter(220, 9);
  const run = (fault: InverterFault) => {
    const faulty = { ...inverter(220, 9, fault), username: 'faulty' };
    const data = series([healthy, faulty], day, day + DAY, 300);
    return { ok: data.get(healthy.username)!, bad: data.get('faulty')! };
  };

  it('trip: status 2, no power and a flat counter in its window; the same readings as a healthy twin before it', () => {
    const from = day + 10 * HOUR + 15 * 60_000;
    const to = day + 14 * HOUR + 40 * 60_000;
    const { ok, bad } = run({ kind: 'trip', from, to });
    const inside = bad.filter((r) => r.ts >= from && r.ts < to);
    // 10:15 to 14:40 is 4 h 25 min: 53 readings of 5 minutes
    expect(inside).toHaveLength(53);
    for (const r of inside) expect([r.values.status, r.values.p_ac, r.values.p_dc]).toEqual([2, 0, 0]);
    expect(inside.at(-1)!.values.e_total).toBe(inside[0]!.values.e_total);
    for (const [k, r] of bad.entries()) if (r.ts < from) expect(r.values).toEqual(ok[k]!.values);
    // after the reset it produces again, its counter short of the twin's by the energy of the window
    const after = bad.find((r) => r.ts === to + HOUR)!;
    expect(after.values.status).toBe(1);
    expect(after.values.p_ac).toBeCloseTo(ok.find((r) => r.ts === to + HOUR)!.values.p_ac!, 6);
    expect(increase(ok, 'e_total') - increase(bad, 'e_total')).toBeGreaterThan(100);
  });

  it('efficiency: 2 % less AC from the same DC', () => {
    const { ok, bad } = run({ kind: 'efficiency', loss: 0.02 });
    const lit = ok.filter((r) => r.values.p_ac! > 5);
    expect(lit.length).toBeGreaterThan(60);
    for (const r of lit) {
      const twin = bad.find((b) => b.ts === r.ts)!;
      expect(twin.values.p_dc).toBe(r.values.p_dc);
      // p_ac rounded to the Wh: 0.98 × healthy, ± 1 W of rounding on each
      expect(Math.abs(twin.values.p_ac! - 0.98 * r.values.p_ac!)).toBeLessThanOrEqual(0.002);
    }
  });

  it('overheat: derates to hold its enclosure at the limit on a sunny middle of the day, and runs like its twin in weak light', () => {
    const { ok, bad } = run({ kind: 'overheat', riseFactor: 2.5, limitC: 55 });
    const noon = (rs: Reading[]) => rs.find((r) => r.ts === day + 12 * HOUR)!;
    // the allowed power: 100 kW × ((55 − T_amb) / 2.5 − 8) / 22; 100 × ((55 − 16.6) / 2.5 − 8) / 22 = 33.5 kW at 16.6 °C
    const tAmb = weatherAt(SUZHOU, day + 12 * HOUR).tempAmb;
    const allowed = 100 * (((55 - tAmb) / 2.5 - 8) / 22);
    expect(noon(ok).values.p_ac).toBeGreaterThan(allowed + 5);
    expect(noon(bad).values.p_ac).toBeCloseTo(allowed, 2);
    // its enclosure settles at the limit (a healthy one stays far below)
    expect(noon(bad).values.temp_inner).toBeGreaterThan(53);
    expect(noon(bad).values.temp_inner).toBeLessThanOrEqual(55.1);
    expect(noon(ok).values.temp_inner).toBeLessThan(50);
    // early morning: below the limit, the same power
    const morning = (rs: Reading[]) => rs.find((r) => r.ts === day + 7 * HOUR + 30 * 60_000)!;
    expect(morning(bad).values.p_ac).toBe(morning(ok).values.p_ac);
    expect(morning(bad).values.p_ac).toBeGreaterThan(0);
  });
});

describe('a station of simulated inverters', () => {
  it("has a generation meter that reads Σ of its inverters' AC less 1 %, less the standby, and a grid meter that ignores them", () => {
    // three inverters of nine strings: 3 × 99 = 297 kWp, all simulated, so nothing is made up for the rest
    const specs = [
      inverter(230, 9, undefined, 'inv1'),
      { ...inverter(231, 9, { kind: 'efficiency', loss: 0.02 }, 'inv2'), feedsStation: true },
      {
        ...inverter(
          232,
          9,
          { kind: 'trip', from: shanghaiMidnight(2025, 11, 7) + 9 * HOUR, to: shanghaiMidnight(2025, 11, 7) + 13 * HOUR },
          'inv3',
        ),
        feedsStation: true,
      },
      device('pv-meter', 233, { ratingKw: 297 }),
      device('grid-meter', 234, { ratingKw: 900 }),
    ];
    const from = shanghaiMidnight(2025, 11, 7);
    const data = series(specs, from, from + DAY, 300);
    const meter = data.get(specs[3]!.username)!;
    const net = increase(meter, 'e_exp') - increase(meter, 'e_imp');
    const ac = [0, 1, 2].reduce((sum, i) => sum + increase(data.get(specs[i]!.username)!, 'e_total'), 0);
    // net = 0.99 × Σ AC − 297 kWp × 0.0015 × 24 h = 0.99 × Σ AC − 10.692 kWh; the meter sums the inverters'
    // p_ac rounded to 1 W: at most 3 × 0.0005 kW × 24 h = 0.036 kWh apart, plus the counters' rounding
    expect(Math.abs(net - (0.99 * ac - 10.692))).toBeLessThan(0.04);
    // the grid meter balances only the inverter on the site's board: the same as on a site without the other two
    const alone = series([specs[0]!, specs[4]!], from, from + DAY, 300).get(specs[4]!.username)!;
    expect(data.get(specs[4]!.username)).toEqual(alone);
  });
});
