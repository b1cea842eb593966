import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import {
  circuit,
  circuitAccount,
  circuitAccountPrice,
  circuitCabinet,
  circuitMeter,
  type StoredSeason,
} from '../domains/circuit/circuit.schema.js';
import { dataProperty, device, deviceType } from '../domains/devices/devices.schema.js';
import { ou } from '../domains/ou/ou.schema.js';
import type { HistoryReading } from '../domains/telemetry/ingest/history.js';
import type { TelemetryIngest } from '../domains/telemetry/ingest/ingest.js';
import { latestOf } from '../domains/telemetry/rollups.js';
import { DEMO_SITES, SUNRISE_SITE, type DemoSite } from './demo-circuit-sites.js';
import { seedDemoLineLoss } from './demo-line-loss.js';
import { demoCircuitHistoryDays, seedDemoEnergyConservation } from './demo-energy-conservation.js';

/**
 * The demo distribution networks (docs/circuits.md; the sites in demo-circuit-sites.ts), e.g. Sunrise's Suzhou plant: an electricity account
 * with a two-season five-band schedule and a demand charge, two incoming lines each feeding a busbar,
 * 16 feeders and 8 branches, 30 meters (26 bound to circuits, 4 reading a branched feeder's other loads). Each incoming meter reads its feeders' sum plus a line loss
 * (3.2 % and 2.6 %, ±0.4 % by the quarter hour), one feeder meter is replaced 12 days before the start.
 * Made once (`seedDemoCircuits`, a no-op when the network exists or Sunrise does not); the readings are
 * written in the background through the ingest's bulk path, 30 days on the first start (more to start the
 * day before the previous month's first, demo-energy-conservation.ts) and the gap
 * since the last reading afterwards, then one quarter hour at a time (`startDemoCircuits`).
 */

const Q = 15 * 60_000;
const DAYS = 30;
const ENERGY = 'e_imp';

/** A meter of the demo network: its load (kW at full shape) or the meters it sums, and a loss. */
interface MeterPlan {
  code: string;
  name: string;
  /** Full-shape load in kW (leaves), or the codes of the meters it sums with its loss. */
  baseKw?: number;
  sums?: string[];
  loss?: number;
  /** The shape of its day: 'plant' (two shifts), 'office', 'always' (compressors, cooling). */
  shape?: 'plant' | 'office' | 'always';
  /** Extra loss of the site's fault while it lasts (an incoming meter). */
  faultLoss?: number;
}

interface CircuitPlan {
  code: string;
  name: string;
  type: 'incoming' | 'busbar' | 'feeder' | 'branch';
  parent?: string;
  cabinet: string;
  meter?: string;
}

/** The network: circuits and the meters they read. */
export function demoNetwork(site: DemoSite = SUNRISE_SITE): { circuits: CircuitPlan[]; meters: MeterPlan[] } {
  const code = (s: string) => `${site.ouCode}-${s}`;
  const circuits: CircuitPlan[] = [];
  const meters: MeterPlan[] = [];
  let before = 0;
  for (const line of [1, 2] as const) {
    const feeders = site.lines[line - 1]!;
    const incoming = code(`IN-${line}`);
    const busbar = code(`BB-${line}`);
    const inMeter = code(`CM-IN-${line}`);
    circuits.push({ code: incoming, name: `Incoming line ${line}`, type: 'incoming', cabinet: code(`CAB-${line}`), meter: inMeter });
    circuits.push({
      code: busbar,
      name: `10 kV busbar ${line === 1 ? 'I' : 'II'}`,
      type: 'busbar',
      parent: incoming,
      cabinet: code(`CAB-${line}`),
    });
    const feederMeters: string[] = [];
    feeders.forEach((f, i) => {
      const n = before + i + 1;
      const fc = code(`FD-${String(n).padStart(2, '0')}`);
      const fm = code(`CM-FD-${String(n).padStart(2, '0')}`);
      feederMeters.push(fm);
      circuits.push({ code: fc, name: f.name, type: 'feeder', parent: busbar, cabinet: code(`CAB-${line}`), meter: fm });
      if (f.branches) {
        const branchMeters = f.branches.map(([name, kw], j) => {
          const bc = `${fc}-${j + 1}`;
          const bm = code(`CM-FD-${String(n).padStart(2, '0')}-${j + 1}`);
          circuits.push({ code: bc, name, type: 'branch', parent: fc, cabinet: code(`CAB-${line}`), meter: bm });
          meters.push({ code: bm, name: `${name} meter`, baseKw: kw, shape: f.shape });
          return bm;
        });
        // the feeder's own load beyond its branches, and 1 % cable loss
        const rest = f.kw - f.branches.reduce((s, [, kw]) => s + kw, 0);
        const own = code(`CM-FD-${String(n).padStart(2, '0')}-0`);
        meters.push({ code: own, name: `${f.name} other loads`, baseKw: rest, shape: f.shape });
        meters.push({ code: fm, name: `${f.name} meter`, sums: [...branchMeters, own], loss: 0.01 });
      } else meters.push({ code: fm, name: `${f.name} meter`, baseKw: f.kw, shape: f.shape });
    });
    meters.push({
      code: inMeter,
      name: `Incoming line ${line} meter`,
      sums: feederMeters,
      loss: site.losses[line - 1]!,
      ...(site.fault?.line === line ? { faultLoss: site.fault.extraLoss } : {}),
    });
    before += feeders.length;
  }
  return { circuits, meters };
}

