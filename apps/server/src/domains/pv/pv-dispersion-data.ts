import { pv as contract } from '@energy/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { localClock } from '../../pricing/tou-pricing.js';
import {
  analyse,
  bucketRate,
  classOf,
  type Currents,
  type DispersionInverter,
  type DispersionSettings,
  type DispersionString,
} from './pv-dispersion-figures.js';
import { pvDispersionConfig, pvDispersionExclusion, pvDispersionThreshold } from './pv-dispersion.schema.js';
import { pvArea, pvInverter, pvString } from './pv.schema.js';

// What the dispersion reads, on the request's transaction (row-level security) or the owner connection
// (the background check): a station's settings, equipment, exclusions and the 15 min rollups. Only
// `telemetry_15m` is read, and only the buckets of the period (docs/pv-analytics.md, "Dispersion").

/** The station fields the analysis needs. */
export interface StationRef {
  id: number;
  tenantId?: string;
  timeZone: string;
  weatherStationId: number | null;
}

export interface StationSettings {
  classes: contract.DispersionClass[];
  config: typeof contract.DEFAULT_DISPERSION_CONFIG;
}

export async function settingsOf(db: Db, stationId: number): Promise<StationSettings> {
  const [t] = await db.select().from(pvDispersionThreshold).where(eq(pvDispersionThreshold.stationId, stationId));
  const [c] = await db.select().from(pvDispersionConfig).where(eq(pvDispersionConfig.stationId, stationId));
  return {
    classes: t?.classes ?? contract.DEFAULT_DISPERSION_CLASSES,
    config: c
      ? {
          irradianceThreshold: c.irradianceThreshold,
          deadRatioPercent: c.deadRatioPercent,
          weakRatioPercent: c.weakRatioPercent,
          grouping: c.grouping,
          windowHours: c.windowHours,
        }
      : contract.DEFAULT_DISPERSION_CONFIG,
  };
}

export const settingsFor = (config: StationSettings['config']): DispersionSettings => ({
  deadRatio: config.deadRatioPercent / 100,
  weakRatio: config.weakRatioPercent / 100,
  grouping: config.grouping,
});

/** The station's inverters (optionally one) and their strings, with what is excluded marked. */
export async function equipmentOf(db: Db, stationId: number, inverterId?: number) {
  const inverterRows = await db
    .select({ id: pvInverter.id, code: pvInverter.code, name: pvInverter.name, areaId: pvInverter.areaId, areaName: pvArea.name })
    .from(pvInverter)
    .leftJoin(pvArea, eq(pvArea.id, pvInverter.areaId))
    .where(and(eq(pvInverter.stationId, stationId), inverterId ? eq(pvInverter.id, inverterId) : undefined))
    .orderBy(asc(pvInverter.code), asc(pvInverter.id));
  const stringRows = await db
    .select({
      id: pvString.id,
      code: pvString.code,
      name: pvString.name,
      inverterId: pvString.inverterId,
      mpptInput: pvString.mpptInput,
      capacityKwp: pvString.capacityKwp,
      deviceId: pvString.deviceId,
    })
    .from(pvString)
    .where(and(eq(pvString.stationId, stationId), inverterId ? eq(pvString.inverterId, inverterId) : undefined))
    .orderBy(asc(pvString.mpptInput), asc(pvString.code), asc(pvString.id));
  const exclusions = await db
    .select({ kind: pvDispersionExclusion.kind, inverterId: pvDispersionExclusion.inverterId, stringId: pvDispersionExclusion.stringId })
    .from(pvDispersionExclusion)
    .where(eq(pvDispersionExclusion.stationId, stationId));
  const outInverters = new Set(exclusions.filter((e) => e.kind === 'inverter').map((e) => e.inverterId));
  const outStrings = new Set(exclusions.filter((e) => e.kind === 'string').map((e) => e.stringId));
  const inverters: DispersionInverter[] = inverterRows.map((i) => ({ ...i, excluded: outInverters.has(i.id) }));
  const strings: DispersionString[] = stringRows.map((s) => ({ ...s, excluded: outStrings.has(s.id) }));
  return { inverters, strings };
}

