import { pv as contract, type BodyOf } from '@energy/contracts';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { localClock } from '../../pricing/tou-pricing.js';
import type { AlarmRecordsService } from '../alarm/alarm-records.service.js';
import { periodStart } from '../line-loss/line-loss-figures.js';
import { addDays, daysFrom, quarterEnergy } from './pv-energy.js';
import {
  co2Kg,
  dayEnergy,
  deviceStates,
  freshSum,
  generationSeries,
  hoursOf,
  latestValues,
  stationEquipment,
  weatherQuarters,
} from './pv-outline-data.js';
import type { PvPerformanceService } from './pv-performance.service.js';
import type { PvReportsService } from './pv-reports.service.js';
import { dayIn, type PvStationsService } from './pv-stations.service.js';

// The PV outline's figures (docs/pv-analytics.md, "Outline"): the summary, the power and energy charts,
// the daily performance of a month, the indicators, and the home page's PV card. Today and this month
// come from the 15 min rollups (as the reports); earlier months and years from the day rollups.

type Station = Awaited<ReturnType<PvStationsService['visible']>>;
const QUARTER_MS = 15 * 60_000;
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const kwhM2 = (whM2: number | null) => (whM2 === null ? null : round3(whM2 / 1000));

/** The local periods of a station around a day: the instants its day, month and year start and end. */
function periodsOf(zone: string, day: string) {
  const monthFirst = `${day.slice(0, 7)}-01`;
  const [y, m] = day.split('-').map(Number) as [number, number];
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return {
    dayStart: periodStart(zone, day),
    dayEnd: periodStart(zone, addDays(day, 1)),
    monthFirst,
    monthStart: periodStart(zone, monthFirst),
    monthEnd: periodStart(zone, nextMonth),
    yearStart: periodStart(zone, `${y}-01-01`),
    yearEnd: periodStart(zone, `${y + 1}-01-01`),
  };
}

export class PvOutlineService {
  constructor(
    private readonly stations: PvStationsService,
    private readonly reports: PvReportsService,
    private readonly alarms: AlarmRecordsService,
    /** The PR and irradiation of every PV page (docs/pv-analytics.md, "Performance"). */
    private readonly perf: Pick<PvPerformanceService, 'stationDays'>,
  ) {}

  /** Power now, energy today / month / year / total, equivalent hours, irradiation, PR, CO2 avoided and income. */
  async summary(ctx: StaffCtx, input: { pvId: number; day?: string }): Promise<contract.OutlineSummary> {
    const station = await this.stations.visible(ctx, input.pvId);
    const tx = ctx.tx;
    const zone = station.timeZone;
    const now = dayIn(zone);
    if (input.day && input.day > now) throw invalid('body.day', `must not be after today (${now})`);
    const today = input.day ?? now;
    const p = periodsOf(zone, today);
    // today and this month as the reports compute them (15 min rollups), with the income of each day
    const report = await this.reports.report(ctx, {
      pvId: station.id,
      resolution: 'day',
      from: p.monthFirst,
      to: today,
      showIncome: true,
      showTimePeriod: false,
    });
    const todayPeriod = report.periods.find((x) => x.label === today);
    const todayWh = todayPeriod?.generationWh ?? 0;
    const monthWh = report.total.generationWh;
    const gen = await generationSeries(tx, station.id);
    // earlier whole months of the year and earlier years from the day rollups
    const before = await dayEnergy(tx, gen.series, null, p.monthStart);
    const yearWh = monthWh + before.filter((d) => d.ts >= p.yearStart).reduce((s, d) => s + d.wh, 0);
    const totalWh = monthWh + before.reduce((s, d) => s + d.wh, 0);
    // PR and irradiation of today and of the month, as the performance pages compute them
    const perf = await this.perf.stationDays(ctx, station, p.monthFirst, today);
    const prToday = perf.days.get(today)!;
    const prMonth = perf.total;
    // now: the generation meters' power, else the inverters' AC power; the weather station's irradiance
    const powerKey = gen.source === 'generation-meter' ? 'p' : 'p_ac';
    const isToday = today === now;
    const power = isToday
      ? freshSum(
          await latestValues(
            tx,
            gen.series.map((s) => ({ deviceId: s.deviceId, key: powerKey })),
          ),
        )
      : null;
    const sun =
      !isToday || station.weatherStationId == null
        ? null
        : freshSum(await latestValues(tx, [{ deviceId: station.weatherStationId, key: 'irradiance' }]));
    const periods = { today: todayWh, month: monthWh, year: yearWh, total: totalWh };
    const map = (f: (wh: number) => number) => ({ today: f(todayWh), month: f(monthWh), year: f(yearWh), total: f(totalWh) });
    return {
      pvId: station.id,
      pvName: station.name,
      capacityKwp: station.capacityKwp,
      timeZone: zone,
      day: today,
      powerKw: power ? round3(power.value) : null,
      powerAt: power ? new Date(power.at).toISOString() : null,
      irradianceWm2: sun ? Math.round(sun.value * 10) / 10 : null,
      energyWh: periods,
      equivalentHours: map((wh) => hoursOf(wh, station.capacityKwp)),
      irradiationKwhM2: { today: kwhM2(prToday.irradiationWhM2), month: kwhM2(prMonth.irradiationWhM2) },
      pr: { today: prToday.pr, month: prMonth.pr },
      co2AvoidedKg: map(co2Kg),
      emissionFactorKgPerKwh: contract.CO2_KG_PER_KWH,
      income: {
        today: todayPeriod?.income?.total ?? 0,
        month: report.total.income?.total ?? 0,
        currency: report.currency,
        unpricedWh: report.total.income?.unpricedWh ?? 0,
      },
    };
  }

