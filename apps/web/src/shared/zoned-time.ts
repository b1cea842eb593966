/** Instants in a time zone, without React (node tests, the first page): shared/time-zone.tsx re-exports them. */

/** The browser's own zone: only before the current user is known (the sign-in page). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
      // an unknown zone name: the browser's own zone rather than no time at all
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

/** `YYYY-MM-DD HH:mm:ss` of an instant (ms, ISO text or Date) in a time zone. */
export function formatInZone(value: number | string | Date, timeZone: string): string {
  const p = zonedParts(typeof value === 'number' ? value : new Date(value).getTime(), timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A calendar day, 'YYYY-MM-DD'. */
export type CalendarDay = string;

/** The instant a calendar day starts in a time zone (DST-safe: the offset is taken at that instant). */
export function dayStartIn(day: CalendarDay, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const offsetAt = (t: number) => {
    const p = zonedParts(t, timeZone);
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(t / 1000) * 1000;
  };
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/** The calendar day of an instant in a time zone, moved by `days`. */
export function dayIn(t: number, timeZone: string, days = 0): CalendarDay {
  const p = zonedParts(t, timeZone);
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day + days)).toISOString().slice(0, 10);
}
