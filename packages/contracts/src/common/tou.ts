// Zod-free: time-of-use (TOU) price bands and seasons, shared by every domain that prices energy (storage
// stations' tariffs, circuits' electricity accounts, charging), by the contracts' checks, the server and the
// web (forms). docs/bsa.md (a day's bands) and docs/prices.md (seasons, versions, pricing) explain the rules.

/** Band kinds, dearest first: sharp (critical peak), peak, flat (shoulder), valley, deep valley. */
export const TOU_BAND_KINDS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type TouBandKind = (typeof TOU_BAND_KINDS)[number];

/** One band of a day: from `start` (inclusive) to `end` (exclusive), 'HH:mm'; `end` may be '24:00'. */
export interface TouBand {
  start: string;
  end: string;
  kind: TouBandKind;
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

// ---------------------------------------------------------------------------------------------
// Seasons: a schedule whose bands change by month (summer and winter tariffs).

/** At most this many seasons in a schedule (one per month would be 12). */
export const MAX_SEASONS = 12;

/** A season: the months (1 = January .. 12) it covers and a day's bands in those months. */
export interface TouSeason<B extends { start: string; end: string } = TouBand> {
  name: string;
  months: readonly number[];
  bands: readonly B[];
}

/**
 * What is wrong with a schedule's seasons: each season's bands (as `bandProblems`, under
 * ['seasons', i, 'bands', ...]), its months (whole numbers 1..12, none twice), and whether the seasons
 * cover the twelve months exactly once. Empty when the seasons are right.
 */
export function seasonProblems(seasons: readonly TouSeason<{ start: string; end: string }>[]): BandProblem[] {
  if (seasons.length === 0) return [{ path: ['seasons'], message: 'at least one season is required (months 1-12)' }];
  const problems: BandProblem[] = [];
  const owner = new Map<number, number>();
  seasons.forEach((season, i) => {
    for (const p of bandProblems(season.bands)) problems.push({ path: ['seasons', i, ...p.path], message: p.message });
    if (season.months.length === 0) problems.push({ path: ['seasons', i, 'months'], message: 'at least one month is required' });
    season.months.forEach((month, j) => {
      if (!Number.isInteger(month) || month < 1 || month > 12) {
        problems.push({ path: ['seasons', i, 'months', j], message: 'must be a month 1 (January) to 12 (December)' });
        return;
      }
      const other = owner.get(month);
      if (other === i) problems.push({ path: ['seasons', i, 'months', j], message: `month ${month} is listed twice` });
      else if (other !== undefined)
        problems.push({
          path: ['seasons', i, 'months', j],
          message: `month ${month} is already in season ${other + 1} (${seasons[other]!.name})`,
        });
      else owner.set(month, i);
    });
  });
  if (problems.length) return problems;
  const missing = [...Array(12).keys()].map((m) => m + 1).filter((m) => !owner.has(m));
  if (missing.length)
    problems.push({
      path: ['seasons'],
      message: `month${missing.length > 1 ? 's' : ''} ${missing.join(', ')} in no season: the seasons must cover months 1-12`,
    });
  return problems;
}

/** The season of a month (1..12), from seasons that cover the year. */
export function seasonOf<S extends { months: readonly number[] }>(seasons: readonly S[], month: number): S | undefined {
  return seasons.find((s) => s.months.includes(month));
}
