/**
 * Local wall-clock time of a site. Shifts, tariffs and charging habits follow local time, so models ask
 * here instead of using UTC. Intl is slow per call, so the zone offset is cached per zone and UTC hour
 * (offsets only change on the hour, at daylight-saving transitions).
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at instant t, in ms (e.g. +8 h for Asia/Shanghai). */
export function zoneOffsetMs(timeZone: string, t: number): number {
  const hour = Math.floor(t / HOUR);
  const key = `${timeZone}|${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const at = hour * HOUR;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const offset = asUtc - at;
  if (offsets.size > 200_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

export interface LocalTime {
  /** Hours since local midnight, fractional (13.5 = 13:30). */
  hour: number;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  /** Local days since 1970-01-01, to seed per-day draws. */
  dayNumber: number;
  /** 1..366. */
  dayOfYear: number;
}

export function localTime(timeZone: string, t: number): LocalTime {
  const local = t + zoneOffsetMs(timeZone, t);
  const dayNumber = Math.floor(local / DAY);
  const date = new Date(local);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return {
    hour: (local - dayNumber * DAY) / HOUR,
    weekday: date.getUTCDay(),
    dayNumber,
    dayOfYear: Math.floor((local - yearStart) / DAY) + 1,
  };
}
