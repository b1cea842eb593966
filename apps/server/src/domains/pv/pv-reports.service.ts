import { pv as contract, circuit } from '@energy/contracts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { bandIn, costOf, localClock, money, priceSeries, type EnergyPoint, type PriceVersion } from '../../pricing/tou-pricing.js';
import { circuitAccount } from '../circuit/circuit.schema.js';
import { tenThousandths, type PricesService } from '../circuit/prices.service.js';
import { dayWindow, daysFrom, INVERTER_KEY, quarterEnergy, type Series } from './pv-energy.js';
import { stationMeters } from './meter-readings.service.js';
import type { PvStationsService } from './pv-stations.service.js';
import { wayInForce } from './pv-settings.service.js';
import { pvIncomeWay, pvInverter, pvOnlineWay } from './pv.schema.js';

// Daily, monthly and yearly reports of a PV station (docs/pv.md): generation, on-grid and self-consumed
// energy from the 15 min rollups, equivalent hours, income per the income way in force on each day, and
// energy per time-of-use band. Energy in Wh, money in integer ten-thousandths until the answer.

type Kind = circuit.TouBandKind;
const KINDS = circuit.TOU_BAND_KINDS;

/** A period's sums before they are answered. */
interface Sums {
  label: string;
  generationWh: number;
  onGridWh: number;
  selfWh: number;
  self10k: number;
  feedIn10k: number;
  subsidy10k: number;
  unpricedWh: number;
  bands: Record<Kind, { generationWh: number; onGridWh: number; selfWh: number }>;
}

const emptySums = (label: string): Sums => ({
  label,
  generationWh: 0,
  onGridWh: 0,
  selfWh: 0,
  self10k: 0,
  feedIn10k: 0,
  subsidy10k: 0,
  unpricedWh: 0,
  bands: Object.fromEntries(KINDS.map((k) => [k, { generationWh: 0, onGridWh: 0, selfWh: 0 }])) as Sums['bands'],
});

function addSums(a: Sums, b: Sums) {
  for (const k of ['generationWh', 'onGridWh', 'selfWh', 'self10k', 'feedIn10k', 'subsidy10k', 'unpricedWh'] as const) a[k] += b[k];
  for (const k of KINDS) for (const f of ['generationWh', 'onGridWh', 'selfWh'] as const) a.bands[k][f] += b.bands[k][f];
}

/** x × (10000 − discount in hundredths of a percent) / 10000, rounded half away from zero: the price less the discount. */
export function discounted(amount10k: number, discountPercent: number): number {
  const scaled = amount10k * (10_000 - Math.round(discountPercent * 100));
  return Math.sign(scaled) * Math.floor((Math.abs(scaled) + 5_000) / 10_000);
}

/** At most this many days a day report covers; month and year reports up to three years. */
const MAX_DAYS = { day: contract.MAX_READING_DAYS, month: 1100, year: 1100 } as const;

export class PvReportsService {
  constructor(
    private readonly stations: PvStationsService,
    private readonly prices: PricesService,
  ) {}

