import { clearSky, sunPosition } from './solar.js';
import { clamp, hashString, unit, valueNoise } from './random.js';
import type { SiteSpec } from './types.js';

/**
 * A site's weather as a pure function of (site key, time): every model at a site (inverter, strings,
 * environment sensor, meters) asks here and so sees the same sun and the same passing clouds without
 * sharing any object. Days are clear, partly cloudy or overcast, drawn per site and solar day.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
const MINUTE = 60_000;

export type DayKind = 'clear' | 'partly-cloudy' | 'overcast';

export interface Weather {
  sunElevation: number;
  /** Clear-sky plane-of-array irradiance, W/m². */
  clearPoa: number;
  /** Plane-of-array irradiance after clouds, W/m². */
  poa: number;
  ghi: number;
  /** Share of clear-sky irradiance that gets through the clouds, 0..1. */
  clearness: number;
  dayKind: DayKind;
  tempAmb: number;
  /** Module back-sheet temperature, °C. */
  tempModule: number;
  /** m/s */
  wind: number;
  /** % */
  humidity: number;
}

/** Nominal operating cell temperature of the modules (glass-backsheet monocrystalline, datasheet), °C. */
export const NOCT = 45;

const cache = new Map<string, Weather>();

export function weatherAt(site: SiteSpec, t: number): Weather {
  const key = `${site.key}|${t}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const weather = computeWeather(site, t);
  if (cache.size > 50_000) cache.clear();
  cache.set(key, weather);
  return weather;
}

export function dayKindOf(site: SiteSpec, t: number): DayKind {
  const solarDay = Math.floor((t + (site.longitude / 15) * HOUR) / DAY);
  const draw = unit(hashString(site.key), solarDay, 11);
  return draw < 0.35 ? 'clear' : draw < 0.7 ? 'partly-cloudy' : 'overcast';
}

function clearnessAt(seed: number, kind: DayKind, t: number): number {
  if (kind === 'clear') return 0.96 + 0.03 * valueNoise(seed + 1, t, 30 * MINUTE);
  if (kind === 'overcast') return 0.26 + 0.12 * valueNoise(seed + 2, t, 40 * MINUTE);
  // Passing clouds: a fast and a slow noise; where their sum crosses a threshold a cloud shades the sun.
  const field = 0.6 * valueNoise(seed + 3, t, 7 * MINUTE) + 0.4 * valueNoise(seed + 4, t, 25 * MINUTE);
  const x = clamp((field + 0.05) / 0.3, 0, 1);
  const cover = x * x * (3 - 2 * x);
  return 1 - 0.68 * cover;
}

function computeWeather(site: SiteSpec, t: number): Weather {
  const seed = hashString(site.key);
  const sun = sunPosition(site.latitude, site.longitude, t);
  const sky = clearSky(site.latitude, sun);
  const dayKind = dayKindOf(site, t);
  const clearness = clearnessAt(seed, dayKind, t);
  const poa = sky.poa * clearness;

  const lat = Math.abs(site.latitude);
  const date = new Date(t);
  const dayOfYear = (t - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY;
  const annualMean = 30 - 0.45 * lat;
  const seasonalAmplitude = Math.min(18, 3 + 0.25 * lat);
  const hemisphere = site.latitude >= 0 ? 1 : -1;
  const seasonal = annualMean - hemisphere * seasonalAmplitude * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365);
  const solarHour = (((t / HOUR + site.longitude / 15) % 24) + 24) % 24;
  const diurnalAmplitude = dayKind === 'clear' ? 5 : dayKind === 'partly-cloudy' ? 4 : 2;
  const diurnal = Math.cos((2 * Math.PI * (solarHour - 14.5)) / 24);
  const tempAmb = seasonal + diurnalAmplitude * diurnal + 3 * valueNoise(seed + 5, t, 3 * DAY) - (dayKind === 'overcast' ? 1.5 : 0);

  const afternoon = Math.max(0, Math.sin((Math.PI * (solarHour - 9)) / 12));
  const wind = clamp(
    2.5 +
      1.5 * valueNoise(seed + 6, t, 6 * HOUR) +
      afternoon +
      0.8 * valueNoise(seed + 7, t, 3 * MINUTE) +
      (dayKind === 'overcast' ? 1 : 0),
    0,
    20,
  );
  const humidity = clamp(
    (dayKind === 'overcast' ? 85 : 68) - 3 * diurnalAmplitude * diurnal + 5 * valueNoise(seed + 8, t, 5 * HOUR),
    15,
    100,
  );
  // The NOCT model: modules run (NOCT − 20 °C) above the air at 800 W/m² in a 1 m/s breeze, in proportion
  // to the irradiance, and less in stronger wind (a 10 % smaller rise per m/s above 1 m/s).
  const tempModule = tempAmb + (((NOCT - 20) / 800) * poa) / (1 + 0.1 * Math.max(0, wind - 1));
  return {
    sunElevation: sun.elevation,
    clearPoa: sky.poa,
    poa,
    ghi: sky.ghi * clearness,
    clearness,
    dayKind,
    tempAmb,
    tempModule,
    wind,
    humidity,
  };
}
