import { energyConservation as contract } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { money } from '../../pricing/tou-pricing.js';
import type { CircuitStatisticsService } from '../circuit/circuit-statistics.service.js';
import { periodStart } from '../line-loss/line-loss-figures.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { EnergyConservationService } from './energy-conservation.service.js';
import { SAVING_COLUMNS, SAVING_SHEET } from './energy-conservation-excel.js';
import { fitOf, monthsBetween, rateOf, savingMonths, totalOf, type MonthFigures, type Version } from './saving-figures.js';

/** Months per statistics call (the circuit statistics answer at most 400 days at a time). */
const CHUNK_MONTHS = 12;

interface CircuitSavings {
  circuitId: number;
  circuitCode: string;
  circuitName: string;
  months: MonthFigures[];
  total: ReturnType<typeof totalOf>;
}

/** Savings of configured circuits per month (docs/energy-conservation.md). */
export class EnergySavingsService {
  constructor(
    private readonly configs: EnergyConservationService,
    private readonly statistics: CircuitStatisticsService,
  ) {}

  /**
   * Energy per local month of circuits over [first, last], from the circuit domain's statistics
   * (Σ sign × the meters' robust counter increase; a month without data is null).
   */
  private async monthlyEnergy(ctx: StaffCtx, circuitIds: number[], first: string, last: string) {
    const zone = await tenantTimeZone(ctx);
    const out = new Map(circuitIds.map((id) => [id, new Map<string, number | null>()]));
    const months = monthsBetween(first, last);
    for (let i = 0; i < months.length && circuitIds.length; i += CHUNK_MONTHS) {
      const chunk = months.slice(i, i + CHUNK_MONTHS);
      const next = contract.monthOf(contract.monthIndex(chunk[chunk.length - 1]!) + 1);
      const answers = await this.statistics.batch(
        ctx,
        {
          circuitIds,
          dataTypes: ['activeEnergy'],
          timeResolution: 'month',
          from: periodStart(zone, chunk[0]!),
          to: periodStart(zone, next),
        },
        { cache: true },
      );
      for (const a of answers) for (const p of a.periods) out.get(a.circuitId)!.set(p.label, p.value);
    }
    return { zone, energy: out };
  }

  /** Each visible configured circuit (or one) with its months [from, to] and totals. */
  private async savings(
    ctx: StaffCtx,
    input: { from: string; to: string; circuitId?: number },
  ): Promise<{ zone: string; rows: CircuitSavings[] }> {
    const configs =
      input.circuitId !== undefined ? [await this.configs.detail(ctx, { circuitId: input.circuitId })] : await this.configs.list(ctx);
    const versions = await this.configs.versionsOf(
      ctx,
      configs.map((c) => c.id),
    );
    const live = versions.filter((v) => v.action !== 'delete');
    const months = monthsBetween(input.from, input.to);
    let first = input.from;
    let last = input.to;
    for (const v of live) {
      if (v.baselineFrom < first) first = v.baselineFrom;
      if (v.baselineTo > last) last = v.baselineTo;
    }
    const ids = configs.map((c) => c.circuitId);
    const { zone, energy } = await this.monthlyEnergy(ctx, ids, first, last);
    const drivers = await this.configs.driversOf(ctx, ids);
    const rows = configs.map((c) => {
      const own: Version[] = live.filter((v) => v.configId === c.id);
      const figures = savingMonths(months, own, energy.get(c.circuitId)!, drivers.get(c.circuitId)!);
      return { circuitId: c.circuitId, circuitCode: c.circuitCode, circuitName: c.circuitName, months: figures, total: totalOf(figures) };
    });
    return { zone, rows };
  }

  /** The fit of a configuration's latest version (config-info). */
  async info(ctx: StaffCtx, input: { id?: number; circuitId?: number }) {
    const row = await this.configs.detail(ctx, input);
    const history = await this.configs.history(ctx, row.id);
    const v = row.current;
    if (v.model === 'same-period') return { ...row, history, fit: null, fitProblem: null };
    const { energy } = await this.monthlyEnergy(ctx, [row.circuitId], v.baselineFrom, v.baselineTo);
    const drivers = await this.configs.driversOf(ctx, [row.circuitId]);
    const wh = (kwh: number | null) => (kwh === null ? null : Math.round(kwh * 1000));
    const { fit, problem } = fitOf(
      { ...v, price10k: 0, auditAWh: wh(v.auditA), auditBWh: wh(v.auditB) },
      energy.get(row.circuitId)!,
      drivers.get(row.circuitId)!,
    );
    return { ...row, history, fit, fitProblem: problem };
  }