  /** A day's 15 min average power (from the energy of each quarter) and irradiance. */
  async power(ctx: StaffCtx, input: BodyOf<typeof contract.pvOutlinePower>) {
    const station = await this.stations.visible(ctx, input.pvId);
    const day = input.day ?? dayIn(station.timeZone);
    const p = periodsOf(station.timeZone, day);
    const gen = await generationSeries(ctx.tx, station.id);
    const energy = new Map((await quarterEnergy(ctx.tx, gen.series, p.dayStart, p.dayEnd)).map((q) => [q.ts, q.wh]));
    const irradiance = (await weatherQuarters(ctx.tx, station.weatherStationId, ['irradiance'], p.dayStart, p.dayEnd)).get('irradiance')!;
    const points = [];
    let peakKw: number | null = null;
    for (let ts = p.dayStart; ts < p.dayEnd; ts += QUARTER_MS) {
      const wh = energy.get(ts);
      const powerKw = wh === undefined ? null : (wh * 4) / 1000;
      if (powerKw !== null && (peakKw === null || powerKw > peakKw)) peakKw = powerKw;
      const g = irradiance.get(ts);
      points.push({ ts, powerKw, irradianceWm2: g === undefined ? null : Math.round(g * 10) / 10 });
    }
    return { day, timeZone: station.timeZone, capacityKwp: station.capacityKwp, peakKw, points };
  }

  /** Energy bars: a day by hour (15 min rollups), a month by day, a year by month, the whole life by year (day rollups). */
  async dataStatistics(ctx: StaffCtx, input: BodyOf<typeof contract.pvOutlineDataStatistics>) {
    const station = await this.stations.visible(ctx, input.pvId);
    const zone = station.timeZone;
    const day = input.day ?? dayIn(zone);
    const p = periodsOf(zone, day);
    const gen = await generationSeries(ctx.tx, station.id);
    const sums = new Map<string, number>();
    const add = (label: string, wh: number) => sums.set(label, (sums.get(label) ?? 0) + wh);
    if (input.period === 'day') {
      for (let h = 0; h < 24; h++) sums.set(`${String(h).padStart(2, '0')}:00`, 0);
      for (const q of await quarterEnergy(ctx.tx, gen.series, p.dayStart, p.dayEnd))
        add(`${String(Math.floor(localClock(zone, q.ts).minute / 60)).padStart(2, '0')}:00`, q.wh);
    } else if (input.period === 'month') {
      for (const d of daysFrom(p.monthFirst, addDays(periodDay(zone, p.monthEnd), -1))) sums.set(d, 0);
      for (const d of await dayEnergy(ctx.tx, gen.series, p.monthStart, p.monthEnd)) add(localClock(zone, d.ts).date, d.wh);
    } else if (input.period === 'year') {
      for (let m = 1; m <= 12; m++) sums.set(`${day.slice(0, 4)}-${String(m).padStart(2, '0')}`, 0);
      for (const d of await dayEnergy(ctx.tx, gen.series, p.yearStart, p.yearEnd)) add(localClock(zone, d.ts).month, d.wh);
    } else {
      for (const d of await dayEnergy(ctx.tx, gen.series, null, p.yearEnd)) add(localClock(zone, d.ts).date.slice(0, 4), d.wh);
    }
    const points = [...sums.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([label, wh]) => ({ label, energyWh: wh, equivalentHours: hoursOf(wh, station.capacityKwp), co2AvoidedKg: co2Kg(wh) }));
    return { period: input.period, timeZone: zone, points, totalWh: points.reduce((s, x) => s + x.energyWh, 0) };
  }

