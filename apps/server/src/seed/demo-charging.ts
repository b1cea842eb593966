import { randomBytes } from 'node:crypto';
import { planSessions, sessionEnergyAt, SimulatedChargePoint } from '@energy/simulator';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { hashPassword } from '../domains/auth/passwords.js';
import {
  chargingCost,
  chargingGun,
  chargingMeterValue,
  chargingPile,
  chargingSession,
  chargingStation,
} from '../domains/charging/charging.schema.js';
import { priceChargingSession, type PriceVersion } from '../domains/charging/pricing.js';
import { ou } from '../domains/ou/ou.schema.js';
import { DEMO_TENANTS } from './demo-tenants.js';

// The demo's EV charging (docs/charging.md): a station per demo tenant with 6-12 piles, its prices,
// 30 days of sessions written in bulk in the background, and simulated charge points speaking OCPP 1.6J.

const DAY = 86_400_000;
const QUARTER = 15 * 60_000;
/** Same quarter-hour scrypt parameters as device credentials (devices/credentials.ts): random passwords. */
const CP_PARAMS = { N: 1024, r: 8, p: 1, maxmem: 16 * 1024 * 1024 };

const SITES = [
  {
    tenantId: DEMO_TENANTS.sunrise,
    ouCode: 'SZ-01',
    prefix: 'SZ',
    piles: 8,
    name: 'Suzhou plant EV charging',
    address: 'Staff car park, Suzhou plant',
  },
  {
    tenantId: DEMO_TENANTS.harbor,
    ouCode: 'SH-01',
    prefix: 'SH',
    piles: 6,
    name: 'Shanghai park EV charging',
    address: 'Truck yard, Shanghai park',
  },
] as const;

/** Prices in ten-thousandths per kWh; valley nights, flat days, a peak in the evening. */
const BANDS = [
  { startMin: 0, endMin: 480, kind: 'valley', price: 3000 },
  { startMin: 480, endMin: 1020, kind: 'flat', price: 6500 },
  { startMin: 1020, endMin: 1260, kind: 'peak', price: 10500 },
  { startMin: 1260, endMin: 1440, kind: 'flat', price: 6500 },
];

/** The charging stations, piles (two guns each) and prices of the demo tenants; left alone when there. */
export async function seedDemoCharging(db: Db) {
  for (const site of SITES) {
    const [unit] = await db
      .select()
      .from(ou)
      .where(and(eq(ou.tenantId, site.tenantId), eq(ou.code, site.ouCode)));
    if (!unit) continue;
    const code = `${site.ouCode}-CS-01`;
    const [existing] = await db
      .select({ id: chargingStation.id })
      .from(chargingStation)
      .where(and(eq(chargingStation.tenantId, site.tenantId), eq(chargingStation.code, code)));
    if (existing) continue;
    const [station] = await db
      .insert(chargingStation)
      .values({ tenantId: site.tenantId, code, name: site.name, ouId: unit.id, customerMcid: unit.customerMcid, address: site.address })
      .returning({ id: chargingStation.id });
    for (let i = 1; i <= site.piles; i++) {
      const dc = i % 4 !== 0;
      const kw = dc ? 120 : 22;
      const id = `${site.prefix}-CP-${String(i).padStart(2, '0')}`;
      const [pile] = await db
        .insert(chargingPile)
        .values({
          tenantId: site.tenantId,
          stationId: station!.id,
          code: id,
          name: `${dc ? 'DC' : 'AC'} pile ${i}`,
          vendor: 'SimCharge',
          model: dc ? 'DC120-2' : 'AC22-2',
          serialNumber: `SC${site.prefix}${String(1000 + i)}`,
          ratedPowerKw: kw,
          currentType: dc ? 'DC' : 'AC',
          ocppIdentity: id,
        })
        .returning({ id: chargingPile.id });
      await db
        .insert(chargingGun)
        .values(
          [1, 2].map((n) => ({ tenantId: site.tenantId, pileId: pile!.id, number: n, type: dc ? 'GBT_DC' : 'GBT_AC', ratedPowerKw: kw })),
        );
    }
    await db.insert(chargingCost).values({
      tenantId: site.tenantId,
      stationId: station!.id,
      effectiveFrom: '2026-01-01',
      currency: 'CNY',
      bands: BANDS,
      serviceFee: 4000,
    });
  }
}

interface DemoPile {
  id: number;
  tenantId: string;
  stationId: number;
  identity: string;
  guns: { number: number; kw: number }[];
  timeZone: string;
  seed: number;
}

