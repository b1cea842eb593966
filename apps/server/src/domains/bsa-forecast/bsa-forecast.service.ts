import type { bsaForecast as contract, BodyOf, strategy as strategyContract } from '@energy/contracts';
import { runDay, wireToPlan, type EngineStation } from '@energy/simulator';
import type { z } from 'zod';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import type { BsaService, StationRow } from '../bsa/bsa.service.js';
import type { StrategyLists } from '../strategy/strategy-lists.js';
import type { StrategyOverview } from '../strategy/strategy-overview.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { localSpan, localToday, powerHistory } from './bsa-forecast-data.js';
import { addDays, forecastDay, HISTORY_DAYS, VALIDATION_DAYS, WEEKDAY_WEEKS } from './bsa-forecast-method.js';
import { priceTenThousandths, toCents10k } from '../bsa/bsa-money.js';

// The day-ahead forecast and the revenue of the station's strategy on it (docs/bsa.md, "Forecasts and
// station money (issue 22)").

type PowerAnswer = z.infer<(typeof contract.predictPower)['output']>;
type RevenueAnswer = z.infer<(typeof contract.predictRevenue)['output']>;

const STEP_MINUTES = 15;
/** Wh of a 15-minute step at 1 kW. */
const WH_PER_KW_STEP = (1000 * STEP_MINUTES) / 60;
const EFFICIENCY = 0.95;
const DEFAULT_SOC = 50;
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const kw = (v: number | null) => (v === null ? null : round(v, 3));

export interface ForecastDeps {
  bsa: BsaService;
  telemetry: TelemetryService;
  strategyOverview: StrategyOverview;
  strategyLists: StrategyLists;
}

export class BsaForecastService {
  constructor(private readonly deps: ForecastDeps) {}

  /** The local day's 15-minute steps (ts epoch ms, local HH:mm): 96, or 92/100 on a day whose clocks change. */
  private async daySteps(ctx: StaffCtx, timeZone: string, date: string) {
    const span = await localSpan(ctx, timeZone, date, date);
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const steps: { ts: number; time: string }[] = [];
    for (let t = Date.parse(span.from); t < Date.parse(span.to); t += STEP_MINUTES * 60_000) steps.push({ ts: t, time: clock.format(t) });
    return steps;
  }

  /** The station, its zone and the forecast day (default tomorrow; later than tomorrow is refused). */
  private async target(ctx: StaffCtx, input: { bsaId: number; date?: string }) {
    const { station, tariff, timeZone } = await this.deps.bsa.stationOf(ctx, input.bsaId);
    const tomorrow = addDays(await localToday(ctx, timeZone), 1);
    const date = input.date ?? tomorrow;
    if (date > tomorrow) throw invalid('body.date', `must be at most tomorrow (${tomorrow}): a forecast reads the days before it`);
    return { station, tariff, timeZone, date };
  }

  /** Load and PV per 15-minute step of the day, kW, from the 35 days before it. */
  async power(ctx: StaffCtx, input: { bsaId: number; date?: string }): Promise<PowerAnswer> {
    const { station, timeZone, date } = await this.target(ctx, input);
    return this.forecast(ctx, station, timeZone, date);
  }

  private async forecast(ctx: StaffCtx, station: StationRow, timeZone: string, date: string): Promise<PowerAnswer> {
    const steps = await this.daySteps(ctx, timeZone, date);
    const history = await powerHistory(ctx, station, timeZone, addDays(date, -HISTORY_DAYS), addDays(date, -1));
    const times = steps.map((s) => s.time);
    const load = forecastDay(history.load, date, times);
    const pv = forecastDay(history.pv, date, times);
    return {
      bsaId: station.id,
      date,
      timeZone,
      stepMinutes: STEP_MINUTES,
      method: {
        weightRecent: load.mix.weightRecent,
        recentDays: load.mix.recentDays,
        weekdayWeeks: WEEKDAY_WEEKS,
        validationDays: VALIDATION_DAYS,
        validationMaeKw: kw(load.validationMae),
        naiveMaeKw: kw(load.naiveMae),
        historyDays: load.historyDays,
      },
      steps: steps.map((s, i) => ({ ...s, loadKw: kw(load.values[i]!), pvKw: kw(pv.values[i]!) })),
    };
  }

  /** The same forecast as Wh per step (the step's kW x 250, rounded to the Wh) with the day's totals. */
  async electric(ctx: StaffCtx, input: { bsaId: number; date?: string }) {
    const power = await this.power(ctx, input);
    const wh = (v: number | null) => (v === null ? null : Math.round(v * WH_PER_KW_STEP));
    const steps = power.steps.map((s) => ({ ts: s.ts, time: s.time, loadWh: wh(s.loadKw), pvWh: wh(s.pvKw) }));
    return {
      ...power,
      steps,
      totals: { loadWh: steps.reduce((t, s) => t + (s.loadWh ?? 0), 0), pvWh: steps.reduce((t, s) => t + (s.pvWh ?? 0), 0) },
    };
  }

