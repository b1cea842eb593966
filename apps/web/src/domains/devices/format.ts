import type { ResampleInterval } from '@energy/contracts';
import { formatInZone } from '../../shared/zoned-time';

/** Instants in a time zone: the shared helpers (shared/time-zone.tsx). */
export { formatInZone, zonedParts } from '../../shared/zoned-time';

/** Numbers as operators read them: grouped, at most three decimals. */
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
export const formatNumber = (v: number) => numberFormat.format(v);

/** A value with its unit ('12.5 kW'), or '-' when there is none. */
export function formatValue(v: number | null | undefined, unit: string): string {
  if (v === null || v === undefined) return '-';
  return unit ? `${formatNumber(v)} ${unit}` : formatNumber(v);
}

/**
 * A bucket's name in the tenant's time zone (the server makes days, months and years in it): `long`
 * for tooltips; short for axis labels, where a series within about a day names its times only
 * (and midnight by its date).
 */
export function formatBucket(ts: number, interval: ResampleInterval, timeZone: string, style: 'long' | 'short' | 'time' = 'short'): string {
  const s = formatInZone(ts, timeZone);
  switch (interval) {
    case '1y':
      return s.slice(0, 4);
    case '1mo':
      return s.slice(0, 7);
    case '1d':
      return style === 'long' ? s.slice(0, 10) : s.slice(5, 10);
    default: {
      const date = s.slice(5, 10);
      const time = s.slice(11, 16);
      if (style === 'long') return s.slice(0, 16);
      if (style === 'time') return time === '00:00' ? date : time;
      return `${date}\n${time}`;
    }
  }
}
