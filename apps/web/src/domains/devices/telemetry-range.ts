import type { ResampleInterval } from '@energy/contracts';
import { dayIn, dayStartIn, type CalendarDay } from '../../shared/zoned-time';

export { dayIn, dayStartIn, type CalendarDay };

/**
 * Time ranges and resolutions of the device charts: which resolutions a range may use (not too many
 * points to draw, not a bucket wider than the range) and which one it starts with. Day presets follow
 * the tenant's calendar (the zone its day, month and year buckets are made in).
 */

export const INTERVALS: ResampleInterval[] = ['1m', '15m', '1h', '1d', '1mo', '1y'];

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Bucket widths; months and years vary, so the checks use their shortest. */
const WIDTH: Record<ResampleInterval, number> = {
  '1m': MINUTE,
  '15m': 15 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': DAY,
  '1mo': 28 * DAY,
  '1y': 365 * DAY,
};

/** At most this many buckets per chart: more cannot be told apart on a screen and slows the page. */
export const MAX_POINTS = 2000;
/** One-minute data is served for up to 7 days (the server refuses longer). */
export const MAX_1M_RANGE_MS = 7 * DAY;
/** The default resolution aims at no more than this many buckets: lines stay smooth, bars stay readable. */
const TARGET_POINTS = { line: 800, bars: 200 } as const;

export interface TimeRange {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

export type RangePreset = 'today' | 'last24h' | 'last7d' | 'last30d' | 'custom';
export const RANGE_PRESETS: RangePreset[] = ['today', 'last24h', 'last7d', 'last30d', 'custom'];

/**
 * The range of a preset at `now`: today and the day presets are whole days of the tenant's calendar
 * ending at its next midnight (so day buckets are complete); the last 24 hours end now.
 */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: number, timeZone: string): TimeRange {
  const tomorrow = dayStartIn(dayIn(now, timeZone, 1), timeZone);
  const daysBack = (n: number) => dayStartIn(dayIn(now, timeZone, 1 - n), timeZone);
  switch (preset) {
    case 'today':
      return { from: daysBack(1), to: tomorrow };
    case 'last24h':
      return { from: now - DAY, to: now };
    case 'last7d':
      return { from: daysBack(7), to: tomorrow };
    case 'last30d':
      return { from: daysBack(30), to: tomorrow };
  }
}

/** A custom range of whole days of the tenant's calendar: from the start of the first to the end of the last. */
export function dayRange(first: CalendarDay, last: CalendarDay, timeZone: string): TimeRange {
  const next = new Date(`${last}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { from: dayStartIn(first, timeZone), to: dayStartIn(next.toISOString().slice(0, 10), timeZone) };
}

/** About how many buckets `interval` makes of `range` (an upper bound for months and years). */
export function pointsIn(range: TimeRange, interval: ResampleInterval): number {
  return Math.ceil((range.to - range.from) / WIDTH[interval]);
}

/**
 * May `interval` be used for `range`? Not when it makes more than MAX_POINTS buckets, not when one
 * bucket is wider than the whole range (a single partial bar says little), and one minute only up to 7 days.
 */
export function isIntervalAllowed(range: TimeRange, interval: ResampleInterval): boolean {
  const span = range.to - range.from;
  if (span <= 0) return false;
  if (interval === '1m' && span > MAX_1M_RANGE_MS) return false;
  return pointsIn(range, interval) <= MAX_POINTS && WIDTH[interval] <= span;
}

export function allowedIntervals(range: TimeRange): ResampleInterval[] {
  return INTERVALS.filter((i) => isIntervalAllowed(range, i));
}

/**
 * The resolution a chart starts with: the finest allowed one whose bucket count stays under the target,
 * a coarser target for counters (bars) than for lines. Falls back to the coarsest allowed one.
 */
export function defaultInterval(range: TimeRange, shape: 'line' | 'bars'): ResampleInterval {
  const allowed = allowedIntervals(range);
  const fit = allowed.find((i) => pointsIn(range, i) <= TARGET_POINTS[shape]);
  return fit ?? allowed[allowed.length - 1] ?? '1y';
}

/** The chosen resolution when the range allows it, else the default. */
export function effectiveInterval(range: TimeRange, shape: 'line' | 'bars', chosen: ResampleInterval | null): ResampleInterval {
  return chosen && isIntervalAllowed(range, chosen) ? chosen : defaultInterval(range, shape);
}
