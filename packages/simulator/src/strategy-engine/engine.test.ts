import { describe, expect, it } from 'vitest';
import { initialState, runDay, socLimits, stepStation } from './engine.js';
import { socAtVoltage } from './ocv.js';
import type {
  DischargeMode,
  EnginePlan,
  EngineProtection,
  EngineSection,
  EngineState,
  EngineStation,
  SeriesPoint,
  SmartSection,
  StepResult,
} from './types.js';

/** A card without its times (distributes over the card kinds). */
type Card<S = EngineSection> = S extends EngineSection ? Omit<S, 'startMin' | 'endMin'> : never;

const DOD_0_100: EngineProtection = { kind: 'dod', minPct: 0, maxPct: 100 };
const allDay = (section: Card, protection: EngineProtection = DOD_0_100): EnginePlan => ({
  protection,
  sections: [{ startMin: 0, endMin: 1440, ...section } as EngineSection],
});
const discharge = (mode: DischargeMode, powerKw: number): Card => ({ type: 'discharge', mode, powerKw, empty: { kind: 'none' } }) as Card;

/** Steps a plan over loads (kW, with optional PV) at a fixed minute of the day, from one state. */
function run(
  plan: EnginePlan,
  station: EngineStation,
  loads: (number | { loadKw: number; pvKw: number })[],
  dtMin: number,
  minute = 600,
): StepResult[] {
  let state: EngineState = initialState(station);
  return loads.map((load) => {
    const input = typeof load === 'number' ? { loadKw: load } : load;
    const result = stepStation(state, plan, station, { tMinuteOfDay: minute, dtMin, ...input });
    state = result.state;
    return result;
  });
}

describe('SOC limits', () => {
  it('discharge stops at the DOD floor', () => {
    // 100 kWh, 50 kW, no losses, SOC 50 %, floor 20 %: 30 kWh to give. A 6-minute step at 50 kW gives 5 kWh = 5 %,
    // so exactly 6 steps reach 20 % (45, 40, 35, 30, 25, 20) and every step after gives 0.
    const station: EngineStation = { pcsRatedKw: 50, capacityKwh: 100, efficiency: 1, initialSocPct: 50 };
    const plan = allDay(discharge({ kind: 'immediate', stopKw: 0, recoverKw: 1 }, 50), { kind: 'dod', minPct: 20, maxPct: 90 });
    const steps = run(plan, station, Array(10).fill(500), 6);
    expect(steps.map((s) => s.batteryKw)).toEqual([50, 50, 50, 50, 50, 50, 0, 0, 0, 0]);
    steps.slice(0, 6).forEach((s, k) => expect(s.socPct).toBeCloseTo(45 - 5 * k, 9));
    expect(steps[9]!.socPct).toBe(20);
    expect(steps[7]!.note).toContain('SOC floor reached');
    expect(steps[7]!.gridKw).toBe(500);
  });

  it('counts the efficiency: the last step before the floor gives only what is left', () => {
    // η = 0.95: 50 kW for 0.1 h draws 5 / 0.95 = 5.2632 kWh = 5.2632 % per step. After 5 steps SOC = 50 − 26.3158 = 23.6842 %;
    // what is left, 3.6842 kWh in the cells, gives 3.6842 × 0.95 = 3.5 kWh at the PCS = 35 kW over the 6th step; then 0.
    const station: EngineStation = { pcsRatedKw: 50, capacityKwh: 100, efficiency: 0.95, initialSocPct: 50 };
    const plan = allDay(discharge({ kind: 'immediate', stopKw: 0, recoverKw: 1 }, 50), { kind: 'dod', minPct: 20, maxPct: 90 });
    const steps = run(plan, station, Array(8).fill(500), 6);
    expect(steps.slice(0, 5).map((s) => s.batteryKw)).toEqual([50, 50, 50, 50, 50]);
    expect(steps[4]!.socPct).toBeCloseTo(50 - (5 * 5) / 0.95, 9);
    expect(steps[5]!.batteryKw).toBeCloseTo(35, 9);
    expect(steps[5]!.socPct).toBe(20);
    expect(steps[6]!.batteryKw).toBe(0);
    // Charging stores 95 %: 40 kW for 0.25 h = 10 kWh at the PCS, 9.5 kWh = 9.5 % in a 100 kWh battery.
    const charge = run(allDay({ type: 'charge', pcsPowerKw: 40 }), { ...station, initialSocPct: 30 }, [100], 15);
    expect(charge[0]!.batteryKw).toBe(-40);
    expect(charge[0]!.socPct).toBeCloseTo(39.5, 9);
  });

  it('never charges above the DOD ceiling', () => {
    // 88 % with a 90 % ceiling, 100 kWh, no losses: 2 kWh of room = 8 kW over 15 minutes, then 0.
    const station: EngineStation = { pcsRatedKw: 100, capacityKwh: 100, efficiency: 1, initialSocPct: 88 };
    const steps = run(allDay({ type: 'charge', pcsPowerKw: 100 }, { kind: 'dod', minPct: 10, maxPct: 90 }), station, [200, 200, 200], 15);
    expect(steps[0]!.batteryKw).toBeCloseTo(-8, 9);
    expect(steps[0]!.socPct).toBe(90);
    expect(steps[1]!.batteryKw).toBe(0);
    expect(steps[1]!.note).toContain('SOC ceiling reached');
  });

  it('maps cell-voltage limits to SOC through the LFP OCV curve', () => {
    // The curve passes (5 %, 3.2 V), (10 %, 3.24 V), (20 %, 3.27 V), (90 %, 3.35 V): 3.255 V is half way from 10 to 20 %.
    expect(socAtVoltage(3.2)).toBe(5);
    expect(socAtVoltage(3.255)).toBeCloseTo(15, 9);
    expect(socAtVoltage(2.5)).toBe(0);
    expect(socAtVoltage(4.2)).toBe(100);
    expect(socLimits({ kind: 'cell-voltage', minV: 3.24, maxV: 3.35 }, {})).toEqual({ minPct: 10, maxPct: 90 });
    expect(socLimits({ kind: 'bms' }, {})).toEqual({ minPct: 5, maxPct: 95 });
    // 12 % with the 3.24 V floor (10 %), 100 kWh, no losses: 2 kWh left = 20 kW over 6 minutes, then nothing.
    const station: EngineStation = { pcsRatedKw: 100, capacityKwh: 100, efficiency: 1, initialSocPct: 12 };
    const plan = allDay(discharge({ kind: 'immediate', stopKw: 0, recoverKw: 1 }, 100), { kind: 'cell-voltage', minV: 3.24, maxV: 3.35 });
    const steps = run(plan, station, [500, 500], 6);
    expect(steps[0]!.batteryKw).toBeCloseTo(20, 9);
    expect(steps[0]!.socPct).toBe(10);
    expect(steps[1]!.batteryKw).toBe(0);
  });
});

