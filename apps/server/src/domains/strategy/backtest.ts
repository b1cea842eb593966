import { strategy as contract } from '@energy/contracts';
import { runDay, wireToPlan, type EngineStation, type SeriesPoint } from '@energy/simulator';
import type { z } from 'zod';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import type { BsaService } from '../bsa/bsa.service.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';

type Answer = z.infer<(typeof contract.strategyBacktest)['output']>;

const STEP_MINUTES = 15;
const EFFICIENCY = 0.95;
/** SOC at the day's start when the PCS reported none before it (the middle of the usual window). */
const DEFAULT_SOC = 50;
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The backtest preview: the strategy engine the simulated station runs (`runDay` of @energy/simulator),
 * fed with a recorded day of the station itself. Per 15 minutes (the tenant's local day, from the
 * station's price curve): the site load before the battery = the grid meters' mean power + the PCS's
 * mean power (what the grid would have seen without the battery; PV is inside it, the station links no
 * inverter), the price in force. The SOC at the day's start is the PCS's reading then (50 % without one).
 * Steps without a grid meter reading are left out (`coverage` says how many were there).
 */
export async function runBacktest(
  ctx: StaffCtx,
  services: { bsa: BsaService; telemetry: TelemetryService },
  input: { bsaId: number; date: string; wire: contract.StrategyWire; ref: Answer['strategy'] },
): Promise<Answer> {
  const { bsa, telemetry } = services;
  const { station, tariff } = await bsa.stationOf(ctx, input.bsaId);
  if (!tariff) throw invalid('body.bsaId', `${station.name} has no cost info yet: set its prices first`);
  const grid = station.meters.filter((m) => m.role === 'grid');
  if (!grid.length) throw invalid('body.bsaId', `${station.name} has no grid meter: its load is not known`);
  const converted = wireToPlan(input.wire);
  if (!converted.ok) throw invalid('body.strategy', `cannot be run: ${converted.reason}`);

  const prices = await bsa.prices(ctx, { bsaId: station.id, date: input.date });
  const from = prices.steps[0]!.ts;
  const to = prices.steps[prices.steps.length - 1]!.ts + STEP_MINUTES * 60_000;
  const series15 = async (deviceId: number, key: string) => {
    const answer = await telemetry.resampledInstantaneous(ctx, { deviceId, propertyKeys: [key], from, to, interval: '15m' });
    return new Map(answer.properties[0]!.points.map((p) => [p.ts, p.avg]));
  };
  const gridSeries = await Promise.all(grid.map((m) => series15(m.deviceId, 'p')));
  const pcsSeries = await Promise.all(station.pcs.map((p) => series15(p.deviceId, 'p')));

  // SOC at the start: the first PCS's last reading in the hour before midnight, else its first quarter hour
  let initialSocPct = DEFAULT_SOC;
  if (station.pcs.length) {
    const at = await telemetry.valuesAt(ctx, { deviceId: station.pcs[0]!.deviceId, at: from });
    const soc = at.find((v) => v.key === 'soc');
    const recent = soc && soc.ts !== null && from - Number(soc.ts) <= 3_600_000 ? soc.value : null;
    const first = recent ?? (await series15(station.pcs[0]!.deviceId, 'soc')).get(from) ?? null;
    if (first !== null && first !== undefined && Number.isFinite(first)) initialSocPct = Math.min(100, Math.max(0, first));
  }

  const steps: { ts: number; time: string; point: SeriesPoint }[] = [];
  for (const step of prices.steps) {
    const readings = gridSeries.map((s) => s.get(step.ts));
    if (readings.some((v) => v === null || v === undefined)) continue;
    const gridKw = readings.reduce<number>((sum, v) => sum + v!, 0);
    const batteryKw = pcsSeries.reduce<number>((sum, s) => sum + (s.get(step.ts) ?? 0), 0);
    const [h, m] = step.time.split(':').map(Number) as [number, number];
    steps.push({ ts: step.ts, time: step.time, point: { t: h * 60 + m, loadKw: gridKw + batteryKw, pvKw: 0, price: step.price } });
  }
  if (!steps.length) throw invalid('body.date', `${station.name} has no grid meter readings on ${input.date}`);

  const upperKva = station.meters.filter((m) => m.role === 'upper' && m.transformerCapacityKva !== null);
  const transformerKva = upperKva.length ? upperKva.reduce((sum, m) => sum + m.transformerCapacityKva!, 0) : null;
  const engineStation: EngineStation = {
    pcsRatedKw: station.ratedPowerKw,
    capacityKwh: station.capacityKwh,
    efficiency: EFFICIENCY,
    initialSocPct,
    ...(transformerKva !== null ? { transformerKva } : {}),
  };
  const day = runDay(
    converted.plan,
    engineStation,
    steps.map((s) => s.point),
    STEP_MINUTES,
  );
  return {
    bsaId: station.id,
    date: input.date,
    timeZone: prices.timeZone,
    currency: prices.currency,
    stepMinutes: STEP_MINUTES,
    strategy: input.ref,
    station: { ratedPowerKw: station.ratedPowerKw, capacityKwh: station.capacityKwh, initialSocPct: round(initialSocPct), transformerKva },
    coverage: round(steps.length / prices.steps.length, 4),
    points: day.points.map((p, i) => ({
      ts: steps[i]!.ts,
      time: steps[i]!.time,
      loadKw: round(steps[i]!.point.loadKw),
      pvKw: 0,
      price: steps[i]!.point.price,
      gridBeforeKw: round(p.gridBeforeKw),
      gridAfterKw: round(p.gridAfterKw),
      batteryKw: round(p.batteryKw),
      socPct: round(p.socPct),
      note: p.note,
    })),
    figures: {
      peakDemandBeforeKw: round(day.peakDemandBeforeKw),
      peakDemandAfterKw: round(day.peakDemandAfterKw),
      chargedKwh: round(day.chargedKwh),
      dischargedKwh: round(day.dischargedKwh),
      costBefore: round(day.costBefore),
      costAfter: round(day.costAfter),
      saving: round(day.costBefore - day.costAfter),
      finalSocPct: round(day.finalSocPct),
    },
  };
}
