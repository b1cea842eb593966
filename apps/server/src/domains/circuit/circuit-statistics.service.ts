import { circuit as contract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Column, Localized } from '../../excel/columns.js';
import { langOf } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { localClock, money, priceSeries, QUARTER_MS, type PriceVersion } from '../../pricing/tou-pricing.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { instantOf } from './circuit-cost.service.js';
import type { CircuitService } from './circuit.service.js';
import { cachedQuartersOf, dayStartOf, quartersOf, SOURCE_KEYS, type Quarter, type SeriesMap, type Source } from './circuit-series.js';
import type { PricesService } from './prices.service.js';

type DataType = contract.CircuitDataType;
type CircuitRow = contract.CircuitRow;
type Resolution = contract.StatResolution;

const DAY_MS = 86_400_000;
/** The longest range of a statistics call, and of one at 15 minutes. */
const MAX_DAYS = 400;
const MAX_15M_DAYS = 62;

/** Each data type: its source series, how its periods combine, its rounding, its names. */
const TYPES: Record<DataType, { source: Source; aggregation: 'sum' | 'avg' | 'max'; decimals: number; name: string; nameZh: string }> = {
  activeEnergy: { source: 'energy', aggregation: 'sum', decimals: 0, name: 'Active energy', nameZh: '有功电量' },
  cost: { source: 'energy', aggregation: 'sum', decimals: 4, name: 'Energy cost', nameZh: '电费' },
  activePower: { source: 'energy', aggregation: 'avg', decimals: 0, name: 'Active power', nameZh: '有功功率' },
  maxDemand: { source: 'energy', aggregation: 'max', decimals: 0, name: 'Maximum demand', nameZh: '最大需量' },
  current: { source: 'current', aggregation: 'avg', decimals: 3, name: 'Current', nameZh: '电流' },
  voltage: { source: 'voltage', aggregation: 'avg', decimals: 2, name: 'Voltage', nameZh: '电压' },
  powerFactor: { source: 'pf', aggregation: 'avg', decimals: 4, name: 'Power factor', nameZh: '功率因数' },
};

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
const info = (key: DataType) => ({
  key,
  name: TYPES[key].name,
  nameZh: TYPES[key].nameZh,
  unit: contract.DATA_TYPE_UNITS[key],
  aggregation: TYPES[key].aggregation,
});

interface Range {
  circuitIds: number[];
  dataType: DataType;
  timeResolution: Resolution;
  from: string | number;
  to: string | number;
}

/** A period of the answer: its key, start and label. */
interface Slot {
  key: string;
  ts: number;
  label: string;
}

/** Statistics of circuits' data types (docs/circuits.md, "Statistics"). */
export class CircuitStatisticsService {
  constructor(
    private readonly circuits: CircuitService,
    private readonly prices: PricesService,
  ) {}

  defaultTypes() {
    return contract.CIRCUIT_DATA_TYPES.map(info);
  }

  /** The types a circuit answers: those its meters have the property of; cost only with an account. */
  async dataTypes(ctx: StaffCtx, circuitId: number) {
    const row = await this.circuits.detail(ctx, circuitId);
    const keys = await this.meterKeys(ctx, row);
    return contract.CIRCUIT_DATA_TYPES.filter((t) => keys.has(SOURCE_KEYS[TYPES[t].source]) && (t !== 'cost' || row.accountId != null)).map(
      info,
    );
  }

  private async meterKeys(ctx: StaffCtx, row: CircuitRow): Promise<Set<string>> {
    if (!row.meters.length) return new Set();
    const props = await rowsOf<{ key: string }>(
      ctx.tx,
      sql`select distinct p.key from device d join data_property p on p.device_type_id = d.device_type_id
          where d.id = any(${sql.param(row.meters.map((m) => m.deviceId))}::int[])`,
    );
    return new Set(props.map((p) => p.key));
  }

