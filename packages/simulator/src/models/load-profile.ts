import { between, clamp, gaussian, unit, valueNoise } from '../random.js';
import { localTime } from '../local-time.js';
import { weatherAt } from '../weather.js';
import type { SiteSpec } from '../types.js';

/**
 * Industrial load: a shift pattern by local time (one shift, two shifts, or round the clock), a morning
 * peak when lines start up, lunch and shift-change dips, quieter weekends, cooling in summer and
 * heating in winter, and minute-scale noise. Returns the share of the peak load, about 0..1.
 */

export type ShiftPattern = 'two-shift' | 'three-shift' | 'day';

type Curve = [hour: number, level: number][];

// prettier-ignore
const CURVES: Record<ShiftPattern, { curve: Curve; base: number; saturday: number; sunday: number }> = {
  'two-shift': {
    curve: [
      [0, 0.22], [6.5, 0.22], [7.5, 0.55], [8.5, 0.95], [11, 0.9], [11.75, 0.62], [13, 0.62], [13.5, 0.85],
      [17, 0.8], [17.5, 0.6], [18.5, 0.72], [22, 0.7], [23.5, 0.3], [24, 0.22],
    ],
    base: 0.22,
    saturday: 0.55,
    sunday: 0.12,
  },
  'three-shift': {
    curve: [
      [0, 0.68], [0.25, 0.5], [0.75, 0.7], [7.75, 0.7], [8, 0.5], [8.5, 0.85], [9, 0.97], [11, 0.92], [12, 0.75],
      [13, 0.8], [15.75, 0.8], [16, 0.55], [16.5, 0.78], [23.5, 0.72], [24, 0.68],
    ],
    base: 0.45,
    saturday: 0.8,
    sunday: 0.55,
  },
  day: {
    curve: [
      [0, 0.2], [7, 0.22], [8, 0.7], [9, 1], [11, 0.95], [12, 0.65], [13, 0.85], [17, 0.8], [18, 0.45], [19, 0.28], [24, 0.2],
    ],
    base: 0.2,
    saturday: 0.2,
    sunday: 0.05,
  },
};

function curveAt(curve: Curve, hour: number): number {
  for (let i = 1; i < curve.length; i++) {
    const [h1, v1] = curve[i]!;
    if (hour <= h1) {
      const [h0, v0] = curve[i - 1]!;
      return v0 + ((v1 - v0) * (hour - h0)) / (h1 - h0);
    }
  }
  return curve[curve.length - 1]![1];
}

/** The shift pattern of a load, by seed: most factories run two shifts, some round the clock. */
export function shiftPatternOf(seed: number): ShiftPattern {
  const draw = unit(seed, 21);
  return draw < 0.5 ? 'two-shift' : draw < 0.8 ? 'three-shift' : 'day';
}

export function loadShare(site: SiteSpec, seed: number, pattern: ShiftPattern, t: number): number {
  const local = localTime(site.timeZone, t);
  const { curve, base, saturday, sunday } = CURVES[pattern];
  const dayFactor = local.weekday === 6 ? saturday : local.weekday === 0 ? sunday : 1;
  const working = base + (curveAt(curve, local.hour) - base) * dayFactor;
  const tempAmb = weatherAt(site, t).tempAmb;
  const climate = 0.1 * clamp((tempAmb - 24) / 10, 0, 1) + 0.06 * clamp((8 - tempAmb) / 10, 0, 1);
  // Each day runs a little above or below plan (orders, absences).
  const dayLevel = 1 + 0.04 * clamp(gaussian(seed, local.dayNumber, 22), -2.5, 2.5);
  const noise = 1 + 0.035 * valueNoise(seed + 23, t, 240_000) + 0.02 * valueNoise(seed + 24, t, 45_000);
  return Math.max(0.02, (working + climate * (working / 0.9)) * dayLevel * noise);
}

/** Power factor of an industrial load: a little better when loaded, worse at light load. */
export function powerFactorOf(seed: number, share: number): number {
  return clamp(between(0.86, 0.95, seed, 25) + 0.04 * (share - 0.5), 0.75, 0.99);
}