describe('discharge modes', () => {
  const big: EngineStation = { pcsRatedKw: 250, capacityKwh: 10_000, efficiency: 1, initialSocPct: 80 };

  it('demand control holds grid demand at the target when the battery can', () => {
    // Load 800, target 600: the battery must give 200 of its 250 kW. kp 0.5, ki 0.1/s settles within about a minute
    // (closed-loop poles 0.935 and −0.535 per 1 s tick), so from the second 1-minute step the grid is at 600.
    const plan = allDay(discharge({ kind: 'demand', targetDemandKw: 600, kp: 0.5, ki: 0.1 }, 250));
    const steps = run(plan, big, Array(10).fill(800), 1);
    for (const step of steps.slice(2)) {
      expect(step.gridKw).toBeCloseTo(600, 0);
      expect(step.batteryKw).toBeCloseTo(200, 0);
    }
    // Load 1000 > target + rating: the battery gives its full 250 kW and the grid takes 750.
    const over = run(plan, big, Array(5).fill(1000), 1);
    expect(over[4]!.batteryKw).toBe(250);
    expect(over[4]!.gridKw).toBe(750);
    // Load 500 < target: nothing to shave, and a demand card never charges.
    const under = run(plan, big, Array(3).fill(500), 1);
    expect(under.map((s) => s.batteryKw)).toEqual([0, 0, 0]);
  });

  it('a P-only controller keeps a steady-state error (what the I term removes)', () => {
    // ki = 0: u = kp·(800 − u − 600) → u = 0.5·200 / 1.5 = 66.67 kW, grid 733.33.
    const plan = allDay(discharge({ kind: 'demand', targetDemandKw: 600, kp: 0.5, ki: 0 }, 250));
    const steps = run(plan, big, Array(3).fill(800), 1);
    expect(steps[2]!.batteryKw).toBeCloseTo(200 / 3, 6);
    expect(steps[2]!.gridKw).toBeCloseTo(800 - 200 / 3, 6);
  });

  it('load-rate control targets a share of the transformer', () => {
    // 60 % of 1000 kVA = 600 kW: the same as a 600 kW demand target.
    const plan = allDay(discharge({ kind: 'load-rate', targetRatePct: 60, transformerKva: 1000, kp: 0.5, ki: 0.1 }, 250));
    expect(run(plan, big, Array(4).fill(800), 1)[3]!.gridKw).toBeCloseTo(600, 0);
    // Without a transformer capacity on the card or the station, nothing happens.
    const bare = allDay(discharge({ kind: 'load-rate', targetRatePct: 60, kp: 0.5, ki: 0.1 }, 250));
    expect(run(bare, big, [800], 1)[0]!.batteryKw).toBe(0);
    expect(run(bare, { ...big, transformerKva: 1000 }, Array(4).fill(800), 1)[3]!.gridKw).toBeCloseTo(600, 0);
  });

  it('threshold: starts at the trigger load, stops at the stop load, never exports', () => {
    // Trigger 500, stop 300, 200 kW. 450: waits; 520: on (320 to the grid); 400: still on (hysteresis); 300: off; 450: off.
    const plan = allDay(discharge({ kind: 'threshold', triggerKw: 500, stopKw: 300 }, 200));
    const steps = run(plan, big, [450, 520, 400, 300, 450], 5);
    expect(steps.map((s) => s.batteryKw)).toEqual([0, 200, 200, 0, 0]);
    expect(steps[1]!.gridKw).toBe(320);
    // Anti-backflow: with the load at 150 (and still on), a 200 kW card gives only 150; PV counts against the load.
    const low = allDay(discharge({ kind: 'threshold', triggerKw: 100, stopKw: 50 }, 200));
    const flows = run(low, big, [150, { loadKw: 300, pvKw: 180 }], 5);
    expect(flows.map((s) => s.batteryKw)).toEqual([150, 120]);
    expect(flows.map((s) => s.gridKw)).toEqual([0, 0]);
  });

  it('immediate: discharges from the start, pauses below the stop load, resumes above the recover load', () => {
    // Stop 100, recover 200, 150 kW: 300 on; 90 paused; 150 still paused; 250 resumes.
    const plan = allDay(discharge({ kind: 'immediate', stopKw: 100, recoverKw: 200 }, 150));
    expect(run(plan, big, [300, 90, 150, 250], 5).map((s) => s.batteryKw)).toEqual([150, 0, 0, 150]);
  });

  it('power following: follows the load while it is at or above the stop threshold, capped at the maximum', () => {
    // Threshold 100, max 150: 120 → 120 (grid 0); 300 → 150 (grid 150); 80 → 0.
    const plan = allDay(discharge({ kind: 'power-follow', stopThresholdKw: 100, maxTotalKw: 150 }, 200));
    const steps = run(plan, big, [120, 300, 80], 5);
    expect(steps.map((s) => s.batteryKw)).toEqual([120, 150, 0]);
    expect(steps.map((s) => s.gridKw)).toEqual([0, 150, 80]);
  });
});

