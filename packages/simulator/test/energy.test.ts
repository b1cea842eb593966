import { describe, expect, it } from 'vitest';
import { backfill, planSites, type Reading, type SimDeviceSpec } from '../src/index.js';
import { localTime } from '../src/local-time.js';
import { shiftPatternOf } from '../src/models/load-profile.js';
import { DAY, device, fullSite, shanghaiMidnight } from './helpers.js';

const COUNTERS: Record<string, [counter: string, power: string, sign: 1 | -1][]> = {
  'pv-inverter': [['e_total', 'p_ac', 1]],
  'feeder-meter': [['e_imp', 'p', 1]],
  'grid-meter': [
    ['e_imp', 'p', 1],
    ['e_exp', 'p', -1],
  ],
  'bsa-pcs': [
    ['e_dis', 'p', 1],
    ['e_chg', 'p', -1],
  ],
  'charging-pile': [['e_total', 'p', 1]],
};

function collect(specs: SimDeviceSpec[], from: number, to: number, stepSeconds: number): Map<SimDeviceSpec, Reading[]> {
  const out = new Map<SimDeviceSpec, Reading[]>(specs.map((spec) => [spec, []]));
  for (const { spec, reading } of backfill(specs, new Date(from), new Date(to), stepSeconds)) out.get(spec)!.push(reading);
  return out;
}

