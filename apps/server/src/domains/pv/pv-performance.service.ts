import { pv as contract, type BodyOf } from '@energy/contracts';
import { and, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { customPlans } from '../../db/sql.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { stationMeters } from './meter-readings.service.js';
import { daysFrom, INVERTER_KEY, quarterEnergy, type Series } from './pv-energy.js';
import type { PvPerformanceConfigService } from './pv-performance-config.service.js';
import {
  dayBounds,
  inverterDelivery,
  darkSums,
  deviceSums,
  type DayScope,
  quarterMeans,
  stationInverters,
  tenantZoneOf,
  weatherDays,
  type PerformanceParams,
  type StationInverter,
  type WeatherDay,
} from './pv-performance-data.js';
import { daylightQuarters } from './pv-daylight.js';
import { lossWaterfall, type InverterChain } from './pv-performance-loss.js';
import type { PvStationsService } from './pv-stations.service.js';
import { pvArea } from './pv.schema.js';

// Performance figures of PV stations, areas and inverters (docs/pv-analytics.md, "Performance"):
// PR = E_AC / (H_POA / G_STC × P_STC) (IEC 61724-1), the temperature-corrected PR (IEC 61724-1; Dierauf
// et al., NREL/TP-5200-57991, 2013), equivalent hours and specific yield, inverter efficiency, and the
// loss waterfall. Everything from the rollups (pv-performance-data.ts).

type Station = contract.PvStationRow;
const Q = 15 * 60_000;
const DAY_MS = 86_400_000;

/** What a period of a target sums: its energy and the weather station's irradiation. */
export interface PeriodSums {
  energyWh: number;
  /** Of it, the energy of the quarters without irradiance (no reading or ≤ 0 W/m²), which drops out of the PR (DOMAIN.md). */
  darkWh: number;
  /** H_POA, Wh/m². */
  h: number;
  /** Temperature-corrected reference Σ G × 0.25 × (1 + γ (T − T_ref)), Wh/m². */
  x: number;
  temps: number;
  /** The station has a weather station with irradiance in the period. */
  weather: boolean;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The figures of a period for P_STC `kwp`: PR and corrected PR against the weather station, equivalent hours and specific yield. */
export function figuresOf(s: PeriodSums, kwp: number): contract.PerformanceFigures {
  const reference = s.h * kwp; // Wh: H_POA / G_STC × P_STC = (H Wh/m² / 1000 W/m²) × kWp × 1000
  const corrected = s.x * kwp;
  const prWh = s.energyWh - s.darkWh;
  const yieldH = round(s.energyWh / 1000 / kwp, 2);
  return {
    generationWh: s.energyWh,
    irradiationWhM2: s.weather ? round(s.h, 1) : null,
    pr: s.weather && reference > 0 ? round(prWh / reference, 4) : null,
    prTempCorrected: s.weather && s.temps > 0 && corrected > 0 ? round(prWh / corrected, 4) : null,
    equivalentHours: yieldH,
    specificYieldKwhPerKwp: yieldH,
  };
}

/** What every figure of a station over a period reads once. */
interface Basis {
  station: Station;
  cfg: PerformanceParams;
  days: string[];
  /** The station's days are its tenant's: the day rollup answers per day. */
  dayRollup: boolean;
  /** The weather station's days; null: the station has no weather station. */
  weather: Map<string, WeatherDay> | null;
  /** The period's daylight quarters without a positive irradiance (weatherDays); null: no weather station or no coordinates. */
  dark: string[] | null;
  inverters: StationInverter[];
}

const addMaps = (into: Map<string, number>, from: Map<string | number, number>) => {
  for (const [day, wh] of from) into.set(String(day), (into.get(String(day)) ?? 0) + wh);
  return into;
};

export class PvPerformanceService {
  constructor(
    private readonly stations: PvStationsService,
    private readonly config: PvPerformanceConfigService,
  ) {}

  private async basis(ctx: StaffCtx, station: Station, from: string, to: string, field = 'body'): Promise<Basis> {
    if (to < from) throw invalid(`${field}.to`, 'must not be before from');
    const days = daysFrom(from, to);
    if (days.length > contract.MAX_PERFORMANCE_DAYS)
      throw invalid(`${field}.to`, `the range must be at most ${contract.MAX_PERFORMANCE_DAYS} days`);
    // year-long reads whose plans depend on their ranges and arrays: never a generic plan (db/sql.ts)
    await customPlans(ctx.tx);
    const cfg = await this.config.params(ctx, station.id);
    const weather =
      station.weatherStationId === null
        ? null
        : await weatherDays(ctx.tx, station.weatherStationId, station.timeZone, from, to, cfg, this.daylight(station, days));
    return {
      station,
      cfg,
      days,
      dayRollup: (await tenantZoneOf(ctx.tx, station.id)) === station.timeZone,
      weather: weather?.days ?? null,
      dark: weather?.dark ?? null,
      inverters: await stationInverters(ctx.tx, station.id),
    };
  }

  /** The period's daylight quarters at the station (null: the station has no coordinates: every quarter is looked at). */
  private daylight(station: Station, days: string[]): number[] | null {
    const at = station.location;
    if (!at) return null;
    const from = Date.parse(`${days[0]}T00:00:00Z`) - DAY_MS;
    const to = Date.parse(`${days.at(-1)}T00:00:00Z`) + 2 * DAY_MS;
    return daylightQuarters(days, at.latitude, at.longitude, from, to);
  }

  private scope(b: Basis): DayScope {
    return { zone: b.station.timeZone, first: b.days[0]!, last: b.days.at(-1)!, dayRollup: b.dayRollup };
  }

  /** Σ of the inverters' AC energy (`e_total`) or DC energy (`p_dc`), Wh, per day or per device. */
  private inverterSums(ctx: StaffCtx, b: Basis, inverters: StationInverter[], key: 'e_total' | 'p_dc', by: 'day' | 'device') {
    const ids = inverters.flatMap((i) => (i.deviceId === null ? [] : [i.deviceId]));
    return deviceSums(ctx.tx, ids, key, key === 'p_dc' ? 'power' : 'counter', this.scope(b), by);
  }

  /** The inverters' AC energy in the quarters without irradiance, Wh, per day or per device (drops out of their PR). */
  private inverterDark(ctx: StaffCtx, b: Basis, inverters: StationInverter[], by: 'day' | 'device') {
    const ids = inverters.flatMap((i) => (i.deviceId === null ? [] : [i.deviceId]));
    return darkSums(ctx.tx, ids, INVERTER_KEY, b.station.weatherStationId, this.scope(b), by, b.dark);
  }

  /**
   * The station's generation per day: its generation meters (as the reports), else its inverters' counters;
   * and per day the part of it generated in quarters without irradiance (`darkByDay`).
   */
  private async generation(ctx: StaffCtx, b: Basis, dark = true) {
    const meters = (await stationMeters(ctx.tx, b.station.id)).filter((m) => m.role === 'generation');
    const byDay = new Map<string, number>();
    // `dark: false` (the waterfall, which has no PR): no read of the quarters without irradiance, darkByDay stays empty
    const darkByDay = new Map<string, number>();
    if (meters.length) {
      for (const key of new Set(meters.map((m) => m.key))) {
        const ids = meters.filter((m) => m.key === key).map((m) => m.deviceId);
        addMaps(byDay, await deviceSums(ctx.tx, ids, key, 'counter', this.scope(b), 'day'));
        if (dark) addMaps(darkByDay, await darkSums(ctx.tx, ids, key, b.station.weatherStationId, this.scope(b), 'day', b.dark));
      }
      return { source: 'generation-meter' as const, byDay, darkByDay, meters };
    }
    addMaps(byDay, await this.inverterSums(ctx, b, b.inverters, INVERTER_KEY, 'day'));
    if (dark) addMaps(darkByDay, await this.inverterDark(ctx, b, b.inverters, 'day'));
    return { source: 'inverters' as const, byDay, darkByDay, meters };
  }

  private sums(b: Basis, days: readonly string[], energy: (day: string) => number, dark: (day: string) => number): PeriodSums {
    const s: PeriodSums = { energyWh: 0, darkWh: 0, h: 0, x: 0, temps: 0, weather: false };
    for (const day of days) {
      s.energyWh += energy(day);
      s.darkWh += dark(day);
      const w = b.weather?.get(day);
      if (w) {
        s.weather = true;
        s.h += w.h;
        s.x += w.x;
        s.temps += w.temps;
      }
    }
    return s;
  }

  /** The public figures of a station the staff sees over local days fromDay..toDay (the other PV pages call this). */
  async stationFigures(ctx: StaffCtx, stationId: number, fromDay: string, toDay: string): Promise<contract.PerformanceFigures> {
    return this.figuresOfStation(ctx, await this.stations.visible(ctx, stationId), fromDay, toDay);
  }

  /**
   * A visible station's figures per local day fromDay..toDay and over them all: the one PR of the PV pages
   * (the outline's today, month and days of a month read it here).
   */
  async stationDays(ctx: StaffCtx, station: Station, from: string, to: string) {
    const b = await this.basis(ctx, station, from, to);
    const { byDay, darkByDay } = await this.generation(ctx, b);
    const energy = (d: string) => byDay.get(d) ?? 0;
    const dark = (d: string) => darkByDay.get(d) ?? 0;
    return {
      days: new Map(b.days.map((d) => [d, figuresOf(this.sums(b, [d], energy, dark), station.capacityKwp)])),
      total: figuresOf(this.sums(b, b.days, energy, dark), station.capacityKwp),
    };
  }

  private async figuresOfStation(ctx: StaffCtx, station: Station, from: string, to: string, field = 'body') {
    const b = await this.basis(ctx, station, from, to, field);
    const { byDay, darkByDay } = await this.generation(ctx, b);
    return figuresOf(
      this.sums(
        b,
        b.days,
        (d) => byDay.get(d) ?? 0,
        (d) => darkByDay.get(d) ?? 0,
      ),
      station.capacityKwp,
    );
  }

  async outlinePage(ctx: StaffCtx, input: BodyOf<typeof contract.performanceOutlinePage>) {
    const page = await this.stations.page(ctx, { pageSize: input.pageSize, pageOffset: input.pageOffset, keyword: input.keyword } as never);
    const list: contract.PerformanceFigures[] = [];
    for (const s of page.list) list.push(await this.figuresOfStation(ctx, s, input.from, input.to));
    return {
      ...page,
      list: page.list.map((s, i) => ({
        pvId: s.id,
        code: s.code,
        name: s.name,
        capacityKwp: s.capacityKwp,
        timeZone: s.timeZone,
        ...list[i]!,
      })),
    };
  }

  async index(ctx: StaffCtx, input: BodyOf<typeof contract.performanceIndex>) {
    const station = await this.stations.visible(ctx, input.pvId);
    const b = await this.basis(ctx, station, input.from, input.to);
    let energy: (day: string) => number;
    let dark: (day: string) => number;
    let kwp: number;
    let targetName = station.name;
    let source: 'generation-meter' | 'inverters' = 'inverters';
    if (input.level === 'station') {
      const g = await this.generation(ctx, b);
      energy = (d) => g.byDay.get(d) ?? 0;
      dark = (d) => g.darkByDay.get(d) ?? 0;
      kwp = station.capacityKwp;
      source = g.source;
    } else {
      if (input.targetId === undefined) throw invalid('body.targetId', `is required for an ${input.level}`);
      let inverters: StationInverter[];
      if (input.level === 'area') {
        const [area] = await ctx.tx
          .select()
          .from(pvArea)
          .where(and(eq(pvArea.id, input.targetId), eq(pvArea.stationId, station.id)));
        if (!area) throw notFound(`PV area ${input.targetId}`);
        inverters = b.inverters.filter((i) => i.areaId === area.id);
        kwp = inverters.reduce((s, i) => s + i.kwp, 0) || (area.capacityKwp ?? 0);
        targetName = area.name;
      } else {
        const inverter = b.inverters.find((i) => i.id === input.targetId);
        if (!inverter) throw notFound(`PV inverter ${input.targetId}`);
        inverters = [inverter];
        kwp = inverter.kwp;
        targetName = inverter.name;
      }
      if (!(kwp > 0)) throw invalid('body.targetId', `${targetName} has no capacity: its strings hold no kWp`);
      const byDay = addMaps(new Map(), await this.inverterSums(ctx, b, inverters, INVERTER_KEY, 'day'));
      const darkByDay = addMaps(new Map(), await this.inverterDark(ctx, b, inverters, 'day'));
      energy = (d) => byDay.get(d) ?? 0;
      dark = (d) => darkByDay.get(d) ?? 0;
    }
    const labelOf = (d: string) => (input.resolution === 'day' ? d : input.resolution === 'month' ? d.slice(0, 7) : d.slice(0, 4));
    const groups = new Map<string, string[]>();
    for (const d of b.days) groups.set(labelOf(d), [...(groups.get(labelOf(d)) ?? []), d]);
    return {
      pvId: station.id,
      level: input.level,
      targetId: input.level === 'station' ? null : input.targetId!,
      targetName,
      capacityKwp: kwp,
      timeZone: station.timeZone,
      energySource: source,
      periods: [...groups].map(([label, days]) => ({ label, ...figuresOf(this.sums(b, days, energy, dark), kwp) })),
      total: { label: 'total', ...figuresOf(this.sums(b, b.days, energy, dark), kwp) },
    };
  }

  async inverterExpression(ctx: StaffCtx, input: BodyOf<typeof contract.performanceInverterExpression>) {
    const station = await this.stations.visible(ctx, input.pvId);
    const b = await this.basis(ctx, station, input.from, input.to);
    const inverters = input.areaId === undefined ? b.inverters : b.inverters.filter((i) => i.areaId === input.areaId);
    const ac = await this.inverterSums(ctx, b, inverters, INVERTER_KEY, 'device');
    const dc = await this.inverterSums(ctx, b, inverters, 'p_dc', 'device');
    const darkAc = await this.inverterDark(ctx, b, inverters, 'device');
    const weather = this.sums(
      b,
      b.days,
      () => 0,
      () => 0,
    );
    const rows = inverters.map((i) => {
      const eAcWh = i.deviceId === null ? 0 : (ac.get(i.deviceId) ?? 0);
      const eDcWh = i.deviceId === null ? null : (dc.get(i.deviceId) ?? null);
      const darkWh = i.deviceId === null ? 0 : (darkAc.get(i.deviceId) ?? 0);
      const f = i.kwp > 0 ? figuresOf({ ...weather, energyWh: eAcWh, darkWh }, i.kwp) : null;
      return {
        rank: 0,
        inverterId: i.id,
        code: i.code,
        name: i.name,
        areaName: i.areaName,
        capacityKwp: i.kwp,
        ratedAcKw: i.ratedAcKw,
        eAcWh,
        eDcWh,
        efficiency: eDcWh ? round(eAcWh / eDcWh, 4) : null,
        equivalentHours: f?.equivalentHours ?? 0,
        pr: f?.pr ?? null,
      };
    });
    rows.sort((x, y) => y.equivalentHours - x.equivalentHours || x.code.localeCompare(y.code));
    rows.forEach((r, i) => (r.rank = i + 1));
    return { irradiationWhM2: weather.weather ? round(weather.h, 1) : null, rows };
  }

  private quarters(bounds: { from: number; to: number }) {
    const out: number[] = [];
    for (let ts = bounds.from; ts < bounds.to; ts += Q) out.push(ts);
    return out;
  }

  async powerContrast(ctx: StaffCtx, input: BodyOf<typeof contract.performancePowerContrast>) {
    const station = await this.stations.visible(ctx, input.pvId);
    const inverters = await stationInverters(ctx.tx, station.id);
    const picked = input.inverterIds.map((id) => {
      const found = inverters.find((i) => i.id === id);
      if (!found) throw notFound(`PV inverter ${id}`);
      return found;
    });
    const means = await quarterMeans(
      ctx.tx,
      picked.flatMap((i) => (i.deviceId === null ? [] : [i.deviceId])),
      'p_ac',
      station.timeZone,
      input.day,
    );
    const quarters = this.quarters(await dayBounds(ctx.tx, input.day, station.timeZone));
    return {
      timeZone: station.timeZone,
      series: picked.map((i) => {
        const m = i.deviceId === null ? undefined : means.get(i.deviceId);
        return {
          inverterId: i.id,
          code: i.code,
          name: i.name,
          ratedAcKw: i.ratedAcKw,
          points: quarters.map((ts) => ({ ts, value: m?.has(ts) ? round(m.get(ts)!, 3) : null })),
        };
      }),
    };
  }

  async power(ctx: StaffCtx, input: BodyOf<typeof contract.performancePower>) {
    const station = await this.stations.visible(ctx, input.pvId);
    const bounds = await dayBounds(ctx.tx, input.day, station.timeZone);
    const meters = (await stationMeters(ctx.tx, station.id)).filter((m) => m.role === 'generation');
    const series: Series[] = meters.length
      ? meters
      : (await stationInverters(ctx.tx, station.id)).flatMap((i) =>
          i.deviceId === null ? [] : [{ deviceId: i.deviceId, key: INVERTER_KEY }],
        );
    const energy = new Map((await quarterEnergy(ctx.tx, series, bounds.from, bounds.to)).map((p) => [p.ts, p.wh]));
    const ws = station.weatherStationId;
    const g = ws === null ? undefined : (await quarterMeans(ctx.tx, [ws], 'irradiance', station.timeZone, input.day)).get(ws);
    const t = ws === null ? undefined : (await quarterMeans(ctx.tx, [ws], 'temp_module', station.timeZone, input.day)).get(ws);
    const at = (m: Map<number, number> | undefined, ts: number, digits: number) => (m?.has(ts) ? round(m.get(ts)!, digits) : null);
    return {
      timeZone: station.timeZone,
      capacityKwp: station.capacityKwp,
      points: this.quarters(bounds).map((ts) => ({
        ts,
        // the quarter's energy as its mean power: Wh / 0.25 h / 1000 = kW
        powerKw: energy.has(ts) ? round(energy.get(ts)! / 250, 3) : null,
        irradianceWm2: at(g, ts, 1),
        tempModuleC: at(t, ts, 1),
      })),
    };
  }

  async lossAnalysis(ctx: StaffCtx, input: BodyOf<typeof contract.performanceLossAnalysis>) {
    const station = await this.stations.visible(ctx, input.pvId);
    const b = await this.basis(ctx, station, input.from, input.to);
    // the waterfall has no PR: the energy of the quarters without irradiance is not read
    const g = await this.generation(ctx, b, false);
    const onGridWh = [...g.byDay.values()].reduce((s, v) => s + v, 0);
    const w = { h: 0, hAbove: 0, xAbove: 0 };
    for (const d of b.days) {
      const day = b.weather?.get(d);
      if (day) ((w.h += day.h), (w.hAbove += day.hAbove), (w.xAbove += day.xAbove));
    }
    if (!b.weather?.size) return { theoreticalWh: null, onGridWh, steps: [] };
    return {
      ...lossWaterfall({
        kwp: station.capacityKwp,
        ...w,
        onGridWh,
        chain: await this.chain(ctx, b),
        meterAfterInverters: g.source === 'generation-meter',
      }),
    };
  }

  /** The inverters' side of the waterfall: downtime, DC and AC energy, when the inverters measure the whole station. */
  private async chain(ctx: StaffCtx, b: Basis): Promise<InverterChain> {
    const invs = b.inverters;
    const bound = invs.filter((i) => i.deviceId !== null);
    if (!invs.length || bound.length < invs.length)
      return { why: `only ${bound.length} of the station's ${invs.length} inverters have a device` };
    const kwp = invs.reduce((s, i) => s + i.kwp, 0);
    if (Math.abs(kwp - b.station.capacityKwp) > 0.01 * b.station.capacityKwp)
      return { why: `the inverters' strings hold ${round(kwp, 2)} kWp of the station's ${b.station.capacityKwp} kWp` };
    const dc = await this.inverterSums(ctx, b, invs, 'p_dc', 'device');
    if (!dc.size) return { why: 'the inverters report no DC power (p_dc)' };
    const { whByDevice: ac, deliveringKwp: delivering } = await inverterDelivery(
      ctx.tx,
      new Map(invs.map((i) => [i.deviceId!, i.kwp])),
      this.scope(b),
    );
    // a day with irradiance above the minimum on which an inverter delivered nothing (or sent nothing) is its downtime:
    // the kWp of the inverters that did not deliver × the day's temperature-corrected reference
    let downtime = 0;
    for (const d of b.days) {
      const x = b.weather?.get(d)?.xAbove ?? 0;
      if (x > 0) downtime += Math.max(0, kwp - (delivering.get(d) ?? 0)) * x;
    }
    const sum = (m: Map<string | number, number> | Map<number, number>) => [...m.values()].reduce((s, v) => s + v, 0);
    const eDcWh = sum(dc);
    const eAcWh = sum(ac);
    return { downtimeWh: Math.round(downtime), eDcWh, eAcWh };
  }
}
