import { circuit } from '@energy/contracts';

const TOU_BAND_KINDS = circuit.TOU_BAND_KINDS;
type TouBandKind = circuit.TouBandKind;

// Pricing of energy at time-of-use prices, for every domain that bills energy (circuits' electricity
// accounts; charging and PV income can call it the same way). Pure functions over integers: energy in Wh,
// prices and money in ten-thousandths of the currency unit. docs/prices.md explains the method.

/** A band of a season: minutes of the local day [startMin, endMin), price in ten-thousandths per kWh. */
export interface PricedBand {
  startMin: number;
  endMin: number;
  kind: TouBandKind;
  price10k: number;
}

/** A price version: in force from its local date (YYYY-MM-DD) until the next version's. */
export interface PriceVersion {
  effectiveFrom: string;
  /** Demand charge per kW of the month's maximum 15-minute demand, ten-thousandths; null without one. */
  demandPrice10k: number | null;
  seasons: { name: string; months: readonly number[]; bands: readonly PricedBand[] }[];
}

/** Energy measured in the 15 minutes starting at `ts` (epoch ms, on a quarter hour), Wh. */
export interface EnergyPoint {
  ts: number;
  wh: number;
}

export const QUARTER_MS = 15 * 60_000;

/** n × price / 1000 (Wh × ten-thousandths per kWh → ten-thousandths), rounded half away from zero. */
export function costOf(wh: number, price10k: number): number {
  const scaled = wh * price10k;
  return Math.sign(scaled) * Math.floor((Math.abs(scaled) + 500) / 1000);
}

/** Ten-thousandths as a currency amount (exact decimal: 123456 → 12.3456). */
export const money = (tenThousandths: number) => tenThousandths / 10_000;

/** Local date, month and minute of the day of an instant in a zone, cached per quarter hour. */
export interface LocalClock {
  date: string;
  month: string;
  monthOfYear: number;
  minute: number;
}

const clocks = new Map<string, Map<number, LocalClock>>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local clock of an instant (quarter hours: zone offsets change on quarter hours at worst). */
export function localClock(timeZone: string, ts: number): LocalClock {
  let cache = clocks.get(timeZone);
  if (!cache) clocks.set(timeZone, (cache = new Map()));
  const key = Math.floor(ts / QUARTER_MS);
  let hit = cache.get(key);
  if (hit) return { ...hit, minute: hit.minute + Math.floor((ts - key * QUARTER_MS) / 60_000) };
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(key * QUARTER_MS).map((p) => [p.type, p.value]));
  const month = `${parts.year}-${parts.month}`;
  hit = { date: `${month}-${parts.day}`, month, monthOfYear: Number(parts.month), minute: Number(parts.hour) * 60 + Number(parts.minute) };
  if (cache.size > 500_000) cache.clear();
  cache.set(key, hit);
  return { ...hit, minute: hit.minute + Math.floor((ts - key * QUARTER_MS) / 60_000) };
}

/** The version in force on a local date: the latest whose date is not after it (versions sorted or not). */
export function versionOn<V extends { effectiveFrom: string }>(versions: readonly V[], date: string): V | undefined {
  let best: V | undefined;
  for (const v of versions) if (v.effectiveFrom <= date && (!best || v.effectiveFrom > best.effectiveFrom)) best = v;
  return best;
}

/** The band in force at a local date and minute, with its version and season; undefined before the first version. */
export function bandIn(
  versions: readonly PriceVersion[],
  clock: LocalClock,
): { version: PriceVersion; season: string; band: PricedBand } | undefined {
  const version = versionOn(versions, clock.date);
  if (!version) return undefined;
  const season = version.seasons.find((s) => s.months.includes(clock.monthOfYear));
  const band = season?.bands.find((b) => b.startMin <= clock.minute && clock.minute < b.endMin);
  return season && band ? { version, season: season.name, band } : undefined;
}

export type BandTotals = Record<TouBandKind, { wh: number; cost10k: number }>;

/** Energy and cost of a period: totals and per band. Costs in ten-thousandths. */
export interface PeriodCost {
  wh: number;
  cost10k: number;
  bands: BandTotals;
  unpricedWh: number;
}

export interface MonthDemand {
  month: string;
  maxDemandW: number;
  maxDemandAt: number | null;
  demandPrice10k: number | null;
  demandCharge10k: number;
}

export interface PricedSeries {
  /** Per local day, in date order. */
  days: (PeriodCost & { date: string })[];
  /** Per quarter hour, in time order (what the day figures are made of). */
  quarters: (PeriodCost & { ts: number })[];
  months: MonthDemand[];
  total: PeriodCost;
  demandCharge10k: number;
}

