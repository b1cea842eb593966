import { between, hashInts, hashString } from './random.js';
import type { SiteSpec } from './types.js';

/**
 * Realistic sites to simulate: each a small factory with a gateway, a grid meter over a few feeders,
 * rooftop PV (an inverter and its strings), a weather station, a storage unit (PCS, racks, packs and
 * sample cells) and two charging piles. The CLI provisions these; the server's demo seed can too.
 */

export type MixCategory = 'pv' | 'meter' | 'storage' | 'charging' | 'env' | 'gateway';
export const MIX_CATEGORIES: MixCategory[] = ['gateway', 'meter', 'pv', 'env', 'storage', 'charging'];

export interface PlannedDevice {
  /** Device code, unique in the tenant: `<prefix>-0001`... */
  code: string;
  name: string;
  typeKey: string;
  site: SiteSpec;
  /** A human name for the site, e.g. 'Suzhou plant 1'. */
  siteName: string;
  seed: number;
  ratingKw?: number;
  capacityKwh?: number;
  unit?: string;
  /** Code of the site's gateway, when the device reports through one. */
  gatewayCode?: string;
}

export interface SitePlanOptions {
  /** How many devices in all; the last site may be cut short. */
  devices: number;
  /** Categories to include (default all); every site keeps its gateway. */
  mix?: MixCategory[];
  /** Code prefix (default 'sim'). */
  prefix?: string;
  /** Varies ratings and seeds between runs with the same prefix (default 1). */
  seed?: number;
  locations?: Location[];
}

export interface Location {
  name: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** Industrial towns of eastern and southern China. */
export const DEMO_LOCATIONS: Location[] = [
  { name: 'Suzhou', latitude: 31.3, longitude: 120.6, timeZone: 'Asia/Shanghai' },
  { name: 'Wuxi', latitude: 31.49, longitude: 120.31, timeZone: 'Asia/Shanghai' },
  { name: 'Hangzhou', latitude: 30.27, longitude: 120.15, timeZone: 'Asia/Shanghai' },
  { name: 'Ningbo', latitude: 29.87, longitude: 121.54, timeZone: 'Asia/Shanghai' },
  { name: 'Shenzhen', latitude: 22.54, longitude: 114.06, timeZone: 'Asia/Shanghai' },
  { name: 'Foshan', latitude: 23.02, longitude: 113.12, timeZone: 'Asia/Shanghai' },
  { name: 'Tianjin', latitude: 39.08, longitude: 117.2, timeZone: 'Asia/Shanghai' },
  { name: 'Hefei', latitude: 31.82, longitude: 117.23, timeZone: 'Asia/Shanghai' },
];

interface Slot {
  category: MixCategory;
  typeKey: string;
  name: string;
  ratingKw?: number;
  capacityKwh?: number;
  unit?: string;
}

function siteSlots(siteSeed: number): Slot[] {
  const jitter = (min: number, max: number, salt: number) => Math.round(between(min, max, siteSeed, salt));
  const feeders = [jitter(300, 500, 1), jitter(150, 300, 2), jitter(80, 150, 3)];
  const strings = 5;
  return [
    { category: 'gateway', typeKey: 'edge-gateway', name: 'Edge gateway' },
    // The grid meter is rated for the connection: all loads plus piles plus storage charging at once.
    { category: 'meter', typeKey: 'grid-meter', name: 'Grid incomer meter', ratingKw: feeders.reduce((a, b) => a + b, 0) + 180 + 200 },
    ...feeders.map((ratingKw, i): Slot => ({ category: 'meter', typeKey: 'feeder-meter', name: `Feeder ${i + 1} meter`, ratingKw })),
    { category: 'pv', typeKey: 'pv-inverter', name: 'PV inverter 1', ratingKw: 50, unit: 'inv1' },
    ...Array.from({ length: strings }, (_, i): Slot => ({
      category: 'pv',
      typeKey: 'pv-string',
      name: `PV string 1-${i + 1}`,
      ratingKw: 11,
      unit: 'inv1',
    })),
    { category: 'env', typeKey: 'env-sensor', name: 'Weather station' },
    { category: 'storage', typeKey: 'bsa-pcs', name: 'Storage PCS 1', ratingKw: 200, capacityKwh: 430, unit: 'bess1' },
    ...[1, 2].map((n): Slot => ({
      category: 'storage',
      typeKey: 'bsa-rack',
      name: `Battery rack ${n}`,
      ratingKw: 200,
      capacityKwh: 430,
      unit: 'bess1',
    })),
    ...[1, 2].map((n): Slot => ({
      category: 'storage',
      typeKey: 'bsa-pack',
      name: `Battery pack 1-${n}`,
      ratingKw: 200,
      capacityKwh: 430,
      unit: 'bess1',
    })),
    ...[1, 2].map((n): Slot => ({
      category: 'storage',
      typeKey: 'bsa-cell',
      name: `Battery cell 1-1-${n}`,
      ratingKw: 200,
      capacityKwh: 430,
      unit: 'bess1',
    })),
    { category: 'charging', typeKey: 'charging-pile', name: 'DC charging pile 1', ratingKw: 60 },
    { category: 'charging', typeKey: 'charging-pile', name: 'DC charging pile 2', ratingKw: 120 },
  ];
}

/** Devices for `devices` in all, site after site. Codes and seeds are stable for a given prefix and seed. */
export function planSites(options: SitePlanOptions): PlannedDevice[] {
  const prefix = options.prefix ?? 'sim';
  const mix = new Set<MixCategory>([...(options.mix ?? MIX_CATEGORIES), 'gateway']);
  const locations = options.locations ?? DEMO_LOCATIONS;
  const baseSeed = hashInts(hashString(prefix), options.seed ?? 1);
  const planned: PlannedDevice[] = [];
  for (let siteIndex = 0; planned.length < options.devices; siteIndex++) {
    const location = locations[siteIndex % locations.length]!;
    const siteSeed = hashInts(baseSeed, siteIndex);
    const site: SiteSpec = {
      key: `${prefix}-site-${siteIndex + 1}`,
      latitude: Math.round((location.latitude + between(-0.08, 0.08, siteSeed, 10)) * 1e4) / 1e4,
      longitude: Math.round((location.longitude + between(-0.08, 0.08, siteSeed, 11)) * 1e4) / 1e4,
      timeZone: location.timeZone,
    };
    const siteName = `${location.name} plant ${Math.floor(siteIndex / locations.length) + 1}`;
    let gatewayCode: string | undefined;
    for (const slot of siteSlots(siteSeed).filter((candidate) => mix.has(candidate.category))) {
      if (planned.length >= options.devices) break;
      const code = `${prefix}-${String(planned.length + 1).padStart(4, '0')}`;
      planned.push({
        code,
        name: `${siteName} · ${slot.name}`,
        typeKey: slot.typeKey,
        site,
        siteName,
        seed: hashInts(siteSeed, planned.length + 1),
        ratingKw: slot.ratingKw,
        capacityKwh: slot.capacityKwh,
        unit: slot.unit,
        gatewayCode: slot.typeKey === 'edge-gateway' ? undefined : gatewayCode,
      });
      if (slot.typeKey === 'edge-gateway') gatewayCode = code;
    }
  }
  return planned;
}