describe('charge card', () => {
  it('load protection stops above the stop load and resumes below the recover load', () => {
    // 100 kW charge, stop 500, recover 400, compared with the import while charging (load + 100):
    // 300 → 400 charge; 380 → 480 charge; 420 → 520 > 500 stop; 450 → stopped; 350 → 450 ≥ 400 stays stopped;
    // 320 → 420 stays stopped; 290 → 390 < 400 resumes; 250 → charge.
    const station: EngineStation = { pcsRatedKw: 250, capacityKwh: 10_000, efficiency: 1, initialSocPct: 20 };
    const plan = allDay({ type: 'charge', pcsPowerKw: 100, loadProtect: { stopKw: 500, recoverKw: 400 } });
    const steps = run(plan, station, [300, 380, 420, 450, 350, 320, 290, 250], 5);
    expect(steps.map((s) => s.batteryKw)).toEqual([-100, -100, 0, 0, 0, 0, -100, -100]);
    expect(steps.map((s) => s.gridKw)).toEqual([400, 480, 420, 450, 350, 320, 390, 350]);
    expect(steps[3]!.note).toBe('charge: load protection stop');
  });

  it('never charges faster than the PCS rating whatever the card says', () => {
    const station: EngineStation = { pcsRatedKw: 100, capacityKwh: 1000, efficiency: 1, initialSocPct: 20 };
    expect(run(allDay({ type: 'charge', pcsPowerKw: 300 }), station, [100], 5)[0]!.batteryKw).toBe(-100);
  });
});