  /** The strategy evaluated: `strategyId` (a strategy of the station), else what it executes, else its latest enabled strategy. */
  private async strategyOf(ctx: StaffCtx, station: StationRow, strategyId?: number) {
    const canRead = ctx.staff.permissions.has('p-bsa-strategy');
    if (strategyId !== undefined) {
      if (!canRead) throw invalid('body.strategyId', 'choosing a strategy needs the strategies page (p-bsa-strategy)');
      const s = await this.deps.strategyLists.detail(ctx, { id: strategyId }).catch(() => null);
      if (!s || s.bsaId !== station.id) throw invalid('body.strategyId', `is not a strategy of ${station.code}`);
      return { id: s.id, name: s.name, source: 'chosen' as const, wire: s.body as strategyContract.StrategyWire };
    }
    const local = await this.deps.strategyOverview.localDetails(ctx, { bsaId: station.id });
    if (local.executing && local.body)
      return { id: local.executing.strategyId, name: local.executing.name, source: 'executing' as const, wire: local.body };
    if (canRead) {
      const rows = (await this.deps.strategyLists.listBsa(ctx, { bsaId: station.id, kind: 'strategy' }))
        .filter((s) => s.status === 'enabled')
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
      if (rows[0]) {
        const s = await this.deps.strategyLists.detail(ctx, { id: rows[0].id });
        return { id: s.id, name: s.name, source: 'library' as const, wire: s.body as strategyContract.StrategyWire };
      }
    }
    throw conflict(`${station.code} runs no strategy and has no enabled one in the library: its revenue cannot be forecast`);
  }

  /**
   * The strategy run through the engine (`runDay`, the one the FCS and the backtest run) on the load forecast,
   * from the PCS' latest SOC (50 % without one), at the station's prices: per step the PCS' charge and discharge
   * (Wh = kW x 250 rounded), the day's charge cost and discharge revenue (Σ Wh x price, rounded once to the cent).
   */
  async revenue(ctx: StaffCtx, input: BodyOf<typeof contract.predictRevenue>): Promise<RevenueAnswer> {
    const { station, tariff, timeZone, date } = await this.target(ctx, input);
    if (!tariff) throw notFound(`The cost info of storage station ${station.id}`);
    const chosen = await this.strategyOf(ctx, station, input.strategyId);
    const plan = wireToPlan(chosen.wire);
    if (!plan.ok) throw conflict(`Strategy ${chosen.name} cannot be run: ${plan.reason}`);
    const forecast = await this.forecast(ctx, station, timeZone, date);
    if (forecast.steps.every((s) => s.loadKw === null))
      throw conflict(`${station.code} has no grid meter history in the ${HISTORY_DAYS} days before ${date}: no load to forecast`);
    const prices = await this.deps.bsa.prices(ctx, { bsaId: station.id, date });
    const initialSocPct = await this.initialSoc(ctx, station, forecast.steps[0]!.ts);
    const upper = station.meters.filter((m) => m.role === 'upper' && m.transformerCapacityKva !== null);
    const engineStation: EngineStation = {
      pcsRatedKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      efficiency: EFFICIENCY,
      initialSocPct,
      ...(upper.length ? { transformerKva: upper.reduce((s, m) => s + m.transformerCapacityKva!, 0) } : {}),
    };
    const priced = forecast.steps.map((s, i) => ({ ...s, price: prices.steps[i] ?? prices.steps.at(-1)! }));
    const day = runDay(
      plan.plan,
      engineStation,
      priced.map((s) => {
        const [h, m] = s.time.split(':').map(Number) as [number, number];
        // a step without history: no load known, the engine sees none (a discharge then gives nothing: no export)
        return { t: h * 60 + m, loadKw: s.loadKw ?? 0, pvKw: 0, price: s.price.price };
      }),
      STEP_MINUTES,
    );
    let chargeExact = 0;
    let dischargeExact = 0;
    let chargeWh = 0;
    let dischargeWh = 0;
    const steps = priced.map((s, i) => {
      const p = day.points[i]!;
      const charge = Math.round(Math.max(0, -p.batteryKw) * WH_PER_KW_STEP);
      const discharge = Math.round(Math.max(0, p.batteryKw) * WH_PER_KW_STEP);
      const price = priceTenThousandths(s.price.price);
      chargeExact += charge * price;
      dischargeExact += discharge * price;
      chargeWh += charge;
      dischargeWh += discharge;
      return {
        ts: s.ts,
        time: s.time,
        kind: s.price.kind,
        price: s.price.price,
        loadKw: s.loadKw,
        batteryKw: round(p.batteryKw, 3),
        gridBeforeKw: s.loadKw === null ? null : round(p.gridBeforeKw, 3),
        gridAfterKw: s.loadKw === null ? null : round(p.gridAfterKw, 3),
        socPct: round(p.socPct, 2),
        chargeWh: charge,
        dischargeWh: discharge,
      };
    });
    const chargeCost10k = toCents10k(chargeExact);
    const dischargeRevenue10k = toCents10k(dischargeExact);
    return {
      bsaId: station.id,
      date,
      timeZone,
      currency: prices.currency,
      stepMinutes: STEP_MINUTES,
      strategy: { id: chosen.id, name: chosen.name, source: chosen.source },
      initialSocPct: round(initialSocPct, 2),
      steps,
      chargeWh,
      dischargeWh,
      chargeCost10k,
      dischargeRevenue10k,
      revenue10k: dischargeRevenue10k - chargeCost10k,
    };
  }

  /** SOC at the day's start: the first PCS' latest reading before it (within the last day), else 50 %. */
  private async initialSoc(ctx: StaffCtx, station: StationRow, from: number) {
    if (!station.pcs.length) return DEFAULT_SOC;
    const at = await this.deps.telemetry.valuesAt(ctx, { deviceId: station.pcs[0]!.deviceId, at: Math.min(from, Date.now()) });
    const soc = at.find((v) => v.key === 'soc');
    const recent = soc && soc.ts !== null && from - Number(soc.ts) <= 86_400_000 ? soc.value : null;
    return recent !== null && recent !== undefined && Number.isFinite(recent) ? Math.min(100, Math.max(0, Number(recent))) : DEFAULT_SOC;
  }
}
