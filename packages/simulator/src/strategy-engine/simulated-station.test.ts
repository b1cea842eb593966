import { describe, expect, it } from 'vitest';
import { DAY, HOUR, fullSite, shanghaiMidnight } from '../../test/helpers.js';
import { backfill } from '../backfill.js';
import { PlanBook } from '../plan-book.js';
import { StorageCore, type StorageState } from '../models/storage-core.js';
import type { Reading, SimDeviceSpec } from '../types.js';
import type { EnginePlan } from './types.js';

/**
 * The simulated station under a delivered plan: the PCS, its racks and the site's grid meter follow the
 * engine. The site is test/helpers' fullSite: a 200 kW / 430 kWh PCS, three feeders (820 kW peak), 50 kW PV.
 */

const site = fullSite();
const pcs = site.find((spec) => spec.typeKey === 'bsa-pcs')!;
const from = shanghaiMidnight(2025, 6, 10); // a Tuesday
const hourOf = (ts: number) => (ts - from) / HOUR;

const PLAN: EnginePlan = {
  protection: { kind: 'dod', minPct: 5, maxPct: 95 },
  sections: [
    { startMin: 0, endMin: 360, type: 'charge', pcsPowerKw: 100 },
    { startMin: 360, endMin: 480, type: 'standby' },
    {
      startMin: 480,
      endMin: 720,
      type: 'discharge',
      mode: { kind: 'demand', targetDemandKw: 600, kp: 0.5, ki: 0.1 },
      powerKw: 200,
      empty: { kind: 'none' },
    },
    { startMin: 720, endMin: 1020, type: 'charge', pcsPowerKw: 120 },
    {
      startMin: 1020,
      endMin: 1260,
      type: 'discharge',
      mode: { kind: 'immediate', stopKw: 0, recoverKw: 1 },
      powerKw: 150,
      empty: { kind: 'none' },
    },
    { startMin: 1260, endMin: 1440, type: 'standby' },
  ],
};

function day(plans?: PlanBook): Map<string, Reading[]> {
  const bySpec = new Map<string, Reading[]>();
  for (const { spec, reading } of backfill(site, new Date(from), new Date(from + DAY - 1), 300, { origin: new Date(from), plans })) {
    bySpec.set(spec.typeKey === 'bsa-rack' ? `rack-${spec.seed}` : spec.typeKey, [
      ...(bySpec.get(spec.typeKey === 'bsa-rack' ? `rack-${spec.seed}` : spec.typeKey) ?? []),
      reading,
    ]);
  }
  return bySpec;
}