const emptyBands = (): BandTotals => Object.fromEntries(TOU_BAND_KINDS.map((k) => [k, { wh: 0, cost10k: 0 }])) as BandTotals;
export const emptyPeriod = (): PeriodCost => ({ wh: 0, cost10k: 0, bands: emptyBands(), unpricedWh: 0 });

/** Adds `b` into `a`. */
export function addPeriod(a: PeriodCost, b: PeriodCost): PeriodCost {
  a.wh += b.wh;
  a.cost10k += b.cost10k;
  a.unpricedWh += b.unpricedWh;
  for (const k of TOU_BAND_KINDS) {
    a.bands[k].wh += b.bands[k].wh;
    a.bands[k].cost10k += b.bands[k].cost10k;
  }
  return a;
}

/**
 * Prices a series of 15-minute energies at the prices in force (docs/prices.md):
 * - each quarter hour takes the band of its start's local time, in the season of its local month, of the
 *   version in force on its local date; before the first version it is unpriced (counted, cost 0);
 * - a day's cost per band is Σ over its distinct prices of round(Wh × price / 1000), so every figure is an
 *   integer count of ten-thousandths and the day, the month and the range are exact sums of their parts
 *   (a quarter hour's own cost is rounded on its own and only shown for the 15-minute resolution);
 * - a month's demand charge is its largest quarter-hour demand (Wh × 4 = W) times the demand price of the
 *   version in force on that quarter hour's date, rounded to a ten-thousandth.
 */
export function priceSeries(versions: readonly PriceVersion[], timeZone: string, points: readonly EnergyPoint[]): PricedSeries {
  const sorted = [...points].sort((a, b) => a.ts - b.ts);
  const quarters: PricedSeries['quarters'] = [];
  // per day, the energy per (kind, price) before rounding
  const dayGroups = new Map<string, Map<string, { kind: TouBandKind; price10k: number; wh: number }>>();
  const dayUnpriced = new Map<string, number>();
  const months = new Map<string, MonthDemand>();
  for (const point of sorted) {
    const clock = localClock(timeZone, point.ts);
    const hit = bandIn(versions, clock);
    const q = emptyPeriod();
    q.wh = point.wh;
    let groups = dayGroups.get(clock.date);
    if (!groups) dayGroups.set(clock.date, (groups = new Map()));
    if (hit) {
      const key = `${hit.band.kind}:${hit.band.price10k}`;
      const g = groups.get(key) ?? { kind: hit.band.kind, price10k: hit.band.price10k, wh: 0 };
      g.wh += point.wh;
      groups.set(key, g);
      q.cost10k = costOf(point.wh, hit.band.price10k);
      q.bands[hit.band.kind] = { wh: point.wh, cost10k: q.cost10k };
    } else {
      q.unpricedWh = point.wh;
      dayUnpriced.set(clock.date, (dayUnpriced.get(clock.date) ?? 0) + point.wh);
    }
    quarters.push({ ts: point.ts, ...q });
    const demandW = point.wh * 4;
    const month = months.get(clock.month) ?? {
      month: clock.month,
      maxDemandW: 0,
      maxDemandAt: null,
      demandPrice10k: null,
      demandCharge10k: 0,
    };
    if (month.maxDemandAt === null || demandW > month.maxDemandW) {
      month.maxDemandW = demandW;
      month.maxDemandAt = point.ts;
      month.demandPrice10k = hit ? hit.version.demandPrice10k : null;
    }
    months.set(clock.month, month);
  }
  const days: PricedSeries['days'] = [];
  const total = emptyPeriod();
  for (const [date, groups] of [...dayGroups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const day = emptyPeriod();
    for (const g of groups.values()) {
      const cost = costOf(g.wh, g.price10k);
      day.bands[g.kind].wh += g.wh;
      day.bands[g.kind].cost10k += cost;
      day.wh += g.wh;
      day.cost10k += cost;
    }
    day.unpricedWh = dayUnpriced.get(date) ?? 0;
    day.wh += day.unpricedWh;
    days.push({ date, ...day });
    addPeriod(total, day);
  }
  let demandCharge10k = 0;
  const monthList = [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
  for (const m of monthList) {
    m.demandCharge10k = m.demandPrice10k == null ? 0 : costOf(Math.max(m.maxDemandW, 0), m.demandPrice10k);
    demandCharge10k += m.demandCharge10k;
  }
  return { days, quarters, months: monthList, total, demandCharge10k };
}
