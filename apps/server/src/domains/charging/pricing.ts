import { costOf, localClock, QUARTER_MS, versionOn } from '../../pricing/tou-pricing.js';
import type { SessionBand, StoredBand } from './charging.schema.js';

// The one place a charging session is priced (docs/charging.md, "Cost of a session"), on the platform's
// pricing primitives (pricing/tou-pricing.ts: local clock, version in force, Wh × price rounding).

/** Prices and fees are stored in ten-thousandths, costs in cents: to the contracts' currency units. */
export const fromE4 = (v: number) => v / 10_000;
export const fromCents = (v: number) => v / 100;

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

/**
 * The energy of a session's readings cut at the quarter hours: each interval between two readings shared in
 * proportion to time, in whole Wh that add up to the interval's (the energy up to t is round(ΔWh × (t − t0) /
 * (t1 − t0))). A falling register counts no energy. Pricing and the daily statistics read the same pieces.
 */
export function* energyPieces(samples: RegisterSample[]): Generator<{ t0: number; wh: number }> {
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    const delta = b.wh - a.wh;
    if (delta <= 0 || b.ts <= a.ts) continue;
    const span = b.ts - a.ts;
    const at = (t: number) => Math.round((delta * (t - a.ts)) / span);
    let t0 = a.ts;
    while (t0 < b.ts) {
      const t1 = Math.min(b.ts, (Math.floor(t0 / QUARTER_MS) + 1) * QUARTER_MS);
      const wh = at(t1) - at(t0);
      if (wh > 0) yield { t0, wh };
      t0 = t1;
    }
  }
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
  const groups = new Map<string, { kind: string; price: number; serviceFee: number; wh: number }>();
  let currency: string | null = null;
  let total = 0;
  for (const { t0, wh } of energyPieces(samples)) {
    const local = localClock(timeZone, t0);
    const version = versionOn(versions, local.date);
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
  let energyFee = 0;
  let serviceFee = 0;
  const bands: SessionBand[] = [];
  for (const g of groups.values()) {
    const fee = costOf(g.wh, g.price);
    energyFee += fee;
    serviceFee += costOf(g.wh, g.serviceFee);
    bands.push({ kind: g.kind, price: g.price, energyWh: g.wh, fee });
  }
  return {
    bands,
    energyWh: total,
    energyFee,
    serviceFee,
    // half up to the cent (non-negative ten-thousandths)
    costCents: Math.floor((energyFee + serviceFee + 50) / 100),
    currency:
      currency ??
      versions.reduce<PriceVersion | undefined>((a, v) => (!a || v.effectiveFrom > a.effectiveFrom ? v : a), undefined)?.currency ??
      'CNY',
  };
}