/** Sunrise's feeder meter replaced during the history (its counter restarts from 0). */
export const REPLACED_METER = `${SUNRISE_SITE.ouCode}-${SUNRISE_SITE.replaced.meter}`;

/** Summer (June-September) and the rest, five bands each; a demand charge of 40 per kW·month. */
const p = (v: number) => Math.round(v * 10_000);
const h = (x: number) => x * 60;
const DEMO_SEASONS: StoredSeason[] = [
  {
    name: 'Summer',
    months: [6, 7, 8, 9],
    bands: [
      { startMin: h(0), endMin: h(6), kind: 'deepValley', price10k: p(0.21) },
      { startMin: h(6), endMin: h(8), kind: 'valley', price10k: p(0.3168) },
      { startMin: h(8), endMin: h(10), kind: 'flat', price10k: p(0.6475) },
      { startMin: h(10), endMin: h(14), kind: 'peak', price10k: p(1.0815) },
      { startMin: h(14), endMin: h(16), kind: 'sharp', price10k: p(1.2978) },
      { startMin: h(16), endMin: h(21), kind: 'peak', price10k: p(1.0815) },
      { startMin: h(21), endMin: h(24), kind: 'flat', price10k: p(0.6475) },
    ],
  },
  {
    name: 'Rest of the year',
    months: [1, 2, 3, 4, 5, 10, 11, 12],
    bands: [
      { startMin: h(0), endMin: h(6), kind: 'deepValley', price10k: p(0.23) },
      { startMin: h(6), endMin: h(8), kind: 'valley', price10k: p(0.3168) },
      { startMin: h(8), endMin: h(11), kind: 'flat', price10k: p(0.6475) },
      { startMin: h(11), endMin: h(13), kind: 'peak', price10k: p(1.0815) },
      { startMin: h(13), endMin: h(15), kind: 'flat', price10k: p(0.6475) },
      { startMin: h(15), endMin: h(17), kind: 'peak', price10k: p(1.0815) },
      { startMin: h(17), endMin: h(19), kind: 'sharp', price10k: p(1.2978) },
      { startMin: h(19), endMin: h(22), kind: 'peak', price10k: p(1.0815) },
      { startMin: h(22), endMin: h(24), kind: 'flat', price10k: p(0.6475) },
    ],
  },
];