describe('a simulated station running a plan', () => {
  const plans = new PlanBook();
  plans.set(pcs.username, PLAN, from);
  const planned = day(plans);
  const unplanned = day();
  const at = (readings: Reading[], hour: number) => readings.find((r) => Math.abs(hourOf(r.ts) - hour) < 1e-9)!.values;

  it('charges at the charge card power and discharges at the discharge card power, within the DOD window', () => {
    const power = planned.get('bsa-pcs')!;
    // 00:05–03:00: charging at 100 kW. SOC rises 100 × 0.95 / 430 = 22.1 %/h from wherever the night left it.
    for (const hour of [0.5, 1, 2, 3]) expect(at(power, hour).p).toBe(-100);
    expect(at(power, 3).soc).toBeGreaterThan(at(power, 1).soc! + 2 * 22);
    // 12:00–17:00 charge card at 120 kW until the 95 % ceiling; 17:00–21:00 immediate discharge at 150 kW.
    expect(at(power, 13).p).toBe(-120);
    expect(at(power, 17.5).p).toBe(150);
    expect(at(power, 18.5).p).toBe(150);
    for (const reading of power) {
      expect(reading.values.soc).toBeGreaterThanOrEqual(5);
      expect(reading.values.soc).toBeLessThanOrEqual(95);
      expect(Math.abs(reading.values.p!)).toBeLessThanOrEqual(200);
    }
    // 150 kW from 95 % empties 90 % × 430 kWh × 0.95 = 367.7 kWh in 2.45 h: by 20:00 it stands at the 5 % floor.
    expect(at(power, 20.5)).toMatchObject({ p: 0, soc: 5 });
    // Standby from 21:00.
    expect(at(power, 22).p).toBe(0);
  });

  it('holds the grid at the demand target while the battery can', () => {
    const grid = planned.get('grid-meter')!;
    const power = planned.get('bsa-pcs')!;
    let held = 0;
    grid.forEach((reading, k) => {
      const hour = hourOf(reading.ts);
      const p = power[k]!.values.p!;
      const soc = power[k]!.values.soc!;
      // Inside the demand card (after its first step), whenever the PCS is neither idle nor at its rating nor its SOC floor.
      if (hour > 8.05 && hour <= 12 && p > 1 && p < 199 && soc > 5.01) {
        expect(Math.abs(reading.values.p! - 600)).toBeLessThan(5);
        held++;
      }
      // When the load is under the target the battery does nothing; when it is far above, it gives all 200 kW.
      if (hour > 8.05 && hour <= 12 && p === 0) expect(soc <= 5.01 || reading.values.p! <= 600).toBe(true);
    });
    expect(held).toBeGreaterThan(3);
  });

  it('shows the battery in the grid meter: load − PV − battery', () => {
    const grid = planned.get('grid-meter')!;
    const before = unplanned.get('grid-meter')!;
    const power = planned.get('bsa-pcs')!;
    const powerBefore = unplanned.get('bsa-pcs')!;
    // The load and PV are the same in both runs, so the grid meter moves by exactly the change in PCS power.
    grid.forEach((reading, k) => {
      const moved = reading.values.p! - before[k]!.values.p!;
      expect(moved).toBeCloseTo(-(power[k]!.values.p! - powerBefore[k]!.values.p!), 1);
    });
    // At 02:00 the plan charges 100 kW where the built-in schedule charged less: the meter imports the difference more.
    expect(at(powerBefore, 2).p).toBeGreaterThan(-100);
    expect(at(grid, 2).p! - at(before, 2).p!).toBeCloseTo(100 + at(powerBefore, 2).p!, 1);
  });

  it('has the racks follow the plan: rack current carries the PCS power with its sign', () => {
    const power = planned.get('bsa-pcs')!;
    const rack = [...planned].find(([key]) => key.startsWith('rack-'))![1];
    rack.forEach((reading, k) => {
      // Two racks share the power: i × 2 × v / 1000 ≈ p (kW).
      expect((reading.values.i! * 2 * reading.values.v!) / 1000).toBeCloseTo(power[k]!.values.p!, -1);
    });
    expect(at(rack, 1).i).toBeLessThan(0);
    expect(at(rack, 18).i).toBeGreaterThan(0);
  });

  it('returns to the built-in schedule when the plan is withdrawn', () => {
    const book = new PlanBook();
    book.set(pcs.username, PLAN, from);
    book.set(pcs.username, null, from + 12 * HOUR);
    const mixed = day(book).get('bsa-pcs')!;
    expect(at(mixed, 2).p).toBe(-100);
    // At 13:00 the built-in schedule (midday charge 12:00–14:30) runs, not the plan's 120 kW card.
    expect(at(mixed, 13).p).not.toBe(-120);
    expect(at(mixed, 13).p).toBeLessThan(0);
  });
});

describe('StorageCore with a plan', () => {
  it('follows the plan set on it: sign and magnitude in a charge hour and a discharge hour', () => {
    const start = from + 23 * HOUR + 0.5 * HOUR; // 23:30 the day before the cards below
    const core = new StorageCore(pcs as SimDeviceSpec, start, { siteDevices: site });
    core.setPlan(
      {
        protection: { kind: 'bms' },
        sections: [
          { startMin: 0, endMin: 60, type: 'charge', pcsPowerKw: 80 },
          {
            startMin: 60,
            endMin: 120,
            type: 'discharge',
            mode: { kind: 'immediate', stopKw: 0, recoverKw: 1 },
            powerKw: 60,
            empty: { kind: 'none' },
          },
          { startMin: 120, endMin: 1440, type: 'standby' },
        ],
      },
      start,
    );
    const states: (StorageState & { hour: number })[] = [];
    for (let t = start + 60_000; t <= start + 3 * HOUR; t += 60_000) states.push({ hour: (t - from) / HOUR - 24, ...core.advance(t) });
    const within = (a: number, b: number) => states.filter((s) => s.hour > a + 1e-9 && s.hour < b - 1e-9);
    // 23:30–24:00: standby (the last card). 00:00–01:00: −80 kW. 01:00–02:00: +60 kW. Then standby.
    for (const s of within(-0.5, 0)) expect(s.p).toBe(0);
    for (const s of within(0, 1)) expect(s.p).toBe(-80);
    for (const s of within(1, 2)) expect(s.p).toBe(60);
    for (const s of within(2, 2.5)) expect(s.p).toBe(0);
    // SOC: +80 × 0.95 / 430 × 100 = 17.67 % over the charge hour (less one minute), −60 / 0.95 / 430 × 100 = 14.69 % over the next.
    const socAt = (hour: number) => states.find((s) => Math.abs(s.hour - hour) < 1e-6)!.soc;
    expect(socAt(1 - 1 / 60) - socAt(0)).toBeCloseTo((((80 * 0.95) / 430) * 100 * 59) / 60, 6);
    expect(socAt(2 - 1 / 60) - socAt(1)).toBeCloseTo(-(((60 / 0.95 / 430) * 100 * 59) / 60), 6);
  });
});
