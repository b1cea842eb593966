import { pv as contract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { bucketEnergy, INVERTER_KEY, type Series } from './pv-energy.js';
import { stationMeters } from './meter-readings.service.js';

// What the PV outline reads (docs/pv-analytics.md, "Outline"): the station's equipment and devices, the
// generation series, day rollup sums and the latest readings. Energy Σ round(increase × 1000) Wh.

type State = contract.OutlineState;
type Kind = contract.OutlineNodeKind;

/** A device older than this since its last message is offline, whatever its last status said. */
export const OFFLINE_AFTER_MS = 15 * 60_000;
/** A reading older than this is not "now" (power, irradiance). */
export const FRESH_MS = 15 * 60_000;

/** A piece of equipment of a station, as the tree, the attention list and the alarms see it. */
export interface Equipment {
  kind: Exclude<Kind, 'station' | 'area'>;
  /** Inverter and string: their id; meter and weather station: the device id. */
  refId: number;
  code: string;
  name: string;
  deviceId: number | null;
  areaId: number | null;
  inverterId: number | null;
  /** Strings: capacity and modules; inverters: rated AC kW. */
  capacityKwp: number | null;
  ratedAcKw: number | null;
  moduleCount: number | null;
  mpptInput: number | null;
}

/** Every inverter, string, grid-point meter and the weather station of a station (code order in each kind). */
export async function stationEquipment(tx: Db, station: { id: number; weatherStationId: number | null }): Promise<Equipment[]> {
  const rows = await rowsOf<{
    kind: 'inverter' | 'string';
    id: number;
    code: string;
    name: string;
    device_id: number | null;
    area_id: number | null;
    inverter_id: number | null;
    capacity_kwp: number | null;
    rated_ac_kw: number | null;
    module_count: number | null;
    mppt_input: number | null;
  }>(
    tx,
    sql`select 'inverter' as kind, i.id, i.code, i.name, i.device_id, i.area_id, null::int as inverter_id, null::float8 as capacity_kwp,
               i.rated_ac_kw, null::int as module_count, null::int as mppt_input
        from pv_inverter i where i.station_id = ${station.id}
        union all
        select 'string', s.id, s.code, s.name, s.device_id, i.area_id, s.inverter_id, s.capacity_kwp, null, s.module_count, s.mppt_input
        from pv_string s join pv_inverter i on i.id = s.inverter_id where s.station_id = ${station.id}
        order by 1, 3`,
  );
  const out: Equipment[] = rows.map((r) => ({
    kind: r.kind,
    refId: Number(r.id),
    code: r.code,
    name: r.name,
    deviceId: r.device_id == null ? null : Number(r.device_id),
    areaId: r.area_id == null ? null : Number(r.area_id),
    inverterId: r.inverter_id == null ? null : Number(r.inverter_id),
    capacityKwp: r.capacity_kwp == null ? null : Number(r.capacity_kwp),
    ratedAcKw: r.rated_ac_kw == null ? null : Number(r.rated_ac_kw),
    moduleCount: r.module_count == null ? null : Number(r.module_count),
    mpptInput: r.mppt_input == null ? null : Number(r.mppt_input),
  }));
  const none = { areaId: null, inverterId: null, capacityKwp: null, ratedAcKw: null, moduleCount: null, mpptInput: null };
  const meters = new Map<number, Equipment>();
  for (const m of await stationMeters(tx, station.id))
    if (!meters.has(m.deviceId))
      meters.set(m.deviceId, { kind: 'meter', refId: m.deviceId, code: m.code, name: m.name, deviceId: m.deviceId, ...none });
  out.push(...meters.values());
  if (station.weatherStationId != null) {
    const [w] = await rowsOf<{ code: string; name: string }>(tx, sql`select code, name from device where id = ${station.weatherStationId}`);
    if (w)
      out.push({
        kind: 'weather',
        refId: station.weatherStationId,
        code: w.code,
        name: w.name,
        deviceId: station.weatherStationId,
        ...none,
      });
  }
  return out;
}

/** The devices bound to a station's inverters, strings, grid-point meters and weather station (alarms, membership). */
export async function stationDeviceIds(tx: Db, station: { id: number; weatherStationId: number | null }): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select device_id as id from pv_inverter where station_id = ${station.id} and device_id is not null
        union select device_id from pv_string where station_id = ${station.id} and device_id is not null
        union select unnest(array[generation_meter_id, on_grid_meter_id, offtake_meter_id]) from pv_grid_point where station_id = ${station.id}`,
  );
  const ids = new Set(rows.flatMap((r) => (r.id == null ? [] : [Number(r.id)])));
  if (station.weatherStationId != null) ids.add(station.weatherStationId);
  return [...ids];
}

/** The series the station's generation is read from: its generation meters, else its inverters' AC energy (as the reports). */
export async function generationSeries(tx: Db, stationId: number): Promise<{ series: Series[]; source: 'generation-meter' | 'inverters' }> {
  const meters = (await stationMeters(tx, stationId)).filter((m) => m.role === 'generation');
  if (meters.length) return { series: meters.map((m) => ({ deviceId: m.deviceId, key: m.key })), source: 'generation-meter' };
  const rows = await rowsOf<{ device_id: number }>(
    tx,
    sql`select device_id from pv_inverter where station_id = ${stationId} and device_id is not null order by code`,
  );
  return { series: rows.map((r) => ({ deviceId: Number(r.device_id), key: INVERTER_KEY })), source: 'inverters' };
}

const arr = (values: unknown[]) => sql.param(values);

/** Σ over the series of their day rollups' energy per local day in [from, to) (from null: since the first), Wh. */
export const dayEnergy = (tx: Db, series: readonly Series[], from: number | null, to: number) =>
  bucketEnergy(tx, 'telemetry_1d', series, from, to);

/** The latest reading of each series (from the raw table's primary key, newest first: one index probe per series). */
export async function latestValues(
  tx: Db,
  series: readonly Series[],
): Promise<{ deviceId: number; key: string; ts: number; value: number }[]> {
  if (!series.length) return [];
  const rows = await rowsOf<{ d: number; k: string; ts: number; value: number }>(
    tx,
    sql`select s.d, s.k, (extract(epoch from r.ts) * 1000)::float8 as ts, r.value
        from unnest(${arr(series.map((s) => s.deviceId))}::int[], ${arr(series.map((s) => s.key))}::text[]) as s(d, k)
        join device dv on dv.id = s.d
        join data_property p on p.device_type_id = dv.device_type_id and p.key = s.k
        cross join lateral (select ts, value from telemetry_raw where device_id = s.d and property_id = p.id order by ts desc limit 1) r`,
  );
  return rows.map((r) => ({ deviceId: Number(r.d), key: r.k, ts: Number(r.ts), value: Number(r.value) }));
}

/** Σ of the fresh latest values of the series (kW, W/m²), with the oldest reading's time; null when none is fresh. */
export function freshSum(values: readonly { ts: number; value: number }[], now = Date.now()): { value: number; at: number } | null {
  const fresh = values.filter((v) => now - v.ts <= FRESH_MS);
  if (!fresh.length) return null;
  return { value: fresh.reduce((s, v) => s + v.value, 0), at: Math.min(...fresh.map((v) => v.ts)) };
}

/**
 * Each device's state, worst first (docs/pv-analytics.md): offline (not online, or silent for 15 min),
 * fault (an inverter whose latest `status` is 2), alarm (an active alarm), online. No device: `no-device`.
 */
export async function deviceStates(
  tx: Db,
  equipment: readonly Equipment[],
  alarmed: ReadonlySet<number>,
  now = Date.now(),
): Promise<Map<number, State>> {
  const ids = [...new Set(equipment.flatMap((e) => (e.deviceId == null ? [] : [e.deviceId])))];
  if (!ids.length) return new Map();
  const devices = await rowsOf<{ id: number; online: boolean; last_seen: number | null }>(
    tx,
    sql`select id, online, (extract(epoch from last_seen_at) * 1000)::float8 as last_seen from device where id = any(${arr(ids)}::int[])`,
  );
  const inverterDevices = equipment
    .filter((e) => e.kind === 'inverter' && e.deviceId != null)
    .map((e) => ({ deviceId: e.deviceId!, key: 'status' }));
  const faulty = new Set((await latestValues(tx, inverterDevices)).filter((v) => v.value === 2).map((v) => v.deviceId));
  const states = new Map<number, State>();
  for (const d of devices) {
    const id = Number(d.id);
    const seen = d.last_seen == null ? null : Number(d.last_seen);
    const state: State =
      !d.online || seen === null || now - seen > OFFLINE_AFTER_MS
        ? 'offline'
        : faulty.has(id)
          ? 'fault'
          : alarmed.has(id)
            ? 'alarm'
            : 'online';
    states.set(id, state);
  }
  return states;
}

/** A state of a piece of equipment: its device's, or `no-device`. */
export const stateOf = (states: ReadonlyMap<number, State>, deviceId: number | null): State =>
  deviceId == null ? 'no-device' : (states.get(deviceId) ?? 'offline');

/** kWh / kWp, 2 decimals. */
export const hoursOf = (wh: number, capacityKwp: number) => Math.round(wh / (capacityKwp * 10)) / 100;
/** CO2 avoided, kg to the gram: Wh × 0.5703 kg/kWh / 1000 = Wh × 5703 / 10,000 g, rounded half up. */
export const co2Kg = (wh: number) => Math.round((wh * 5703) / 10_000) / 1000;

/**
 * The weather station's average (Σ / count) of each of `keys` per 15 min bucket in [from, to): key → epoch ms →
 * value. The outline's power chart and the noticeboard's module curve read it; the PR reads the performance
 * service's weather days.
 */
export async function weatherQuarters(
  tx: Db,
  deviceId: number | null,
  keys: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>(keys.map((k) => [k, new Map()]));
  if (deviceId == null) return out;
  const rows = await rowsOf<{ k: string; ts: string | number; avg: number }>(
    tx,
    sql`select p.key as k, (extract(epoch from r.bucket) * 1000)::bigint as ts, r.sum / r.count as avg
        from device dv join data_property p on p.device_type_id = dv.device_type_id and p.key = any(${arr([...keys])}::text[])
        join telemetry_15m r on r.device_id = dv.id and r.property_id = p.id
        where dv.id = ${deviceId} and r.count > 0
          and r.bucket >= ${new Date(from).toISOString()}::timestamptz and r.bucket < ${new Date(to).toISOString()}::timestamptz`,
  );
  for (const r of rows) out.get(r.k)!.set(Number(r.ts), Number(r.avg));
  return out;
}
