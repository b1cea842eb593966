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
import { DEMO_TENANTS } from './demo-tenants.js';

/**
 * The demo distribution network of Sunrise's Suzhou plant (docs/circuits.md): an electricity account
 * with a two-season five-band schedule and a demand charge, two incoming lines each feeding a busbar,
 * 16 feeders and 8 branches, 30 meters (26 bound to circuits, 4 reading a branched feeder's other loads). Each incoming meter reads its feeders' sum plus a line loss
 * (3.2 % and 2.6 %, ±0.4 % by the quarter hour), one feeder meter is replaced 12 days before the start.
 * Made once (`seedDemoCircuits`, a no-op when the network exists or Sunrise does not); the readings are
 * written in the background through the ingest's bulk path, 30 days on the first start and the gap
 * since the last reading afterwards, then one quarter hour at a time (`startDemoCircuits`).
 */

const OU_CODE = 'SZ-01';
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
}

interface CircuitPlan {
  code: string;
  name: string;
  type: 'incoming' | 'busbar' | 'feeder' | 'branch';
  parent?: string;
  cabinet: string;
  meter?: string;
}

const FEEDERS: { name: string; kw: number; shape: MeterPlan['shape']; branches?: [string, number][] }[] = [
  {
    name: 'Stamping line',
    kw: 180,
    shape: 'plant',
    branches: [
      ['Press 1', 90],
      ['Press 2', 70],
    ],
  },
  {
    name: 'Welding line',
    kw: 140,
    shape: 'plant',
    branches: [
      ['Robot cell A', 60],
      ['Robot cell B', 55],
    ],
  },
  { name: 'Paint shop', kw: 160, shape: 'plant' },
  { name: 'Assembly line 1', kw: 90, shape: 'plant' },
  {
    name: 'Assembly line 2',
    kw: 85,
    shape: 'plant',
    branches: [
      ['Conveyors', 30],
      ['Test benches', 40],
    ],
  },
  { name: 'Compressed air', kw: 110, shape: 'always' },
  { name: 'Chillers', kw: 130, shape: 'always' },
  { name: 'Warehouse', kw: 35, shape: 'office' },
  {
    name: 'Office building',
    kw: 60,
    shape: 'office',
    branches: [
      ['HVAC', 35],
      ['Lighting and sockets', 20],
    ],
  },
  { name: 'Canteen', kw: 40, shape: 'office' },
  { name: 'Machining', kw: 120, shape: 'plant' },
  { name: 'Heat treatment', kw: 150, shape: 'always' },
  { name: 'Quality lab', kw: 25, shape: 'office' },
  { name: 'Packaging', kw: 45, shape: 'plant' },
  { name: 'Outdoor lighting', kw: 15, shape: 'always' },
  { name: 'EV chargers', kw: 50, shape: 'office' },
];

const code = (s: string) => `${OU_CODE}-${s}`;

/** The network: circuits and the meters they read. */
export function demoNetwork(): { circuits: CircuitPlan[]; meters: MeterPlan[] } {
  const circuits: CircuitPlan[] = [];
  const meters: MeterPlan[] = [];
  for (const line of [1, 2]) {
    const feeders = FEEDERS.slice((line - 1) * 8, line * 8);
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
      const n = (line - 1) * 8 + i + 1;
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
    meters.push({ code: inMeter, name: `Incoming line ${line} meter`, sums: feederMeters, loss: line === 1 ? 0.032 : 0.026 });
  }
  return { circuits, meters };
}