  private range(input: { from: string | number; to: string | number }, resolution: Resolution | 'day' | 'month' = 'hour') {
    const from = instantOf(input.from);
    const to = instantOf(input.to);
    if (to <= from) throw invalid('body.to', 'must be after from');
    const max = resolution === '15m' ? MAX_15M_DAYS : MAX_DAYS;
    if (to - from > max * DAY_MS)
      throw invalid('body.to', `the range must be at most ${max} days${resolution === '15m' ? ' at 15 minutes' : ''}`);
    return { from, to };
  }

  /** The periods of a range at a resolution, in the tenant's local calendar (hours are local hours). */
  private slots(zone: string, resolution: Resolution, from: number, to: number): Slot[] {
    const out: Slot[] = [];
    let last = '';
    for (let ts = from - (((from % QUARTER_MS) + QUARTER_MS) % QUARTER_MS); ts < to; ts += QUARTER_MS) {
      const s = slotOf(zone, resolution, ts);
      if (s.key !== last) out.push(s);
      last = s.key;
    }
    return out;
  }

  /** The source series of circuits, cached or straight from the rollups. */
  private async load(ctx: StaffCtx, zone: string, ids: number[], source: Source, from: number, to: number, cache: boolean) {
    if (!cache) return { series: await quartersOf(ctx, ids, source, from, to), cache: null };
    const answer = await cachedQuartersOf(ctx, zone, ids, source, from, to);
    return { series: answer.series, cache: { hitDays: answer.hitDays, computedDays: answer.computedDays } };
  }

  /** The price versions of each circuit's (own or inherited) account; null without one. */
  private async pricing(ctx: StaffCtx, rows: CircuitRow[]): Promise<Map<number, PriceVersion[] | null>> {
    const byAccount = new Map<number, PriceVersion[]>();
    const out = new Map<number, PriceVersion[] | null>();
    for (const row of rows) {
      if (row.accountId == null) {
        out.set(row.id, null);
        continue;
      }
      if (!byAccount.has(row.accountId)) byAccount.set(row.accountId, (await this.prices.versionsOf(ctx, row.accountId))?.pricing ?? []);
      out.set(row.id, byAccount.get(row.accountId)!);
    }
    return out;
  }

  /** Statistics of several circuits and types: one series query per source for all circuits. */
  async batch(ctx: StaffCtx, input: Omit<Range, 'dataType'> & { dataTypes: DataType[] }, options: { cache: boolean; ouCheck?: boolean }) {
    const { from, to } = this.range(input, input.timeResolution);
    const rows = await this.circuits.details(ctx, input.circuitIds, options.ouCheck ?? true);
    const zone = await tenantTimeZone(ctx);
    const slots = this.slots(zone, input.timeResolution, from, to);
    const ids = rows.map((r) => r.id);
    const sources = new Map<Source, { series: SeriesMap; cache: { hitDays: number; computedDays: number } | null }>();
    for (const t of input.dataTypes) {
      const source = TYPES[t].source;
      if (!sources.has(source)) sources.set(source, await this.load(ctx, zone, ids, source, from, to, options.cache));
    }
    const pricing = input.dataTypes.includes('cost') ? await this.pricing(ctx, rows) : new Map<number, PriceVersion[] | null>();
    const out = [];
    for (const t of input.dataTypes) {
      const { series, cache } = sources.get(TYPES[t].source)!;
      for (const row of rows) {
        const quarters = series.get(row.id) ?? [];
        const figures =
          t === 'cost'
            ? costFigures(zone, input.timeResolution, slots, quarters, pricing.get(row.id) ?? null)
            : typeFigures(t, zone, input.timeResolution, slots, quarters);
        out.push({
          circuitId: row.id,
          dataType: t,
          unit: contract.DATA_TYPE_UNITS[t],
          timeZone: zone,
          timeResolution: input.timeResolution,
          from,
          to,
          ...figures,
          cache,
        });
      }
    }
    return out;
  }

