import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

// What the performance figures read, always from the rollups (docs/pv-analytics.md, "Performance"):
// the weather station's 15 min buckets (one device, at most 35,136 buckets a year per property), and the
// inverters' counters and DC power per local day from the day rollup when the station's days are its
// tenant's days (the day rollup's buckets start at the tenant's local midnight), else from the 15 min
// rollup grouped by the station's local day.

/** The performance config of a station as the figures use it. */
export interface PerformanceParams {
  /** γ, %/K. */
  gammaPctPerK: number;
  referenceTempC: number;
  minIrradianceWm2: number;
}

/** One local day of the weather station, per m² of plane of array. */
export interface WeatherDay {
  /** H_POA = Σ mean G × 0.25 h, Wh/m². */
  h: number;
  /** The same over the quarters with G ≥ the config's minimum irradiance. */
  hAbove: number;
  /** Σ G × 0.25 × (1 + γ (T_mod − T_ref)), Wh/m² (temperature-corrected reference; a quarter without T_mod counts as at T_ref). */
  x: number;
  /** The same over the quarters with G ≥ the minimum irradiance. */
  xAbove: number;
  /** Quarters with a module temperature. */
  temps: number;
}

/** The first instant of a local day and of the day after `last`, as SQL timestamps. */
const startOf = (day: string, zone: string) => sql`(${day}::date::timestamp at time zone ${zone})`;
const endOf = (day: string, zone: string) => sql`((${day}::date + 1)::timestamp at time zone ${zone})`;
const localDay = (bucket: SQL, zone: string) => sql`to_char(${bucket} at time zone ${zone}, 'YYYY-MM-DD')`;
const propertyOf = (deviceId: number, key: string) =>
  sql`(select p.id from device dv join data_property p on p.device_type_id = dv.device_type_id and p.key = ${key} where dv.id = ${deviceId})`;

/**
 * The weather station's days first..last (the station's zone): irradiation, with and without the temperature
 * correction. With `daylight` (the period's daylight quarters, pv-daylight.ts) also, from the same read of its
 * quarters, `dark`: those of them in the period without a positive irradiance (no reading, or a mean ≤ 0 W/m²),
 * as UTC ISO instants, what darkSums reads the devices at (null without `daylight`).
 */
