import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES } from '@energy/contracts';
import { backfill, createModel, sunPosition, weatherAt, type Reading, type SimDeviceSpec } from '../src/index.js';
import { dayKindOf } from '../src/weather.js';
import { DC_LOSS, stringOutput, stringTraits } from '../src/models/pv.js';
import { DAY, HOUR, SUZHOU, device, fullSite, shanghaiMidnight } from './helpers.js';

const series = (specs: SimDeviceSpec[], from: number, to: number, stepSeconds: number) => {
  const bySpec = new Map<string, Reading[]>();
  for (const { spec, reading } of backfill(specs, new Date(from), new Date(to), stepSeconds)) {
    bySpec.set(spec.username, [...(bySpec.get(spec.username) ?? []), reading]);
  }
  return bySpec;
};

describe('every model', () => {
  it('reports exactly the property keys of its type, as finite numbers', () => {
    const specs = DEVICE_TYPES.map((type, i) => device(type.key, 100 + i));
    const start = new Date(shanghaiMidnight(2025, 6, 21) + 12 * HOUR);
    for (const spec of specs) {
      const reading = createModel(spec, start).step(new Date(start.getTime() + 60_000));
      const type = DEVICE_TYPES.find((candidate) => candidate.key === spec.typeKey)!;
      expect(Object.keys(reading.values).sort(), spec.typeKey).toEqual(type.properties.map((p) => p.key).sort());
      for (const value of Object.values(reading.values)) expect(Number.isFinite(value)).toBe(true);
    }
  });

  it('is deterministic: the same seeds and times give the same readings, other seeds do not', () => {
    const from = shanghaiMidnight(2025, 3, 3);
    const a = [...backfill(fullSite(), new Date(from), new Date(from + 2 * DAY), 600)];
    const b = [...backfill(fullSite(), new Date(from), new Date(from + 2 * DAY), 600)];
    expect(b).toEqual(a);
    const reseeded = fullSite().map((spec) => ({ ...spec, seed: spec.seed + 1000 }));
    const c = [...backfill(reseeded, new Date(from), new Date(from + 2 * DAY), 600)];
    expect(c.map((x) => x.reading)).not.toEqual(a.map((x) => x.reading));
  });

  it('continues exactly when a later run starts from the same origin', () => {
    const origin = shanghaiMidnight(2025, 5, 1);
    const whole = [...backfill(fullSite(), new Date(origin), new Date(origin + 3 * DAY), 300)];
    const tail = [...backfill(fullSite(), new Date(origin + 2 * DAY), new Date(origin + 3 * DAY), 300, { origin: new Date(origin) })];
    expect(tail).toEqual(whole.slice(whole.length - tail.length));
  });

  it('resumes counters and SOC from a stored reading', () => {
    const start = new Date(shanghaiMidnight(2025, 6, 2) + 10 * HOUR);
    const resume = () => ({ e_total: 1234.5, e_chg: 10, e_dis: 20, soc: 42 });
    const inverter = createModel(device('pv-inverter', 3), start, { resume }).step(start);
    expect(inverter.values.e_total).toBe(1234.5);
    const pcs = createModel(device('bsa-pcs', 3), start, { resume }).step(start);
    expect(pcs.values).toMatchObject({ e_chg: 10, e_dis: 20, soc: 42 });
  });
});

