import { type BodyOf, bsa, charging as contract } from '@energy/contracts';
import { and, asc, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contains, equals, list, staffScope, where } from '../../db/list.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import type { AccountService } from '../account/account.service.js';
import { ou } from '../ou/ou.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { newCredentials } from '../devices/credentials.js';
import { chargingCost, chargingGun, chargingPile, chargingSession, chargingStation } from './charging.schema.js';
import { gunAnswer, gunQuery, iso } from './charging-guns.js';
import { sessionQuery, sessionRows } from './charging-sessions.js';
import { dailyStatistics } from './charging-statistics.js';
import type { CentralSystem } from './ocpp-server.js';
import { fromCents, fromE4 } from './pricing.js';

type StationRow = z.infer<typeof contract.stationRow>;
type PileRow = z.infer<typeof contract.pileRow>;
type GunRow = z.infer<typeof contract.gunRow>;
type Reach = 'read' | 'own';
// the platform's band rules (packages/contracts/src/bsa/tariff.ts), unchanged
const { minutesOf, hhmm } = bsa;

/** Is this a unique violation of the constraint (drivers put it on the error or, through Drizzle, its cause)? */
function uniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    e = e.cause as typeof e, i++
  )
    if (e.code === '23505' && e.constraint === constraint) return true;
  return false;
}

/** Stations, piles, guns, prices and sessions as staff see them (their tenant and OUs). */
export class ChargingService {
  constructor(
    private readonly account: AccountService,
    private readonly central: () => CentralSystem,
  ) {}

  // --- stations

  private stationScope(ctx: StaffCtx, reach: Reach): SQL[] {
    return staffScope(ctx, { tenant: chargingStation.tenantId, ou: chargingStation.ouId, channel: reach === 'read' });
  }

