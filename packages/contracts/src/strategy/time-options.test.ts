import { describe, expect, it } from 'vitest';
import { TimeGranularity, type SectionForm } from './model.js';
import { disabledHours, disabledMinutes, endOptions, isPastDay, minuteChoices, startOptions } from './time-options.js';

type T = Pick<SectionForm, 'time'>;
const enabled = (opts: { value: number; disabled: boolean }[]) => opts.filter((o) => !o.disabled).map((o) => o.value);
const range = (from: number, to: number, step = 1) => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('time options (spec 002 section 4)', () => {
  it('hour granularity: starts 0..23, ends 1..24, labelled HH:mm with 24:00', () => {
    const s: T[] = [{ time: [null, null] }];
    expect(enabled(startOptions(s, 0, TimeGranularity.HOUR))).toEqual(range(0, 23));
    expect(enabled(endOptions(s, 0, TimeGranularity.HOUR))).toEqual(range(1, 24));
    expect(endOptions(s, 0, TimeGranularity.HOUR).at(-1)!.label).toBe('24:00');
  });

  it('half-hour granularity adds the :30 choices', () => {
    const s: T[] = [{ time: [null, null] }];
    expect(enabled(startOptions(s, 0, TimeGranularity.HALF_HOUR))).toEqual(range(0, 23.5, 0.5));
    expect(startOptions(s, 0, TimeGranularity.HALF_HOUR)[1]!.label).toBe('00:30');
    expect(minuteChoices(TimeGranularity.HALF_HOUR)).toEqual([0, 30]);
    expect(minuteChoices(TimeGranularity.HOUR)).toEqual([0]);
  });

  it('end options earlier than (or equal to) the start are disabled; start options not before the end are disabled', () => {
    const s: T[] = [{ time: [6, 10] }];
    expect(enabled(endOptions(s, 0, TimeGranularity.HOUR))).toEqual(range(7, 24));
    expect(enabled(startOptions(s, 0, TimeGranularity.HOUR))).toEqual(range(0, 9));
  });

  it('times other cards occupy are disabled, and so are choices that would swallow another card', () => {
    const s: T[] = [{ time: [0, 8] }, { time: [8, null] }, { time: [12, 14] }];
    // card 1 starts at 8: ends after 12 would overlap card 2
    expect(enabled(endOptions(s, 1, TimeGranularity.HOUR))).toEqual(range(9, 12));
    // a new card with no time: starts inside 0-8 or 12-14 are taken
    const t: T[] = [...s, { time: [null, null] }];
    expect(enabled(startOptions(t, 3, TimeGranularity.HOUR))).toEqual([8, 9, 10, 11, ...range(14, 23)]);
    expect(enabled(endOptions(t, 3, TimeGranularity.HOUR))).toEqual([9, 10, 11, 12, ...range(15, 24)]);
    // with an end of 16, a start before 14 would contain 12-14
    const u: T[] = [...s, { time: [null, 16] }];
    expect(enabled(startOptions(u, 3, TimeGranularity.HOUR))).toEqual([14, 15]);
  });

  it('gives an hour/minute picker its disabled hours and minutes', () => {
    const s: T[] = [{ time: [0, 8] }, { time: [8, null] }, { time: [12, 14] }];
    const ends = endOptions(s, 1, TimeGranularity.HALF_HOUR);
    expect(disabledHours(ends)).toEqual([...range(0, 7), ...range(13, 24)]); // 08:30 is a valid end
    expect(disabledMinutes(ends, 8)).toHaveLength(59);
    expect(disabledMinutes(ends, 8)).not.toContain(30);
    expect(disabledMinutes(ends, 12).length).toBe(59); // 12:00 only
    expect(disabledMinutes(ends, 10)).not.toContain(30);
    expect(disabledMinutes(ends, 10)).toHaveLength(58);
  });

  it('disables past days in the field-strategy date picker', () => {
    expect(isPastDay('2026-05-01', '2026-05-02')).toBe(true);
    expect(isPastDay('2026-05-02', '2026-05-02')).toBe(false);
  });
});
