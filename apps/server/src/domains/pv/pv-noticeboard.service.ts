import type { pv as contract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { addDays, dayWindow } from './pv-energy.js';
import { dayIn, type PvStationsService } from './pv-stations.service.js';

// The control-room noticeboard of a PV station (docs/pv-analytics.md, "Noticeboard"). Its panels read the
// latest readings and the 15 min rollups of one local day, and the station's alarm records: nothing here
// scans more than a day of rollups or a week of alarms.

type Station = contract.PvStationRow;
type State = contract.BoardState;

const STATE_KEYS: readonly State[] = ['running', 'standby', 'fault', 'offline', 'unbound'];
const noStates = (): Record<State, number> => Object.fromEntries(STATE_KEYS.map((s) => [s, 0])) as Record<State, number>;
/** The weather station's properties the board shows, by the env-sensor's keys. */
const WEATHER_KEYS = ['irradiance', 'temp_module', 'temp_amb', 'wind', 'humidity'] as const;
/** An inverter's `status` when it reports a fault (device-types.ts: 0 standby, 1 running, 2 fault). */
const INVERTER_FAULT = 2;
/** Power below which a monitored inverter or a string counts as standby (kW, A): the night, or a stop. */
const STANDBY_BELOW = 0.05;
const ALARM_LEVELS = 5;
const QUARTER_MS = 900_000;

/** A piece of the station's equipment with the device that measures it. */
export interface StationDevice {
  kind: 'inverter' | 'string' | 'meter' | 'weather';
  equipmentId: number | null;
  code: string;
  deviceId: number | null;
  online: boolean;
}

/** Every device the station's equipment is bound to: inverters, strings, grid-point meters and the weather station. */
export async function stationDevices(tx: Db, station: { id: number; weatherStationId: number | null }): Promise<StationDevice[]> {
  const rows = await rowsOf<{
    kind: StationDevice['kind'];
    equipment_id: number | null;
    code: string;
    device_id: number | null;
    online: boolean | null;
  }>(
    tx,
    sql`select 'inverter' as kind, i.id as equipment_id, i.code, d.id as device_id, d.online
          from pv_inverter i left join device d on d.id = i.device_id where i.station_id = ${station.id}
        union all
        select 'string', s.id, s.code, d.id, d.online
          from pv_string s left join device d on d.id = s.device_id where s.station_id = ${station.id}
        union all
        select distinct 'meter', null::int, d.code, d.id, d.online
          from pv_grid_point g join device d on d.id in (g.generation_meter_id, g.on_grid_meter_id, g.offtake_meter_id)
          where g.station_id = ${station.id}
        union all
        select 'weather', null::int, d.code, d.id, d.online from device d where d.id = ${station.weatherStationId}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    equipmentId: r.equipment_id == null ? null : Number(r.equipment_id),
    code: r.code,
    deviceId: r.device_id == null ? null : Number(r.device_id),
    online: r.online === true,
  }));
}

/** The latest value of some properties of some devices (by key), from the raw readings' newest row. */
async function latestValues(tx: Db, deviceIds: number[], keys: readonly string[]) {
  if (!deviceIds.length) return new Map<string, { ts: number; value: number }>();
  const rows = await rowsOf<{ d: number; k: string; ts: number; value: number }>(
    tx,
    sql`select dv.id as d, p.key as k, (extract(epoch from r.ts) * 1000)::float8 as ts, r.value
        from device dv join data_property p on p.device_type_id = dv.device_type_id and p.key = any(${sql.param([...keys])}::text[])
        cross join lateral (select ts, value from telemetry_raw where device_id = dv.id and property_id = p.id order by ts desc limit 1) r
        where dv.id = any(${sql.param(deviceIds)}::int[])`,
  );
  return new Map(rows.map((r) => [`${r.d}:${r.k}`, { ts: Number(r.ts), value: Number(r.value) }]));
}

/** Per 15 min bucket of a local day, the average of some properties of one device. */
async function quarterAverages(tx: Db, deviceId: number, keys: readonly string[], day: string, zone: string) {
  const { from, to } = dayWindow(day, day);
  const rows = await rowsOf<{ ts: number; k: string; avg: number }>(
    tx,
    sql`select (extract(epoch from r.bucket) * 1000)::float8 as ts, p.key as k, r.sum / nullif(r.count, 0) as avg
        from device dv join data_property p on p.device_type_id = dv.device_type_id and p.key = any(${sql.param([...keys])}::text[])
        join telemetry_15m r on r.device_id = dv.id and r.property_id = p.id
        where dv.id = ${deviceId} and r.bucket >= ${new Date(from).toISOString()}::timestamptz and r.bucket < ${new Date(to).toISOString()}::timestamptz
          and to_char(r.bucket at time zone ${zone}, 'YYYY-MM-DD') = ${day}
        order by r.bucket`,
  );
  return rows.map((r) => ({ ts: Number(r.ts), key: r.k, avg: r.avg == null ? null : Number(r.avg) }));
}

export class PvNoticeboardService {
  constructor(private readonly stations: PvStationsService) {}

  /** The station (visible to the staff, else 404) and the local day asked, never after today. */
  private async stationDay(ctx: StaffCtx, input: { pvId: number; day?: string }): Promise<{ station: Station; day: string }> {
    const station = await this.stations.visible(ctx, input.pvId);
    const today = dayIn(station.timeZone);
    if (input.day && input.day > today) throw invalid('body.day', `must not be after today (${today} in ${station.timeZone})`);
    return { station, day: input.day ?? today };
  }

  async moduleData(ctx: StaffCtx, input: { pvId: number; day?: string }): Promise<contract.NoticeboardModuleData> {
    const { station, day } = await this.stationDay(ctx, input);
    const weather = (await stationDevices(ctx.tx, station)).find((d) => d.kind === 'weather');
    if (!weather?.deviceId)
      return { weatherStation: null, irradiance: null, tempModule: null, tempAmbient: null, wind: null, humidity: null, curve: [] };
    const [head] = await rowsOf<{ code: string; name: string; last_seen_at: Date | string | null }>(
      ctx.tx,
      sql`select code, name, last_seen_at from device where id = ${weather.deviceId}`,
    );
    const latest = await latestValues(ctx.tx, [weather.deviceId], WEATHER_KEYS);
    const value = (k: (typeof WEATHER_KEYS)[number]) => latest.get(`${weather.deviceId}:${k}`)?.value ?? null;
    const buckets = await quarterAverages(ctx.tx, weather.deviceId, ['irradiance', 'temp_module'], day, station.timeZone);
    const byTs = new Map<number, { ts: number; irradiance: number | null; tempModule: number | null }>();
    for (const b of buckets) {
      const point = byTs.get(b.ts) ?? { ts: b.ts, irradiance: null, tempModule: null };
      if (b.key === 'irradiance') point.irradiance = round1(b.avg);
      else point.tempModule = round1(b.avg);
      byTs.set(b.ts, point);
    }
    return {
      weatherStation: {
        deviceId: weather.deviceId,
        code: head!.code,
        name: head!.name,
        lastSeenAt: head!.last_seen_at == null ? null : new Date(head!.last_seen_at).toISOString(),
      },
      irradiance: value('irradiance'),
      tempModule: value('temp_module'),
      tempAmbient: value('temp_amb'),
      wind: value('wind'),
      humidity: value('humidity'),
      curve: [...byTs.values()].sort((a, b) => a.ts - b.ts),
    };
  }

  /**
   * The equipment by state: not monitored (no device bound), offline (the device's last status message said
   * so), fault (an inverter reporting status 2, or a string named dead by the dispersion analysis), standby
   * (no output now: the night, or a stop) and running.
   */
  async deviceInfo(
    ctx: StaffCtx,
    input: { pvId: number },
    deadStrings: ReadonlySet<number> = new Set(),
  ): Promise<contract.NoticeboardDeviceInfo> {
    const station = await this.stations.visible(ctx, input.pvId);
    const devices = (await stationDevices(ctx.tx, station)).filter((d) => d.kind !== 'weather');
    const latest = await latestValues(
      ctx.tx,
      devices.flatMap((d) => (d.deviceId ? [d.deviceId] : [])),
      ['status', 'p_ac', 'i', 'p'],
    );
    const now = Date.now();
    const fresh = (deviceId: number, key: string) => {
      const v = latest.get(`${deviceId}:${key}`);
      return v && now - v.ts <= 2 * QUARTER_MS ? v.value : null;
    };
    const stateOf = (d: StationDevice): State => {
      if (!d.deviceId) return 'unbound';
      if (!d.online) return 'offline';
      if (d.kind === 'inverter') {
        if (fresh(d.deviceId, 'status') === INVERTER_FAULT) return 'fault';
        return (fresh(d.deviceId, 'p_ac') ?? 0) > STANDBY_BELOW ? 'running' : 'standby';
      }
      if (d.kind === 'string') {
        if (d.equipmentId != null && deadStrings.has(d.equipmentId)) return 'fault';
        return (fresh(d.deviceId, 'i') ?? 0) > STANDBY_BELOW ? 'running' : 'standby';
      }
      return 'running';
    };
    const out = { inverters: noStates(), strings: noStates(), meters: noStates() };
    for (const d of devices) out[d.kind === 'inverter' ? 'inverters' : d.kind === 'string' ? 'strings' : 'meters'][stateOf(d)]++;
    return out;
  }

  /** The inverter asked (one of the station's, else 404), or the station's first inverter with monitored strings. */
  private async inverterOf(ctx: StaffCtx, station: Station, inverterId: number | undefined): Promise<number | null> {
    const [row] = await rowsOf<{ id: number }>(
      ctx.tx,
      inverterId != null
        ? sql`select id from pv_inverter where id = ${inverterId} and station_id = ${station.id}`
        : sql`select i.id from pv_inverter i where i.station_id = ${station.id}
                and exists (select 1 from pv_string s where s.inverter_id = i.id and s.device_id is not null)
              order by i.code limit 1`,
    );
    if (!row && inverterId != null) throw notFound(`Inverter ${inverterId} of PV station ${station.code}`);
    return row ? Number(row.id) : null;
  }

  async stringCurve(ctx: StaffCtx, input: { pvId: number; day?: string; inverterId?: number }): Promise<contract.NoticeboardStringCurve> {
    const { station, day } = await this.stationDay(ctx, input);
    const inverterId = await this.inverterOf(ctx, station, input.inverterId);
    if (inverterId == null) return { inverterId: null, day, strings: [] };
    const strings = await rowsOf<{ id: number; code: string; capacity_kwp: number }>(
      ctx.tx,
      sql`select id, code, capacity_kwp from pv_string where inverter_id = ${inverterId} and device_id is not null order by code`,
    );
    const points = await stringQuarterCurrents(ctx.tx, inverterId, day, station.timeZone);
    return {
      inverterId,
      day,
      strings: strings.map((s) => ({
        stringId: Number(s.id),
        code: s.code,
        capacityKwp: Number(s.capacity_kwp),
        points: points.filter((p) => p.stringId === Number(s.id)).map(({ ts, current }) => ({ ts, current })),
      })),
    };
  }

  /** The alarm records of the station's devices (device alarms), newest first; `where` narrows them. */
  private async alarmScope(ctx: StaffCtx, station: Station) {
    const ids = (await stationDevices(ctx.tx, station)).flatMap((d) => (d.deviceId ? [d.deviceId] : []));
    return sql`a.tenant_id = ${ctx.staff.tenantId} and a.device_id = any(${sql.param(ids)}::int[])`;
  }

  async alarmWeek(ctx: StaffCtx, input: { pvId: number }): Promise<contract.NoticeboardAlarmWeek> {
    const station = await this.stations.visible(ctx, input.pvId);
    const today = dayIn(station.timeZone);
    const first = addDays(today, -6);
    const { from } = dayWindow(first, today);
    const rows = await rowsOf<{ day: string; level: number; n: number }>(
      ctx.tx,
      sql`select to_char(a.alarm_time at time zone ${station.timeZone}, 'YYYY-MM-DD') as day, a.level, count(*)::int as n
          from alarm_log a
          where ${await this.alarmScope(ctx, station)} and a.alarm_time >= ${new Date(from).toISOString()}::timestamptz
          group by 1, 2`,
    );
    const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
    return {
      days: days.map((day) => {
        const byLevel = Array.from({ length: ALARM_LEVELS }, (_, level) =>
          rows.filter((r) => r.day === day && Number(r.level) === level).reduce((s, r) => s + Number(r.n), 0),
        );
        return { day, total: byLevel.reduce((s, n) => s + n, 0), byLevel };
      }),
    };
  }

  async alarmCount(ctx: StaffCtx, input: { pvId: number }): Promise<contract.NoticeboardAlarmCount> {
    const station = await this.stations.visible(ctx, input.pvId);
    const { from } = dayWindow(dayIn(station.timeZone), dayIn(station.timeZone));
    const rows = await rowsOf<{ level: number; active: number; today: number }>(
      ctx.tx,
      sql`select a.level, count(*) filter (where a.state = 0)::int as active,
                 count(*) filter (where a.alarm_time >= ${new Date(from).toISOString()}::timestamptz
                   and to_char(a.alarm_time at time zone ${station.timeZone}, 'YYYY-MM-DD') = ${dayIn(station.timeZone)})::int as today
          from alarm_log a where ${await this.alarmScope(ctx, station)} and (a.state = 0 or a.alarm_time >= ${new Date(from).toISOString()}::timestamptz)
          group by a.level`,
    );
    const activeByLevel = Array.from({ length: ALARM_LEVELS }, (_, level) =>
      Number(rows.find((r) => Number(r.level) === level)?.active ?? 0),
    );
    return {
      active: activeByLevel.reduce((s, n) => s + n, 0),
      activeByLevel,
      raisedToday: rows.reduce((s, r) => s + Number(r.today), 0),
    };
  }

  async alarmPage(
    ctx: StaffCtx,
    input: { pvId: number; pageSize: number; pageOffset: number; activeOnly: boolean },
  ): Promise<contract.NoticeboardAlarmPageAnswer> {
    const station = await this.stations.visible(ctx, input.pvId);
    const where = sql`${await this.alarmScope(ctx, station)} ${input.activeOnly ? sql`and a.state = 0` : sql``}`;
    const [total] = await rowsOf<{ n: number }>(ctx.tx, sql`select count(*)::int as n from alarm_log a where ${where}`);
    const rows = await rowsOf<{
      id: number;
      level: number;
      device_code: string | null;
      device_name: string | null;
      content: string;
      alarm_time: Date | string;
      state: number;
      recover_time: Date | string | null;
    }>(
      ctx.tx,
      sql`select a.id, a.level, a.device_code, a.device_name, a.content, a.alarm_time, a.state, a.recover_time
          from alarm_log a where ${where}
          order by a.state, a.alarm_time desc, a.id desc
          limit ${input.pageSize} offset ${(input.pageOffset - 1) * input.pageSize}`,
    );
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        level: Number(r.level),
        deviceCode: r.device_code,
        deviceName: r.device_name,
        content: r.content,
        alarmTime: new Date(r.alarm_time).toISOString(),
        state: Number(r.state),
        recoverTime: r.recover_time == null ? null : new Date(r.recover_time).toISOString(),
      })),
      totalCount: Number(total?.n ?? 0),
      pageSize: input.pageSize,
      pageOffset: input.pageOffset,
    };
  }
}

/** The strings' average current per 15 min bucket of a local day, keyed by string id. */
export async function stringQuarterCurrents(tx: Db, inverterId: number, day: string, zone: string) {
  const { from, to } = dayWindow(day, day);
  const rows = await rowsOf<{ string_id: number; ts: number; avg: number | null }>(
    tx,
    sql`select s.id as string_id, (extract(epoch from r.bucket) * 1000)::float8 as ts, r.sum / nullif(r.count, 0) as avg
        from pv_string s join device dv on dv.id = s.device_id
        join data_property p on p.device_type_id = dv.device_type_id and p.key = 'i'
        join telemetry_15m r on r.device_id = dv.id and r.property_id = p.id
        where s.inverter_id = ${inverterId}
          and r.bucket >= ${new Date(from).toISOString()}::timestamptz and r.bucket < ${new Date(to).toISOString()}::timestamptz
          and to_char(r.bucket at time zone ${zone}, 'YYYY-MM-DD') = ${day}
        order by s.id, r.bucket`,
  );
  return rows.map((r) => ({
    stringId: Number(r.string_id),
    ts: Number(r.ts),
    current: r.avg == null ? null : Math.round(Number(r.avg) * 1000) / 1000,
  }));
}

const round1 = (v: number | null) => (v == null ? null : Math.round(v * 10) / 10);
