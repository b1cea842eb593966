import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

// The performance ratio of the PV outline (docs/pv-analytics.md, "Outline"), in one place so that it can be
// swapped for the performance service's figures (PvPerformanceService.stationFigures) at merge.

/** One 15 min bucket: the station's generation (Wh) and its weather station's average plane-of-array irradiance (W/m², null: no reading). */
export interface PrQuarter {
  ts: number;
  wh: number;
  irradianceWm2: number | null;
}

/** A period's PR and what it is made of. */
export interface PrFigures {
  /** Generation of the quarters that count (irradiance > 0), Wh. */
  energyWh: number;
  /** Plane-of-array irradiation H_POA = Σ G × 0.25 h over the quarters with a reading, Wh/m². */
  irradiationWhM2: number | null;
  /** PR, 4 decimals; null without irradiation. */
  pr: number | null;
}

/**
 * PR = E_AC / (H_POA / G_STC × P_STC) (IEC 61724-1, G_STC = 1,000 W/m²), as a ratio of sums over the
 * period, never an average of daily ratios. Quarters without irradiance (night, no reading, sensor at zero)
 * drop out of both sums. In Wh: E_Wh / (H_Wh/m² / 1000 × P_kWp × 1000) = E_Wh / (H_Wh/m² × P_kWp).
 */
export function outlinePr(quarters: readonly PrQuarter[], capacityKwp: number): PrFigures {
  let energyWh = 0;
  let irradiationWhM2 = 0;
  let seen = false;
  for (const q of quarters) {
    if (q.irradianceWm2 === null) continue;
    seen = true;
    if (!(q.irradianceWm2 > 0)) continue;
    irradiationWhM2 += q.irradianceWm2 * 0.25;
    energyWh += q.wh;
  }
  const pr = irradiationWhM2 > 0 && capacityKwp > 0 ? Math.round((energyWh / (irradiationWhM2 * capacityKwp)) * 10_000) / 10_000 : null;
  return { energyWh, irradiationWhM2: seen ? irradiationWhM2 : null, pr };
}

/** The weather station's average irradiance (W/m²) per 15 min bucket in [from, to): Σ / count of its `irradiance` readings. */
export async function irradianceQuarters(tx: Db, deviceId: number | null, from: number, to: number): Promise<Map<number, number>> {
  if (deviceId == null) return new Map();
  const rows = await rowsOf<{ ts: string | number; avg: number }>(
    tx,
    sql`select (extract(epoch from r.bucket) * 1000)::bigint as ts, r.sum / r.count as avg
        from device dv join data_property p on p.device_type_id = dv.device_type_id and p.key = 'irradiance'
        join telemetry_15m r on r.device_id = dv.id and r.property_id = p.id
        where dv.id = ${deviceId} and r.count > 0
          and r.bucket >= ${new Date(from).toISOString()}::timestamptz and r.bucket < ${new Date(to).toISOString()}::timestamptz`,
  );
  return new Map(rows.map((r) => [Number(r.ts), Number(r.avg)]));
}
