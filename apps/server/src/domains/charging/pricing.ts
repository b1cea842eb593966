import type { SessionBand, StoredBand } from './charging.schema.js';

// The one place a charging session is priced (docs/charging.md, "Cost of a session"). Kept to one function
// over plain data so it can later be pointed at the platform's shared pricing module.

/** A price version as stored: in force from a local date; prices in ten-thousandths per kWh. */
export interface PriceVersion {
  effectiveFrom: string;
  currency: string;
  bands: StoredBand[];
  serviceFee: number;
}

/** A reading of the session's energy register: epoch ms and Wh. */
export interface RegisterSample {
  ts: number;
  wh: number;
}

export interface SessionPrice {
  bands: SessionBand[];
  energyWh: number;
  /** ten-thousandths of the currency */
  energyFee: number;
  serviceFee: number;
  /** (energyFee + serviceFee) rounded half up to the cent */
  costCents: number;
  currency: string;
}

const QUARTER = 15 * 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local date 'YYYY-MM-DD' and minute of the day of an instant in a zone. */
function localOf(ts: number, timeZone: string): { day: string; minute: number } {
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
  const p = Object.fromEntries(f.formatToParts(new Date(ts)).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) };
}

/** a × b / d rounded half up, exactly (BigInt), for non-negative integers. */
function mulDivRound(a: number, b: number, d: number): number {
  const n = BigInt(a) * BigInt(b);
  const q = n / BigInt(d);
  return Number(2n * (n % BigInt(d)) >= BigInt(d) ? q + 1n : q);
}

/**
 * Prices a session from its register readings (meter start, the meter values, the meter stop; sorted by
 * time). Each interval between two readings is cut at the quarter hours (band boundaries lie on them, and
 * every zone's offset is a whole number of quarter hours), its energy shared in proportion to time, in
 * whole Wh that add up to the interval's. Each piece takes the band of its local start time in the
 * version in force on its local date. Per band: fee = Wh × price / 1000 (ten-thousandths, half up);
 * service fee likewise on the band's Wh; the cost is their sum rounded half up to the cent. A falling
 * register (a meter replaced) counts no energy. Null when some energy falls before every version.
 */
export function priceChargingSession(samples: RegisterSample[], versions: PriceVersion[], timeZone: string): SessionPrice | null {
  const sorted = [...versions].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1));
  const groups = new Map<string, { kind: string; price: number; serviceFee: number; wh: number }>();
  let currency: string | null = null;
  let total = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    const delta = b.wh - a.wh;
    if (delta <= 0 || b.ts <= a.ts) continue;
    const span = b.ts - a.ts;
    const at = (t: number) => Math.round((delta * (t - a.ts)) / span);
    let t0 = a.ts;
    while (t0 < b.ts) {
      const t1 = Math.min(b.ts, (Math.floor(t0 / QUARTER) + 1) * QUARTER);
      const wh = at(t1) - at(t0);
      if (wh > 0) {
        const local = localOf(t0, timeZone);
        const version = sorted.find((v) => v.effectiveFrom <= local.day);
        if (!version) return null;
        const band = version.bands.find((x) => x.startMin <= local.minute && local.minute < x.endMin);
        if (!band) return null;
        currency ??= version.currency;
        const key = `${band.kind}|${band.price}|${version.serviceFee}`;
        const g = groups.get(key) ?? { kind: band.kind, price: band.price, serviceFee: version.serviceFee, wh: 0 };
        g.wh += wh;
        groups.set(key, g);
        total += wh;
      }
      t0 = t1;
    }
  }
  let energyFee = 0;
  let serviceFee = 0;
  const bands: SessionBand[] = [];
  for (const g of groups.values()) {
    const fee = mulDivRound(g.wh, g.price, 1000);
    energyFee += fee;
    serviceFee += mulDivRound(g.wh, g.serviceFee, 1000);
    bands.push({ kind: g.kind, price: g.price, energyWh: g.wh, fee });
  }
  return {
    bands,
    energyWh: total,
    energyFee,
    serviceFee,
    costCents: mulDivRound(energyFee + serviceFee, 1, 100),
    currency: currency ?? sorted[0]?.currency ?? 'CNY',
  };
}
