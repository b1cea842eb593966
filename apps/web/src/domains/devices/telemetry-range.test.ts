import { describe, expect, it } from 'vitest';
import {
  allowedIntervals,
  dayRange,
  defaultInterval,
  effectiveInterval,
  isIntervalAllowed,
  MAX_POINTS,
  pointsIn,
  presetRange,
  dayStartIn,
} from './telemetry-range';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const range = (days: number) => ({ from: 0, to: days * DAY });
const SH = 'Asia/Shanghai';
// 10 March 2026, 14:37 in Shanghai (06:37 UTC)
const now = Date.UTC(2026, 2, 10, 6, 37);
const shMidnight = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 8 * HOUR;

describe('presets in the tenant calendar', () => {
  it('today is the tenant day, 24 h the hours up to now, 7 and 30 days whole days ending tonight', () => {
    expect(presetRange('today', now, SH)).toEqual({ from: shMidnight(2026, 3, 10), to: shMidnight(2026, 3, 11) });
    expect(presetRange('last24h', now, SH)).toEqual({ from: now - DAY, to: now });
    expect(presetRange('last7d', now, SH)).toEqual({ from: shMidnight(2026, 3, 4), to: shMidnight(2026, 3, 11) });
    expect(presetRange('last30d', now, SH)).toEqual({ from: shMidnight(2026, 2, 9), to: shMidnight(2026, 3, 11) });
    expect(dayRange('2026-01-01', '2026-01-31', SH)).toEqual({ from: shMidnight(2026, 1, 1), to: shMidnight(2026, 2, 1) });
  });

  it('takes the day of the tenant, not of UTC: 23:30 UTC is already tomorrow in Shanghai', () => {
    const lateUtc = Date.UTC(2026, 2, 10, 23, 30);
    expect(presetRange('today', lateUtc, SH).from).toBe(shMidnight(2026, 3, 11));
    expect(presetRange('today', lateUtc, 'UTC').from).toBe(Date.UTC(2026, 2, 10));
  });

  it('is DST-safe: the day clocks go forward has 23 hours', () => {
    const berlin = presetRange('today', Date.UTC(2026, 2, 29, 12), 'Europe/Berlin');
    expect(berlin.from).toBe(Date.UTC(2026, 2, 28, 23)); // 00:00 CET
    expect(berlin.to - berlin.from).toBe(23 * HOUR);
    expect(dayStartIn('2026-10-25', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 24, 22)); // 00:00 CEST
  });
});

describe('resolution limits', () => {
  it('counts buckets, rounding a partial bucket up', () => {
    expect(pointsIn(range(1), '1m')).toBe(1440);
    expect(pointsIn(range(1), '15m')).toBe(96);
    expect(pointsIn({ from: 0, to: 90 * 60_000 }, '1h')).toBe(2);
  });

  it('a day allows minutes to days; a week drops minutes (over 2000 points); a month drops 15 minutes', () => {
    expect(allowedIntervals(range(1))).toEqual(['1m', '15m', '1h', '1d']);
    expect(allowedIntervals(range(7))).toEqual(['15m', '1h', '1d']);
    expect(allowedIntervals(range(30))).toEqual(['1h', '1d', '1mo']);
    expect(allowedIntervals(range(365))).toEqual(['1d', '1mo', '1y']);
    expect(allowedIntervals(range(3650))).toEqual(['1mo', '1y']);
  });

  it('never allows more than MAX_POINTS buckets, nor a bucket wider than the range', () => {
    for (const days of [0.5, 1, 2, 7, 14, 30, 90, 365, 2000]) {
      for (const i of allowedIntervals(range(days))) expect(pointsIn(range(days), i)).toBeLessThanOrEqual(MAX_POINTS);
    }
    expect(isIntervalAllowed(range(1), '1mo')).toBe(false);
    expect(isIntervalAllowed(range(28), '1mo')).toBe(true);
    expect(isIntervalAllowed({ from: 10, to: 10 }, '1h')).toBe(false);
  });

  it('keeps one-minute data within 7 days, whatever the point budget', () => {
    expect(isIntervalAllowed({ from: 0, to: 2000 * 60_000 }, '1m')).toBe(true);
    expect(isIntervalAllowed({ from: 0, to: 2001 * 60_000 }, '1m')).toBe(false);
  });
});

describe('default resolution', () => {
  it('lines get the finest resolution up to 800 points, bars up to 200', () => {
    expect(defaultInterval(range(1), 'line')).toBe('15m');
    expect(defaultInterval(range(1), 'bars')).toBe('15m');
    expect(defaultInterval(range(7), 'line')).toBe('15m');
    expect(defaultInterval(range(7), 'bars')).toBe('1h');
    expect(defaultInterval(range(30), 'line')).toBe('1h');
    expect(defaultInterval(range(30), 'bars')).toBe('1d');
    expect(defaultInterval(range(365), 'line')).toBe('1d');
    expect(defaultInterval(range(365), 'bars')).toBe('1mo');
    expect(defaultInterval({ from: 0, to: 2 * HOUR }, 'line')).toBe('1m');
  });

  it('a chosen resolution stays while the range allows it, else the default takes over', () => {
    expect(effectiveInterval(range(1), 'line', '1m')).toBe('1m');
    expect(effectiveInterval(range(30), 'line', '1m')).toBe('1h');
    expect(effectiveInterval(range(30), 'bars', null)).toBe('1d');
  });
});