describe('PV and weather', () => {
  const inverter = device('pv-inverter', 42, { ratingKw: 100 });
  const week = (year: number, month: number, day: number) => {
    const from = shanghaiMidnight(year, month, day);
    return { from, readings: series([inverter], from, from + 7 * DAY, 300).get(inverter.username)! };
  };

  it('is zero whenever the sun is down and peaks around solar noon, more in June than December', () => {
    const june = week(2025, 6, 18);
    const december = week(2025, 12, 18);
    for (const { readings } of [june, december]) {
      for (const reading of readings) {
        if (sunPosition(SUZHOU.latitude, SUZHOU.longitude, reading.ts).elevation < 0) expect(reading.values.p_ac).toBe(0);
      }
      // The energy-weighted time of day sits at solar noon (about 11:58 local in Suzhou).
      let energy = 0;
      let moment = 0;
      for (const { ts, values } of readings) {
        const localHour = ((((ts + 8 * HOUR) % DAY) + DAY) % DAY) / HOUR;
        energy += values.p_ac!;
        moment += values.p_ac! * localHour;
      }
      expect(Math.abs(moment / energy - 11.97)).toBeLessThan(0.4);
    }
    const total = (readings: Reading[]) => readings.reduce((sum, r) => sum + r.values.p_ac!, 0);
    expect(total(june.readings)).toBeGreaterThan(1.3 * total(december.readings));
    const daylight = (readings: Reading[]) => readings.filter((r) => r.values.p_ac! > 0).length;
    expect(daylight(june.readings)).toBeGreaterThan(daylight(december.readings) * 1.2);
  });

  it('peaks within half an hour of solar noon on a clear day', () => {
    let day = shanghaiMidnight(2025, 6, 1);
    while (dayKindOf(SUZHOU, day + 12 * HOUR) !== 'clear') day += DAY;
    const readings = series([inverter], day, day + DAY, 60).get(inverter.username)!;
    const peak = readings.reduce((best, r) => (r.values.p_ac! > best.values.p_ac! ? r : best));
    let noon = day;
    for (let t = day; t < day + DAY; t += 60_000) {
      if (sunPosition(SUZHOU.latitude, SUZHOU.longitude, t).elevation > sunPosition(SUZHOU.latitude, SUZHOU.longitude, noon).elevation)
        noon = t;
    }
    expect(Math.abs(peak.ts - noon)).toBeLessThan(HOUR / 2);
    expect(peak.values.p_ac).toBeGreaterThan(70);
  });

  it('gives strings currents proportional to irradiance with ±2-3 % dispersion and the odd weak string', () => {
    const noon = shanghaiMidnight(2025, 6, 1) + 12 * HOUR;
    const strings = Array.from({ length: 200 }, (_, i) => device('pv-string', 1000 + i, { ratingKw: 11 }));
    const currents = strings.map((spec) => ({ traits: stringTraits(spec), i: stringOutput(spec, stringTraits(spec), noon).i }));
    const healthy = currents.filter((c) => c.traits.weakness === 1).map((c) => c.i);
    const mean = healthy.reduce((a, b) => a + b, 0) / healthy.length;
    const deviation = Math.sqrt(healthy.reduce((sum, i) => sum + (i - mean) ** 2, 0) / healthy.length) / mean;
    expect(deviation).toBeGreaterThan(0.008);
    expect(deviation).toBeLessThan(0.025);
    expect(Math.max(...healthy.map((i) => Math.abs(i / mean - 1)))).toBeLessThan(0.035);
    const weak = currents.filter((c) => c.traits.weakness < 1);
    expect(weak.length).toBeGreaterThan(5);
    expect(weak.length).toBeLessThan(35);
    for (const c of weak) expect(c.i / mean).toBeLessThan(0.92);
    const irradiance = weatherAt(SUZHOU, noon).poa;
    expect(mean / (13.25 * (irradiance / 1000) * DC_LOSS)).toBeCloseTo(1, 1);
  });

  it('gives a healthy array a performance ratio of 0.75-0.85 against the weather station, winter and summer', () => {
    // PR = E_AC / (H_POA / G_STC × P_STC): an inverter with nine 11 kWp strings (99 kWp), 30 days
    const array = [
      device('pv-inverter', 60, { ratingKw: 100, unit: 'inv9' }),
      ...[61, 62, 63, 64, 65, 66, 67, 68, 69].map((seed) => device('pv-string', seed, { ratingKw: 11, unit: 'inv9' })),
      device('env-sensor', 70),
    ];
    for (const [month, low, high] of [
      [6, 0.75, 0.82],
      [11, 0.78, 0.85],
    ] as const) {
      const from = shanghaiMidnight(2025, month, 1);
      const data = series(array, from, from + 30 * DAY, 300);
      const energy = data.get(array[0]!.username)!;
      const eAc = energy.at(-1)!.values.e_total! - energy[0]!.values.e_total!;
      const hPoa = data.get(array[10]!.username)!.reduce((sum, r) => sum + (r.values.irradiance! * 300) / 3600 / 1000, 0);
      const kwp = 9 * 20 * 0.55;
      const pr = eAc / (hPoa * kwp);
      expect(pr, `month ${month}`).toBeGreaterThan(low);
      expect(pr, `month ${month}`).toBeLessThan(high);
      // and the sensor's module temperature is the NOCT model's: T_amb + (45 − 20) / 800 × G in a light breeze
      for (const r of data.get(array[10]!.username)!) {
        const rise = r.values.temp_module! - r.values.temp_amb!;
        expect(rise).toBeLessThanOrEqual((25 / 800) * r.values.irradiance! * 1.02 + 0.8);
      }
    }
  });

  it('feeds the environment sensor and the inverter from the same sky', () => {
    const site = fullSite();
    const from = shanghaiMidnight(2025, 7, 10);
    const data = series(site, from, from + 3 * DAY, 300);
    const sensor = data.get(site.find((s) => s.typeKey === 'env-sensor')!.username)!;
    const pv = data.get(site.find((s) => s.typeKey === 'pv-inverter')!.username)!;
    const strings = site.filter((s) => s.typeKey === 'pv-string').map((s) => data.get(s.username)!);
    sensor.forEach((reading, k) => {
      if (reading.values.irradiance! < 1) expect(pv[k]!.values.p_ac).toBe(0);
      // The inverter's DC input is the sum of its strings, until it clips.
      const stringSum = strings.reduce((sum, s) => sum + s[k]!.values.p!, 0);
      if (pv[k]!.values.p_ac! < 49) expect(pv[k]!.values.p_dc).toBeCloseTo(stringSum, 1);
      // Modules are warmer than the air in sunshine.
      if (reading.values.irradiance! > 500) expect(reading.values.temp_module! - reading.values.temp_amb!).toBeGreaterThan(8);
    });
  });
});