export async function weatherDays(
  tx: Db,
  deviceId: number,
  zone: string,
  first: string,
  last: string,
  cfg: PerformanceParams,
  daylight: readonly number[] | null = null,
): Promise<{ days: Map<string, WeatherDay>; dark: string[] | null }> {
  const g = cfg.gammaPctPerK / 100;
  const factor = sql`(1 + ${g}::float8 * (coalesce(b.temp, ${cfg.referenceTempC}::float8) - ${cfg.referenceTempC}::float8))`;
  const above = sql`b.g >= ${cfg.minIrradianceWm2}::float8`;
  const rows = await rowsOf<{
    day: string | null;
    h: number;
    h_above: number;
    x: number;
    x_above: number;
    temps: string | number;
    dark: string[] | null;
  }>(
    tx,
    sql`with q as materialized (select r.bucket,
                          max(case when r.property_id = ${propertyOf(deviceId, 'irradiance')} then greatest(r.sum / r.count, 0) end) as g,
                          max(case when r.property_id = ${propertyOf(deviceId, 'temp_module')} then r.sum / r.count end) as temp
                   from telemetry_15m r
                   where r.device_id = ${deviceId}
                     and r.property_id in (${propertyOf(deviceId, 'irradiance')}, ${propertyOf(deviceId, 'temp_module')})
                     and r.bucket >= ${startOf(first, zone)} and r.bucket < ${endOf(last, zone)}
                   group by r.bucket),
             b as (select q.bucket, q.g, q.temp from q where q.g is not null)
        select ${localDay(sql`b.bucket`, zone)} as day,
               sum(b.g * 0.25) as h,
               sum(case when ${above} then b.g * 0.25 else 0 end) as h_above,
               sum(b.g * 0.25 * ${factor}) as x,
               sum(case when ${above} then b.g * 0.25 * ${factor} else 0 end) as x_above,
               count(b.temp) as temps,
               null::text[] as dark
        from b
        group by 1
        ${
          daylight
            ? // a quarter is lit when its irradiance reading's mean is above 0 (count > 0 and sum / count > 0: g > 0)
              sql`union all
                  select null, 0, 0, 0, 0, 0,
                         coalesce(array_agg(to_char(c.b at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') order by c.b), '{}')
                  from (select to_timestamp(x / 1000.0) as b from unnest(${sql.param(daylight)}::float8[]) as x) c
                  where c.b >= ${startOf(first, zone)} and c.b < ${endOf(last, zone)}
                    and not exists (select 1 from q where q.bucket = c.b and q.g > 0)`
            : sql``
        }`,
  );
  let dark: string[] | null = null;
  const days = new Map<string, WeatherDay>();
  for (const r of rows) {
    if (r.day === null) dark = r.dark ?? [];
    else days.set(r.day, { h: Number(r.h), hAbove: Number(r.h_above), x: Number(r.x), xAbove: Number(r.x_above), temps: Number(r.temps) });
  }
  return { days, dark: daylight ? (dark ?? []) : null };
}

/** How a device property is summed over a day: a counter's robust increase, or a power's integral (kW → Wh). */
export type DayMeasure = 'counter' | 'power';

/** Where a device property is read: the station's zone, its local days first..last, and whether the day rollup holds those days. */
export interface DayScope {
  zone: string;
  first: string;
  last: string;
  dayRollup: boolean;
}

const propertyIn = (ids: unknown, key: string) =>
  sql`(select p.id from device dv join data_property p on p.device_type_id = dv.device_type_id and p.key = ${key} where dv.id = any(${ids}::int[]))`;

/**
 * The devices' days as a subquery `(device_id, day, wh)`: a counter's increase rounded to the Wh per device
 * and day, or a power's integral (Wh). From the day rollup (`dayRollup`; `day` is then the day's bucket):
 * the day's increase, and the day's mean power × 24 h (exact when the device reports at a fixed interval
 * round the clock, as loggers do); else from the 15 min rollup grouped by local day (`day` its text): Σ of
 * the quarters' increases, and Σ mean power × 0.25 h. Both ways give the same Wh.
 */
function deviceDaysSql(deviceIds: readonly number[], key: string, measure: DayMeasure, scope: DayScope): SQL {
  const ids = sql.param(deviceIds);
  const where = sql`r.device_id = any(${ids}::int[]) and r.property_id in ${propertyIn(ids, key)}
    and r.bucket >= ${startOf(scope.first, scope.zone)} and r.bucket < ${endOf(scope.last, scope.zone)}`;
  if (scope.dayRollup)
    return sql`(select r.device_id, r.bucket as day, ${measure === 'counter' ? sql`round(r.increase * 1000)` : sql`r.sum / r.count * 24000`} as wh
               from telemetry_1d r where ${where})`;
  return sql`(select r.device_id, ${localDay(sql`r.bucket`, scope.zone)} as day,
                     ${measure === 'counter' ? sql`round(sum(r.increase) * 1000)` : sql`sum(r.sum / r.count * 250)`} as wh
              from telemetry_15m r where ${where} group by 1, 2)`;
}
/** A `day` of deviceDaysSql as its local day's text. */
const dayName = (day: SQL, scope: DayScope) => (scope.dayRollup ? localDay(day, scope.zone) : day);

/**
 * Σ of the devices' days (deviceDaysSql), Wh, per local day (`by: 'day'`, Σ of the devices) or per device
 * (`by: 'device'`, Σ of the days). The sums are made in the database: a year of 300 inverters is 110,000
 * day rows, never sent to the server.
 */
export async function deviceSums(
  tx: Db,
  deviceIds: readonly number[],
  key: string,
  measure: DayMeasure,
  scope: DayScope,
  by: 'day' | 'device',
): Promise<Map<string | number, number>> {
  if (!deviceIds.length) return new Map();
  const group = by === 'device' ? sql`d.device_id` : sql`d.day`;
  const name = by === 'day' ? dayName(sql`x.k`, scope) : sql`x.k`;
  const rows = await rowsOf<{ k: string | number; wh: string | number }>(
    tx,
    sql`select ${name} as k, x.wh from (select ${group} as k, sum(d.wh) as wh from ${deviceDaysSql(deviceIds, key, measure, scope)} d group by 1) x`,
  );
  return new Map(rows.map((r) => [by === 'day' ? String(r.k) : Number(r.k), Math.round(Number(r.wh))]));
}

/**
 * The devices' counter increase (Wh) in the 15 min buckets without irradiance: those where the weather station
 * has no reading or reads at most 0 W/m² (DOMAIN.md, "PR": intervals without irradiance drop out of both sums;
 * the same test as the irradiation's `g`). Per local day (`by: 'day'`, Σ of the devices) or per device. Only
 * the buckets in which a counter rose are read against the weather station's: night buckets whose increase is 0
 * add nothing. A station without weather station gives nothing (its PR is null anyway). With `dark` (the daylight
 * quarters of the period, pv-daylight.ts, that the weather station has no positive reading for: weatherDays
 * finds them in its read of the period) only the devices' rows at exactly those buckets are read (none: no
 * read), so a healthy sensor costs nothing here instead of a scan of every device's quarters.
 */
export async function darkSums(
  tx: Db,
  deviceIds: readonly number[],
  key: string,
  weatherDeviceId: number | null,
  scope: DayScope,
  by: 'day' | 'device',
  dark: readonly string[] | null = null,
): Promise<Map<string | number, number>> {
  if (!deviceIds.length || weatherDeviceId === null || dark?.length === 0) return new Map();
  const ids = sql.param(deviceIds);
  const range = sql`r.bucket >= ${startOf(scope.first, scope.zone)} and r.bucket < ${endOf(scope.last, scope.zone)}`;
  const group = by === 'device' ? sql`r.device_id` : localDay(sql`r.bucket`, scope.zone);
  const where = dark
    ? sql`r.bucket = any(${sql.param(dark)}::timestamptz[])`
    : sql`not exists (select 1 from telemetry_15m w
                      where w.device_id = ${weatherDeviceId} and w.property_id = ${propertyOf(weatherDeviceId, 'irradiance')}
                        and w.bucket = r.bucket and w.count > 0 and w.sum / w.count > 0)`;
  const rows = await rowsOf<{ k: string | number; wh: string | number }>(
    tx,
    sql`select ${group} as k, round(sum(r.increase) * 1000) as wh
        from telemetry_15m r
        where r.device_id = any(${ids}::int[]) and r.property_id in ${propertyIn(ids, key)} and ${range} and r.increase > 0 and ${where}
        group by 1`,
  );
  return new Map(rows.map((r) => [by === 'day' ? String(r.k) : Number(r.k), Math.round(Number(r.wh))]));
}

/**
 * The inverters' AC energy (`e_total`) in one read: Σ per device (Wh), and per local day the kWp (device →
 * kWp) of the inverters whose counter rose that day, those that delivered energy.
 */
export async function inverterDelivery(
  tx: Db,
  kwpByDevice: ReadonlyMap<number, number>,
  scope: DayScope,
): Promise<{ whByDevice: Map<number, number>; deliveringKwp: Map<string, number> }> {
  const out = { whByDevice: new Map<number, number>(), deliveringKwp: new Map<string, number>() };
  if (!kwpByDevice.size) return out;
  const ids = [...kwpByDevice.keys()];
  const rows = await rowsOf<{ kind: 'device' | 'day'; k: string; v: string | number }>(
    tx,
    sql`with d as ${deviceDaysSql(ids, 'e_total', 'counter', scope)}
        select 'device' as kind, d.device_id::text as k, sum(d.wh) as v from d group by d.device_id
        union all
        select 'day', ${dayName(sql`x.day`, scope)}, x.kwp
        from (select d.day, sum(k.kwp) as kwp
              from d join unnest(${sql.param(ids)}::int[], ${sql.param([...kwpByDevice.values()])}::float8[]) as k(device_id, kwp)
                on k.device_id = d.device_id
              where d.wh > 0 group by d.day) x`,
  );
  for (const r of rows) {
    if (r.kind === 'device') out.whByDevice.set(Number(r.k), Math.round(Number(r.v)));
    else out.deliveringKwp.set(r.k, Number(r.v));
  }
  return out;
}

/** Mean of a property per 15 min bucket of the local day, per device (epoch ms → mean). */
export async function quarterMeans(tx: Db, deviceIds: readonly number[], key: string, zone: string, day: string) {
  if (!deviceIds.length) return new Map<number, Map<number, number>>();
  const rows = await rowsOf<{ device_id: number; ts: string | number; v: number }>(
    tx,
    sql`select r.device_id, (extract(epoch from r.bucket) * 1000)::bigint as ts, r.sum / r.count as v
        from unnest(${sql.param(deviceIds)}::int[]) as s(d)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key = ${key}
        join telemetry_15m r on r.device_id = s.d and r.property_id = p.id
        where r.bucket >= ${startOf(day, zone)} and r.bucket < ${endOf(day, zone)}`,
  );
  const out = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const id = Number(r.device_id);
    if (!out.has(id)) out.set(id, new Map());
    out.get(id)!.set(Number(r.ts), Number(r.v));
  }
  return out;
}

/** The instants bounding a local day: its first instant and the next day's. */
export async function dayBounds(tx: Db, day: string, zone: string): Promise<{ from: number; to: number }> {
  const [row] = await rowsOf<{ f: string | number; t: string | number }>(
    tx,
    sql`select (extract(epoch from ${startOf(day, zone)}) * 1000)::bigint as f, (extract(epoch from ${endOf(day, zone)}) * 1000)::bigint as t`,
  );
  return { from: Number(row!.f), to: Number(row!.t) };
}

/** An inverter of a station with its P_STC (Σ of its strings' kWp) and area. */
export interface StationInverter {
  id: number;
  code: string;
  name: string;
  areaId: number | null;
  areaName: string | null;
  ratedAcKw: number;
  deviceId: number | null;
  kwp: number;
}

export async function stationInverters(tx: Db, stationId: number): Promise<StationInverter[]> {
  const rows = await rowsOf<{
    id: number;
    code: string;
    name: string;
    area_id: number | null;
    area_name: string | null;
    rated_ac_kw: number;
    device_id: number | null;
    kwp: number | string;
  }>(
    tx,
    sql`select i.id, i.code, i.name, i.area_id, a.name as area_name, i.rated_ac_kw, i.device_id,
               coalesce((select sum(s.capacity_kwp) from pv_string s where s.inverter_id = i.id), 0) as kwp
        from pv_inverter i left join pv_area a on a.id = i.area_id
        where i.station_id = ${stationId}
        order by i.code`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    areaId: r.area_id === null ? null : Number(r.area_id),
    areaName: r.area_name,
    ratedAcKw: Number(r.rated_ac_kw),
    deviceId: r.device_id === null ? null : Number(r.device_id),
    kwp: Number(r.kwp),
  }));
}

/** The time zone of the station's tenant: its day rollups' days. */
export async function tenantZoneOf(tx: Db, stationId: number): Promise<string> {
  const [row] = await rowsOf<{ z: string }>(
    tx,
    sql`select t.time_zone as z from pv_station s join tenant t on t.id = s.tenant_id where s.id = ${stationId}`,
  );
  return row!.z;
}