async function demoPiles(db: Db): Promise<DemoPile[]> {
  const rows = await rowsOf<{
    id: number;
    tenant_id: string;
    station_id: number;
    ocpp_identity: string;
    time_zone: string;
    guns: { number: number; kw: number }[];
  }>(
    db,
    sql`select p.id, p.tenant_id, p.station_id, p.ocpp_identity, t.time_zone,
               (select json_agg(json_build_object('number', g.number, 'kw', g.rated_power_kw) order by g.number) from charging_gun g where g.pile_id = p.id) as guns
        from charging_pile p join tenant t on t.id = p.tenant_id
        where p.tenant_id in (${DEMO_TENANTS.sunrise}, ${DEMO_TENANTS.harbor}) and p.vendor = 'SimCharge'
        order by p.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    tenantId: r.tenant_id,
    stationId: Number(r.station_id),
    identity: r.ocpp_identity,
    guns: r.guns ?? [],
    timeZone: r.time_zone,
    seed: [...r.ocpp_identity].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7),
  }));
}

/**
 * The past 30 days of sessions of the demo piles that have none yet, in bulk: each planned session
 * (simulator's planSessions, the same curve the live charge points use) with its clock-aligned
 * 15-minute register readings, priced by pricing.ts like a live one. Answers the sessions written.
 */
export async function writeDemoChargingHistory(db: Db, now = Date.now()): Promise<number> {
  let written = 0;
  const piles = await demoPiles(db);
  const versionsBy = new Map<number, PriceVersion[]>();
  for (const pile of piles) {
    const [had] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from charging_session where pile_id = ${pile.id}`);
    if (Number(had?.n ?? 0) > 0) continue;
    if (!versionsBy.has(pile.stationId))
      versionsBy.set(
        pile.stationId,
        (await db.select().from(chargingCost).where(eq(chargingCost.stationId, pile.stationId))).map((v) => ({
          effectiveFrom: v.effectiveFrom,
          currency: v.currency,
          bands: v.bands,
          serviceFee: v.serviceFee,
        })),
      );
    const versions = versionsBy.get(pile.stationId)!;
    for (const gun of pile.guns) {
      let register = 1_000_000 + pile.id * 37_000 + gun.number * 11_000;
      const sessions = planSessions(pile.seed, gun.number, gun.kw, pile.timeZone, now - 30 * DAY, now - 2 * 3_600_000);
      const rows = [];
      const readings: { ts: number; wh: number }[][] = [];
      for (const s of sessions) {
        const start = register;
        const samples = [{ ts: s.start, wh: start }];
        for (let t = (Math.floor(s.start / QUARTER) + 1) * QUARTER; t < s.end; t += QUARTER)
          samples.push({ ts: t, wh: start + sessionEnergyAt(s, t) });
        samples.push({ ts: s.end, wh: start + s.energyWh });
        register = start + s.energyWh;
        const priced = priceChargingSession(samples, versions, pile.timeZone);
        rows.push({
          tenantId: pile.tenantId,
          stationId: pile.stationId,
          pileId: pile.id,
          connectorId: gun.number,
          idTag: s.idTag,
          startedAt: new Date(s.start),
          stoppedAt: new Date(s.end),
          meterStartWh: start,
          meterStopWh: register,
          lastMeterWh: register,
          stopReason: 'EVDisconnected',
          currency: priced?.currency ?? null,
          bands: priced?.bands ?? [],
          energyFee: priced?.energyFee ?? null,
          serviceFee: priced?.serviceFee ?? null,
          costCents: priced?.costCents ?? null,
        });
        readings.push(samples.slice(1, -1));
      }
      for (let i = 0; i < rows.length; i += 500) {
        const ids = await db
          .insert(chargingSession)
          .values(rows.slice(i, i + 500))
          .returning({ id: chargingSession.id });
        const values = ids.flatMap(({ id }, k) =>
          readings[i + k]!.map((r) => ({ sessionId: id, tenantId: pile.tenantId, ts: new Date(r.ts), wh: r.wh })),
        );
        for (let j = 0; j < values.length; j += 2000) await db.insert(chargingMeterValue).values(values.slice(j, j + 2000));
        written += ids.length;
      }
    }
  }
  return written;
}

/**
 * The demo's charge points, live: fresh OCPP credentials for each demo pile (only their hashes stored),
 * then one simulated charge point per pile connecting to this server's /ocpp endpoint.
 */
export async function startDemoCharging(opts: { db: Db; url: string; log: FastifyBaseLogger }) {
  const written = await writeDemoChargingHistory(opts.db);
  if (written) opts.log.info({ sessions: written }, 'demo charging: 30 days of sessions written');
  const piles = await demoPiles(opts.db);
  const points: SimulatedChargePoint[] = [];
  for (const pile of piles) {
    const password = randomBytes(18).toString('base64url');
    await opts.db
      .update(chargingPile)
      .set({ passwordHash: await hashPassword(password, CP_PARAMS), credentialsIssuedAt: new Date() })
      .where(inArray(chargingPile.id, [pile.id]));
    const cp = new SimulatedChargePoint({
      url: opts.url,
      identity: pile.identity,
      password,
      guns: pile.guns.map((g) => g.kw),
      seed: pile.seed,
      timeZone: pile.timeZone,
      log: (message, err) => opts.log.warn({ err, pile: pile.identity }, `demo charge point: ${message}`),
    });
    points.push(cp);
    await cp.start().catch((err: unknown) => opts.log.warn({ err, pile: pile.identity }, 'demo charge point could not connect'));
  }
  return { points: points.length, stop: () => Promise.all(points.map((p) => p.stop())) };
}
