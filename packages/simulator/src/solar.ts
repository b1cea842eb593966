/**
 * Where the sun is and how much of it reaches a tilted roof under a clear sky. NOAA's low-precision
 * solar position (good to a fraction of a degree) is plenty for sunrise, sunset and noon by location.
 */

const RAD = Math.PI / 180;
const SOLAR_CONSTANT = 1361;

export interface SunPosition {
  /** Elevation above the horizon, degrees (negative at night). */
  elevation: number;
  /** cos of the zenith angle (0 or below at night). */
  cosZenith: number;
  /** Unit vector to the sun: east, north, up. */
  east: number;
  north: number;
  up: number;
}

export function sunPosition(latitude: number, longitude: number, t: number): SunPosition {
  const date = new Date(t);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((t - yearStart) / 86_400_000) + 1;
  const hourUtc = date.getUTCHours() + date.getUTCMinutes() / 60 + date.getUTCSeconds() / 3600;
  const g = ((2 * Math.PI) / 365) * (dayOfYear - 1 + (hourUtc - 12) / 24);
  const equationOfTime =
    229.18 * (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g));
  const declination =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const trueSolarMinutes = hourUtc * 60 + equationOfTime + 4 * longitude;
  const hourAngle = (trueSolarMinutes / 4 - 180) * RAD;
  const lat = latitude * RAD;
  const up = Math.sin(lat) * Math.sin(declination) + Math.cos(lat) * Math.cos(declination) * Math.cos(hourAngle);
  const east = -Math.cos(declination) * Math.sin(hourAngle);
  const north = Math.sin(declination) * Math.cos(lat) - Math.cos(declination) * Math.cos(hourAngle) * Math.sin(lat);
  return { elevation: Math.asin(Math.max(-1, Math.min(1, up))) / RAD, cosZenith: up, east, north, up };
}

/** Roof tilt used for a site's modules: latitude-ish, flattened as industrial rooftops are. */
export const moduleTilt = (latitude: number): number => Math.min(Math.abs(latitude) * 0.6, 25);

export interface ClearSky {
  /** Global horizontal irradiance, W/m². */
  ghi: number;
  /** Plane-of-array irradiance on equator-facing modules at `moduleTilt`, W/m². */
  poa: number;
}

/** Clear-sky irradiance: Meinel's beam attenuation with Kasten-Young air mass, isotropic diffuse. */
export function clearSky(latitude: number, sun: SunPosition): ClearSky {
  if (sun.elevation <= 0) return { ghi: 0, poa: 0 };
  const zenithDeg = 90 - sun.elevation;
  const airMass = 1 / (sun.cosZenith + 0.50572 * (96.07995 - zenithDeg) ** -1.6364);
  const dni = SOLAR_CONSTANT * 0.7 ** (airMass ** 0.678);
  const dhi = 0.1 * dni * Math.sqrt(sun.cosZenith) + 15 * sun.cosZenith;
  const ghi = dni * sun.cosZenith + dhi;
  const tilt = moduleTilt(latitude) * RAD;
  // Modules face the equator: south in the northern hemisphere, north in the southern.
  const facing = latitude >= 0 ? -1 : 1;
  const cosIncidence = Math.max(0, facing * sun.north * Math.sin(tilt) + sun.up * Math.cos(tilt));
  const poa = dni * cosIncidence + (dhi * (1 + Math.cos(tilt))) / 2 + (ghi * 0.2 * (1 - Math.cos(tilt))) / 2;
  return { ghi, poa };
}