/** The feeder meter replaced during the history (its counter restarts from 0). */
export const REPLACED_METER = code('CM-FD-06');

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
export async function seedDemoCircuits(db: Db): Promise<boolean> {
  const tenantId = DEMO_TENANTS.sunrise;
  const [site] = await db
    .select({ id: ou.id, mcid: ou.customerMcid })
    .from(ou)
    .where(and(eq(ou.tenantId, tenantId), eq(ou.code, OU_CODE)));
  const [meterType] = await db
    .select({ id: deviceType.id })
    .from(deviceType)
    .where(and(eq(deviceType.tenantId, tenantId), eq(deviceType.key, 'feeder-meter')));
  if (!site || !meterType) return false;
  const [done] = await db
    .select({ id: circuit.id })
    .from(circuit)
    .where(and(eq(circuit.tenantId, tenantId), eq(circuit.code, code('IN-1'))));
  if (done) return true;
  const { circuits, meters } = demoNetwork();
  await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(circuitAccount)
      .values({ tenantId, ouId: site.id, code: code('ACC-01'), name: 'Suzhou plant utility account', currency: 'CNY' })
      .returning({ id: circuitAccount.id });
    await tx
      .insert(circuitAccountPrice)
      .values({ tenantId, accountId: account!.id, effectiveFrom: '2025-01-01', demandPricePerKwMonth: '40.0000', seasons: DEMO_SEASONS });
    const cabinets = await tx
      .insert(circuitCabinet)
      .values(
        [1, 2].map((n) => ({
          tenantId,
          ouId: site.id,
          code: code(`CAB-${n}`),
          name: `Switchgear room ${n}`,
          location: `Substation, bay ${n}`,
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
          customerMcid: site.mcid,
          ouId: site.id,
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
          ouId: site.id,
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
export function quarterEnergy(meters: MeterPlan[], ts: number): Map<string, number> {
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
    const loss = m.loss! + 0.004 * noise(q * 977 + i);
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
): Generator<HistoryReading> {
  const counter = new Map(meters.map((m) => [m.code, Math.round((start.get(m.code) ?? 0) * 1000)]));
  for (let ts = from; ts < to; ts += Q) {
    const energy = quarterEnergy(meters, ts - Q);
    for (const m of meters) {
      let value = counter.get(m.code)! + energy.get(m.code)!;
      if (m.code === REPLACED_METER && ts === replacedAt) value = energy.get(m.code)!;
      counter.set(m.code, value);
      yield { deviceId: ids.get(m.code)!, ts: new Date(ts), values: { [ENERGY]: value / 1000 } };
    }
  }
}

/**
 * Writes the demo meters' missing history in the background, then a quarter hour at a time while the
 * server runs. Resolves once the history is written; never throws (the platform runs without it).
 */
export async function startDemoCircuits(opts: {
  db: Db;
  ingest: TelemetryIngest;
  log: FastifyBaseLogger;
  days?: number;
  now?: number;
  live?: boolean;
}) {
  const { db, ingest, log } = opts;
  try {
    if (!(await seedDemoCircuits(db))) return { written: 0 };
    const { meters } = demoNetwork();
    const rows = await db
      .select({ id: device.id, code: device.code, propertyId: dataProperty.id })
      .from(device)
      .innerJoin(dataProperty, and(eq(dataProperty.deviceTypeId, device.deviceTypeId), eq(dataProperty.key, ENERGY)))
      .where(
        and(
          eq(device.tenantId, DEMO_TENANTS.sunrise),
          inArray(
            device.code,
            meters.map((m) => m.code),
          ),
        ),
      );
    if (rows.length !== meters.length) return { written: 0 }; // a meter was deleted: leave the network alone
    const ids = new Map(rows.map((r) => [r.code, r.id]));
    const latest = await latestOf(
      db,
      rows.map((r) => ({ deviceId: r.id, propertyId: r.propertyId })),
    );
    const byId = new Map(rows.map((r) => [r.id, r.code]));
    const start = new Map(latest.map((l) => [byId.get(Number(l.d))!, Number(l.value)]));
    const last = latest.length ? Math.min(...latest.map((l) => Number(l.ts))) : null;
    const now = opts.now ?? Date.now();
    const first = Math.floor((now - (opts.days ?? DAYS) * 86_400_000) / Q) * Q;
    const from = last === null ? first : last + Q;
    const to = Math.floor(now / Q) * Q + Q;
    // first start: counters from a plausible past, the replacement 12 days before now at 10:00 local
    if (last === null) meters.forEach((m, i) => start.set(m.code, 10_000 + ((i * 7919) % 80_000)));
    const replacedAt = Math.floor((now - 12 * 86_400_000) / 86_400_000) * 86_400_000 + 2 * 3_600_000;
    const result = from < to ? await ingest.writeHistory(demoReadings(meters, ids, start, from, to, replacedAt)) : { accepted: 0 };
    log.info(`demo circuits: ${result.accepted} meter readings written`);
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
          await ingest.writeReadings([...demoReadings(meters, ids, counters, next, until, -1)]);
          next = until;
        };
        step().catch((err: unknown) => log.warn({ err }, 'demo circuits: a quarter hour could not be written'));
      }, 60_000);
      timer.unref();
    }
    return { written: result.accepted };
  } catch (err) {
    log.error({ err }, 'demo circuits could not start; the platform runs without them');
    return { written: 0 };
  }
}
