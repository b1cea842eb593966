import type { pv } from '@energy/contracts';

// The arithmetic of the string dispersion (docs/pv-analytics.md, "Dispersion"), free of the database so the
// tests can check it by hand. Inputs are the 15 min averages of each string's current in the buckets where
// the weather station's average irradiance reached the threshold ("qualifying" buckets).

/** A string as the analysis needs it. */
export interface DispersionString {
  id: number;
  code: string;
  name: string;
  inverterId: number;
  mpptInput: number;
  capacityKwp: number;
  deviceId: number | null;
  excluded: boolean;
}

/** An inverter as the analysis needs it. */
export interface DispersionInverter {
  id: number;
  code: string;
  name: string;
  areaId: number | null;
  areaName: string | null;
  excluded: boolean;
}

export interface DispersionSettings {
  /** Dead in a bucket: normalised current ≤ this fraction of the group's median in that bucket. */
  deadRatio: number;
  /** Weak: mean normalised current below this fraction of the group's median of live means. */
  weakRatio: number;
  grouping: pv.DispersionGrouping;
}

/** Average current per bucket start (ms) of each string device. */
export type Currents = Map<number, Map<number, number>>;

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  if (!n) return 0;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

/** Population standard deviation / mean (the strings of a group are all of it, not a sample); null below 2 values or a zero mean. */
export function coefficientOfVariation(values: readonly number[]): number | null {
  const n = values.length;
  if (n < 2) return null;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (mean <= 0) return null;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / n;
  return Math.sqrt(variance) / mean;
}

/** The class of a rate in percent: the first whose upper bound it is below (the last class is open). */
export function classOf(ratePercent: number, classes: readonly pv.DispersionClass[]): number {
  const i = classes.findIndex((c) => c.upperPercent == null || ratePercent < c.upperPercent);
  return i < 0 ? classes.length - 1 : i;
}