describe('emptying', () => {
  // 100 kWh, no losses, SOC 50 %, floor 10 %: 40 kWh to empty. A card 18:00–21:00 whose trigger never fires.
  const station: EngineStation = { pcsRatedKw: 200, capacityKwh: 100, efficiency: 1, initialSocPct: 50 };
  const card = (empty: { kind: 'timed'; atMin: number } | { kind: 'linear-regression' }, powerKw = 100): EnginePlan => ({
    protection: { kind: 'dod', minPct: 10, maxPct: 100 },
    sections: [
      { startMin: 0, endMin: 1080, type: 'standby' },
      { startMin: 1080, endMin: 1260, type: 'discharge', mode: { kind: 'threshold', triggerKw: 10_000, stopKw: 0 }, powerKw, empty },
      { startMin: 1260, endMin: 1440, type: 'standby' },
    ],
  });
  const day = (plan: EnginePlan) => {
    const series: SeriesPoint[] = Array.from({ length: 96 }, (_, k) => ({ t: k * 15, loadKw: 500, price: 1 }));
    return runDay(plan, station, series, 15).points;
  };

  it('timed: from the emptying time, discharges what is left so the card ends at the floor', () => {
    // From 20:00, 40 kWh over the hour left = 40 kW in every 15-minute step (10 kWh each): 40, 30, 20, 10 % at 21:00.
    const points = day(card({ kind: 'timed', atMin: 1200 }));
    const at = (minute: number) => points.find((p) => p.t === minute)!;
    expect(points.filter((p) => p.t < 1200).every((p) => p.batteryKw === 0)).toBe(true);
    for (const minute of [1200, 1215, 1230, 1245]) expect(at(minute).batteryKw).toBeCloseTo(40, 9);
    expect(at(1245).socPct).toBeCloseTo(10, 9);
    expect(at(1260).batteryKw).toBe(0);
    expect(at(1200).note).toBe('discharge: timed emptying');
  });

  it('timed emptying is bounded by the card power: too late a time leaves energy in the battery', () => {
    // From 20:45, 40 kWh in 15 minutes would need 160 kW; the card allows 100 kW = 25 kWh, so SOC ends at 25 %.
    const points = day(card({ kind: 'timed', atMin: 1245 }));
    expect(points.find((p) => p.t === 1245)!.batteryKw).toBe(100);
    expect(points[points.length - 1]!.socPct).toBeCloseTo(25, 9);
  });

  it('linear regression: spreads what is left evenly over the card', () => {
    // 40 kWh over 3 hours = 13.333 kW in every step; SOC falls 3.333 % per hour, to 10 % at 21:00.
    const points = day(card({ kind: 'linear-regression' })).filter((p) => p.t >= 1080 && p.t < 1260);
    expect(points).toHaveLength(12);
    for (const point of points) expect(point.batteryKw).toBeCloseTo(40 / 3, 9);
    expect(points[3]!.socPct).toBeCloseTo(50 - 40 / 3, 9);
    expect(points[11]!.socPct).toBeCloseTo(10, 9);
  });
});

