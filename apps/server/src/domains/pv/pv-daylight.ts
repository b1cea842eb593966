// When a PV array can produce at all: the span of a day from civil dawn to civil dusk (the sun 6° below the
// horizon), from the station's coordinates, by the NOAA solar calculator's equations (NOAA Global Monitoring
// Laboratory, "General Solar Position Calculations", after Spencer 1971: fractional year, equation of time,
// declination, hour angle). Their error is a minute or two; the span is widened by MARGIN_MS each side.
// docs/pv-analytics.md ("Performance", PR) uses it to read the energy of quarters without irradiance only
// where the sun is up: outside this span no array produces, so nothing there can drop out of the PR.

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;
/** Civil twilight: the zenith at 96°. */
const ZENITH_DEG = 96;
const MARGIN_MS = 30 * 60_000;
const rad = Math.PI / 180;

/** The instants [from, to) of a calendar day's daylight at a place (null: polar night), widened by the margin. */
export function daylightSpan(day: string, latitude: number, longitude: number): { from: number; to: number } | null {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const dayOfYear = Math.round((midnight - Date.UTC(Number(day.slice(0, 4)), 0, 1)) / DAY_MS) + 1;
  const year = Number(day.slice(0, 4));
  const daysInYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
  // the fractional year at the place's solar noon (radians)
  const g = ((2 * Math.PI) / daysInYear) * (dayOfYear - 1 + (12 - longitude / 15 - 12) / 24);
  const eqTimeMin =
    229.18 * (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const lat = latitude * rad;
  const cosHa = Math.cos(ZENITH_DEG * rad) / (Math.cos(lat) * Math.cos(decl)) - Math.tan(lat) * Math.tan(decl);
  const noonMin = 720 - 4 * longitude - eqTimeMin;
  if (cosHa > 1) return null; // the sun stays more than 6° below the horizon
  const haMin = cosHa < -1 ? 720 : (Math.acos(cosHa) / rad) * 4;
  return { from: midnight + (noonMin - haMin) * 60_000 - MARGIN_MS, to: midnight + (noonMin + haMin) * 60_000 + MARGIN_MS };
}

/**
 * The 15 min buckets (epoch ms of their starts) of the days first..last whose span meets daylight, each once
 * and in order, clipped to [from, to). A day is a calendar day; its daylight is computed for that date.
 */
export function daylightQuarters(days: readonly string[], latitude: number, longitude: number, from: number, to: number): number[] {
  const out = new Set<number>();
  // the calendar days around the period: a local day can hold the daylight of the UTC date before or after
  const dates = new Set<string>();
  for (const d of days) {
    const t = Date.parse(`${d}T00:00:00Z`);
    for (const k of [-1, 0, 1]) dates.add(new Date(t + k * DAY_MS).toISOString().slice(0, 10));
  }
  for (const d of [...dates].sort()) {
    const span = daylightSpan(d, latitude, longitude);
    if (!span) continue;
    const first = Math.max(from, Math.floor(span.from / QUARTER_MS) * QUARTER_MS);
    const last = Math.min(to, span.to);
    for (let ts = first; ts < last; ts += QUARTER_MS) out.add(ts);
  }
  return [...out].sort((a, b) => a - b);
}