/** The groups strings are compared in: one per inverter, or one per MPPT input. */
function groupsOf(strings: readonly DispersionString[], grouping: pv.DispersionGrouping) {
  const groups = new Map<string, { inverterId: number; mpptInput: number | null; strings: DispersionString[] }>();
  for (const s of strings) {
    const mppt = grouping === 'mppt' ? s.mpptInput : null;
    const key = mppt == null ? `${s.inverterId}` : `${s.inverterId}-${mppt}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { inverterId: s.inverterId, mpptInput: mppt, strings: [] }));
    g.strings.push(s);
  }
  return groups;
}

/** Normalised currents (A/kWp) of the group's counted strings in one bucket, and which are dead in it. */
function bucketOf(strings: readonly DispersionString[], currents: Currents, ts: number, deadRatio: number) {
  const values = new Map<number, { current: number; norm: number }>();
  for (const s of strings) {
    const current = s.deviceId == null ? undefined : currents.get(s.deviceId)?.get(ts);
    if (current != null) values.set(s.id, { current, norm: current / s.capacityKwp });
  }
  const m = median([...values.values()].map((v) => v.norm));
  const dead = new Set<number>();
  if (m > 0) for (const [id, v] of values) if (v.norm <= deadRatio * m) dead.add(id);
  return { values, dead };
}

export interface GroupResult {
  unit: Omit<pv.DispersionUnitRow, 'inverterCode' | 'inverterName' | 'areaId' | 'areaName' | 'className' | 'classIndex'>;
  strings: pv.DispersionStringFigure[];
}

/**
 * One group over the qualifying buckets: each string's mean normalised current over the buckets it was live
 * in; dead when dead in its last bucket with data; the rate = σ / μ of the live strings' means.
 */
function analyseGroup(
  key: string,
  group: { inverterId: number; mpptInput: number | null; strings: DispersionString[] },
  qualifying: readonly number[],
  currents: Currents,
  settings: DispersionSettings,
): GroupResult {
  const counted = group.strings.filter((s) => !s.excluded);
  const acc = new Map(counted.map((s) => [s.id, { buckets: 0, dead: 0, live: 0, sumA: 0, sumNorm: 0, lastDead: false }]));
  for (const ts of qualifying) {
    const { values, dead } = bucketOf(counted, currents, ts, settings.deadRatio);
    for (const [id, v] of values) {
      const a = acc.get(id)!;
      a.buckets++;
      a.lastDead = dead.has(id);
      if (a.lastDead) a.dead++;
      else {
        a.live++;
        a.sumA += v.current;
        a.sumNorm += v.norm;
      }
    }
  }
  const live = counted.filter((s) => {
    const a = acc.get(s.id)!;
    return a.buckets > 0 && !a.lastDead && a.live > 0;
  });
  const meanOf = (id: number) => acc.get(id)!.sumNorm / acc.get(id)!.live;
  const liveMeans = live.map((s) => meanOf(s.id));
  const m = median(liveMeans);
  const rate = coefficientOfVariation(liveMeans);
  const figures: pv.DispersionStringFigure[] = group.strings.map((s) => {
    const a = acc.get(s.id);
    const base = { id: s.id, code: s.code, name: s.name, mpptInput: s.mpptInput, capacityKwp: s.capacityKwp, deviceId: s.deviceId };
    const none = {
      meanCurrentA: null,
      normalisedCurrent: null,
      relativePercent: null,
      qualifyingBuckets: a?.buckets ?? 0,
      deadBuckets: a?.dead ?? 0,
    };
    if (!a) return { ...base, ...none, state: 'excluded' as const };
    if (a.buckets === 0) return { ...base, ...none, state: 'no-data' as const };
    const isDead = a.lastDead || a.live === 0;
    const mean = a.live > 0 ? a.sumNorm / a.live : null;
    const relative = mean != null && m > 0 ? mean / m : null;
    const state = isDead ? ('dead' as const) : relative != null && relative < settings.weakRatio ? ('weak' as const) : ('normal' as const);
    return {
      ...base,
      state,
      meanCurrentA: a.live > 0 ? round(a.sumA / a.live, 3) : null,
      normalisedCurrent: mean == null ? null : round(mean, 4),
      relativePercent: relative == null ? null : round(relative * 100, 2),
      qualifyingBuckets: a.buckets,
      deadBuckets: a.dead,
    };
  });
  const status =
    !qualifying.length || counted.every((s) => acc.get(s.id)!.buckets === 0) ? 'no-data' : rate == null ? 'not-analysed' : 'analysed';
  return {
    unit: {
      key,
      inverterId: group.inverterId,
      mpptInput: group.mpptInput,
      status,
      ratePercent: status === 'analysed' && rate != null ? round(rate * 100, 2) : null,
      stringsTotal: group.strings.length,
      stringsCounted: live.length,
      deadStrings: figures.filter((f) => f.state === 'dead').map((f) => ({ id: f.id, code: f.code })),
      weakStrings: figures.filter((f) => f.state === 'weak').map((f) => ({ id: f.id, code: f.code, relativePercent: f.relativePercent! })),
      buckets: qualifying.length,
    },
    strings: figures,
  };
}

/** Every group of the strings (those of excluded inverters left out beforehand), in inverter then MPPT order. */
export function analyse(
  strings: readonly DispersionString[],
  qualifying: readonly number[],
  currents: Currents,
  settings: DispersionSettings,
): GroupResult[] {
  return [...groupsOf(strings, settings.grouping)].map(([key, g]) => analyseGroup(key, g, qualifying, currents, settings));
}

/** The rate in one bucket: σ / μ of the normalised currents of the strings live in it, %, 2 decimals. */
export function bucketRate(strings: readonly DispersionString[], currents: Currents, ts: number, deadRatio: number): number | null {
  const { values, dead } = bucketOf(
    strings.filter((s) => !s.excluded),
    currents,
    ts,
    deadRatio,
  );
  const rate = coefficientOfVariation([...values].filter(([id]) => !dead.has(id)).map(([, v]) => v.norm));
  return rate == null ? null : round(rate * 100, 2);
}
