import { circuit as contract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import {
  bandIn,
  localClock,
  money,
  priceSeries,
  type EnergyPoint,
  type PeriodCost,
  addPeriod,
  emptyPeriod,
  type MonthDemand,
} from '../../pricing/tou-pricing.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { PricesService } from './prices.service.js';
import type { CircuitService } from './circuit.service.js';
import { COUNTER, IN_FORCE } from './energy-bindings.js';
import { COST_SHEET, costColumns } from './circuit-excel.js';

const DAY_MS = 86_400_000;
/** At most this long a range of cost statistics. */
const MAX_RANGE_DAYS = 400;

/** What circuits' energy costs: prices in force, energy from the meters, cost per band, line loss (docs/circuits.md). */
export class CircuitCostService {
  constructor(
    private readonly circuits: CircuitService,
    private readonly prices: PricesService,
  ) {}
  // Prices and cost

  /** The circuit's account (own or inherited) and its versions; null without one. */
  async pricesOf(ctx: StaffCtx, circuitId: number, ouCheck = true) {
    const row = await this.circuits.detail(ctx, circuitId, ouCheck);
    const versions = row.accountId == null ? null : await this.prices.versionsOf(ctx, row.accountId);
    return { row, versions };
  }

  async eprices(ctx: StaffCtx, input: { circuitId: number; from?: string | number; to?: string | number }, ouCheck = true) {
    const { row, versions } = await this.pricesOf(ctx, input.circuitId, ouCheck);
    if (!versions) return { circuitId: row.id, account: null, prices: [] };
    let answers = versions.answers;
    if (input.from !== undefined || input.to !== undefined) {
      const zone = await tenantTimeZone(ctx);
      const from = input.from === undefined ? undefined : localClock(zone, instantOf(input.from)).date;
      const to = input.to === undefined ? undefined : localClock(zone, instantOf(input.to) - 1).date;
      // in force over the range: from the last one starting on or before `from`, to those starting by `to`
      answers = answers.filter((v, i) => {
        const next = answers[i + 1];
        return (to === undefined || v.effectiveFrom <= to) && (from === undefined || !next || next.effectiveFrom > from);
      });
    }
    const a = versions.account;
    return { circuitId: row.id, account: { id: a.id, code: a.code, name: a.name, currency: a.currency }, prices: answers };
  }

  async eprice(ctx: StaffCtx, input: { circuitId: number; time: string | number }) {
    const { row, versions } = await this.pricesOf(ctx, input.circuitId);
    if (!versions) throw notFound(`The electricity account of circuit ${row.id}`);
    const zone = await tenantTimeZone(ctx);
    const time = instantOf(input.time);
    const hit = bandIn(versions.pricing, localClock(zone, time));
    if (!hit) throw notFound(`A price of circuit ${row.id} at ${new Date(time).toISOString()}`);
    return {
      circuitId: row.id,
      time,
      timeZone: zone,
      currency: versions.account.currency,
      effectiveFrom: hit.version.effectiveFrom,
      season: hit.season,
      kind: hit.band.kind,
      start: contract.hhmm(hit.band.startMin),
      end: contract.hhmm(hit.band.endMin),
      price: money(hit.band.price10k),
      demandPricePerKwMonth: hit.version.demandPrice10k == null ? null : money(hit.version.demandPrice10k),
    };
  }

  async peakValleyConfig(ctx: StaffCtx, input: { circuitId: number; date: string }) {
    const { row, versions } = await this.pricesOf(ctx, input.circuitId);
    if (!versions) throw notFound(`The electricity account of circuit ${row.id}`);
    const monthOfYear = Number(input.date.slice(5, 7));
    const index = versions.pricing.reduce((best, v, i) => (v.effectiveFrom <= input.date ? i : best), -1);
    if (index < 0) throw notFound(`Prices of circuit ${row.id} on ${input.date}`);
    const answer = versions.answers[index]!;
    const season = answer.seasons.find((s) => s.months.includes(monthOfYear))!;
    return {
      circuitId: row.id,
      date: input.date,
      currency: versions.account.currency,
      effectiveFrom: answer.effectiveFrom,
      season: season.name,
      bands: season.bands,
      demandPricePerKwMonth: answer.demandPricePerKwMonth,
    };
  }

  /**
   * The circuit's energy per quarter hour in [from, to): Σ sign × each meter's counter increase in the
   * 15-minute rollup (robust across resets and replaced meters, docs/devices.md), in whole Wh per meter.
   */
  async energy(ctx: StaffCtx, circuitId: number, from: number, to: number): Promise<EnergyPoint[]> {
    const rows = await rowsOf<{ ts: string | number; wh: string | number }>(
      ctx.tx,
      sql`select (extract(epoch from r.bucket) * 1000)::bigint as ts, sum(m.sign * round(r.increase * 1000))::bigint as wh
          from circuit_meter m
          join device d on d.id = m.device_id
          join data_property p on p.device_type_id = d.device_type_id and p.key = ${COUNTER}
          join telemetry_15m r on r.device_id = m.device_id and r.property_id = p.id and ${IN_FORCE}
          where m.circuit_id = ${circuitId} and m.tenant_id = ${ctx.staff.tenantId}
            and r.bucket >= ${new Date(from).toISOString()}::timestamptz and r.bucket < ${new Date(to).toISOString()}::timestamptz
          group by r.bucket order by r.bucket`,
    );
    return rows.map((r) => ({ ts: Number(r.ts), wh: Number(r.wh) }));
  }

  private range(input: { from: string | number; to: string | number }) {
    const from = instantOf(input.from);
    const to = instantOf(input.to);
    if (to <= from) throw invalid('body.to', 'must be after from');
    if (to - from > MAX_RANGE_DAYS * DAY_MS) throw invalid('body.to', `the range must be at most ${MAX_RANGE_DAYS} days`);
    return { from, to };
  }

  private async priced(ctx: StaffCtx, input: { circuitId: number; from: string | number; to: string | number }) {
    const { from, to } = this.range(input);
    const { row, versions } = await this.pricesOf(ctx, input.circuitId);
    const zone = await tenantTimeZone(ctx);
    const points = await this.energy(ctx, row.id, from, to);
    const series = priceSeries(versions?.pricing ?? [], zone, points);
    return { row, versions, zone, from, to, series, currency: versions?.account.currency ?? null };
  }

  async costSum(ctx: StaffCtx, input: { circuitId: number; from: string | number; to: string | number }) {
    const { row, zone, from, to, series, currency } = await this.priced(ctx, input);
    const energy = figures(series.total);
    return {
      circuitId: row.id,
      from,
      to,
      timeZone: zone,
      currency,
      ...energy,
      months: series.months.map(monthFigures),
      demandCharge: money(series.demandCharge10k),
      total: money(series.total.cost10k + series.demandCharge10k),
    };
  }

  async costList(
    ctx: StaffCtx,
    input: { circuitId: number; from: string | number; to: string | number; timeResolution: '15m' | 'day' | 'month' },
  ) {
    const { row, zone, series, currency } = await this.priced(ctx, input);
    let periods: { ts: number; label: string; cost: PeriodCost }[];
    if (input.timeResolution === '15m') {
      periods = series.quarters.map((q) => {
        const clock = localClock(zone, q.ts);
        return { ts: q.ts, label: `${clock.date} ${contract.hhmm(clock.minute)}`, cost: q };
      });
    } else {
      const dayTs = new Map<string, number>();
      for (const q of series.quarters) {
        const clock = localClock(zone, q.ts);
        if (!dayTs.has(clock.date)) dayTs.set(clock.date, q.ts - clock.minute * 60_000);
      }
      if (input.timeResolution === 'day') periods = series.days.map((d) => ({ ts: dayTs.get(d.date)!, label: d.date, cost: d }));
      else {
        const months = new Map<string, { ts: number; label: string; cost: PeriodCost }>();
        for (const d of series.days) {
          const key = d.date.slice(0, 7);
          const m = months.get(key) ?? { ts: dayTs.get(d.date)! - (Number(d.date.slice(8)) - 1) * DAY_MS, label: key, cost: emptyPeriod() };
          addPeriod(m.cost, d);
          months.set(key, m);
        }
        periods = [...months.values()];
      }
    }
    return {
      circuitId: row.id,
      timeZone: zone,
      currency,
      timeResolution: input.timeResolution,
      periods: periods.map((p) => ({ ts: p.ts, label: p.label, ...figures(p.cost) })),
      months: series.months.map(monthFigures),
      total: {
        ...figures(series.total),
        demandCharge: money(series.demandCharge10k),
        total: money(series.total.cost10k + series.demandCharge10k),
      },
    };
  }

  /** The cost per period as XLSX or CSV, then a total row. */
  async costExport(
    ctx: StaffCtx,
    input: {
      circuitId: number;
      from: string | number;
      to: string | number;
      timeResolution: '15m' | 'day' | 'month';
      format: 'xlsx' | 'csv';
      lang?: 'en-US' | 'zh-CN';
    },
    http: { req: FastifyRequest; reply: FastifyReply },
  ) {
    const answer = await this.costList(ctx, input);
    const lang = langOf(http.req, input.lang);
    const total = { label: lang === 'zh-CN' ? '合计' : 'Total', ...answer.total };
    return sendExport(http.reply, {
      name: 'circuit-cost',
      sheet: COST_SHEET,
      columns: costColumns(answer.currency ?? ''),
      lang,
      timeZone: answer.timeZone,
      format: input.format,
      batches: (async function* () {
        yield [...answer.periods, total];
      })(),
    });
  }
}

/** An instant of the contract (ISO-8601 or epoch ms) as epoch ms. */
export function instantOf(v: string | number): number {
  return typeof v === 'number' ? v : Date.parse(v);
}

function figures(p: PeriodCost) {
  return {
    wh: p.wh,
    cost: money(p.cost10k),
    unpricedWh: p.unpricedWh,
    bands: Object.fromEntries(contract.TOU_BAND_KINDS.map((k) => [k, { wh: p.bands[k].wh, cost: money(p.bands[k].cost10k) }])) as Record<
      (typeof contract.TOU_BAND_KINDS)[number],
      { wh: number; cost: number }
    >,
  };
}

function monthFigures(m: MonthDemand) {
  return {
    month: m.month,
    maxDemandW: m.maxDemandW,
    maxDemandAt: m.maxDemandAt,
    demandPricePerKwMonth: m.demandPrice10k == null ? null : money(m.demandPrice10k),
    demandCharge: money(m.demandCharge10k),
  };
}
