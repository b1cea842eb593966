import { between, clamp, valueNoise } from '../random.js';
import { localTime } from '../local-time.js';
import { weatherAt } from '../weather.js';
import { PlanBook } from '../plan-book.js';
import { initialState, stepStation } from '../strategy-engine/engine.js';
import { voltageAtSoc } from '../strategy-engine/ocv.js';
import type { EnginePlan, EngineState, EngineStation } from '../strategy-engine/types.js';
import { pcsFaultAt, type ModelOptions, type SimDeviceSpec } from '../types.js';
import { createChargingPile } from './charging.js';
import { ageYears, siteMembers } from './common.js';
import { createFeederMeter } from './meter.js';
import { createPvInverter } from './pv.js';
import { SiteBalance, type Factory } from './site-balance.js';

/**
 * The physics of one storage unit, shared by the PCS and its racks, packs and cells: a daily arbitrage
 * schedule (charge in the night valley and at midday, discharge in the morning and evening peaks),
 * SOC integrated with 95 % efficiency each way and held within 5..95 %, and a thermal lag that warms
 * the cells with the C-rate.
 *
 * While a strategy is in force for the unit (options.plans, keyed by the PCS's username), the schedule
 * gives way to the strategy engine: each step, stepStation gets the site's load and PV as the site's grid
 * meters see them without storage (site-balance.ts) and decides the PCS power; SOC follows the engine.
 * The grid meter subtracts this same power, so its reading is load − PV − battery.
 */

export const SOC_MIN = 5;
export const SOC_MAX = 95;
const EFFICIENCY = 0.95;
const HOUR = 3_600_000;

/** Local-time windows: [start hour, end hour, +1 discharge / -1 charge, hours the window should move the usable energy in]. */
const SCHEDULE: [number, number, 1 | -1, number][] = [
  [0, 6, -1, 5.5],
  [8, 11, 1, 3],
  [12, 14.5, -1, 2.5],
  [17, 21, 1, 4],
];
const RAMP_HOURS = 1 / 6;
/** A site without a grid meter gets a load profile of its own, peaking at this many times the PCS rating. */
const OWN_LOAD_PER_RATING = 4;

/** The devices a storage unit reads its site's load from. */
const balanceFactory: Factory = (spec, start, options) => {
  switch (spec.typeKey) {
    case 'feeder-meter':
      return createFeederMeter(spec, start, options);
    case 'pv-inverter':
      return createPvInverter(spec, start, options);
    case 'charging-pile':
      return createChargingPile(spec, start, options);
    default:
      throw new Error(`no site-balance model for device type '${spec.typeKey}'`);
  }
};

export interface StorageState {
  /** Discharge positive, kW. */
  p: number;
  soc: number;
  /** Cell temperature, °C. */
  cellTemp: number;
  /** Hours since the previous step. */
  dt: number;
}

export class StorageCore {
  readonly rating: number;
  readonly capacity: number;
  private soc: number;
  private heat = 0;
  private last: number;
  private readonly plans: PlanBook;
  /** The plan the engine ran at the previous step, and its controller memory. */
  private plan: EnginePlan | null = null;
  private engineState: EngineState | undefined;
  /** The site's grid meters without storage, built on the first step under a plan. */
  private balances: SiteBalance[] | undefined;
  private transformerKva: number | undefined;
  constructor(
    readonly spec: SimDeviceSpec,
    private readonly start: number,
    private readonly options?: ModelOptions,
  ) {
    this.rating = spec.ratingKw ?? 250;
    this.capacity = spec.capacityKwh ?? this.rating * 2;
    this.plans = options?.plans ?? new PlanBook();
    const resumed = options?.resume?.(spec)?.soc;
    // Without a stored SOC, run the schedule (or the plan then in force) over the two days before start so SOC fits the hour.
    this.last = start - 48 * HOUR;
    this.soc = 50;
    for (let t = this.last + HOUR / 4; t <= start; t += HOUR / 4) this.advance(t);
    this.last = start;
    if (typeof resumed === 'number' && Number.isFinite(resumed)) {
      this.soc = clamp(resumed, 0, 100);
      if (this.engineState) this.engineState.socPct = this.soc;
    }
  }

  /**
   * Runs `plan` from `from` (epoch ms, default this core's latest step) on; null returns to the schedule.
   * This writes the shared PlanBook when the core was given one, so every model of the unit follows.
   */
  setPlan(plan: EnginePlan | null, from: number = this.last): void {
    this.plans.set(this.spec.username, plan, from);
  }

  /** The engine's view of this unit; the transformer is taken as the sum of the site's grid-meter ratings. */
  private station(): EngineStation {
    if (this.transformerKva === undefined) {
      const meters = siteMembers(this.spec, this.options, 'grid-meter', false);
      this.transformerKva = meters.reduce((sum, meter) => sum + (meter.ratingKw ?? 0), 0);
    }
    return {
      pcsRatedKw: this.rating,
      capacityKwh: this.capacity,
      efficiency: EFFICIENCY,
      initialSocPct: this.soc,
      transformerKva: this.transformerKva > 0 ? this.transformerKva : undefined,
    };
  }

