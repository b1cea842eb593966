import type { SimDeviceSpec, SiteSpec } from '../src/index.js';

export const SUZHOU: SiteSpec = { key: 'test-suzhou', latitude: 31.3, longitude: 120.6, timeZone: 'Asia/Shanghai' };
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function device(typeKey: string, seed: number, extra: Partial<SimDeviceSpec> = {}): SimDeviceSpec {
  return { typeKey, username: `${typeKey}-${seed}`, password: 'secret', seed, site: SUZHOU, ...extra };
}

/** A complete site: meters, PV with strings, storage stack, piles, sensor, gateway. */
export function fullSite(site: SiteSpec = SUZHOU): SimDeviceSpec[] {
  const at = (spec: SimDeviceSpec) => ({ ...spec, site, username: `${site.key}-${spec.username}` });
  return [
    device('edge-gateway', 1),
    device('grid-meter', 2, { ratingKw: 900 }),
    device('feeder-meter', 3, { ratingKw: 450 }),
    device('feeder-meter', 4, { ratingKw: 250 }),
    device('feeder-meter', 5, { ratingKw: 120 }),
    device('pv-inverter', 6, { ratingKw: 50, unit: 'inv1' }),
    ...[7, 8, 9, 10, 11].map((seed) => device('pv-string', seed, { ratingKw: 11, unit: 'inv1' })),
    device('env-sensor', 12),
    device('bsa-pcs', 13, { ratingKw: 200, capacityKwh: 430, unit: 'bess1' }),
    device('bsa-rack', 14, { ratingKw: 200, capacityKwh: 430, unit: 'bess1' }),
    device('bsa-rack', 15, { ratingKw: 200, capacityKwh: 430, unit: 'bess1' }),
    device('bsa-pack', 16, { ratingKw: 200, capacityKwh: 430, unit: 'bess1' }),
    device('bsa-cell', 17, { ratingKw: 200, capacityKwh: 430, unit: 'bess1' }),
    device('charging-pile', 18, { ratingKw: 60 }),
    device('charging-pile', 19, { ratingKw: 120 }),
  ].map(at);
}

/** Local midnight in Shanghai (UTC+8) of a calendar date. */
export const shanghaiMidnight = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) - 8 * HOUR;