/** Makes the network once; answers whether it exists now. */
export async function seedDemoCircuits(db: Db, site: DemoSite = SUNRISE_SITE): Promise<boolean> {
  const tenantId = site.tenantId;
  const code = (s: string) => `${site.ouCode}-${s}`;
  const [unit] = await db
    .select({ id: ou.id, mcid: ou.customerMcid })
    .from(ou)
    .where(and(eq(ou.tenantId, tenantId), eq(ou.code, site.ouCode)));
  const [meterType] = await db
    .select({ id: deviceType.id })
    .from(deviceType)
    .where(and(eq(deviceType.tenantId, tenantId), eq(deviceType.key, 'feeder-meter')));
  if (!unit || !meterType) return false;
  const [done] = await db
    .select({ id: circuit.id })
    .from(circuit)
    .where(and(eq(circuit.tenantId, tenantId), eq(circuit.code, code('IN-1'))));
  if (done) return true;
  const { circuits, meters } = demoNetwork(site);
  await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(circuitAccount)
      .values({ tenantId, ouId: unit.id, code: code('ACC-01'), name: site.accountName, currency: 'CNY' })
      .returning({ id: circuitAccount.id });
    await tx
      .insert(circuitAccountPrice)
      .values({ tenantId, accountId: account!.id, effectiveFrom: '2025-01-01', demandPricePerKwMonth: '40.0000', seasons: DEMO_SEASONS });
    const cabinets = await tx
      .insert(circuitCabinet)
      .values(
        [1, 2].map((n) => ({
          tenantId,
          ouId: unit.id,
          code: code(`CAB-${n}`),
          name: `Switchgear room ${n}`,
          location: `${site.substation}, bay ${n}`,
        })),
      )
      .returning({ id: circuitCabinet.id, code: circuitCabinet.code });
    const cabinetId = new Map(cabinets.map((c) => [c.code, c.id]));
    // meters: the feeders' and incoming lines' meters are rated for their loads
    const devices = await tx
      .insert(device)
      .values(
        meters.map((m) => ({
          tenantId,
          code: m.code,
          name: m.name,
          deviceTypeId: meterType.id,
          customerMcid: unit.mcid,
          ouId: unit.id,
          ratedPowerKw: m.sums ? 2000 : Math.max(50, (m.baseKw ?? 50) * 2),
        })),
      )
      .returning({ id: device.id, code: device.code });
    const deviceId = new Map(devices.map((d) => [d.code, d.id]));
    const circuitId = new Map<string, number>();
    for (const c of circuits) {
      const [row] = await tx
        .insert(circuit)
        .values({
          tenantId,
          ouId: unit.id,
          code: c.code,
          name: c.name,
          type: c.type,
          parentId: c.parent ? circuitId.get(c.parent)! : null,
          cabinetId: cabinetId.get(c.cabinet)!,
          accountId: c.type === 'incoming' ? account!.id : null,
        })
        .returning({ id: circuit.id });
      circuitId.set(c.code, row!.id);
      if (c.meter) await tx.insert(circuitMeter).values({ tenantId, circuitId: row!.id, deviceId: deviceId.get(c.meter)!, sign: 1 });
    }
    // a busbar reads its incoming line's meter
    for (const line of [1, 2])
      await tx
        .insert(circuitMeter)
        .values({ tenantId, circuitId: circuitId.get(code(`BB-${line}`))!, deviceId: deviceId.get(code(`CM-IN-${line}`))!, sign: 1 });
  });
  return true;
}

/** A deterministic noise in [-1, 1) from a number (no state: the same quarter hour gives the same value). */
function noise(n: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  x ^= x >>> 16;
  return ((x >>> 0) / 2 ** 32) * 2 - 1;
}

/** A day's load shape at a local hour (0..24) of a weekday or not. */
function shapeAt(shape: MeterPlan['shape'], hour: number, weekend: boolean): number {
  if (shape === 'always') return 0.8 + 0.1 * Math.sin((hour / 24) * 2 * Math.PI);
  if (shape === 'office') return weekend ? 0.15 : hour >= 8 && hour < 18 ? 0.9 : hour >= 7 && hour < 20 ? 0.45 : 0.12;
  // plant: two shifts 06-22 on weekdays, a lighter Saturday, a quiet Sunday
  const shifts = hour >= 6 && hour < 22 ? (hour >= 12 && hour < 13 ? 0.6 : 1) : 0.25;
  return weekend ? shifts * 0.35 : shifts;
}

/** Wh of each meter in the quarter hour that starts at `ts` (Shanghai local time, UTC+8, decides the shape). */
export function quarterEnergy(meters: MeterPlan[], ts: number, faultFrom?: number): Map<string, number> {
  const local = new Date(ts + 8 * 3_600_000);
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
  const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
  const q = Math.floor(ts / Q);
  const out = new Map<string, number>();
  const leaf = (m: MeterPlan, i: number) => Math.round(m.baseKw! * shapeAt(m.shape, hour, weekend) * (1 + 0.06 * noise(q * 131 + i)) * 250);
  meters.forEach((m, i) => m.baseKw !== undefined && out.set(m.code, leaf(m, i)));
  // sums after their parts (branches before feeders before incoming lines: the plan's order)
  meters.forEach((m, i) => {
    if (!m.sums) return;
    const parts = m.sums.reduce((s, c) => s + out.get(c)!, 0);
    // a fault (an unmetered tap, a failing cable joint) adds its loss from when it started
    const fault = m.faultLoss !== undefined && faultFrom !== undefined && ts >= faultFrom ? m.faultLoss : 0;
    const loss = m.loss! + fault + 0.004 * noise(q * 977 + i);
    out.set(m.code, Math.round(parts * (1 + loss)));
  });
  return out;
}

/**
 * Readings of the demo meters from `from` to `to` (quarter hours), counters continuing from `start`
 * (kWh); the replaced meter restarts from 0 at its replacement.
 */
export function* demoReadings(
  meters: MeterPlan[],
  ids: Map<string, number>,
  start: Map<string, number>,
  from: number,
  to: number,
  replacedAt: number,
  replaced = REPLACED_METER,
  faultFrom?: number,
): Generator<HistoryReading> {
  const counter = new Map(meters.map((m) => [m.code, Math.round((start.get(m.code) ?? 0) * 1000)]));
  for (let ts = from; ts < to; ts += Q) {
    const energy = quarterEnergy(meters, ts - Q, faultFrom);
    for (const m of meters) {
      let value = counter.get(m.code)! + energy.get(m.code)!;
      // a replaced meter: the new one starts from 0 and has counted this quarter hour by its reading
      if (m.code === replaced && ts === replacedAt) value = energy.get(m.code)!;
      counter.set(m.code, value);
      yield { deviceId: ids.get(m.code)!, ts: new Date(ts), values: { [ENERGY]: value / 1000 } };
    }
  }
}

