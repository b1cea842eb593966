import { energyConservation as contract } from '@energy/contracts';
import { costOf, money } from '../../pricing/tou-pricing.js';

// The arithmetic of energy conservation (docs/energy-conservation.md): the least-squares baseline of
// IPMVP option C, the same-period baseline, and a month's saving in Wh and in money. Pure functions.

type Fit = contract.BaselineFit;
type Figures = contract.SavingFigures;
type Model = contract.BaselineModel;

/** What a month's figures are computed from: a configuration version as stored. */
export interface Version {
  id: number;
  effectiveFrom: string;
  model: Model;
  baselineFrom: string;
  baselineTo: string;
  price10k: number;
  /** `audit`: the typed-in a (Wh per month) and b (Wh per driver unit). */
  auditAWh?: number | null;
  auditBWh?: number | null;
}

/** The months from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let i = contract.monthIndex(from); i <= contract.monthIndex(to); i++) out.push(contract.monthOf(i));
  return out;
}

/** An integer rounded half away from zero (Wh of a fitted baseline). */
export const roundHalfAway = (v: number) => Math.sign(v) * Math.round(Math.abs(v));

/**
 * Ordinary least squares of y on x over the points: b = Sxy / Sxx, a = ȳ − b·x̄ (Sxy = Σ(x−x̄)(y−ȳ),
 * Sxx = Σ(x−x̄)²), R² = 1 − SSres / SStot. Null with fewer than 3 points or every x the same.
 */
export function leastSquares(points: readonly { x: number; y: number }[]): Fit | null {
  const n = points.length;
  if (n < 3) return null;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let sst = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    sst += (p.y - my) ** 2;
  }
  if (sxx === 0) return null;
  const b = sxy / sxx;
  const a = my - b * mx;
  const ssr = points.reduce((s, p) => s + (p.y - (a + b * p.x)) ** 2, 0);
  const r2 = sst === 0 ? null : Math.round((1 - ssr / sst) * 1e6) / 1e6;
  return { a: Math.round(a * 1e6) / 1e6, b: Math.round(b * 1e6) / 1e6, r2, n };
}

/** The fit of a version over its baseline months (an audit's: its typed-in coefficients), or why there is none. */
export function fitOf(
  v: Version,
  energy: ReadonlyMap<string, number | null>,
  drivers: ReadonlyMap<string, number>,
): { fit: Fit | null; problem: contract.SavingProblem | null } {
  // typed in from an energy audit: its line as written, without an R² or months of this circuit's energy
  if (v.model === 'audit') return { fit: { a: v.auditAWh ?? 0, b: v.auditBWh ?? 0, r2: null, n: 0 }, problem: null };
  const points: { x: number; y: number }[] = [];
  for (const m of monthsBetween(v.baselineFrom, v.baselineTo)) {
    const y = energy.get(m);
    const x = drivers.get(m);
    if (y != null && x !== undefined) points.push({ x, y });
  }
  const fit = leastSquares(points);
  if (fit) return { fit, problem: null };
  return { fit: null, problem: points.length < 3 ? 'few-months' : 'same-driver' };
}

/** saving = baseline − actual; its cost = saving Wh × price (ten-thousandths, half away from zero); rate = saving / baseline. */
export function figuresOf(
  baselineWh: number | null,
  actualWh: number | null,
  price10k: number | null,
): Figures & { cost10k: number | null } {
  if (baselineWh == null || actualWh == null || price10k == null)
    return { baselineWh, actualWh, savingWh: null, costSaving: null, cost10k: null, rate: null };
  const savingWh = baselineWh - actualWh;
  const cost10k = costOf(savingWh, price10k);
  return { baselineWh, actualWh, savingWh, costSaving: money(cost10k), cost10k, rate: rateOf(savingWh, baselineWh) };
}

/** saving / baseline to 6 decimals, null without a baseline. */
export const rateOf = (savingWh: number, baselineWh: number) => (baselineWh === 0 ? null : Math.round((savingWh / baselineWh) * 1e6) / 1e6);

/** One month of a circuit. */
export interface MonthFigures extends Figures {
  month: string;
  driver: number | null;
  versionId: number | null;
  problem: contract.SavingProblem | null;
  cost10k: number | null;
}

/**
 * The figures of each reporting month: the version in force that month (latest `effectiveFrom` not after
 * it, then latest id), its baseline (same month of the baseline period, or a + b × the month's driver,
 * rounded half away from zero), the month's energy. `energy` must hold the baseline months too.
 */
export function savingMonths(
  months: readonly string[],
  versions: readonly Version[],
  energy: ReadonlyMap<string, number | null>,
  drivers: ReadonlyMap<string, number>,
): MonthFigures[] {
  const fits = new Map<number, ReturnType<typeof fitOf>>();
  return months.map((m) => {
    const v = versionIn(versions, m);
    const actualWh = energy.get(m) ?? null;
    const driver = drivers.get(m) ?? null;
    const none = (problem: contract.SavingProblem): MonthFigures => ({
      month: m,
      driver,
      versionId: v?.id ?? null,
      problem,
      ...figuresOf(null, actualWh, null),
    });
    if (!v) return none('no-version');
    let baselineWh: number | null;
    if (v.model === 'same-period') {
      const same = monthsBetween(v.baselineFrom, v.baselineTo).find((b) => b.slice(5) === m.slice(5));
      if (!same) return none('no-same-month');
      baselineWh = energy.get(same) ?? null;
      if (baselineWh == null) return none('no-baseline-energy');
    } else {
      if (!fits.has(v.id)) fits.set(v.id, fitOf(v, energy, drivers));
      const { fit, problem } = fits.get(v.id)!;
      if (!fit) return none(problem!);
      if (driver == null) return none('no-driver');
      baselineWh = roundHalfAway(fit.a + fit.b * driver);
    }
    if (actualWh == null) return none('no-energy');
    return { month: m, driver, versionId: v.id, problem: null, ...figuresOf(baselineWh, actualWh, v.price10k) };
  });
}

/** The version in force in a month. */
export function versionIn<V extends { id: number; effectiveFrom: string }>(versions: readonly V[], m: string): V | undefined {
  let best: V | undefined;
  for (const v of versions)
    if (
      v.effectiveFrom <= m &&
      (!best || v.effectiveFrom > best.effectiveFrom || (v.effectiveFrom === best.effectiveFrom && v.id > best.id))
    )
      best = v;
  return best;
}

/** Σ of the months with a saving: baseline, actual, saving, cost (Σ of the months' rounded costs), rate. */
export function totalOf(months: readonly MonthFigures[]): Figures & { cost10k: number; months: number } {
  const done = months.filter((m) => m.savingWh != null);
  const baselineWh = done.reduce((s, m) => s + m.baselineWh!, 0);
  const actualWh = done.reduce((s, m) => s + m.actualWh!, 0);
  const cost10k = done.reduce((s, m) => s + m.cost10k!, 0);
  const savingWh = baselineWh - actualWh;
  return {
    baselineWh,
    actualWh,
    savingWh,
    costSaving: money(cost10k),
    cost10k,
    rate: rateOf(savingWh, baselineWh),
    months: done.length,
  };
}
