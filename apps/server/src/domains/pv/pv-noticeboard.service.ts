import type { pv as contract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import type { AlarmRecordsService } from '../alarm/alarm-records.service.js';
import { addDays, dayWindow, daysFrom } from './pv-energy.js';
import type { PvDispersionService } from './pv-dispersion.service.js';
import type { PvOutlineDevicesService } from './pv-outline-devices.service.js';
import { deviceStates, latestValues, stateOf, stationDeviceIds, stationEquipment, weatherQuarters } from './pv-outline-data.js';
import { periodStart } from '../line-loss/line-loss-figures.js';
import type { PvOutlineService } from './pv-outline.service.js';
import type { PvPerformanceService } from './pv-performance.service.js';
import { dayIn, type PvStationsService } from './pv-stations.service.js';

// The control-room noticeboard of a PV station (docs/pv-analytics.md, "Noticeboard"): a facade over the
// outline (figures, power curve, equipment states, alarms), the performance service (PR of a day) and the
// dispersion service (rates, curves, string currents), plus what only the board shows (the weather station's
// panel, the week of alarms). Nothing here scans more than a day of rollups or a week of alarms.

type Station = contract.PvStationRow;
type State = contract.OutlineState;

const STATES: readonly State[] = ['no-device', 'offline', 'fault', 'alarm', 'online'];
const noStates = (): Record<State, number> => Object.fromEntries(STATES.map((s) => [s, 0])) as Record<State, number>;
/** The weather station's properties the board shows, by the env-sensor's keys. */
const WEATHER_KEYS = ['irradiance', 'temp_module', 'temp_amb', 'wind', 'humidity'] as const;
const ALARM_LEVELS = 5;

export interface NoticeboardParts {
  outline: Pick<PvOutlineService, 'summary' | 'power'>;
  devices: Pick<PvOutlineDevicesService, 'alarmPage' | 'alarmCount'>;
  dispersion: Pick<PvDispersionService, 'inverterRates' | 'curve'>;
  performance: Pick<PvPerformanceService, 'stationFigures'>;
  alarms: Pick<AlarmRecordsService, 'activeByDevice'>;
}

const round1 = (v: number | null) => (v == null ? null : Math.round(v * 10) / 10);
/** A percentage with 2 decimals as a ratio with 4 (2.72 % → 0.0272), without the float tail of a division. */
const ratio = (percent: number | null) => (percent == null ? null : Math.round(percent * 100) / 10_000);

export class PvNoticeboardService {
  constructor(
    private readonly stations: PvStationsService,
    private readonly parts: NoticeboardParts,
  ) {}

  /** The station (visible to the staff, else 404) and the local day asked, never after today. */
  private async stationDay(ctx: StaffCtx, input: { pvId: number; day?: string }): Promise<{ station: Station; day: string }> {
    const station = await this.stations.visible(ctx, input.pvId);
    const today = dayIn(station.timeZone);
    if (input.day && input.day > today) throw invalid('body.day', `must not be after today (${today} in ${station.timeZone})`);
    return { station, day: input.day ?? today };
  }

  /** The station's card: the outline's figures of today and its power curve. */
  async info(ctx: StaffCtx, input: { pvId: number }): Promise<contract.NoticeboardInfo> {
    const station = await this.stations.visible(ctx, input.pvId);
    const summary = await this.parts.outline.summary(ctx, { pvId: station.id });
    const power = await this.parts.outline.power(ctx, { pvId: station.id, day: summary.day });
    return {
      pvId: station.id,
      code: station.code,
      name: station.name,
      address: station.address,
      capacityKwp: station.capacityKwp,
      gridConnectionDate: station.gridConnectionDate,
      timeZone: station.timeZone,
      day: summary.day,
      asOf: new Date().toISOString(),
      powerKw: summary.powerKw,
      todayWh: summary.energyWh.today,
      monthWh: summary.energyWh.month,
      yearWh: summary.energyWh.year,
      totalWh: summary.energyWh.total,
      co2AvoidedKg: summary.co2AvoidedKg.total,
      curve: power.points.map((p) => ({ ts: p.ts, powerKw: p.powerKw, irradiance: p.irradianceWm2 })),
    };
  }

  /** A day's PR, temperature-corrected PR, equivalent hours and irradiation: the performance service's. */
  async indicator(ctx: StaffCtx, input: { pvId: number; day?: string }): Promise<contract.NoticeboardIndicator> {
    const { station, day } = await this.stationDay(ctx, input);
    const f = await this.parts.performance.stationFigures(ctx, station.id, day, day);
    return {
      day,
      generationWh: f.generationWh,
      irradiationWhM2: f.irradiationWhM2,
      pr: f.pr,
      prTempCorrected: f.prTempCorrected,
      equivalentHours: f.equivalentHours,
    };
  }

  async moduleData(ctx: StaffCtx, input: { pvId: number; day?: string }): Promise<contract.NoticeboardModuleData> {
    const { station, day } = await this.stationDay(ctx, input);
    const weatherId = station.weatherStationId;
    if (weatherId == null)
      return { weatherStation: null, irradiance: null, tempModule: null, tempAmbient: null, wind: null, humidity: null, curve: [] };
    const [head] = await rowsOf<{ code: string; name: string; last_seen_at: Date | string | null }>(
      ctx.tx,
      sql`select code, name, last_seen_at from device where id = ${weatherId}`,
    );
    const latest = await latestValues(
      ctx.tx,
      WEATHER_KEYS.map((key) => ({ deviceId: weatherId, key })),
    );
    const value = (k: (typeof WEATHER_KEYS)[number]) => latest.find((v) => v.key === k)?.value ?? null;
    const zone = station.timeZone;
    const weather = await weatherQuarters(
      ctx.tx,
      weatherId,
      ['irradiance', 'temp_module'],
      periodStart(zone, day),
      periodStart(zone, addDays(day, 1)),
    );
    const byTs = new Map<number, { ts: number; irradiance: number | null; tempModule: number | null }>();
    for (const [key, field] of [
      ['irradiance', 'irradiance'],
      ['temp_module', 'tempModule'],
    ] as const)
      for (const [ts, avg] of weather.get(key)!) {
        const point = byTs.get(ts) ?? { ts, irradiance: null, tempModule: null };
        point[field] = round1(avg);
        byTs.set(ts, point);
      }
    return {
      weatherStation: head
        ? {
            deviceId: weatherId,
            code: head.code,
            name: head.name,
            lastSeenAt: head.last_seen_at == null ? null : new Date(head.last_seen_at).toISOString(),
          }
        : null,
      irradiance: value('irradiance'),
      tempModule: value('temp_module'),
      tempAmbient: value('temp_amb'),
      wind: value('wind'),
      humidity: value('humidity'),
      curve: [...byTs.values()].sort((a, b) => a.ts - b.ts),
    };
  }

  /** Inverters, strings and grid-point meters counted by the outline's states (docs/pv-analytics.md, "Outline"). */
  async deviceInfo(ctx: StaffCtx, input: { pvId: number }): Promise<contract.NoticeboardDeviceInfo> {
    const station = await this.stations.visible(ctx, input.pvId);
    const equipment = (await stationEquipment(ctx.tx, station)).filter((e) => e.kind !== 'weather');
    const ids = [...new Set(equipment.flatMap((e) => (e.deviceId == null ? [] : [e.deviceId])))];
    const active = await this.parts.alarms.activeByDevice(ctx, ids);
    const states = await deviceStates(ctx.tx, equipment, new Set(active.map((a) => a.deviceId)));
    const out = { inverters: noStates(), strings: noStates(), meters: noStates() };
    for (const e of equipment)
      out[e.kind === 'inverter' ? 'inverters' : e.kind === 'string' ? 'strings' : 'meters'][stateOf(states, e.deviceId)]++;
    return out;
  }

  /** Each inverter's dispersion over the day (per inverter, or its MPPT groups' worst, as the station's analysis config groups them). */
  async dispersionDevices(ctx: StaffCtx, input: { pvId: number; day?: string }): Promise<contract.NoticeboardDispersionDevices> {
    const { station, day } = await this.stationDay(ctx, input);
    const units = await this.parts.dispersion.inverterRates(ctx, station.id, day, day);
    const byInverter = new Map<number, contract.NoticeboardDispersionDevices['devices'][number] & { classIndex: number }>();
    for (const u of units) {
      const seen = byInverter.get(u.inverterId);
      const rate = ratio(u.ratePercent);
      const row = seen ?? {
        inverterId: u.inverterId,
        code: u.inverterCode,
        name: u.inverterName,
        rate,
        className: u.className,
        classIndex: u.classIndex ?? -1,
        strings: 0,
        deadStrings: [],
        weakStrings: [],
      };
      // an inverter grouped per MPPT shows its worst group
      if (seen && (u.classIndex ?? -1) > seen.classIndex)
        Object.assign(row, { rate, className: u.className, classIndex: u.classIndex ?? -1 });
      row.strings += u.stringsTotal;
      row.deadStrings.push(...u.deadStrings.map((s) => s.code));
      row.weakStrings.push(...u.weakStrings.map((s) => s.code));
      byInverter.set(u.inverterId, row);
    }
    return { day, devices: [...byInverter.values()].map(({ classIndex: _, ...d }) => d) };
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

  /** One inverter's dispersion per 15 minutes of the day (the dispersion service's curve; null outside the qualifying buckets). */
  async dispersionCurve(
    ctx: StaffCtx,
    input: { pvId: number; day?: string; inverterId?: number },
  ): Promise<contract.NoticeboardDispersionCurve> {
    const { station, day } = await this.stationDay(ctx, input);
    const inverterId = await this.inverterOf(ctx, station, input.inverterId);
    if (inverterId == null) return { inverterId: null, day, points: [] };
    const curve = await this.parts.dispersion.curve(ctx, inverterId, day);
    return { inverterId, day, points: curve.buckets.map((b) => ({ ts: b.ts, rate: ratio(b.ratePercent) })) };
  }

  /** One inverter's string currents per 15 minutes of the day (the dispersion service's curve), with each string's capacity. */
  async stringCurve(ctx: StaffCtx, input: { pvId: number; day?: string; inverterId?: number }): Promise<contract.NoticeboardStringCurve> {
    const { station, day } = await this.stationDay(ctx, input);
    const inverterId = await this.inverterOf(ctx, station, input.inverterId);
    if (inverterId == null) return { inverterId: null, day, strings: [] };
    const curve = await this.parts.dispersion.curve(ctx, inverterId, day);
    const capacities = await rowsOf<{ id: number; capacity_kwp: number; device_id: number | null }>(
      ctx.tx,
      sql`select id, capacity_kwp, device_id from pv_string where inverter_id = ${inverterId}`,
    );
    const kwp = new Map(capacities.map((c) => [Number(c.id), { kwp: Number(c.capacity_kwp), monitored: c.device_id != null }]));
    return {
      inverterId,
      day,
      strings: curve.strings
        .filter((s) => kwp.get(s.id)?.monitored)
        .map((s) => ({
          stringId: s.id,
          code: s.code,
          capacityKwp: kwp.get(s.id)!.kwp,
          points: curve.buckets.flatMap((b, i) => (s.currents[i] == null ? [] : [{ ts: b.ts, current: s.currents[i]! }])),
        })),
    };
  }

  /** The alarms of the station's devices: a query's condition. */
  private async alarmScope(ctx: StaffCtx, station: Station) {
    const ids = await stationDeviceIds(ctx.tx, station);
    return sql`a.tenant_id = ${ctx.staff.tenantId} and a.device_id = any(${sql.param(ids)}::int[])`;
  }

  /** The alarms raised on the local days first..today, per day and level (levels 0..4). */
  private async raisedByDay(ctx: StaffCtx, station: Station, first: string) {
    const today = dayIn(station.timeZone);
    const { from } = dayWindow(first, today);
    const rows = await rowsOf<{ day: string; level: number; n: number }>(
      ctx.tx,
      sql`select to_char(a.alarm_time at time zone ${station.timeZone}, 'YYYY-MM-DD') as day, a.level, count(*)::int as n
          from alarm_log a
          where ${await this.alarmScope(ctx, station)} and a.alarm_time >= ${new Date(from).toISOString()}::timestamptz
          group by 1, 2`,
    );
    return daysFrom(first, today).map((day) => {
      const byLevel = Array.from({ length: ALARM_LEVELS }, (_, level) =>
        rows.filter((r) => r.day === day && Number(r.level) === level).reduce((s, r) => s + Number(r.n), 0),
      );
      return { day, total: byLevel.reduce((s, n) => s + n, 0), byLevel };
    });
  }

  async alarmWeek(ctx: StaffCtx, input: { pvId: number }): Promise<contract.NoticeboardAlarmWeek> {
    const station = await this.stations.visible(ctx, input.pvId);
    return { days: await this.raisedByDay(ctx, station, addDays(dayIn(station.timeZone), -6)) };
  }

  /** Active alarms by level (the outline's count) and those raised on the local day. */
  async alarmCount(ctx: StaffCtx, input: { pvId: number }): Promise<contract.NoticeboardAlarmCount> {
    const counts = await this.parts.devices.alarmCount(ctx, input);
    const station = await this.stations.visible(ctx, input.pvId);
    const [today] = await this.raisedByDay(ctx, station, dayIn(station.timeZone));
    const activeByLevel = Array.from({ length: ALARM_LEVELS }, (_, level) => counts.levels.find((l) => l.level === level)?.active ?? 0);
    return { active: counts.active, activeByLevel, raisedToday: today!.total };
  }

  /** The station's alarms, newest first, or only the active ones (the outline's page). */
  async alarmPage(
    ctx: StaffCtx,
    input: { pvId: number; pageSize: number; pageOffset: number; activeOnly: boolean },
  ): Promise<contract.NoticeboardAlarmPageAnswer> {
    return this.parts.devices.alarmPage(ctx, {
      pvId: input.pvId,
      pageSize: input.pageSize,
      pageOffset: input.pageOffset,
      ...(input.activeOnly ? { state: 0 } : {}),
    } as never);
  }
}