  /** The customer's tariff: the price versions of the first electricity account (by code) of the station's OU. */
  private async tariff(ctx: StaffCtx, ouId: number): Promise<PriceVersion[]> {
    const [account] = await ctx.tx
      .select({ id: circuitAccount.id })
      .from(circuitAccount)
      .where(and(eq(circuitAccount.ouId, ouId), eq(circuitAccount.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(circuitAccount.code))
      .limit(1);
    return account ? ((await this.prices.versionsOf(ctx, account.id))?.pricing ?? []) : [];
  }

  async report(ctx: StaffCtx, input: contract.ReportRequestInput, field = 'body'): Promise<contract.ReportAnswer> {
    const station = await this.stations.visible(ctx, input.pvId);
    if (input.to < input.from) throw invalid(`${field}.to`, 'must not be before from');
    const days = daysFrom(input.from, input.to);
    if (days.length > MAX_DAYS[input.resolution])
      throw invalid(`${field}.to`, `the range must be at most ${MAX_DAYS[input.resolution]} days`);
    const zone = station.timeZone;
    const tx = ctx.tx;
    const meters = await stationMeters(tx, station.id);
    const inverters = await tx
      .select({ deviceId: pvInverter.deviceId })
      .from(pvInverter)
      .where(and(eq(pvInverter.stationId, station.id), eq(pvInverter.tenantId, ctx.staff.tenantId), isNotNull(pvInverter.deviceId)));
    const generationMeters = meters.filter((m) => m.role === 'generation');
    const inverterSeries: Series[] = inverters.map((i) => ({ deviceId: i.deviceId!, key: INVERTER_KEY }));
    const { from, to } = dayWindow(input.from, input.to);
    const byTs = (points: EnergyPoint[]) => new Map(points.map((p) => [p.ts, p.wh]));
    const online = await tx
      .select({ effectiveFrom: pvOnlineWay.effectiveFrom, way: pvOnlineWay.way })
      .from(pvOnlineWay)
      .where(and(eq(pvOnlineWay.stationId, station.id), eq(pvOnlineWay.tenantId, ctx.staff.tenantId)));
    // the inverters' energy only when something reads it (no generation meter, or an `inverter` online way):
    // a large station's inverters are hundreds of series (docs/pv-analytics.md, "Outline")
    const needInverters = !generationMeters.length || online.some((w) => w.way === 'inverter');
    const inverterQ = needInverters ? byTs(await quarterEnergy(tx, inverterSeries, from, to)) : new Map<number, number>();
    // generation: the generation meters, else the inverters' AC energy
    const generationQ = generationMeters.length ? byTs(await quarterEnergy(tx, generationMeters, from, to)) : inverterQ;
    const onGridMeterQ = byTs(
      await quarterEnergy(
        tx,
        meters.filter((m) => m.role === 'on-grid'),
        from,
        to,
      ),
    );
    const incomeWays = input.showIncome
      ? await tx
          .select()
          .from(pvIncomeWay)
          .where(and(eq(pvIncomeWay.stationId, station.id), eq(pvIncomeWay.tenantId, ctx.staff.tenantId)))
          .orderBy(asc(pvIncomeWay.effectiveFrom))
      : [];
    const tariff = input.showIncome || input.showTimePeriod ? await this.tariff(ctx, station.ouId) : [];

    // per quarter hour: generation, on-grid per the online way in force on its day, self = generation − on-grid
    const first = days[0]!;
    const last = days[days.length - 1]!;
    const daySums = new Map(days.map((d) => [d, emptySums(d)]));
    const selfPoints: EnergyPoint[] = [];
    const quarters = [...new Set([...inverterQ.keys(), ...generationQ.keys(), ...onGridMeterQ.keys()])].sort((a, b) => a - b);
    for (const ts of quarters) {
      const clock = localClock(zone, ts);
      if (clock.date < first || clock.date > last) continue;
      const way = wayInForce(online, clock.date)?.way ?? 'on-grid-meter';
      const generationWh = generationQ.get(ts) ?? 0;
      const onGridWh =
        way === 'on-grid-meter' ? (onGridMeterQ.get(ts) ?? 0) : way === 'generation-meter' ? generationWh : (inverterQ.get(ts) ?? 0);
      const selfWh = generationWh - onGridWh;
      const day = daySums.get(clock.date)!;
      day.generationWh += generationWh;
      day.onGridWh += onGridWh;
      day.selfWh += selfWh;
      selfPoints.push({ ts, wh: selfWh });
      if (input.showTimePeriod) {
        const hit = bandIn(tariff, clock);
        if (hit) {
          const band = day.bands[hit.band.kind];
          band.generationWh += generationWh;
          band.onGridWh += onGridWh;
          band.selfWh += selfWh;
        }
      }
    }
    // income of each day with the income way in force that day
    let currency: string | null = null;
    if (input.showIncome) {
      const priced = new Map(priceSeries(tariff, zone, selfPoints).days.map((d) => [d.date, d]));
      for (const day of daySums.values()) {
        const way = wayInForce(incomeWays, day.label);
        if (!way) {
          day.unpricedWh += day.selfWh;
          continue;
        }
        currency = way.currency;
        if (way.selfConsumptionPricing === 'fixed') day.self10k = costOf(day.selfWh, tenThousandths(Number(way.selfConsumptionPrice ?? 0)));
        else {
          const p = priced.get(day.label);
          day.self10k = discounted(p?.cost10k ?? 0, Number(way.discountPercent));
          day.unpricedWh += p?.unpricedWh ?? 0;
        }
        day.feedIn10k = costOf(day.onGridWh, tenThousandths(Number(way.feedInPrice)));
        day.subsidy10k = costOf(day.generationWh, tenThousandths(Number(way.subsidyPerKwh)));
      }
    }
    const periods = new Map<string, Sums>();
    const labelOf = (d: string) => (input.resolution === 'day' ? d : input.resolution === 'month' ? d.slice(0, 7) : d.slice(0, 4));
    const total = emptySums('total');
    for (const day of daySums.values()) {
      const label = labelOf(day.label);
      if (!periods.has(label)) periods.set(label, emptySums(label));
      addSums(periods.get(label)!, day);
      addSums(total, day);
    }
    const answer = (s: Sums): contract.ReportPeriod => ({
      label: s.label,
      generationWh: s.generationWh,
      onGridWh: s.onGridWh,
      selfWh: s.selfWh,
      equivalentHours: Math.round(s.generationWh / (station.capacityKwp * 10)) / 100,
      income: input.showIncome
        ? {
            selfConsumption: money(s.self10k),
            feedIn: money(s.feedIn10k),
            subsidy: money(s.subsidy10k),
            total: money(s.self10k + s.feedIn10k + s.subsidy10k),
            unpricedWh: s.unpricedWh,
          }
        : null,
      bands: input.showTimePeriod ? s.bands : null,
    });
    return {
      pvId: station.id,
      pvName: station.name,
      capacityKwp: station.capacityKwp,
      timeZone: zone,
      currency,
      resolution: input.resolution,
      periods: [...periods.values()].map(answer),
      total: answer(total),
    };
  }
}