describe('smart card', () => {
  const station: EngineStation = { pcsRatedKw: 250, capacityKwh: 10_000, efficiency: 1, initialSocPct: 50 };
  const smart = (fields: Partial<SmartSection>): EnginePlan =>
    allDay({
      type: 'smart',
      controlType: 'consumption-and-load',
      startKw: 20,
      stopKw: 5,
      totalTargetLoadKw: 0,
      loadHighAction: 'none',
      dischargeTargetLoadKw: 10_000,
      maxDischargeKw: 100,
      maxChargeKw: 80,
      meterType: 'total',
      ...fields,
    } as Card);

  it('charges from PV surplus between its start and stop thresholds, toward the total target load', () => {
    // Load 100. PV 110: export 10 < start 20, idle. PV 150: export 50 ≥ 20, charge 50 (grid 0). PV 250: export 150,
    // charge capped at 80 (grid −70). PV 108: export 8 > stop 5, still on, charge 8. PV 104: export 4 ≤ 5, off.
    const steps = run(
      smart({}),
      station,
      [110, 150, 250, 108, 104].map((pvKw) => ({ loadKw: 100, pvKw })),
      5,
    );
    expect(steps.map((s) => s.batteryKw)).toEqual([0, -50, -80, -8, 0]);
    expect(steps.map((s) => s.gridKw)).toEqual([-10, 0, -70, 0, -4]);
    expect(steps[1]!.note).toBe('smart: charging from PV surplus');
    // A negative total target load lets some export through: target −20 with export 50 charges only 30.
    expect(run(smart({ totalTargetLoadKw: -20 }), station, [{ loadKw: 100, pvKw: 150 }], 5)[0]!.batteryKw).toBe(-30);
    // 'load' control type does not consume PV surplus.
    expect(run(smart({ controlType: 'load' }), station, [{ loadKw: 100, pvKw: 150 }], 5)[0]!.batteryKw).toBe(0);
  });

  it('discharges load above the discharge target load when the action is discharge', () => {
    // Target 500, at most 100 kW: load 550 → 50 (grid 500); 700 → 100 (grid 600); 450 → nothing.
    const plan = smart({ controlType: 'load', loadHighAction: 'discharge', dischargeTargetLoadKw: 500 });
    const steps = run(plan, station, [550, 700, 450], 5);
    expect(steps.map((s) => s.batteryKw)).toEqual([50, 100, 0]);
    expect(steps.map((s) => s.gridKw)).toEqual([500, 600, 450]);
  });

  it('with a demand target, charges from the grid up to it (load control), upstream meters adding their caps', () => {
    // Target demand 300, load 200: 100 wanted, max charge 80 → grid 280. Load 260 → 40, grid 300. Load 350 → 0.
    const plan = smart({ controlType: 'load', targetDemandKw: 300 });
    expect(run(plan, station, [200, 260, 350], 5).map((s) => s.batteryKw)).toEqual([-80, -40, 0]);
    // Upper meter: the transformer threshold 250 lowers the ceiling (load 200 → 50); meters' max charge sum caps power.
    const upper = smart({
      controlType: 'load',
      targetDemandKw: 300,
      meterType: 'upper',
      transformerCapacityKw: 250,
      meters: [{ id: 'm1', chargeThresholdKw: 200, maxChargeKw: 30 }],
    });
    expect(run(upper, station, [200, 100], 5).map((s) => s.batteryKw)).toEqual([-30, -30]);
    expect(
      run({ ...upper, sections: [{ ...(upper.sections[0] as SmartSection), meters: undefined }] }, station, [200], 5)[0]!.batteryKw,
    ).toBe(-50);
  });
});