/**
 * Writes the demo meters' missing history of every demo site in the background, then a quarter hour at a
 * time while the server runs; then evaluates the line-loss rules once (`evaluate`). Resolves once the
 * history is written; never throws (the platform runs without it).
 */
export async function startDemoCircuits(opts: {
  db: Db;
  ingest: TelemetryIngest;
  log: FastifyBaseLogger;
  days?: number;
  now?: number;
  live?: boolean;
  sites?: DemoSite[];
  evaluate?: () => Promise<unknown>;
}) {
  let written = 0;
  for (const site of opts.sites ?? DEMO_SITES) written += await startSite(opts, site);
  if (opts.evaluate) await opts.evaluate().catch((err: unknown) => opts.log.warn({ err }, 'demo line loss: evaluation failed'));
  return { written };
}

async function startSite(
  opts: { db: Db; ingest: TelemetryIngest; log: FastifyBaseLogger; days?: number; now?: number; live?: boolean },
  site: DemoSite,
): Promise<number> {
  const { db, ingest, log } = opts;
  try {
    if (!(await seedDemoCircuits(db, site))) return 0;
    const faultFrom = await seedDemoLineLoss(db, site);
    await seedDemoEnergyConservation(db, site, opts.now);
    const { meters } = demoNetwork(site);
    const replaced = `${site.ouCode}-${site.replaced.meter}`;
    const rows = await db
      .select({ id: device.id, code: device.code, propertyId: dataProperty.id })
      .from(device)
      .innerJoin(dataProperty, and(eq(dataProperty.deviceTypeId, device.deviceTypeId), eq(dataProperty.key, ENERGY)))
      .where(
        and(
          eq(device.tenantId, site.tenantId),
          inArray(
            device.code,
            meters.map((m) => m.code),
          ),
        ),
      );
    if (rows.length !== meters.length) return 0; // a meter was deleted: leave the network alone
    const ids = new Map(rows.map((r) => [r.code, r.id]));
    const latest = await latestOf(
      db,
      rows.map((r) => ({ deviceId: r.id, propertyId: r.propertyId })),
    );
    const byId = new Map(rows.map((r) => [r.id, r.code]));
    const start = new Map(latest.map((l) => [byId.get(Number(l.d))!, Number(l.value)]));
    const last = latest.length ? Math.min(...latest.map((l) => Number(l.ts))) : null;
    const now = opts.now ?? Date.now();
    // 30 days, or from the day before the previous month's first (its energy whole for energy conservation)
    const first = Math.floor((now - (opts.days ?? Math.max(DAYS, demoCircuitHistoryDays(now))) * 86_400_000) / Q) * Q;
    const from = last === null ? first : last + Q;
    const to = Math.floor(now / Q) * Q + Q;
    // first start: counters from a plausible past, the replacement so many days before now
    if (last === null) meters.forEach((m, i) => start.set(m.code, 10_000 + ((i * 7919) % 80_000)));
    const replacedAt = Math.floor((now - site.replaced.daysAgo * 86_400_000) / 86_400_000) * 86_400_000 + site.replaced.utcHour * 3_600_000;
    const result =
      from < to ? await ingest.writeHistory(demoReadings(meters, ids, start, from, to, replacedAt, replaced, faultFrom)) : { accepted: 0 };
    log.info(`demo circuits ${site.ouCode}: ${result.accepted} meter readings written`);
    if (opts.live !== false) {
      let next = to;
      const counters = new Map(start);
      const timer = setInterval(() => {
        const until = Math.floor(Date.now() / Q) * Q + Q;
        if (until <= next) return;
        const step = async () => {
          const stored = await latestOf(
            db,
            rows.map((r) => ({ deviceId: r.id, propertyId: r.propertyId })),
          );
          for (const l of stored) counters.set(byId.get(Number(l.d))!, Number(l.value));
          await ingest.writeReadings([...demoReadings(meters, ids, counters, next, until, -1, replaced, faultFrom)]);
          next = until;
        };
        step().catch((err: unknown) => log.warn({ err }, 'demo circuits: a quarter hour could not be written'));
      }, 60_000);
      timer.unref();
    }
    return result.accepted;
  } catch (err) {
    log.error({ err }, `demo circuits ${site.ouCode} could not start; the platform runs without them`);
    return 0;
  }
}
