import type { ResampleInterval } from '@energy/contracts';

/** Numbers as operators read them: grouped, at most three decimals. */
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
export const formatNumber = (v: number) => numberFormat.format(v);

/** A value with its unit ('12.5 kW'), or '-' when there is none. */
export function formatValue(v: number | null | undefined, unit: string): string {
  if (v === null || v === undefined) return '-';
  return unit ? `${formatNumber(v)} ${unit}` : formatNumber(v);
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...opts, timeZone });
    } catch {
      // an unknown zone name: the browser's own zone rather than no chart
      f = new Intl.DateTimeFormat('en-US', opts);
    }
    formats.set(timeZone, f);
  }
  return f;
}

/** The calendar fields of an instant in a time zone (an unknown zone: the browser's). */
export function zonedParts(ts: number, timeZone: string) {
  const p: Record<string, string> = {};
  for (const part of partsFormat(timeZone).formatToParts(ts)) p[part.type] = part.value;
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone. */
export function formatInZone(ts: number, timeZone: string): string {
  const p = zonedParts(ts, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
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