  async statistics(
    ctx: StaffCtx,
    input: Omit<Range, 'circuitIds'> & { circuitId: number },
    options: { cache: boolean; ouCheck?: boolean },
  ) {
    const [answer] = await this.batch(ctx, { ...input, circuitIds: [input.circuitId], dataTypes: [input.dataType] }, options);
    return answer!;
  }

  /** One figure over the range's quarter hours: sum, time average, maximum or minimum (with its quarter). */
  async aggregate(
    ctx: StaffCtx,
    input: { circuitIds: number[]; dataType: DataType; type?: 'sum' | 'avg' | 'max' | 'min'; from: string | number; to: string | number },
  ) {
    const answers = await this.batch(ctx, { ...input, dataTypes: [input.dataType], timeResolution: '15m' }, { cache: true });
    const type = input.type ?? TYPES[input.dataType].aggregation;
    return answers.map((a) => {
      const values = a.periods.filter((p): p is { ts: number; label: string; value: number } => p.value != null);
      let value: number | null = null;
      let ts: number | null = null;
      if (type === 'sum')
        value = TYPES[input.dataType].aggregation === 'sum' ? a.total : values.length ? sum(values.map((p) => p.value)) : null;
      else if (type === 'avg')
        value = values.length ? round(sum(values.map((p) => p.value)) / values.length, TYPES[input.dataType].decimals) : null;
      else if (values.length) {
        const pick = values.reduce((best, p) => ((type === 'max' ? p.value > best.value : p.value < best.value) ? p : best));
        value = pick.value;
        ts = pick.ts;
      }
      return { circuitId: a.circuitId, dataType: a.dataType, type, unit: a.unit, value, ts };
    });
  }

  /** Minimum and maximum period of a type at a resolution, and the first and last period with data. */
  async dataRange(ctx: StaffCtx, input: Omit<Range, 'circuitIds'> & { circuitId: number }) {
    const answer = await this.statistics(ctx, input, { cache: true });
    const values = answer.periods.filter((p): p is { ts: number; label: string; value: number } => p.value != null);
    const pick = (better: (a: number, b: number) => boolean) =>
      values.length ? values.reduce((best, p) => (better(p.value, best.value) ? p : best)) : null;
    return {
      circuitId: answer.circuitId,
      dataType: answer.dataType,
      unit: answer.unit,
      min: pick((a, b) => a < b),
      max: pick((a, b) => a > b),
      first: values[0]?.ts ?? null,
      last: values[values.length - 1]?.ts ?? null,
      periods: values.length,
    };
  }

