// Zod-free: the time picker of a section card (spec 002 section 4). End options are disabled when not
// after the start or past 24; start options when not before the end; times other cards occupy are
// disabled, and so are choices that would swallow another card. Half-hour granularity adds :30.
import { formatHours } from './convert.js';
import { TimeGranularity, type SectionForm } from './model.js';

export interface TimeOption {
  /** Hours, e.g. 8.5. */
  value: number;
  /** 'HH:mm', 24 is '24:00'. */
  label: string;
  disabled: boolean;
}

/** 1 hour, or 0.5 at half-hour granularity. */
export function timeStep(granularity: TimeGranularity): number {
  return granularity === TimeGranularity.HALF_HOUR ? 0.5 : 1;
}

type Timed = Pick<SectionForm, 'time'>;

/** The [start, end) ranges of the other cards that have a valid time. */
function occupied(sections: readonly Timed[], index: number): [number, number][] {
  const out: [number, number][] = [];
  sections.forEach((s, i) => {
    const [a, b] = s.time;
    if (i !== index && a !== null && b !== null && a < b) out.push([a, b]);
  });
  return out;
}

function points(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(Math.round(v * 2) / 2);
  return out;
}

/** Start choices (0 .. 24 - step) of section `index`. */
export function startOptions(sections: readonly Timed[], index: number, granularity: TimeGranularity): TimeOption[] {
  const step = timeStep(granularity);
  const end = sections[index]?.time[1] ?? null;
  const taken = occupied(sections, index);
  return points(0, 24 - step, step).map((s) => ({
    value: s,
    label: formatHours(s),
    disabled:
      (end !== null && s >= end) || taken.some(([a, b]) => s >= a && s < b) || (end !== null && taken.some(([a]) => a >= s && a < end)),
  }));
}

/** End choices (step .. 24) of section `index`. */
export function endOptions(sections: readonly Timed[], index: number, granularity: TimeGranularity): TimeOption[] {
  const step = timeStep(granularity);
  const start = sections[index]?.time[0] ?? null;
  const taken = occupied(sections, index);
  return points(step, 24, step).map((e) => ({
    value: e,
    label: formatHours(e),
    disabled:
      (start !== null && e <= start) ||
      e > 24 ||
      taken.some(([a, b]) => e > a && e <= b) ||
      (start !== null && taken.some(([a]) => a >= start && a < e)),
  }));
}

/** For an hour/minute picker: the hours (0..24) with no enabled choice. */
export function disabledHours(options: readonly TimeOption[]): number[] {
  const out: number[] = [];
  for (let h = 0; h <= 24; h++) if (!options.some((o) => !o.disabled && Math.floor(o.value) === h)) out.push(h);
  return out;
}

/** For an hour/minute picker: the minutes (0..59) of `hour` that are not an enabled choice (so only :00 and :30 can be left). */
export function disabledMinutes(options: readonly TimeOption[], hour: number): number[] {
  const enabled = new Set(options.filter((o) => !o.disabled && Math.floor(o.value) === hour).map((o) => Math.round((o.value - hour) * 60)));
  return Array.from({ length: 60 }, (_, m) => m).filter((m) => !enabled.has(m));
}

/** The minute choices the picker offers: 00, plus 30 at half-hour granularity. */
export function minuteChoices(granularity: TimeGranularity): number[] {
  return granularity === TimeGranularity.HALF_HOUR ? [0, 30] : [0];
}

/** Field-strategy date picker: days before today ('YYYY-MM-DD', in the tenant's time zone) are disabled. */
export function isPastDay(day: string, today: string): boolean {
  return day < today;
}