const arr = (values: unknown[]) => sql.param(values);
const iso = (ts: number) => new Date(ts).toISOString();

/** The ids of a property key of these devices' types (one per tenant's device type). */
async function propertyIds(db: Db, deviceIds: number[], key: string): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct p.id from device dv join data_property p on p.device_type_id = dv.device_type_id and p.key = ${key}
        where dv.id = any(${arr(deviceIds)}::int[])`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The weather station's 15 min average irradiance in [from, to) (only buckets at or above `threshold`), and
 * each string device's average current in those same buckets. Both reads are ranges of the rollup's
 * primary key (device, property, bucket): the irradiance of one device over the period, then the strings'
 * current at exactly the qualifying buckets.
 */
export async function bucketsOf(db: Db, weatherStationId: number | null, deviceIds: number[], from: number, to: number, threshold: number) {
  const irradiance = new Map<number, number>();
  const currents: Currents = new Map();
  if (weatherStationId == null) return { irradiance, currents };
  const light = await rowsOf<{ ts: string | number; g: number }>(
    db,
    sql`select (extract(epoch from r.bucket) * 1000)::bigint as ts, r.sum / r.count as g
        from telemetry_15m r
        where r.device_id = ${weatherStationId} and r.property_id = any(${arr(await propertyIds(db, [weatherStationId], 'irradiance'))}::int[])
          and r.bucket >= ${iso(from)}::timestamptz and r.bucket < ${iso(to)}::timestamptz
          and r.count > 0 and r.sum / r.count >= ${threshold}
        order by 1`,
  );
  for (const r of light) irradiance.set(Number(r.ts), Number(r.g));
  if (!deviceIds.length || !light.length) return { irradiance, currents };
  const rows = await rowsOf<{ d: number; ts: string | number; v: number }>(
    db,
    sql`select r.device_id as d, (extract(epoch from r.bucket) * 1000)::bigint as ts, r.sum / r.count as v
        from telemetry_15m r
        where r.device_id = any(${arr(deviceIds)}::int[]) and r.property_id = any(${arr(await propertyIds(db, deviceIds, 'i'))}::int[])
          and r.bucket = any(${arr(light.map((l) => iso(Number(l.ts))))}::timestamptz[]) and r.count > 0`,
  );
  for (const r of rows) {
    let m = currents.get(Number(r.d));
    if (!m) currents.set(Number(r.d), (m = new Map()));
    m.set(Number(r.ts), Number(r.v));
  }
  return { irradiance, currents };
}

/** Local days `first`..`last` of a zone as instants: [start of first, start of the day after last). */
export function periodOf(timeZone: string, first: string, last: string): { from: number; to: number } {
  return { from: localMidnight(timeZone, first), to: localMidnight(timeZone, nextDay(last)) };
}

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The instant a local day starts (zones change offset on quarter hours at worst: searched from UTC ±14 h). */
export function localMidnight(timeZone: string, day: string): number {
  const utc = Date.parse(`${day}T00:00:00Z`);
  for (let t = utc - 14 * 3_600_000; t <= utc + 14 * 3_600_000; t += 15 * 60_000) {
    if (localClock(timeZone, t).date === day) return t;
  }
  return utc;
}

/** The analysis of a station (or one inverter of it) over [from, to): its groups, classed, and its strings. */
export async function analyseStation(db: Db, station: StationRef, from: number, to: number, inverterId?: number) {
  const settings = await settingsOf(db, station.id);
  const { inverters, strings } = await equipmentOf(db, station.id, inverterId);
  const counted = inverters.filter((i) => !i.excluded);
  const ids = new Set(counted.map((i) => i.id));
  const theirs = strings.filter((s) => ids.has(s.inverterId));
  const { irradiance, currents } = await bucketsOf(
    db,
    station.weatherStationId,
    theirs.flatMap((s) => (s.deviceId == null || s.excluded ? [] : [s.deviceId])),
    from,
    to,
    settings.config.irradianceThreshold,
  );
  const qualifying = [...irradiance.keys()].sort((a, b) => a - b);
  const groups = analyse(theirs, qualifying, currents, settingsFor(settings.config));
  const byId = new Map(counted.map((i) => [i.id, i]));
  const units: contract.DispersionUnitRow[] = groups.map(({ unit }) => {
    const inv = byId.get(unit.inverterId)!;
    const classIndex = unit.ratePercent == null ? null : classOf(unit.ratePercent, settings.classes);
    return {
      ...unit,
      inverterCode: inv.code,
      inverterName: inv.name,
      areaId: inv.areaId,
      areaName: inv.areaName,
      className: classIndex == null ? null : settings.classes[classIndex]!.name,
      classIndex,
    };
  });
  // inverters without strings are groups of none: listed as without data
  for (const inv of counted)
    if (!units.some((u) => u.inverterId === inv.id))
      units.push({
        key: `${inv.id}`,
        inverterId: inv.id,
        inverterCode: inv.code,
        inverterName: inv.name,
        areaId: inv.areaId,
        areaName: inv.areaName,
        mpptInput: null,
        status: 'no-data',
        ratePercent: null,
        className: null,
        classIndex: null,
        stringsTotal: 0,
        stringsCounted: 0,
        deadStrings: [],
        weakStrings: [],
        buckets: qualifying.length,
      });
  return { settings, inverters, strings: theirs, units, figures: groups.flatMap((g) => g.strings) };
}

/** Worst first: analysed by rate (highest first), then not analysed, then without data; then by code. */
export function byConcern(a: contract.DispersionUnitRow, b: contract.DispersionUnitRow): number {
  const rank = (u: contract.DispersionUnitRow) => (u.status === 'analysed' ? 0 : u.status === 'not-analysed' ? 1 : 2);
  return (
    rank(a) - rank(b) ||
    (b.ratePercent ?? 0) - (a.ratePercent ?? 0) ||
    b.deadStrings.length - a.deadStrings.length ||
    a.inverterCode.localeCompare(b.inverterCode) ||
    (a.mpptInput ?? 0) - (b.mpptInput ?? 0)
  );
}

/** One day of one inverter: every bucket's irradiance, whether it counts, its rate, and each string's current. */
export async function curveOf(db: Db, station: StationRef, inverterId: number, day: string): Promise<contract.DispersionCurve> {
  const settings = await settingsOf(db, station.id);
  const { strings } = await equipmentOf(db, station.id, inverterId);
  const { from, to } = periodOf(station.timeZone, day, day);
  // every bucket of the day (threshold −1): the chart shows the morning and evening too
  const { irradiance, currents } = await bucketsOf(
    db,
    station.weatherStationId,
    strings.flatMap((s) => (s.deviceId == null ? [] : [s.deviceId])),
    from,
    to,
    -1,
  );
  const threshold = settings.config.irradianceThreshold;
  const deadRatio = settings.config.deadRatioPercent / 100;
  const times: number[] = [];
  for (let t = from; t < to; t += 15 * 60_000) times.push(t);
  return {
    day,
    timeZone: station.timeZone,
    buckets: times.map((ts) => {
      const g = irradiance.get(ts);
      const qualifying = g != null && g >= threshold;
      return {
        ts,
        irradiance: g == null ? null : Math.round(g * 10) / 10,
        qualifying,
        ratePercent: qualifying ? bucketRate(strings, currents, ts, deadRatio) : null,
      };
    }),
    strings: strings.map((s) => ({
      id: s.id,
      code: s.code,
      currents: times.map((ts) => {
        const v = s.deviceId == null ? undefined : currents.get(s.deviceId)?.get(ts);
        return v == null ? null : Math.round(v * 1000) / 1000;
      }),
    })),
  };
}