  /** The statistics as XLSX or CSV: period and value, then the total. */
  async export(
    ctx: StaffCtx,
    input: Omit<Range, 'circuitIds'> & { circuitId: number; format: 'xlsx' | 'csv'; lang?: 'en-US' | 'zh-CN' },
    http: { req: FastifyRequest; reply: FastifyReply },
  ) {
    const answer = await this.statistics(ctx, input, { cache: true });
    const lang = langOf(http.req, input.lang);
    const t = TYPES[input.dataType];
    const unit =
      input.dataType === 'activeEnergy' ? 'kWh' : input.dataType === 'activePower' || input.dataType === 'maxDemand' ? 'kW' : answer.unit;
    const scale = unit === 'kWh' || unit === 'kW' ? 1000 : 1;
    const header: Localized = { 'en-US': t.name, 'zh-CN': t.nameZh };
    const columns: Column<{ label: string; value: number | null }>[] = [
      { key: 'period', header: { 'en-US': 'Period', 'zh-CN': '时段' }, type: { kind: 'text' }, value: (r) => r.label, width: 18 },
      {
        key: 'value',
        header,
        type: { kind: 'number', unit: unit === 'currency' ? '' : unit, numFmt: scale === 1000 ? '0.000' : '0.####' },
        value: (r) => (r.value == null ? null : r.value / scale),
        width: 16,
      },
    ];
    const totalLabel =
      lang === 'zh-CN'
        ? t.aggregation === 'sum'
          ? '合计'
          : t.aggregation === 'max'
            ? '最大'
            : '平均'
        : t.aggregation === 'sum'
          ? 'Total'
          : t.aggregation === 'max'
            ? 'Maximum'
            : 'Average';
    return sendExport(http.reply, {
      name: 'circuit-statistics',
      sheet: header,
      columns,
      lang,
      timeZone: answer.timeZone,
      format: input.format,
      batches: (async function* () {
        yield [...answer.periods, { label: totalLabel, value: answer.total }];
      })(),
    });
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The period a quarter hour belongs to at a resolution. */
function slotOf(zone: string, resolution: Resolution, ts: number): Slot {
  const clock = localClock(zone, ts);
  const hhmm = contract.hhmm;
  if (resolution === '15m') return { key: String(ts), ts, label: `${clock.date} ${hhmm(clock.minute)}` };
  if (resolution === 'hour') {
    const minute = clock.minute - (clock.minute % 60);
    return { key: `${clock.date} ${minute}`, ts: ts - (clock.minute % 60) * 60_000, label: `${clock.date} ${hhmm(minute)}` };
  }
  const dayStart = dayStartOf(zone, ts);
  if (resolution === 'day') return { key: clock.date, ts: dayStart, label: clock.date };
  return { key: clock.month, ts: dayStart - (Number(clock.date.slice(8)) - 1) * DAY_MS, label: clock.month };
}

/** Group a series' quarters by the slots' keys. */
function grouped(zone: string, resolution: Resolution, quarters: Quarter[]): Map<string, Quarter[]> {
  const out = new Map<string, Quarter[]>();
  for (const q of quarters) {
    const key = slotOf(zone, resolution, q.ts).key;
    const list = out.get(key);
    if (list) list.push(q);
    else out.set(key, [q]);
  }
  return out;
}

/**
 * Energy: Σ Wh. Power: average over the quarters with data, Σ Wh / (n × 0.25 h), in W. Demand: the largest
 * quarter's Wh × 4, in W. Current, voltage, power factor: the mean of the quarters' averages.
 */
function typeFigures(t: DataType, zone: string, resolution: Resolution, slots: Slot[], quarters: Quarter[]) {
  const { decimals } = TYPES[t];
  const value = (qs: Quarter[]): number | null => {
    if (!qs.length) return null;
    if (t === 'activeEnergy') return sum(qs.map((q) => q.v));
    if (t === 'activePower') return Math.round((sum(qs.map((q) => q.v)) * 4) / qs.length);
    if (t === 'maxDemand') return Math.max(...qs.map((q) => q.v * 4));
    return round(sum(qs.map((q) => q.v)) / qs.length, decimals);
  };
  const groups = grouped(zone, resolution, quarters);
  return { periods: slots.map((s) => ({ ts: s.ts, label: s.label, value: value(groups.get(s.key) ?? []) })), total: value(quarters) };
}

/**
 * Cost: the cost service's pricing of the quarters (docs/prices.md). Days and months are the priced days
 * (each band's energy of the day × its price, rounded once), quarters and hours the quarters' own costs.
 */
function costFigures(zone: string, resolution: Resolution, slots: Slot[], quarters: Quarter[], pricing: PriceVersion[] | null) {
  if (!pricing) return { periods: slots.map((s) => ({ ts: s.ts, label: s.label, value: null })), total: null };
  const priced = priceSeries(
    pricing,
    zone,
    quarters.map((q) => ({ ts: q.ts, wh: q.v })),
  );
  const cost10k = new Map<string, number>();
  const add = (key: string, c: number) => cost10k.set(key, (cost10k.get(key) ?? 0) + c);
  if (resolution === '15m' || resolution === 'hour') for (const q of priced.quarters) add(slotOf(zone, resolution, q.ts).key, q.cost10k);
  else for (const d of priced.days) add(resolution === 'day' ? d.date : d.date.slice(0, 7), d.cost10k);
  return {
    periods: slots.map((s) => ({ ts: s.ts, label: s.label, value: cost10k.has(s.key) ? money(cost10k.get(s.key)!) : null })),
    total: money(priced.total.cost10k),
  };
}