describe('cumulative counters', () => {
  const from = shanghaiMidnight(2025, 6, 9);
  const data = collect(fullSite(), from, from + 3 * DAY, 60);

  it('never decrease and grow by the integrated power, hour by hour', () => {
    for (const [spec, readings] of data) {
      for (const [counter, power, sign] of COUNTERS[spec.typeKey] ?? []) {
        let total = 0;
        for (let k = 1; k < readings.length; k++) {
          expect(readings[k]!.values[counter]!, `${spec.typeKey} ${counter}`).toBeGreaterThanOrEqual(readings[k - 1]!.values[counter]!);
        }
        // A pile's counter follows each session's exact curve, so minute samples only match over whole sessions.
        const window = spec.typeKey === 'charging-pile' ? readings.length - 1 : 60;
        for (let hour = 0; hour + window < readings.length; hour += window) {
          const increase = readings[hour + window]!.values[counter]! - readings[hour]!.values[counter]!;
          const slice = readings.slice(hour + 1, hour + window + 1);
          const meanPower = slice.reduce((sum, r) => sum + Math.max(0, sign * r.values[power]!), 0) / 60;
          total += increase;
          // An hour's increase is the hour's mean power (kWh = kW x 1 h), to within rounding and taper.
          expect(Math.abs(increase - meanPower), `${spec.typeKey} ${counter} hour ${hour / 60}`).toBeLessThan(0.03 * meanPower + 0.05);
        }
        expect(total, `${spec.typeKey} ${counter} moves`).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('keep the grid meter equal to the site balance: load - PV - storage + charging', () => {
    const of = (typeKey: string) => [...data].filter(([spec]) => spec.typeKey === typeKey).map(([, readings]) => readings);
    const grid = of('grid-meter')[0]!;
    grid.forEach((reading, k) => {
      const sum = (typeKey: string, key: string) => of(typeKey).reduce((acc, readings) => acc + readings[k]!.values[key]!, 0);
      const balance = sum('feeder-meter', 'p') * 1.015 + sum('charging-pile', 'p') - sum('pv-inverter', 'p_ac') - sum('bsa-pcs', 'p');
      expect(reading.values.p).toBeCloseTo(balance, 1);
    });
  });
});

describe('storage', () => {
  const site = fullSite();
  const from = shanghaiMidnight(2025, 1, 6);
  const data = collect(site, from, from + 30 * DAY, 300);
  const pcs = [...data].find(([spec]) => spec.typeKey === 'bsa-pcs')![1];

  it('keeps SOC within 5..95 %, charging in the night valley and discharging in the peaks', () => {
    let charged = 0;
    let discharged = 0;
    for (const { ts, values } of pcs) {
      expect(values.soc).toBeGreaterThanOrEqual(5);
      expect(values.soc).toBeLessThanOrEqual(95);
      const hour = localTime('Asia/Shanghai', ts).hour;
      if (hour >= 1 && hour < 5) expect(values.p).toBeLessThanOrEqual(0);
      if ((hour >= 8.5 && hour < 10.5) || (hour >= 17.5 && hour < 20.5)) expect(values.p).toBeGreaterThanOrEqual(0);
      if (values.status === 1) charged++;
      if (values.status === 2) discharged++;
    }
    expect(charged).toBeGreaterThan(pcs.length * 0.2);
    expect(discharged).toBeGreaterThan(pcs.length * 0.2);
    const socs = pcs.map((r) => r.values.soc!);
    expect(Math.max(...socs)).toBeGreaterThan(85);
    expect(Math.min(...socs)).toBeLessThan(15);
  });

  it('has racks, packs and cells follow SOC (LFP voltages) and warm with power', () => {
    for (const [spec, readings] of data) {
      readings.forEach((reading, k) => {
        const soc = pcs[k]!.values.soc!;
        if (spec.typeKey === 'bsa-cell') {
          expect(reading.values.v).toBeGreaterThan(3.1);
          expect(reading.values.v).toBeLessThan(3.5);
        }
        if (spec.typeKey === 'bsa-rack') {
          expect(Math.abs(reading.values.soc! - soc)).toBeLessThan(2);
          expect(reading.values.temp_max).toBeGreaterThan(reading.values.temp_min!);
          // Rack current carries the PCS's power split over the racks, with its sign (discharge positive).
          expect(reading.values.i! * 2 * (reading.values.v! / 1000)).toBeCloseTo(pcs[k]!.values.p!, -1);
        }
        if (spec.typeKey === 'bsa-pack') expect(reading.values.cell_v_max).toBeGreaterThan(reading.values.cell_v_min!);
      });
    }
    const cell = [...data].find(([spec]) => spec.typeKey === 'bsa-cell')![1];
    const at = (predicate: (soc: number, p: number) => boolean) => {
      const picked = cell.filter((_, k) => predicate(pcs[k]!.values.soc!, pcs[k]!.values.p!));
      return {
        v: picked.reduce((s, r) => s + r.values.v!, 0) / picked.length,
        temp: picked.reduce((s, r) => s + r.values.temp!, 0) / picked.length,
      };
    };
    expect(at((soc, p) => soc > 85 && p === 0).v).toBeGreaterThan(at((soc, p) => soc < 15 && p === 0).v + 0.08);
    expect(at((_, p) => Math.abs(p) > 100).temp).toBeGreaterThan(at((_, p) => p === 0).temp + 1);
  });
});

describe('load profile', () => {
  it('runs shifts on weekdays, less at weekends, with a morning peak', () => {
    let seed = 1;
    while (shiftPatternOf(seed) !== 'two-shift') seed++;
    const feeder = device('feeder-meter', seed, { ratingKw: 400 });
    const from = shanghaiMidnight(2025, 4, 7); // a Monday
    const readings = collect([feeder], from, from + 28 * DAY, 300).get(feeder)!;
    const mean = (filter: (hour: number, weekday: number) => boolean) => {
      const picked = readings.filter((r) => {
        const local = localTime('Asia/Shanghai', r.ts);
        return filter(local.hour, local.weekday);
      });
      return picked.reduce((sum, r) => sum + r.values.p!, 0) / picked.length;
    };
    const weekday = mean((_, d) => d >= 1 && d <= 5);
    const sunday = mean((_, d) => d === 0);
    expect(weekday).toBeGreaterThan(1.5 * sunday);
    expect(mean((h, d) => d >= 1 && d <= 5 && h >= 9 && h < 11)).toBeGreaterThan(
      1.08 * mean((h, d) => d >= 1 && d <= 5 && h >= 14 && h < 17),
    );
    expect(mean((h, d) => d >= 1 && d <= 5 && h >= 9 && h < 11)).toBeGreaterThan(3 * mean((h, d) => d >= 1 && d <= 5 && h >= 2 && h < 5));
    expect(Math.max(...readings.map((r) => r.values.p!))).toBeLessThan(400 * 1.25);
  });
});

describe('charging pile', () => {
  it('runs sessions: plugged, charging with a taper, plugged, idle; more in working hours', () => {
    const pile = device('charging-pile', 5, { ratingKw: 60 });
    const from = shanghaiMidnight(2025, 4, 7);
    const readings = collect([pile], from, from + 14 * DAY, 60).get(pile)!;
    let sessions = 0;
    let working = 0;
    for (let k = 1; k < readings.length; k++) {
      const prev = readings[k - 1]!.values;
      const cur = readings[k]!.values;
      expect(cur.p).toBeLessThanOrEqual(60);
      if (cur.gun_state === 0) expect(cur.session_energy).toBe(0);
      if (cur.gun_state === 2) expect(cur.p).toBeGreaterThan(0);
      if (prev.gun_state === 0 && cur.gun_state !== 0) {
        sessions++;
        const hour = localTime('Asia/Shanghai', readings[k]!.ts).hour;
        if (hour >= 7 && hour < 20) working++;
      }
    }
    expect(sessions).toBeGreaterThan(14);
    expect(working / sessions).toBeGreaterThan(0.7);
  });
});

describe('speed', () => {
  it('backfills 30 days at 5 minutes for 30 devices in a few seconds', () => {
    const specs = planSites({ devices: 30, prefix: 'speed' }).map((planned) => ({ ...planned, username: planned.code, password: 'x' }));
    const started = performance.now();
    let count = 0;
    const to = Date.UTC(2025, 5, 30);
    for (const _ of backfill(specs, new Date(to - 30 * DAY), new Date(to), 300)) count++;
    const elapsed = performance.now() - started;
    console.log(`backfill: ${count} readings in ${elapsed.toFixed(0)} ms`);
    expect(count).toBe(30 * (30 * 288 + 1));
    expect(elapsed).toBeLessThan(5000);
  });
});
