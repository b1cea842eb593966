import { between } from '../random.js';
import type { ModelOptions, SimDeviceSpec } from '../types.js';

const HOUR = 3_600_000;
const YEAR = 365.25 * 24 * HOUR;

/** Hours elapsed since the previous step; 0 on the first step and when time does not move forward. */
export class Clock {
  private last: number;
  constructor(start: number) {
    this.last = start;
  }
  advance(t: number): number {
    const dt = Math.max(0, t - this.last) / HOUR;
    if (t > this.last) this.last = t;
    return dt;
  }
}

/**
 * Years since the device was commissioned (between 2019 and 2022, by seed). Counters start at the energy
 * such a device would have accumulated, so a fresh simulator does not show brand-new meters at zero.
 */
export function ageYears(seed: number, t: number): number {
  const commissioned = Date.UTC(2019, 0, 1) + between(0, 3, seed, 97) * YEAR;
  return Math.max(0.05, (t - commissioned) / YEAR);
}

/** A counter's starting value: the resumed one when given, else the estimate. */
export function startCounter(spec: SimDeviceSpec, options: ModelOptions | undefined, key: string, estimate: number): number {
  const resumed = options?.resume?.(spec)?.[key];
  return typeof resumed === 'number' && Number.isFinite(resumed) && resumed >= 0 ? resumed : Math.max(0, estimate);
}

/** Devices of the same site with the given type, restricted to the same unit when this device names one. */
export function siteMembers(spec: SimDeviceSpec, options: ModelOptions | undefined, typeKey: string, sameUnit: boolean): SimDeviceSpec[] {
  return (options?.siteDevices ?? []).filter(
    (other) => other.site.key === spec.site.key && other.typeKey === typeKey && (!sameUnit || other.unit === spec.unit),
  );
}

/** Nominal phase voltage of Chinese LV networks (220/380 V), with a slow wander of about ±1.5 %. */
export const PHASE_VOLTAGE = 220;