  /** Each day of a month: energy, irradiation, equivalent hours and PR (15 min rollups of the month). */
  async performance(ctx: StaffCtx, input: BodyOf<typeof contract.pvOutlinePerformance>) {
    const station = await this.stations.visible(ctx, input.pvId);
    const zone = station.timeZone;
    const today = dayIn(zone);
    const month = input.month ?? today.slice(0, 7);
    if (month > today.slice(0, 7)) throw invalid('body.month', 'must not be after the current month');
    const p = periodsOf(zone, `${month}-01`);
    const last = addDays(periodDay(zone, p.monthEnd), -1);
    const perf = await this.perf.stationDays(ctx, station, `${month}-01`, last < today ? last : today);
    const days = [...perf.days].map(([d, f]) => ({
      day: d,
      energyWh: f.generationWh,
      irradiationKwhM2: kwhM2(f.irradiationWhM2),
      equivalentHours: hoursOf(f.generationWh, station.capacityKwp),
      pr: f.pr,
    }));
    const energyWh = days.reduce((s, d) => s + d.energyWh, 0);
    const all = perf.total;
    return {
      month,
      capacityKwp: station.capacityKwp,
      days,
      total: {
        energyWh,
        irradiationKwhM2: kwhM2(all.irradiationWhM2),
        equivalentHours: hoursOf(energyWh, station.capacityKwp),
        pr: all.pr,
      },
    };
  }

  /** Capacity, equipment, devices online, inverters by state, active alarms, days in operation. */
  async indicators(ctx: StaffCtx, input: { pvId: number }) {
    const station = await this.stations.visible(ctx, input.pvId);
    const equipment = await stationEquipment(ctx.tx, station);
    const deviceIds = [...new Set(equipment.flatMap((e) => (e.deviceId == null ? [] : [e.deviceId])))];
    const active = await this.alarms.activeByDevice(ctx, deviceIds);
    const states = await deviceStates(ctx.tx, equipment, new Set(active.map((a) => a.deviceId)));
    const inverters = equipment.filter((e) => e.kind === 'inverter');
    const strings = equipment.filter((e) => e.kind === 'string');
    const inverterState = (s: string) => inverters.filter((i) => i.deviceId != null && states.get(i.deviceId) === s).length;
    const ratedAcKw = inverters.reduce((s, i) => s + (i.ratedAcKw ?? 0), 0);
    const online = [...states.values()].filter((s) => s !== 'offline').length;
    const today = dayIn(station.timeZone);
    const row = (key: string, value: number | null, unit = '') => ({ key, value, unit });
    return [
      row('capacity', station.capacityKwp, 'kWp'),
      row('ratedAc', Math.round(ratedAcKw * 1000) / 1000, 'kW'),
      row('dcAcRatio', ratedAcKw > 0 ? Math.round((station.capacityKwp / ratedAcKw) * 1000) / 1000 : null),
      row('areas', station.areaCount),
      row('inverters', inverters.length),
      row('strings', strings.length),
      row(
        'modules',
        strings.reduce((s, x) => s + (x.moduleCount ?? 0), 0),
      ),
      row('devices', deviceIds.length),
      row('devicesOnline', online),
      row('onlineRate', deviceIds.length ? Math.round((online / deviceIds.length) * 1000) / 10 : null, '%'),
      row('invertersOnline', inverterState('online') + inverterState('alarm')),
      row('invertersFault', inverterState('fault')),
      row('invertersOffline', inverterState('offline')),
      row(
        'activeAlarms',
        active.reduce((s, a) => s + a.active, 0),
      ),
      row('daysInOperation', station.gridConnectionDate ? Math.max(0, daysFrom(station.gridConnectionDate, today).length - 1) : null, 'd'),
    ];
  }

  /** The home page's PV card: the staff's grid-connected stations, their power now and energy (day rollups). */
  async dashboard(ctx: StaffCtx) {
    const stations: Station[] = await this.stations.all(ctx, { stage: 'grid-connected' });
    let powerKw = 0;
    let today = 0;
    let month = 0;
    let total = 0;
    for (const station of stations) {
      const p = periodsOf(station.timeZone, dayIn(station.timeZone));
      const gen = await generationSeries(ctx.tx, station.id);
      for (const d of await dayEnergy(ctx.tx, gen.series, null, p.dayEnd)) {
        total += d.wh;
        if (d.ts >= p.monthStart) month += d.wh;
        if (d.ts >= p.dayStart) today += d.wh;
      }
      const key = gen.source === 'generation-meter' ? 'p' : 'p_ac';
      powerKw +=
        freshSum(
          await latestValues(
            ctx.tx,
            gen.series.map((s) => ({ deviceId: s.deviceId, key })),
          ),
        )?.value ?? 0;
    }
    const capacityKwp = stations.reduce((s, x) => s + x.capacityKwp, 0);
    return {
      stations: stations.length,
      capacityKwp: round3(capacityKwp),
      powerKw: round3(powerKw),
      energyWhToday: today,
      energyWhMonth: month,
      energyWhTotal: total,
      co2AvoidedKgTotal: co2Kg(total),
      equivalentHoursToday: capacityKwp > 0 ? hoursOf(today, capacityKwp) : 0,
    };
  }
}

/** The local day an instant (a period's start) falls on. */
const periodDay = (zone: string, ts: number) => localClock(zone, ts).date;