  /** The site's load (with losses and charging piles) and PV at t, as its grid meters would see them without storage. */
  private siteLoad(t: number): { loadKw: number; pvKw: number } {
    if (!this.balances) {
      const meters = siteMembers(this.spec, this.options, 'grid-meter', false);
      const own: SimDeviceSpec = {
        ...this.spec,
        typeKey: 'grid-meter',
        username: `${this.spec.username}-site`,
        seed: this.spec.seed ^ 0x2f6b3a91,
        ratingKw: OWN_LOAD_PER_RATING * this.rating,
      };
      this.balances = (meters.length ? meters : [own]).map((meter) => new SiteBalance(meter, this.start, this.options, balanceFactory));
    }
    const at = new Date(t);
    let loadKw = 0;
    let pvKw = 0;
    for (const balance of this.balances) {
      const { load, piles, pv } = balance.at(at);
      loadKw += (load * 1.015 + piles) * balance.share;
      pvKw += pv * balance.share;
    }
    return { loadKw, pvKw };
  }

  /** One engine step under `plan`: returns the PCS power and moves SOC. */
  private runPlan(plan: EnginePlan, t: number, dt: number): number {
    const station = this.station();
    if (plan !== this.plan || !this.engineState) {
      this.plan = plan;
      this.engineState = initialState(station);
    }
    this.engineState.socPct = this.soc;
    const { loadKw, pvKw } = this.siteLoad(t);
    const result = stepStation(this.engineState, plan, station, {
      tMinuteOfDay: localTime(this.spec.site.timeZone, t).hour * 60,
      dtMin: dt * 60,
      loadKw,
      pvKw,
    });
    this.engineState = result.state;
    this.soc = result.socPct;
    return result.batteryKw;
  }

  private scheduled(t: number): number {
    const hour = localTime(this.spec.site.timeZone, t).hour;
    const usable = ((SOC_MAX - SOC_MIN) / 100) * this.capacity;
    for (const [from, to, direction, hours] of SCHEDULE) {
      if (hour < from || hour >= to) continue;
      const ramp = Math.min(1, (hour - from) / RAMP_HOURS, (to - hour) / RAMP_HOURS);
      const power = Math.min(this.rating, direction > 0 ? (usable * EFFICIENCY) / hours : usable / (EFFICIENCY * hours));
      return direction * power * ramp * (1 + 0.01 * valueNoise(this.spec.seed + 41, t, 5 * 60_000));
    }
    return 0;
  }

  advance(t: number): StorageState {
    const dt = Math.max(0, t - this.last) / HOUR;
    if (t > this.last) this.last = t;
    const p = this.power(t, dt);
    if (dt > 0) {
      const heatTarget = (12 * Math.abs(p)) / this.capacity;
      this.heat = heatTarget + (this.heat - heatTarget) * Math.exp(-dt / 0.67);
    }
    const indoor = 23 + 0.25 * (weatherAt(this.spec.site, t).tempAmb - 23);
    return { p, soc: this.soc, cellTemp: indoor + this.heat, dt };
  }

  /**
   * The PCS power at t: 0 while it is in fault or stopped by a remote command, the remote set point in
   * manual mode, else its strategy or its built-in schedule (docs/bsa.md, "Remote control").
   */
  private power(t: number, dt: number): number {
    const remote = this.plans.remoteAt(this.spec.username, t);
    if (pcsFaultAt(this.spec.pcsFault, t) || (remote && !remote.running)) {
      this.plan = null;
      return 0;
    }
    if (remote?.mode === 'manual') {
      this.plan = null;
      return this.integrate(clamp(remote.setpointKw, -this.rating, this.rating), dt);
    }
    const plan = this.plans.at(this.spec.username, t);
    return plan ? this.runPlan(plan, t, dt) : this.runSchedule(t, dt);
  }

  /** One step of the built-in daily schedule: returns the PCS power and moves SOC. */
  private runSchedule(t: number, dt: number): number {
    this.plan = null;
    let p = this.scheduled(t);
    // A BMS tapers power as SOC approaches its limits instead of stopping dead.
    if (p < 0) p *= clamp((SOC_MAX - this.soc) / 5, 0, 1);
    if (p > 0) p *= clamp((this.soc - SOC_MIN) / 5, 0, 1);
    // Below 1 % of rating the PCS stands by rather than trickling.
    if (Math.abs(p) < 0.01 * this.rating) p = 0;
    return this.integrate(p, dt);
  }

  /** Moves SOC by power p (kW, discharge positive) over dt hours within 5..95 %; returns the power the battery took. */
  private integrate(power: number, dt: number): number {
    let p = power;
    if (dt > 0) {
      const before = this.soc;
      const energyToSoc = (100 / this.capacity) * dt;
      if (p < 0) {
        const room = SOC_MAX - this.soc;
        if (-p * EFFICIENCY * energyToSoc > room) p = -room / (EFFICIENCY * energyToSoc);
        this.soc += -p * EFFICIENCY * energyToSoc;
      } else if (p > 0) {
        const room = this.soc - SOC_MIN;
        if ((p / EFFICIENCY) * energyToSoc > room) p = (room * EFFICIENCY) / energyToSoc;
        this.soc -= (p / EFFICIENCY) * energyToSoc;
      }
      // A plan may have left SOC outside 5..95 %: the schedule does not jump it back.
      this.soc = clamp(this.soc, Math.min(SOC_MIN, before), Math.max(SOC_MAX, before));
    }
    return p;
  }

  stateOfHealth(t: number): number {
    return clamp(100 - between(0.5, 1.5, this.spec.seed, 42) - 1.5 * ageYears(this.spec.seed, t), 70, 100);
  }
}

/** Open-circuit voltage of an LFP cell: flat around 3.3 V in the middle, steep at both ends (the engine's curve). */
export const lfpOpenCircuitVoltage = (soc: number): number => voltageAtSoc(soc);
