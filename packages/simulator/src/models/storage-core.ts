import { between, clamp, valueNoise } from '../random.js';
import { localTime } from '../local-time.js';
import { weatherAt } from '../weather.js';
import type { ModelOptions, SimDeviceSpec } from '../types.js';
import { ageYears } from './common.js';

/**
 * The physics of one storage unit, shared by the PCS and its racks, packs and cells: a daily arbitrage
 * schedule (charge in the night valley and at midday, discharge in the morning and evening peaks),
 * SOC integrated with 95 % efficiency each way and held within 5..95 %, and a thermal lag that warms
 * the cells with the C-rate.
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
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options?: ModelOptions,
  ) {
    this.rating = spec.ratingKw ?? 250;
    this.capacity = spec.capacityKwh ?? this.rating * 2;
    const resumed = options?.resume?.(spec)?.soc;
    // Without a stored SOC, run the schedule over the two days before start so SOC fits the hour.
    this.last = start - 48 * HOUR;
    this.soc = 50;
    for (let t = this.last + HOUR / 4; t <= start; t += HOUR / 4) this.advance(t);
    this.last = start;
    if (typeof resumed === 'number' && Number.isFinite(resumed)) this.soc = clamp(resumed, SOC_MIN, SOC_MAX);
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
    let p = this.scheduled(t);
    // A BMS tapers power as SOC approaches its limits instead of stopping dead.
    if (p < 0) p *= clamp((SOC_MAX - this.soc) / 5, 0, 1);
    if (p > 0) p *= clamp((this.soc - SOC_MIN) / 5, 0, 1);
    // Below 1 % of rating the PCS stands by rather than trickling.
    if (Math.abs(p) < 0.01 * this.rating) p = 0;
    if (dt > 0) {
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
      this.soc = clamp(this.soc, SOC_MIN, SOC_MAX);
      const heatTarget = (12 * Math.abs(p)) / this.capacity;
      this.heat = heatTarget + (this.heat - heatTarget) * Math.exp(-dt / 0.67);
    }
    const indoor = 23 + 0.25 * (weatherAt(this.spec.site, t).tempAmb - 23);
    return { p, soc: this.soc, cellTemp: indoor + this.heat, dt };
  }

  stateOfHealth(t: number): number {
    return clamp(100 - between(0.5, 1.5, this.spec.seed, 42) - 1.5 * ageYears(this.spec.seed, t), 70, 100);
  }
}

// prettier-ignore
const OCV: [soc: number, volts: number][] = [
  [0, 2.95], [5, 3.2], [10, 3.24], [20, 3.27], [30, 3.285], [40, 3.295], [50, 3.3], [60, 3.31], [70, 3.325],
  [80, 3.335], [90, 3.35], [95, 3.38], [100, 3.45],
];

/** Open-circuit voltage of an LFP cell: flat around 3.3 V in the middle, steep at both ends. */
export function lfpOpenCircuitVoltage(soc: number): number {
  const s = clamp(soc, 0, 100);
  for (let i = 1; i < OCV.length; i++) {
    const [s1, v1] = OCV[i]!;
    if (s <= s1) {
      const [s0, v0] = OCV[i - 1]!;
      return v0 + ((v1 - v0) * (s - s0)) / (s1 - s0);
    }
  }
  return OCV[OCV.length - 1]![1];
}
