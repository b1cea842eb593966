import { describe, expect, it } from 'vitest';
import { seasonOf, seasonProblems } from './tou.js';

const day = [{ start: '00:00', end: '24:00' }];

describe('time-of-use seasons', () => {
  it('accepts seasons that cover the twelve months once, and finds a month’s season', () => {
    const seasons = [
      { name: 'Summer', months: [6, 7, 8], bands: day },
      { name: 'Other', months: [1, 2, 3, 4, 5, 9, 10, 11, 12], bands: day },
    ];
    expect(seasonProblems(seasons)).toEqual([]);
    expect(seasonOf(seasons, 7)?.name).toBe('Summer');
    expect(seasonOf(seasons, 12)?.name).toBe('Other');
  });

  it('names missing, repeated and impossible months, and bad bands under their season', () => {
    expect(seasonProblems([])).toEqual([{ path: ['seasons'], message: 'at least one season is required (months 1-12)' }]);
    expect(seasonProblems([{ name: 'All', months: [1, 2, 3], bands: day }])).toEqual([
      { path: ['seasons'], message: 'months 4, 5, 6, 7, 8, 9, 10, 11, 12 in no season: the seasons must cover months 1-12' },
    ]);
    expect(
      seasonProblems([
        { name: 'A', months: [1, 1, 0], bands: day },
        { name: 'B', months: [1], bands: [{ start: '00:00', end: '12:10' }] },
      ]),
    ).toEqual([
      { path: ['seasons', 0, 'months', 1], message: 'month 1 is listed twice' },
      { path: ['seasons', 0, 'months', 2], message: 'must be a month 1 (January) to 12 (December)' },
      { path: ['seasons', 1, 'bands', 0, 'end'], message: 'must be on a quarter hour (minutes 00, 15, 30 or 45)' },
      { path: ['seasons', 1, 'months', 0], message: 'month 1 is already in season 1 (A)' },
    ]);
  });
});