describe('a site described without units (as the server demo seed does)', () => {
  it('ties strings to the only inverter and racks to the only PCS, with realistic string voltages', () => {
    const site = [
      device('pv-inverter', 1, { ratingKw: 100 }),
      ...[2, 3, 4, 5].map((seed) => device('pv-string', seed, { ratingKw: 25 })),
      device('bsa-pcs', 6, { ratingKw: 250 }),
      device('bsa-rack', 7),
      device('bsa-rack', 8),
    ];
    const noon = shanghaiMidnight(2025, 6, 3) + 12 * HOUR;
    const readings = [...backfill(site, new Date(noon - HOUR), new Date(noon), 300)].slice(-site.length);
    const value = (seed: number, key: string) => readings.find((r) => r.spec.seed === seed)!.reading.values[key]!;
    const strings = [2, 3, 4, 5].reduce((sum, seed) => sum + value(seed, 'p'), 0);
    if (value(1, 'p_ac') < 99) expect(value(1, 'p_dc')).toBeCloseTo(strings, 1);
    for (const seed of [2, 3, 4, 5]) expect(value(seed, 'v')).toBeLessThan(1200);
    const rackPower = (value(7, 'i') * value(7, 'v') + value(8, 'i') * value(8, 'v')) / 1000;
    expect(rackPower).toBeCloseTo(value(6, 'p'), -1);
  });
});