  async quantity(ctx: StaffCtx, input: { from: string; to: string; circuitId?: number }) {
    const { rows } = await this.savings(ctx, input);
    const circuits = rows.map((r) => {
      const { cost10k: _c, months, ...figures } = r.total;
      return {
        circuitId: r.circuitId,
        circuitCode: r.circuitCode,
        circuitName: r.circuitName,
        ...figures,
        months,
        missingMonths: r.months.length - months,
      };
    });
    const baselineWh = rows.reduce((s, r) => s + r.total.baselineWh!, 0);
    const actualWh = rows.reduce((s, r) => s + r.total.actualWh!, 0);
    const cost10k = rows.reduce((s, r) => s + r.total.cost10k, 0);
    const savingWh = baselineWh - actualWh;
    return {
      from: input.from,
      to: input.to,
      circuits,
      total: { baselineWh, actualWh, savingWh, costSaving: money(cost10k), rate: rateOf(savingWh, baselineWh) },
    };
  }

  /** Slices of the circuits with a positive saving (Wh or ten-thousandths), each's share of their sum. */
  private async pie(ctx: StaffCtx, input: { from: string; to: string }, by: 'wh' | 'cost') {
    const { rows } = await this.savings(ctx, input);
    const parts = rows
      .map((r) => ({ r, v: by === 'wh' ? r.total.savingWh! : r.total.cost10k }))
      .filter((p) => p.v > 0)
      .sort((a, b) => b.v - a.v);
    const total = parts.reduce((s, p) => s + p.v, 0);
    const slices = parts.map(({ r, v }) => ({
      circuitId: r.circuitId,
      circuitCode: r.circuitCode,
      circuitName: r.circuitName,
      value: by === 'wh' ? v : money(v),
      share: Math.round((v / total) * 1e6) / 1e6,
    }));
    return { total: by === 'wh' ? total : money(total), slices };
  }

  async savingPie(ctx: StaffCtx, input: { from: string; to: string }) {
    return { unit: 'Wh' as const, ...(await this.pie(ctx, input, 'wh')) };
  }

  async costPie(ctx: StaffCtx, input: { from: string; to: string }) {
    return { unit: 'currency' as const, ...(await this.pie(ctx, input, 'cost')) };
  }

  async comparison(ctx: StaffCtx, input: { from: string; to: string; circuitId: number }) {
    const { zone, rows } = await this.savings(ctx, input);
    const r = rows[0]!;
    const { cost10k: _c, months: _m, ...total } = r.total;
    return {
      circuitId: r.circuitId,
      circuitCode: r.circuitCode,
      circuitName: r.circuitName,
      timeZone: zone,
      months: r.months.map(({ cost10k: _k, ...m }) => m),
      total,
    };
  }

  async averageRate(ctx: StaffCtx, input: { from: string; to: string; circuitId?: number }) {
    const { rows } = await this.savings(ctx, input);
    const circuits = rows.map((r) => ({
      circuitId: r.circuitId,
      circuitCode: r.circuitCode,
      circuitName: r.circuitName,
      baselineWh: r.total.baselineWh!,
      savingWh: r.total.savingWh!,
      rate: r.total.rate,
    }));
    const baselineWh = circuits.reduce((s, c) => s + c.baselineWh, 0);
    const savingWh = circuits.reduce((s, c) => s + c.savingWh, 0);
    return { rate: rateOf(savingWh, baselineWh), baselineWh, savingWh, circuits };
  }

  /** A year by month (`time` YYYY) or one month (YYYY-MM) of a circuit, then a total row. */
  async export(
    ctx: StaffCtx,
    input: { circuitId: number; time: string; format: 'xlsx' | 'csv'; lang?: 'en-US' | 'zh-CN' },
    http: { req: FastifyRequest; reply: FastifyReply },
  ) {
    const [from, to] = input.time.length === 4 ? [`${input.time}-01`, `${input.time}-12`] : [input.time, input.time];
    const answer = await this.comparison(ctx, { circuitId: input.circuitId, from, to });
    const lang = langOf(http.req, input.lang);
    return sendExport(http.reply, {
      name: 'energy-saving',
      sheet: SAVING_SHEET,
      columns: SAVING_COLUMNS,
      lang,
      timeZone: answer.timeZone,
      format: input.format,
      batches: (async function* () {
        yield [...answer.months, { month: lang === 'zh-CN' ? '合计' : 'Total', driver: null, problem: null, ...answer.total }];
      })(),
    });
  }
}
