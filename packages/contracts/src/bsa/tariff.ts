// Zod-free: time-of-use (TOU) tariff bands of a storage station, shared by the contract's checks, the
// server (price at a minute of the day) and the web (forms). docs/bsa.md explains the rules.

/** Band kinds, dearest first: sharp (critical peak), peak, flat (shoulder), valley, deep valley. */
export const TARIFF_BAND_KINDS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type TariffBandKind = (typeof TARIFF_BAND_KINDS)[number];

/** One band of a day: from `start` (inclusive) to `end` (exclusive), 'HH:mm'; `end` may be '24:00'. */
export interface TariffBand {
  start: string;
  end: string;
  kind: TariffBandKind;
  /** Currency per kWh, at most PRICE_DECIMALS decimals. */
  price: number;
}

export const DAY_MINUTES = 1440;
/** Band boundaries lie on quarter hours, so a 15-minute price step never straddles two bands. */
export const BAND_STEP_MINUTES = 15;
/** Prices (and the demand price) are stored as numeric(…, 4): exact to 4 decimals. */
export const PRICE_DECIMALS = 4;
/** At most this many bands in a day (one per quarter hour would be 96; real tariffs have under 12). */
export const MAX_BANDS = 48;

const HM = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** Minutes since midnight of 'HH:mm' (00:00 .. 24:00), or null when it is not such a time. */
export function minutesOf(hm: string): number | null {
  const m = HM.exec(hm);
  if (!m) return null;
  return m[3] ? DAY_MINUTES : Number(m[1]) * 60 + Number(m[2]);
}

/** 'HH:mm' of minutes since midnight (0 .. 1440). */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Whether a number has at most `decimals` decimals. The float noise of scaling (1.0815 * 1e4 =
 * 10814.999999999998) is tolerated; for the amounts allowed here (below 1e9 once scaled) it stays far
 * under 1e-6, while one more decimal is at least 0.1 off.
 */
export function hasAtMostDecimals(value: number, decimals = PRICE_DECIMALS): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export interface BandProblem {
  /** Path inside the body: ['bands'] or ['bands', index, 'start'|'end']. */
  path: (string | number)[];
  message: string;
}

function timeProblem(value: string, which: 'start' | 'end'): string | null {
  const minutes = minutesOf(value);
  if (minutes === null) return `must be a time HH:mm from 00:00 to ${which === 'start' ? '23:45' : '24:00'}`;
  if (which === 'start' && minutes === DAY_MINUTES) return '24:00 can only end a band';
  if (which === 'end' && minutes === 0) return '00:00 cannot end a band (use 24:00 for the end of the day)';
  if (minutes % BAND_STEP_MINUTES !== 0) return 'must be on a quarter hour (minutes 00, 15, 30 or 45)';
  return null;
}

/**
 * What is wrong with a day's bands: each band's times, then (only when those are right) whether the
 * bands cover 00:00-24:00 exactly once, without gaps or overlaps. Empty when the bands are right.
 */
export function bandProblems(bands: readonly { start: string; end: string }[]): BandProblem[] {
  const problems: BandProblem[] = [];
  if (bands.length === 0) return [{ path: ['bands'], message: 'at least one band is required (00:00-24:00)' }];
  bands.forEach((band, i) => {
    const start = timeProblem(band.start, 'start');
    const end = timeProblem(band.end, 'end');
    if (start) problems.push({ path: ['bands', i, 'start'], message: start });
    if (end) problems.push({ path: ['bands', i, 'end'], message: end });
    if (!start && !end && minutesOf(band.end)! <= minutesOf(band.start)!)
      problems.push({
        path: ['bands', i, 'end'],
        message: `must be after the start ${band.start} (a band across midnight is two bands: ${band.start}-24:00 and 00:00-${band.end})`,
      });
  });
  if (problems.length) return problems;

  const sorted = bands
    .map((band, index) => ({ index, start: minutesOf(band.start)!, end: minutesOf(band.end)! }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let covered = 0;
  let previous: (typeof sorted)[number] | undefined;
  for (const band of sorted) {
    if (band.start > covered)
      problems.push({
        path: ['bands'],
        message: `nothing covers ${hhmm(covered)}-${hhmm(band.start)}: the bands must cover 00:00-24:00 without gaps`,
      });
    else if (band.start < covered && previous)
      problems.push({
        path: ['bands', band.index],
        message: `${hhmm(band.start)}-${hhmm(band.end)} overlaps ${hhmm(previous.start)}-${hhmm(previous.end)} (bands ${previous.index + 1} and ${band.index + 1})`,
      });
    if (band.end > covered) {
      covered = band.end;
      previous = band;
    }
  }
  if (covered < DAY_MINUTES)
    problems.push({ path: ['bands'], message: `nothing covers ${hhmm(covered)}-24:00: the bands must cover 00:00-24:00 without gaps` });
  return problems;
}

/** The band in force at a minute of the local day (0 .. 1439), from bands that cover the day. */
export function bandAt<B extends { start: string; end: string }>(bands: readonly B[], minuteOfDay: number): B | undefined {
  const m = ((Math.floor(minuteOfDay) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return bands.find((band) => minutesOf(band.start)! <= m && m < minutesOf(band.end)!);
}