  private stations(ctx: StaffCtx, conditions: (SQL | undefined)[], reach: Reach = 'read') {
    const piles = sql<number>`(select count(*) from charging_pile p where p.station_id = ${chargingStation.id})::int`;
    const guns = sql<number>`(select count(*) from charging_gun g join charging_pile p on p.id = g.pile_id where p.station_id = ${chargingStation.id})::int`;
    return list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ s: chargingStation, customerName: customer.name, ouName: ou.name, piles, guns })
          .from(chargingStation)
          .innerJoin(customer, eq(customer.mcid, chargingStation.customerMcid))
          .innerJoin(ou, eq(ou.id, chargingStation.ouId))
          .$dynamic(),
      where: [...this.stationScope(ctx, reach), ...conditions],
      order: [asc(chargingStation.code), asc(chargingStation.id)],
    });
  }

  private stationRows = (
    rows: { s: typeof chargingStation.$inferSelect; customerName: string; ouName: string; piles: number; guns: number }[],
  ): StationRow[] =>
    rows.map(({ s, customerName, ouName, piles, guns }) => ({
      id: s.id,
      code: s.code,
      name: s.name,
      mcid: s.customerMcid,
      customerName,
      ouId: s.ouId,
      ouName,
      address: s.address,
      status: s.status,
      pileCount: Number(piles),
      gunCount: Number(guns),
      createdAt: s.createdAt.toISOString(),
    }));

  private stationFilter(input: { name?: string; ouId?: number; status?: 'enabled' | 'disabled' } = {}) {
    return where(input, {
      name: contains(chargingStation.name, chargingStation.code),
      ouId: equals(chargingStation.ouId),
      status: equals(chargingStation.status),
    });
  }

  stationPage(ctx: StaffCtx, input: BodyOf<typeof contract.stationPage>) {
    return this.stations(ctx, this.stationFilter(input)).page(input, this.stationRows);
  }

  stationList(ctx: StaffCtx, input?: BodyOf<typeof contract.stationList>) {
    return this.stations(ctx, this.stationFilter(input)).all(this.stationRows);
  }

  /** A station the staff may see (or change, with 'own'); 404 for another tenant's or OU's, on purpose. */
  async station(ctx: StaffCtx, id: number, reach: Reach = 'read'): Promise<StationRow> {
    const row = await this.stations(ctx, [eq(chargingStation.id, id)], reach).first(this.stationRows);
    if (!row) throw notFound(`Charging station ${id}`);
    return row;
  }

  private async ouOf(ctx: StaffCtx, ouId: number) {
    const [unit] = await ctx.tx
      .select({ id: ou.id, customerMcid: ou.customerMcid })
      .from(ou)
      .where(and(eq(ou.id, ouId), eq(ou.tenantId, ctx.staff.tenantId)));
    if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid('body.ouId', 'is not one of your operating units');
    return unit;
  }

  private async stationCodeFree(ctx: StaffCtx, code: string, selfId?: number) {
    const [taken] = await ctx.tx
      .select({ id: chargingStation.id })
      .from(chargingStation)
      .where(
        and(
          eq(chargingStation.tenantId, ctx.staff.tenantId),
          eq(chargingStation.code, code),
          ...(selfId ? [ne(chargingStation.id, selfId)] : []),
        ),
      );
    if (taken) throw conflict(`The station code ${code} is already used in this tenant`);
  }

  async stationCreate(ctx: StaffCtx, input: BodyOf<typeof contract.stationCreate>) {
    const unit = await this.ouOf(ctx, input.ouId);
    await this.stationCodeFree(ctx, input.code);
    const [row] = await ctx.tx
      .insert(chargingStation)
      .values({
        tenantId: ctx.staff.tenantId,
        code: input.code,
        name: input.name,
        ouId: unit.id,
        customerMcid: unit.customerMcid,
        address: input.address ?? null,
      })
      .returning({ id: chargingStation.id });
    return this.station(ctx, row!.id, 'own');
  }

  async stationEdit(ctx: StaffCtx, input: BodyOf<typeof contract.stationEdit>) {
    const current = await this.station(ctx, input.id, 'own');
    const unit = input.ouId !== undefined ? await this.ouOf(ctx, input.ouId) : null;
    if (input.code !== undefined) await this.stationCodeFree(ctx, input.code, current.id);
    await ctx.tx
      .update(chargingStation)
      .set({
        code: input.code ?? current.code,
        name: input.name ?? current.name,
        ...(unit ? { ouId: unit.id, customerMcid: unit.customerMcid } : {}),
        address: input.address === undefined ? current.address : input.address,
        updatedAt: new Date(),
      })
      .where(and(eq(chargingStation.id, current.id), eq(chargingStation.tenantId, ctx.staff.tenantId)));
    return this.station(ctx, current.id, 'own');
  }

  async stationStatus(ctx: StaffCtx, input: { id: number; status: 'enabled' | 'disabled' }) {
    const current = await this.station(ctx, input.id, 'own');
    await ctx.tx
      .update(chargingStation)
      .set({ status: input.status, updatedAt: new Date() })
      .where(and(eq(chargingStation.id, current.id), eq(chargingStation.tenantId, ctx.staff.tenantId)));
    return this.station(ctx, current.id, 'own');
  }

  /** Deletes a station with its piles, guns, prices and sessions; refused while it has piles. */
  async stationDelete(ctx: StaffCtx, input: { id: number }) {
    const current = await this.station(ctx, input.id, 'own');
    if (current.pileCount > 0) throw conflict(`The station has ${current.pileCount} pile(s): delete them first`);
    await ctx.tx.delete(chargingStation).where(and(eq(chargingStation.id, current.id), eq(chargingStation.tenantId, ctx.staff.tenantId)));
    return null;
  }

  // --- piles and guns

  private pileQuery(ctx: StaffCtx, conditions: (SQL | undefined)[], reach: Reach = 'read') {
    return list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ p: chargingPile, stationName: chargingStation.name, ouId: chargingStation.ouId })
          .from(chargingPile)
          .innerJoin(chargingStation, eq(chargingStation.id, chargingPile.stationId))
          .$dynamic(),
      where: [...this.stationScope(ctx, reach), ...conditions],
      order: [asc(chargingPile.code), asc(chargingPile.id)],
    });
  }

  private pileRows = async (
    ctx: StaffCtx,
    rows: { p: typeof chargingPile.$inferSelect; stationName: string; ouId: number }[],
  ): Promise<PileRow[]> => {
    const guns = rows.length
      ? await this.gunRows(ctx, [
          inArray(
            chargingGun.pileId,
            rows.map((r) => r.p.id),
          ),
        ])
      : [];
    return rows.map(({ p, stationName, ouId }) => ({
      id: p.id,
      stationId: p.stationId,
      stationName,
      ouId,
      code: p.code,
      name: p.name,
      vendor: p.vendor,
      model: p.model,
      serialNumber: p.serialNumber,
      ratedPowerKw: p.ratedPowerKw,
      currentType: p.currentType,
      ocppIdentity: p.ocppIdentity,
      credentialsIssuedAt: iso(p.credentialsIssuedAt),
      online: p.online,
      lastSeenAt: iso(p.lastSeenAt),
      firmwareVersion: p.firmwareVersion,
      status: p.status as PileRow['status'],
      guns: guns.filter((g) => g.pileId === p.id),
      createdAt: p.createdAt.toISOString(),
    }));
  };

  private gunRows(ctx: StaffCtx, conditions: SQL[]): Promise<GunRow[]> {
    return gunQuery(ctx, this.stationScope(ctx, 'read'), conditions).all(gunAnswer);
  }

  async pilePage(ctx: StaffCtx, input: BodyOf<typeof contract.pilePage>) {
    const filter = where(input, {
      stationId: equals(chargingPile.stationId),
      name: contains(chargingPile.name, chargingPile.code, chargingPile.ocppIdentity),
      online: equals(chargingPile.online),
    });
    return this.pileQuery(ctx, filter).page(input, (rows) => this.pileRows(ctx, rows));
  }

  async pile(ctx: StaffCtx, id: number, reach: Reach = 'read'): Promise<PileRow> {
    const row = await this.pileQuery(ctx, [eq(chargingPile.id, id)], reach).first((rows) => this.pileRows(ctx, rows));
    if (!row) throw notFound(`Charging pile ${id}`);
    return row;
  }

  private async pileCodeFree(ctx: StaffCtx, code: string, selfId?: number) {
    const [taken] = await ctx.tx
      .select({ id: chargingPile.id })
      .from(chargingPile)
      .where(
        and(eq(chargingPile.tenantId, ctx.staff.tenantId), eq(chargingPile.code, code), ...(selfId ? [ne(chargingPile.id, selfId)] : [])),
      );
    if (taken) throw conflict(`The pile code ${code} is already used in this tenant`);
  }

  async pileCreate(ctx: StaffCtx, input: BodyOf<typeof contract.pileCreate>) {
    const station = await this.stations(ctx, [eq(chargingStation.id, input.stationId)], 'own').first(this.stationRows);
    if (!station) throw invalid('body.stationId', 'is not one of your charging stations');
    await this.pileCodeFree(ctx, input.code);
    for (const gun of input.guns)
      if (gun.ratedPowerKw > input.ratedPowerKw)
        throw invalid('body.guns', `a gun's rated power (${gun.ratedPowerKw} kW) cannot exceed the pile's (${input.ratedPowerKw} kW)`);
    // the identity is unique on the platform (the OCPP URL names it); another tenant's piles are hidden, so
    // the unique index answers
    const [row] = await ctx.tx
      .insert(chargingPile)
      .values({
        tenantId: ctx.staff.tenantId,
        stationId: station.id,
        code: input.code,
        name: input.name,
        vendor: input.vendor,
        model: input.model,
        serialNumber: input.serialNumber ?? null,
        ratedPowerKw: input.ratedPowerKw,
        currentType: input.currentType,
        ocppIdentity: input.ocppIdentity,
      })
      .returning({ id: chargingPile.id })
      .catch((error: unknown) => {
        throw uniqueViolation(error, 'charging_pile_identity_uq')
          ? conflict(`The OCPP identity ${input.ocppIdentity} is already used on this platform`)
          : error;
      });
    await ctx.tx.insert(chargingGun).values(
      input.guns.map((g, i) => ({
        tenantId: ctx.staff.tenantId,
        pileId: row!.id,
        number: i + 1,
        type: g.type,
        ratedPowerKw: g.ratedPowerKw,
      })),
    );
    return this.pile(ctx, row!.id, 'own');
  }

  async pileEdit(ctx: StaffCtx, input: BodyOf<typeof contract.pileEdit>) {
    const current = await this.pile(ctx, input.id, 'own');
    if (input.code !== undefined) await this.pileCodeFree(ctx, input.code, current.id);
    const strongest = Math.max(...current.guns.map((g) => g.ratedPowerKw));
    if (input.ratedPowerKw !== undefined && input.ratedPowerKw < strongest)
      throw invalid('body.ratedPowerKw', `cannot be below its strongest gun's rated power (${strongest} kW)`);
    const { id: _id, ...changes } = input;
    await ctx.tx
      .update(chargingPile)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(chargingPile.id, current.id), eq(chargingPile.tenantId, ctx.staff.tenantId)));
    return this.pile(ctx, current.id, 'own');
  }

  async pileDelete(ctx: StaffCtx, input: { id: number }) {
    const current = await this.pile(ctx, input.id, 'own');
    if (current.guns.some((g) => g.transactionId !== null)) throw conflict('A session is under way on this pile: stop it first');
    await ctx.tx.delete(chargingPile).where(and(eq(chargingPile.id, current.id), eq(chargingPile.tenantId, ctx.staff.tenantId)));
    ctx.defer(async () => this.central().disconnect(current.ocppIdentity, 'the pile was deleted'));
    return null;
  }

  /** New basic-auth credentials (security profile 1); the password is shown now only, its hash kept. */
  async issueCredentials(ctx: StaffCtx, input: { id: number }) {
    const current = await this.pile(ctx, input.id, 'own');
    const { password, passwordHash } = await newCredentials(current.ocppIdentity);
    await ctx.tx
      .update(chargingPile)
      .set({ passwordHash, credentialsIssuedAt: new Date() })
      .where(and(eq(chargingPile.id, current.id), eq(chargingPile.tenantId, ctx.staff.tenantId)));
    return { ocppIdentity: current.ocppIdentity, password, path: `/ocpp/${current.ocppIdentity}`, subprotocol: 'ocpp1.6' as const };
  }

  gunPage(ctx: StaffCtx, input: BodyOf<typeof contract.gunPage>) {
    const filter = where(input, {
      stationId: equals(chargingStation.id),
      pileId: equals(chargingGun.pileId),
      status: equals(chargingGun.status),
    });
    return gunQuery(ctx, this.stationScope(ctx, 'read'), filter).page(input, gunAnswer);
  }

  async gunEdit(ctx: StaffCtx, input: BodyOf<typeof contract.gunEdit>) {
    const [gun] = await this.gunRows(ctx, [eq(chargingGun.id, input.id), eq(chargingGun.tenantId, ctx.staff.tenantId)]);
    if (!gun) throw notFound(`Charging gun ${input.id}`);
    const pile = await this.pile(ctx, gun.pileId, 'own');
    if (input.ratedPowerKw !== undefined && input.ratedPowerKw > pile.ratedPowerKw)
      throw invalid('body.ratedPowerKw', `cannot exceed the pile's rated power (${pile.ratedPowerKw} kW)`);
    await ctx.tx
      .update(chargingGun)
      .set({
        ...(input.type ? { type: input.type } : {}),
        ...(input.ratedPowerKw ? { ratedPowerKw: input.ratedPowerKw } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(chargingGun.id, gun.id), eq(chargingGun.tenantId, ctx.staff.tenantId)));
    return (await this.gunRows(ctx, [eq(chargingGun.id, gun.id)]))[0]!;
  }

  // --- prices

  async costInfo(ctx: StaffCtx, input: { stationId: number }) {
    const station = await this.station(ctx, input.stationId);
    const rows = await ctx.tx
      .select()
      .from(chargingCost)
      .where(eq(chargingCost.stationId, station.id))
      .orderBy(desc(chargingCost.effectiveFrom));
    return {
      stationId: station.id,
      versions: rows.map((r) => ({
        effectiveFrom: r.effectiveFrom,
        currency: r.currency,
        bands: r.bands.map((b) => ({ start: hhmm(b.startMin), end: hhmm(b.endMin), kind: b.kind as 'flat', price: fromE4(b.price) })),
        serviceFeePerKwh: fromE4(r.serviceFee),
        updatedAt: r.updatedAt.toISOString(),
      })),
    };
  }

  async costEdit(ctx: StaffCtx, input: BodyOf<typeof contract.costInfoEdit>) {
    const station = await this.station(ctx, input.stationId, 'own');
    const bands = input.bands
      .map((b) => ({ startMin: minutesOf(b.start)!, endMin: minutesOf(b.end)!, kind: b.kind, price: Math.round(b.price * 10_000) }))
      .sort((a, b) => a.startMin - b.startMin);
    const values = { currency: input.currency, bands, serviceFee: Math.round(input.serviceFeePerKwh * 10_000), updatedAt: new Date() };
    await ctx.tx
      .insert(chargingCost)
      .values({ stationId: station.id, tenantId: ctx.staff.tenantId, effectiveFrom: input.effectiveFrom, ...values })
      .onConflictDoUpdate({ target: [chargingCost.stationId, chargingCost.effectiveFrom], set: values });
    return this.costInfo(ctx, { stationId: station.id });
  }

  // --- sessions

  /** The sessions the staff sees (the Excel export reads them in batches). */
  sessions(ctx: StaffCtx, input: Parameters<typeof sessionQuery>[2]) {
    return sessionQuery(ctx, this.stationScope(ctx, 'read'), input);
  }

  sessionPage(ctx: StaffCtx, input: BodyOf<typeof contract.sessionPage>) {
    return this.sessions(ctx, input).page(input, sessionRows);
  }

  // --- statistics

  /** Energy and revenue per local day of a station or a pile the staff sees (404 otherwise). */
  async daily(ctx: StaffCtx, input: BodyOf<typeof contract.dailyStatistics>) {
    const target =
      input.pileId !== undefined
        ? await this.pile(ctx, input.pileId).then((p) => ({ stationId: p.stationId, pileId: p.id }))
        : await this.station(ctx, input.stationId!).then((s) => ({ stationId: s.id, pileId: null }));
    return dailyStatistics(ctx, target, input);
  }

  // --- remote commands

  async command(ctx: StaffCtx, input: BodyOf<typeof contract.pileCommand>) {
    const pile = await this.pile(ctx, input.pileId, 'own');
    await this.account.verifyOperationPassword(ctx, { operationPassword: input.operationPassword });
    const { command } = input;
    if ('connectorId' in command && command.connectorId > 0 && !pile.guns.some((g) => g.number === command.connectorId))
      throw invalid('body.command.connectorId', `the pile has no gun ${command.connectorId}`);
    if (command.action === 'RemoteStopTransaction' && !pile.guns.some((g) => g.transactionId === command.transactionId))
      throw invalid('body.command.transactionId', 'is not a session under way on this pile');
    const { action, ...payload } = command;
    try {
      return { action, status: await this.central().send(pile.ocppIdentity, action, payload) };
    } catch (error) {
      if ((error as { notConnected?: boolean }).notConnected) throw conflict(`The pile ${pile.code} is not connected`);
      throw conflict(`The pile ${pile.code} did not accept ${action}: ${(error as Error).message.slice(0, 120)}`);
    }
  }

  // --- home page

  async dashboard(ctx: StaffCtx) {
    const stations = await this.stations(ctx, []).all(this.stationRows);
    const ids = stations.map((s) => s.id);
    if (!ids.length)
      return { stations: 0, piles: 0, pilesOnline: 0, guns: {}, sessions30d: 0, energyWh30d: 0, revenue30d: 0, currency: null };
    const [piles] = await ctx.tx
      .select({ n: count(), online: sql<number>`count(*) filter (where ${chargingPile.online})::int` })
      .from(chargingPile)
      .where(inArray(chargingPile.stationId, ids));
    const guns = await ctx.tx
      .select({ status: chargingGun.status, n: count() })
      .from(chargingGun)
      .innerJoin(chargingPile, eq(chargingPile.id, chargingGun.pileId))
      .where(inArray(chargingPile.stationId, ids))
      .groupBy(chargingGun.status);
    const since = new Date(Date.now() - 30 * 86_400_000);
    const [s] = await ctx.tx
      .select({
        n: count(),
        wh: sql<string>`coalesce(sum(${chargingSession.meterStopWh} - ${chargingSession.meterStartWh}), 0)`,
        cents: sql<string>`coalesce(sum(${chargingSession.costCents}), 0)`,
        currency: sql<string | null>`min(${chargingSession.currency})`,
      })
      .from(chargingSession)
      .where(
        and(inArray(chargingSession.stationId, ids), gte(chargingSession.startedAt, since), sql`${chargingSession.stoppedAt} is not null`),
      );
    return {
      stations: stations.length,
      piles: Number(piles?.n ?? 0),
      pilesOnline: Number(piles?.online ?? 0),
      guns: Object.fromEntries(guns.map((g) => [g.status, Number(g.n)])),
      sessions30d: Number(s?.n ?? 0),
      energyWh30d: Number(s?.wh ?? 0),
      revenue30d: fromCents(Number(s?.cents ?? 0)),
      currency: s?.currency ?? null,
    };
  }
}