describe('weak and dead strings (configured faults)', () => {
  const noon = shanghaiMidnight(2025, 6, 1) + 12 * HOUR;
  // seed 8 draws no weakness of its own, so its healthy current is nominal ± its dispersion
  const healthy = device('pv-string', 8, { ratingKw: 11, unit: 'inv1' });
  const at = (spec: SimDeviceSpec, t: number) => stringOutput(spec, stringTraits(spec), t);

  it('gives a weak string its factor of the healthy current at the same irradiance', () => {
    expect(stringTraits(healthy).weakness).toBe(1);
    const weak = { ...healthy, stringFault: { kind: 'weak', factor: 0.8 } } as const;
    const h = at(healthy, noon);
    const w = at(weak, noon);
    expect(w.i / h.i).toBeCloseTo(0.8, 9);
    expect(w.v).toBe(h.v);
    // by hand: 20 modules in series of 13.25 A at 1000 W/m², so at the plane-of-array irradiance G the
    // current is 13.25 × G / 1000 × 0.890 (DC losses) × 0.8, within the string's ±2.5 % dispersion, the
    // +0.05 %/K current coefficient (modules at about 50-60 °C) and the 0.4 % noise
    const g = weatherAt(SUZHOU, noon).poa;
    expect(g).toBeGreaterThan(700);
    expect(DC_LOSS).toBeCloseTo(0.89, 3);
    expect(w.i / (13.25 * (g / 1000) * 0.89 * 0.8)).toBeGreaterThan(0.97);
    expect(w.i / (13.25 * (g / 1000) * 0.89 * 0.8)).toBeLessThan(1.045);
    // a weak string from a date is healthy before it
    const later = { ...healthy, stringFault: { kind: 'weak', factor: 0.75, since: noon } } as const;
    expect(at(later, noon - 60_000).i).toBe(at(healthy, noon - 60_000).i);
    expect(at(later, noon).i / h.i).toBeCloseTo(0.75, 9);
    expect(() => stringTraits({ ...healthy, stringFault: { kind: 'weak', factor: 1.2 } })).toThrow(/between 0 and 1/);
  });

  it('gives a dead string no current from its date while its neighbours produce, and its inverter loses its power', () => {
    const since = noon - 2 * DAY + 10 * 60_000;
    const strings = [8, 9, 10].map((seed) => device('pv-string', seed, { ratingKw: 11, unit: 'inv1' }));
    const dead = { ...strings[2]!, stringFault: { kind: 'dead', since } } as const;
    const inverter = device('pv-inverter', 6, { ratingKw: 50, unit: 'inv1' });
    const faulty = [inverter, strings[0]!, strings[1]!, dead];
    const readings = series(faulty, noon - 3 * DAY, noon, 300);
    const of = (spec: SimDeviceSpec) => readings.get(spec.username)!;
    let daylight = 0;
    of(dead).forEach((reading, k) => {
      const neighbour = of(strings[0]!)[k]!;
      if (reading.ts < since) {
        // healthy before: within the dispersion of its neighbour
        if (neighbour.values.i! > 1) expect(reading.values.i! / neighbour.values.i!).toBeGreaterThan(0.94);
        return;
      }
      expect(reading.values.i).toBe(0);
      expect(reading.values.p).toBe(0);
      if (neighbour.values.i! > 1) {
        daylight++;
        // the MPPT input's voltage, held by its neighbours
        expect(reading.values.v).toBeGreaterThan(600);
      }
      // the inverter's DC input is its two live strings
      const live = of(strings[0]!)[k]!.values.p! + of(strings[1]!)[k]!.values.p!;
      expect(of(inverter)[k]!.values.p_dc).toBeCloseTo(live, 1);
    });
    expect(daylight).toBeGreaterThan(100);
    // a live run from the same origin agrees with the history (the fault is part of the spec, not of a state)
    const tail = series(faulty, noon - DAY, noon, 300);
    expect(tail.get(dead.username)).toEqual(of(dead).slice(-tail.get(dead.username)!.length));
  });
});

describe("a PV station's generation meter", () => {
  it('meters its simulated inverters plus the rest of its capacity, less AC losses, and draws a little at night', () => {
    const since = shanghaiMidnight(2025, 11, 20) + 11 * HOUR;
    const station = [
      device('pv-inverter', 60, { ratingKw: 100, unit: 'inv1' }),
      ...[61, 62, 63, 64, 65, 66, 67, 68, 69].map((seed) =>
        device('pv-string', seed, {
          ratingKw: 11,
          unit: 'inv1',
          stringFault: seed === 63 ? { kind: 'weak', factor: 0.78 } : seed === 67 ? { kind: 'dead', since } : undefined,
        }),
      ),
      device('env-sensor', 70),
      // the station: ten such inverters, 990 kWp; nine of them are not simulated one by one
      device('pv-meter', 71, { ratingKw: 990 }),
    ];
    const from = shanghaiMidnight(2025, 11, 1);
    const data = series(station, from, from + 30 * DAY, 300);
    const increase = (readings: Reading[], key: string) => readings.at(-1)!.values[key]! - readings[0]!.values[key]!;
    const inverter = increase(data.get(station[0]!.username)!, 'e_total');
    const meter = data.get(station[11]!.username)!;
    const generated = increase(meter, 'e_exp');
    // the simulated inverter is a tenth of the station, its faulty strings make it a little less than that
    expect(generated / (10 * 0.99 * inverter)).toBeGreaterThan(1);
    expect(generated / (10 * 0.99 * inverter)).toBeLessThan(1.12);
    const hPoa = data.get(station[10]!.username)!.reduce((sum, r) => sum + (r.values.irradiance! * 300) / 3600 / 1000, 0);
    const pr = generated / (hPoa * 990);
    expect(pr).toBeGreaterThan(0.75);
    expect(pr).toBeLessThan(0.85);
    // at night it draws the transformer's no-load loss: 0.15 % of 990 kWp
    const night = meter.filter((r) => sunPosition(SUZHOU.latitude, SUZHOU.longitude, r.ts).elevation < -5);
    for (const r of night) expect(r.values.p).toBeCloseTo(-1.485, 3);
    expect(increase(meter, 'e_imp')).toBeGreaterThan(night.length * 1.485 * (300 / 3600) * 0.99);
  });
});