describe('bounds under any plan', () => {
  /** mulberry32: a small seeded generator, so the random plans are the same on every run. */
  function generator(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('never exceeds the PCS rating or a card limit, never leaves the SOC window, never exports from the battery', () => {
    const random = generator(20250601);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
    const kw = (max: number) => Math.round(random() * max);
    let checked = 0;
    for (let trial = 0; trial < 150; trial++) {
      const station: EngineStation = {
        pcsRatedKw: 50 + kw(450),
        capacityKwh: 100 + kw(1900),
        efficiency: 0.85 + random() * 0.15,
        initialSocPct: random() * 100,
        transformerKva: 500 + kw(1500),
      };
      const dodMin = kw(40);
      const protection: EngineProtection = pick([
        { kind: 'dod', minPct: dodMin, maxPct: dodMin + 10 + kw(50) },
        { kind: 'bms' },
        { kind: 'cell-voltage', minV: 3.2 + random() * 0.05, maxV: 3.33 + random() * 0.1 },
      ]);
      // Cards of random kinds over random hour boundaries.
      const bounds = [0, ...new Set(Array.from({ length: 4 }, () => 60 * (1 + kw(22))))].sort((a, b) => a - b);
      bounds.push(1440);
      const sections: EngineSection[] = [];
      for (let i = 0; i + 1 < bounds.length; i++) {
        const time = { startMin: bounds[i]!, endMin: bounds[i + 1]! };
        const mode: DischargeMode = pick<DischargeMode>([
          { kind: 'threshold', triggerKw: kw(800), stopKw: kw(400) },
          { kind: 'immediate', stopKw: kw(300), recoverKw: 300 + kw(300) },
          { kind: 'demand', targetDemandKw: kw(800), kp: 0.05 + random() * 1.5, ki: random() * 0.5 },
          { kind: 'load-rate', targetRatePct: kw(100), kp: 0.05 + random() * 1.5, ki: random() * 0.5 },
          { kind: 'power-follow', stopThresholdKw: kw(300), maxTotalKw: 1 + kw(800) },
        ]);
        sections.push(
          pick<EngineSection>([
            { ...time, type: 'charge', pcsPowerKw: kw(1000), loadProtect: random() < 0.5 ? { stopKw: 600, recoverKw: 400 } : undefined },
            {
              ...time,
              type: 'discharge',
              mode,
              powerKw: kw(1000),
              empty: pick([{ kind: 'none' }, { kind: 'linear-regression' }, { kind: 'timed', atMin: time.startMin }]),
            },
            {
              ...time,
              type: 'smart',
              controlType: pick(['consumption-and-load', 'load'] as const),
              startKw: kw(50),
              stopKw: kw(20),
              totalTargetLoadKw: kw(200) - 100,
              loadHighAction: pick(['discharge', 'none'] as const),
              dischargeTargetLoadKw: kw(900),
              maxDischargeKw: kw(1000),
              maxChargeKw: kw(1000),
              targetDemandKw: random() < 0.5 ? kw(900) : undefined,
              meterType: 'total',
            },
            { ...time, type: 'standby' },
          ]),
        );
      }
      const plan: EnginePlan = { protection, sections };
      const { minPct, maxPct } = socLimits(protection, station);
      const dtMin = pick([1, 5, 15, 60]);
      let state = initialState(station);
      for (let t = 0; t < 1440; t += dtMin) {
        const before = state.socPct;
        const result = stepStation(state, plan, station, { tMinuteOfDay: t, dtMin, loadKw: kw(1200), pvKw: kw(300) });
        const section = sections.find((s) => t >= s.startMin && t < s.endMin)!;
        const limit =
          section.type === 'charge'
            ? section.pcsPowerKw
            : section.type === 'discharge'
              ? section.powerKw
              : section.type === 'smart'
                ? result.batteryKw > 0
                  ? section.maxDischargeKw
                  : section.maxChargeKw
                : 0;
        expect(Math.abs(result.batteryKw)).toBeLessThanOrEqual(Math.min(station.pcsRatedKw, limit) + 1e-9);
        if (section.type === 'charge') expect(result.batteryKw).toBeLessThanOrEqual(0);
        if (section.type === 'discharge') expect(result.batteryKw).toBeGreaterThanOrEqual(0);
        if (result.batteryKw > 0) {
          expect(result.gridKw).toBeGreaterThanOrEqual(-1e-9);
          expect(result.socPct).toBeGreaterThanOrEqual(minPct - 1e-9);
        }
        if (result.batteryKw < 0) expect(result.socPct).toBeLessThanOrEqual(maxPct + 1e-9);
        if (result.batteryKw === 0) expect(result.socPct).toBe(before);
        state = result.state;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe('runDay', () => {
  it('reports peak demand, energy and cost before and after on a hand-computable day', () => {
    // 100 kW PCS, 400 kWh, no losses, SOC 10 % (floor 10, ceiling 90). Hourly steps.
    // 00–06 charge 50 kW: 300 kWh → SOC 10 + 75 = 85 %. 18–21 threshold discharge (trigger 400, stop 300) 100 kW:
    // load 500 → 100 kW for 3 h = 300 kWh → SOC 85 − 75 = 10 %.
    const station: EngineStation = { pcsRatedKw: 100, capacityKwh: 400, efficiency: 1, initialSocPct: 10 };
    const plan: EnginePlan = {
      protection: { kind: 'dod', minPct: 10, maxPct: 90 },
      sections: [
        { startMin: 0, endMin: 360, type: 'charge', pcsPowerKw: 50 },
        { startMin: 360, endMin: 1080, type: 'standby' },
        {
          startMin: 1080,
          endMin: 1260,
          type: 'discharge',
          mode: { kind: 'threshold', triggerKw: 400, stopKw: 300 },
          powerKw: 100,
          empty: { kind: 'none' },
        },
        { startMin: 1260, endMin: 1440, type: 'standby' },
      ],
    };
    // Load 200 all day, 500 from 18 to 21. Price 0.3 at night (0–6), 1.0 from 18 to 21, 0.6 otherwise.
    const series: SeriesPoint[] = Array.from({ length: 24 }, (_, h) => ({
      t: h * 60,
      loadKw: h >= 18 && h < 21 ? 500 : 200,
      price: h < 6 ? 0.3 : h >= 18 && h < 21 ? 1 : 0.6,
    }));
    const result = runDay(plan, station, series, 60);
    expect(result.points.map((p) => p.batteryKw)).toEqual([...Array(6).fill(-50), ...Array(12).fill(0), 100, 100, 100, 0, 0, 0]);
    expect(result.points[5]!.socPct).toBeCloseTo(85, 9);
    expect(result.finalSocPct).toBeCloseTo(10, 9);
    expect(result.chargedKwh).toBe(300);
    expect(result.dischargedKwh).toBeCloseTo(300, 9);
    // Hourly steps are their own 15-minute windows: before 500 (18–21), after 400.
    expect(result.peakDemandBeforeKw).toBe(500);
    expect(result.peakDemandAfterKw).toBe(400);
    // Before: 6 h × 200 × 0.3 + 12 h × 200 × 0.6 + 3 h × 500 × 1.0 + 3 h × 200 × 0.6 = 360 + 1440 + 1500 + 360 = 3660.
    // After: 6 h × 250 × 0.3 + 1440 + 3 h × 400 × 1.0 + 360 = 450 + 1440 + 1200 + 360 = 3450 (300 kWh moved from 0.3 to 1.0).
    expect(result.costBefore).toBeCloseTo(3660, 9);
    expect(result.costAfter).toBeCloseTo(3450, 9);
  });

  it('takes demand as the 15-minute mean import, and export earns nothing', () => {
    // 5-minute steps, standby: 300, 600, 300 in the first window → demand 400, though the highest step is 600.
    // Then PV 500 over a 100 kW load: 400 kW export, which costs and earns nothing.
    const station: EngineStation = { pcsRatedKw: 100, capacityKwh: 100, initialSocPct: 50 };
    const plan: EnginePlan = { protection: { kind: 'bms' }, sections: [{ startMin: 0, endMin: 1440, type: 'standby' }] };
    const series: SeriesPoint[] = [
      { t: 0, loadKw: 300, price: 1 },
      { t: 5, loadKw: 600, price: 1 },
      { t: 10, loadKw: 300, price: 1 },
      { t: 15, loadKw: 100, pvKw: 500, price: 1 },
    ];
    const result = runDay(plan, station, series, 5);
    expect(result.peakDemandBeforeKw).toBe(400);
    expect(result.peakDemandAfterKw).toBe(400);
    // (300 + 600 + 300) kW × 5/60 h × 1 = 100.
    expect(result.costBefore).toBeCloseTo(100, 9);
    expect(result.points[3]!.gridAfterKw).toBe(-400);
    expect(result.chargedKwh + result.dischargedKwh).toBe(0);
  });

  it('rejects a station it cannot run and an unknown card type', () => {
    const plan: EnginePlan = { protection: { kind: 'bms' }, sections: [] };
    expect(() => runDay(plan, { pcsRatedKw: 100, capacityKwh: 0, initialSocPct: 50 }, [], 15)).toThrow('capacityKwh');
    expect(() => runDay(plan, { pcsRatedKw: 100, capacityKwh: 100, initialSocPct: 50, efficiency: 1.2 }, [], 15)).toThrow('efficiency');
    const odd = { protection: { kind: 'bms' }, sections: [{ startMin: 0, endMin: 1440, type: 'boost' }] } as unknown as EnginePlan;
    expect(() => runDay(odd, { pcsRatedKw: 100, capacityKwh: 100, initialSocPct: 50 }, [{ t: 0, loadKw: 1, price: 1 }], 15)).toThrow(
      'Invalid strategy section type',
    );
  });

  it('is standby outside every card and leaves the state it was given untouched', () => {
    const station: EngineStation = { pcsRatedKw: 100, capacityKwh: 100, initialSocPct: 50 };
    const plan: EnginePlan = { protection: { kind: 'bms' }, sections: [{ startMin: 600, endMin: 660, type: 'charge', pcsPowerKw: 50 }] };
    const state = initialState(station);
    const copy = structuredClone(state);
    expect(stepStation(state, plan, station, { tMinuteOfDay: 100, dtMin: 5, loadKw: 10 }).batteryKw).toBe(0);
    expect(stepStation(state, plan, station, { tMinuteOfDay: 610, dtMin: 5, loadKw: 10 }).batteryKw).toBe(-50);
    expect(state).toEqual(copy);
  });
});
