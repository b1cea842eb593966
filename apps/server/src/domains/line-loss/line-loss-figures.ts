import type { lineLoss } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { localClock } from '../../pricing/tou-pricing.js';
import { ENERGY_KEY } from '../circuit/circuit.service.js';
import { COUNTER, IN_FORCE } from '../circuit/energy-bindings.js';

type Level = lineLoss.LineLossLevel;

/** Energy per local period (`YYYY-MM-DD` or `YYYY-MM`) of each circuit or meter, Wh. */
export type PeriodEnergy = Map<number, Map<string, number>>;

/**
 * The energy of circuits (Σ sign × meter) or of meters per local day or month, from the 15-minute rollups
 * of their `e_imp` counters (docs/circuits.md, "Energy": a replaced meter counts its new reading, never a
 * negative or giant step). One query, grouped in the database; `tenantId` keeps it in the tenant whatever
 * the connection (the background evaluation runs on the owner connection).
 */
export async function periodEnergy(
  tx: Db,
  opts: { tenantId: string; kind: 'circuit' | 'meter'; ids: number[]; from: number; to: number; level: Level; timeZone: string },
): Promise<PeriodEnergy> {
  const out: PeriodEnergy = new Map(opts.ids.map((id) => [id, new Map<string, number>()]));
  if (!opts.ids.length) return out;
  const format = opts.level === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const ids = sql.join(
    opts.ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const range = sql`r.bucket >= ${new Date(opts.from).toISOString()}::timestamptz and r.bucket < ${new Date(opts.to).toISOString()}::timestamptz`;
  const label = sql`to_char(r.bucket at time zone ${opts.timeZone}::text, ${format}::text)`;
  const rows = await rowsOf<{ id: number; label: string; wh: string | number }>(
    tx,
    opts.kind === 'circuit'
      ? sql`select m.circuit_id as id, ${label} as label, sum(m.sign * round(r.increase * 1000))::bigint as wh
            from circuit_meter m
            join device d on d.id = m.device_id
            join data_property p on p.device_type_id = d.device_type_id and p.key = ${COUNTER}
            join telemetry_15m r on r.device_id = m.device_id and r.property_id = p.id and ${IN_FORCE}
            where m.circuit_id in (${ids}) and m.tenant_id = ${opts.tenantId} and ${range}
            group by 1, 2`
      : sql`select d.id as id, ${label} as label, sum(round(r.increase * 1000))::bigint as wh
            from device d
            join data_property p on p.device_type_id = d.device_type_id and p.key = ${ENERGY_KEY}
            join telemetry_15m r on r.device_id = d.id and r.property_id = p.id
            where d.id in (${ids}) and d.tenant_id = ${opts.tenantId} and ${range}
            group by 1, 2`,
  );
  for (const r of rows) out.get(Number(r.id))?.set(r.label, Number(r.wh));
  return out;
}

/** loss = input − output; rate = loss / input to 6 decimals, null without input. */
export function lossFigures(inputWh: number, outputWh: number): lineLoss.LineLossFigures {
  const lossWh = inputWh - outputWh;
  return { inputWh, outputWh, lossWh, rate: inputWh === 0 ? null : Math.round((lossWh / inputWh) * 1e6) / 1e6 };
}

/** Is the rate above a threshold given in parts per million? Exact (integers), false without input. */
export function exceeds(p: { inputWh: number; lossWh: number }, thresholdPpm: number): boolean {
  return p.inputWh > 0 && BigInt(p.lossWh) * 1_000_000n > BigInt(thresholdPpm) * BigInt(p.inputWh);
}

// ---------------------------------------------------------------------------------------------
// Local calendar

/** The wall clock of an instant in a zone, as if it were UTC (ms, to the minute). */
function wallOf(timeZone: string, ts: number): number {
  const clock = localClock(timeZone, ts);
  const [y, m, d] = clock.date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) + clock.minute * 60_000;
}

/** The instant a local period (`YYYY-MM-DD` or `YYYY-MM`) starts: its first local midnight. */
export function periodStart(timeZone: string, label: string): number {
  const [y, m, d] = label.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d ?? 1);
  let t = wall;
  for (let i = 0; i < 3; i++) {
    const diff = wall - wallOf(timeZone, t);
    if (diff === 0) break;
    t += diff;
  }
  return t;
}

/** The local period of an instant. */
export function periodOf(timeZone: string, ts: number, level: Level): string {
  const clock = localClock(timeZone, ts);
  return level === 'day' ? clock.date : clock.month;
}

/** The period `n` steps after a label (n may be negative). */
export function shiftPeriod(label: string, level: Level, n: number): string {
  const [y, m, d] = label.split('-').map(Number);
  const t = level === 'day' ? Date.UTC(y!, m! - 1, d! + n) : Date.UTC(y!, m! - 1 + n, 1);
  const iso = new Date(t).toISOString();
  return level === 'day' ? iso.slice(0, 10) : iso.slice(0, 7);
}

/** Every period from `first` to `last`, both included. */
export function periodsBetween(first: string, last: string, level: Level): string[] {
  const out: string[] = [];
  for (let p = first; p <= last && out.length < 5000; p = shiftPeriod(p, level, 1)) out.push(p);
  return out;
}
