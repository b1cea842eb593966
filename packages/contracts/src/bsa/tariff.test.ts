import { describe, expect, it } from 'vitest';
import { bsaUpsetCostInfo } from './index.js';
import { bandAt, bandProblems, hasAtMostDecimals, hhmm, minutesOf } from './tariff.js';

const day = (...bands: [string, string][]) => bands.map(([start, end]) => ({ start, end }));

describe('tariff bands', () => {
  it('reads and writes HH:mm, with 24:00 as the end of the day', () => {
    expect([minutesOf('00:00'), minutesOf('08:30'), minutesOf('24:00')]).toEqual([0, 510, 1440]);
    for (const bad of ['24:15', '8:00', '08:60', '25:00', '', '08:00:00']) expect(minutesOf(bad), bad).toBeNull();
    expect([hhmm(0), hhmm(1185), hhmm(1440)]).toEqual(['00:00', '19:45', '24:00']);
  });

  it('accepts a day covered once, in any order', () => {
    expect(bandProblems(day(['08:00', '24:00'], ['00:00', '08:00']))).toEqual([]);
    expect(bandProblems(day(['00:00', '24:00']))).toEqual([]);
  });

  it('names gaps, overlaps and bad times', () => {
    expect(bandProblems(day(['00:00', '08:00'], ['09:00', '24:00'])).map((p) => p.message)).toEqual([
      'nothing covers 08:00-09:00: the bands must cover 00:00-24:00 without gaps',
    ]);
    expect(bandProblems(day(['00:00', '12:00'], ['11:00', '24:00']))).toEqual([
      { path: ['bands', 1], message: '11:00-24:00 overlaps 00:00-12:00 (bands 1 and 2)' },
    ]);
    expect(bandProblems(day(['00:00', '24:00'], ['10:00', '11:00']))[0]!.message).toBe('10:00-11:00 overlaps 00:00-24:00 (bands 1 and 2)');
    expect(bandProblems(day(['00:00', '00:00']))).toEqual([
      { path: ['bands', 0, 'end'], message: expect.stringContaining('00:00 cannot end a band') },
    ]);
    expect(bandProblems(day(['00:05', '24:00']))[0]).toEqual({
      path: ['bands', 0, 'start'],
      message: expect.stringContaining('quarter hour'),
    });
    expect(bandProblems([])[0]!.message).toContain('at least one band');
  });

  it('finds the band of a minute; the last minute belongs to the band ending at 24:00', () => {
    const bands = day(['00:00', '08:00'], ['08:00', '24:00']);
    expect(bandAt(bands, 0)).toBe(bands[0]);
    expect(bandAt(bands, 479)).toBe(bands[0]);
    expect(bandAt(bands, 480)).toBe(bands[1]);
    expect(bandAt(bands, 1439)).toBe(bands[1]);
    expect(bandAt(bands, 1440)).toBe(bands[0]);
  });

  it('checks decimals exactly enough for money', () => {
    for (const ok of [0.3, 1.0815, 0.1234, 9999.9999, 40, 0]) expect(hasAtMostDecimals(ok), String(ok)).toBe(true);
    for (const bad of [0.12345, 40.00001, 1.00005]) expect(hasAtMostDecimals(bad), String(bad)).toBe(false);
  });

  it('the save call reports every band problem in its body', () => {
    const result = bsaUpsetCostInfo.body!.safeParse({
      bsaId: 1,
      effectiveFrom: '2026-01-01',
      bands: [{ start: '00:00', end: '10:00', kind: 'valley', price: 0.3 }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['bands', 'nothing covers 10:00-24:00: the bands must cover 00:00-24:00 without gaps'],
    ]);
  });
});
