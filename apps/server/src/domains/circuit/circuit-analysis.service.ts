import { circuit as contract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { localClock, money, priceSeries, QUARTER_MS } from '../../pricing/tou-pricing.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { instantOf } from './circuit-cost.service.js';
import { COUNTER, IN_FORCE } from './energy-bindings.js';
import { dayStartOf, quartersOf, type Source } from './circuit-series.js';
import type { CircuitService } from './circuit.service.js';
import type { PricesService } from './prices.service.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 400;

/** A circuit's latest values and its energy year on year and period on period (docs/circuits.md). */
export class CircuitAnalysisService {
  constructor(
    private readonly circuits: CircuitService,
    private readonly prices: PricesService,
  ) {}

  /**
   * The latest values: active power the average of the latest quarter hour with energy (Wh × 4), maximum
   * demand today's largest quarter (Wh × 4), current, voltage and power factor their latest quarter's
   * averages, active energy and cost since local midnight.
   */
  async now(ctx: StaffCtx, circuitId: number, now = Date.now()) {
    const row = await this.circuits.detail(ctx, circuitId);
    const zone = await tenantTimeZone(ctx);
    const dayStart = dayStartOf(zone, now);
    const from = Math.min(dayStart, now - 2 * 3_600_000);
    const to = now + QUARTER_MS;
    const load = async (source: Source) => (await quartersOf(ctx, [row.id], source, from, to)).get(row.id) ?? [];
    const energy = await load('energy');
    const today = energy.filter((q) => q.ts >= dayStart);
    const lastEnergy = energy[energy.length - 1];
    const values: { dataType: contract.CircuitDataType; unit: string; value: number | null; ts: number | null }[] = [];
    const push = (dataType: contract.CircuitDataType, value: number | null, ts: number | null) =>
      values.push({ dataType, unit: contract.DATA_TYPE_UNITS[dataType], value, ts });
    const todayWh = today.reduce((s, q) => s + q.v, 0);
    push('activeEnergy', today.length ? todayWh : null, today.length ? today[today.length - 1]!.ts : null);
    push('activePower', lastEnergy ? lastEnergy.v * 4 : null, lastEnergy?.ts ?? null);
    const peak = today.reduce<{ ts: number; v: number } | null>((best, q) => (!best || q.v > best.v ? q : best), null);
    push('maxDemand', peak ? peak.v * 4 : null, peak?.ts ?? null);
    for (const [dataType, source, decimals] of [
      ['current', 'current', 3],
      ['voltage', 'voltage', 2],
      ['powerFactor', 'pf', 4],
    ] as const) {
      const quarters = await load(source);
      const last = quarters[quarters.length - 1];
      push(dataType, last ? Math.round(last.v * 10 ** decimals) / 10 ** decimals : null, last?.ts ?? null);
    }
    let todayCost: number | null = null;
    let currency: string | null = null;
    if (row.accountId != null) {
      const versions = await this.prices.versionsOf(ctx, row.accountId);
      if (versions) {
        currency = versions.account.currency;
        todayCost = money(
          priceSeries(
            versions.pricing,
            zone,
            today.map((q) => ({ ts: q.ts, wh: q.v })),
          ).total.cost10k,
        );
      }
    }
    return { circuitId: row.id, timeZone: zone, dayStart, values, todayWh, todayCost, currency };
  }

  /**
   * Energy per local day or month with the same period a year before (same date or month, the year
   * minus one; 29 February has none) and the period before (the previous day or month); rates
   * (this − base) / base to 4 decimals, null when the base is 0. The total compares with the same range a
   * year before and with the same number of periods just before.
   */
  async energyAnalysis(
    ctx: StaffCtx,
    input: { circuitId: number; from: string | number; to: string | number; timeResolution: 'day' | 'month' },
  ) {
    const from = instantOf(input.from);
    const to = instantOf(input.to);
    if (to <= from) throw invalid('body.to', 'must be after from');
    if (to - from > MAX_DAYS * DAY_MS) throw invalid('body.to', `the range must be at most ${MAX_DAYS} days`);
    const row = await this.circuits.detail(ctx, input.circuitId);
    const zone = await tenantTimeZone(ctx);
    const month = input.timeResolution === 'month';
    // the labels of the range's periods
    const labels: { label: string; ts: number }[] = [];
    for (let ts = dayStartOf(zone, from); ts < to; ts += DAY_MS) {
      const start = dayStartOf(zone, ts + 3_600_000);
      const clock = localClock(zone, start);
      const label = month ? clock.month : clock.date;
      if (labels[labels.length - 1]?.label !== label) labels.push({ label, ts: start });
    }
    const n = labels.length;
    const earliest = Math.min(from - 367 * DAY_MS, shiftBack(zone, from, n, month));
    const days = await this.dailyWh(ctx, row.id, zone, earliest, to);
    const whOf = (label: string) => {
      if (!month) return days.get(label) ?? 0;
      let s = 0;
      for (const [d, wh] of days) if (d.startsWith(label)) s += wh;
      return s;
    };
    const rate = (wh: number, base: number) => (base === 0 ? null : Math.round(((wh - base) / base) * 10_000) / 10_000);
    const periods = labels.map(({ label, ts }) => {
      const wh = whOf(label);
      const lastYear = lastYearOf(label);
      const lastYearWh = lastYear ? whOf(lastYear) : 0;
      const previousWh = whOf(previousOf(label));
      return { ts, label, wh, lastYearWh, previousWh, yoy: rate(wh, lastYearWh), mom: rate(wh, previousWh) };
    });
    const wh = periods.reduce((s, p) => s + p.wh, 0);
    const lastYearWh = periods.reduce((s, p) => s + p.lastYearWh, 0);
    let previousWh = 0;
    let label = labels[0]!.label;
    for (let i = 0; i < n; i++) previousWh += whOf((label = previousOf(label)));
    return {
      circuitId: row.id,
      timeZone: zone,
      timeResolution: input.timeResolution,
      periods,
      total: { wh, lastYearWh, previousWh, yoy: rate(wh, lastYearWh), mom: rate(wh, previousWh) },
    };
  }

  /** Energy per local date in [from, to), from the 15-minute rollups (the quarters' Wh summed). */
  private async dailyWh(ctx: StaffCtx, circuitId: number, zone: string, from: number, to: number): Promise<Map<string, number>> {
    const rows = await rowsOf<{ day: string; wh: string | number }>(
      ctx.tx,
      sql`select to_char(r.bucket at time zone ${zone}, 'YYYY-MM-DD') as day, sum(m.sign * round(r.increase * 1000))::bigint as wh
          from circuit_meter m
          join device d on d.id = m.device_id
          join data_property p on p.device_type_id = d.device_type_id and p.key = ${COUNTER}
          join telemetry_15m r on r.device_id = m.device_id and r.property_id = p.id and ${IN_FORCE}
          where m.circuit_id = ${circuitId} and m.tenant_id = ${ctx.staff.tenantId}
            and r.bucket >= ${new Date(from).toISOString()}::timestamptz and r.bucket < ${new Date(to).toISOString()}::timestamptz
          group by 1`,
    );
    return new Map(rows.map((r) => [r.day, Number(r.wh)]));
  }
}

/** The same date or month a year before; none for 29 February. */
function lastYearOf(label: string): string | null {
  const year = String(Number(label.slice(0, 4)) - 1).padStart(4, '0');
  if (label.slice(5) === '02-29') return null;
  return year + label.slice(4);
}

/** The previous date (YYYY-MM-DD) or month (YYYY-MM). */
function previousOf(label: string): string {
  if (label.length === 7) {
    const [y, m] = label.split('-').map(Number) as [number, number];
    return m === 1 ? `${String(y - 1).padStart(4, '0')}-12` : `${label.slice(0, 4)}-${String(m - 1).padStart(2, '0')}`;
  }
  return new Date(Date.parse(`${label}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** An instant far enough back to hold `n` periods before `from`. */
function shiftBack(zone: string, from: number, n: number, month: boolean): number {
  return dayStartOf(zone, from) - (month ? n * 31 + 1 : n + 1) * DAY_MS;
}
