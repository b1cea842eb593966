import { pv as contract, type BodyOf } from '@energy/contracts';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { staffScope } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { device, deviceCategory, deviceType } from '../devices/devices.schema.js';
import { dayIn, refused, type PvStationsService } from './pv-stations.service.js';
import { pvArea, pvCostInfo, pvGridPoint, pvIncomeWay, pvInverter, pvModule, pvOnlineWay, pvStation } from './pv.schema.js';

// A station's settings (docs/pv.md): areas, grid connection points with their meters, cost info, and the
// online- and income-calculation ways, each a log of entries in force from a day on.

type AreaRow = z.infer<typeof contract.pvAreaRow>;
type GridPointRow = z.infer<typeof contract.gridPointRow>;
type OnlineWayEntry = z.infer<typeof contract.onlineWayEntry>;
type IncomeWayEntry = z.infer<typeof contract.incomeWayEntry>;

/** A non-negative decimal as the exact numeric text of `scale` decimals, from its count of 10^-scale units. */
export function decimalText(value: number, scale: number): string {
  const unit = 10 ** scale;
  const n = Math.round(value * unit);
  return scale ? `${Math.floor(n / unit)}.${String(n % unit).padStart(scale, '0')}` : String(n);
}

/** The entry of a log in force on a day: the latest whose `effectiveFrom` is not after it (null before the first). */
export function wayInForce<T extends { effectiveFrom: string }>(entries: readonly T[], day: string): T | null {
  let best: T | null = null;
  for (const e of entries) if (e.effectiveFrom <= day && (!best || e.effectiveFrom > best.effectiveFrom)) best = e;
  return best;
}

const METER_ROLES = ['generationMeterId', 'onGridMeterId', 'offtakeMeterId'] as const;

export class PvSettingsService {
  constructor(private readonly stations: PvStationsService) {}

  // -------------------------------------------------------------------------------------------
  // Areas

  private async areaRows(ctx: StaffCtx, stationId: number, id?: number): Promise<AreaRow[]> {
    const rows = await ctx.tx
      .select()
      .from(pvArea)
      .where(and(eq(pvArea.stationId, stationId), eq(pvArea.tenantId, ctx.staff.tenantId), id ? eq(pvArea.id, id) : undefined))
      .orderBy(asc(pvArea.sort), asc(pvArea.name), asc(pvArea.id));
    return rows.map((a) => ({ id: a.id, pvId: a.stationId, name: a.name, capacityKwp: a.capacityKwp, sort: a.sort }));
  }

  async areas(ctx: StaffCtx, input: { pvId: number }) {
    return this.areaRows(ctx, (await this.stations.visible(ctx, input.pvId)).id);
  }

  /** An area of a station the staff sees, with that station (which must not be read-only); 404 otherwise. */
  private async area(ctx: StaffCtx, id: number) {
    const [a] = await ctx.tx
      .select({ stationId: pvArea.stationId })
      .from(pvArea)
      .innerJoin(pvStation, eq(pvStation.id, pvArea.stationId))
      .where(and(eq(pvArea.id, id), ...staffScope(ctx, { tenant: pvStation.tenantId, ou: pvStation.ouId })));
    if (!a) throw notFound(`PV area ${id}`);
    return { station: await this.stations.writable(ctx, a.stationId), id };
  }

  private async nameFree(ctx: StaffCtx, stationId: number, name: string, selfId?: number) {
    const [taken] = await ctx.tx
      .select({ id: pvArea.id })
      .from(pvArea)
      .where(and(eq(pvArea.stationId, stationId), eq(pvArea.name, name), selfId ? ne(pvArea.id, selfId) : undefined));
    if (taken) throw conflict(`The station already has an area named ${name}`);
  }

  async addArea(ctx: StaffCtx, input: BodyOf<typeof contract.pvAreaAdd>) {
    const station = await this.stations.writable(ctx, input.pvId);
    await this.nameFree(ctx, station.id, input.name);
    const [row] = await ctx.tx
      .insert(pvArea)
      .values({
        tenantId: ctx.staff.tenantId,
        stationId: station.id,
        name: input.name,
        capacityKwp: input.capacityKwp ?? null,
        sort: input.sort ?? 0,
      })
      .returning({ id: pvArea.id });
    return (await this.areaRows(ctx, station.id, row!.id))[0]!;
  }

  async updateArea(ctx: StaffCtx, input: BodyOf<typeof contract.pvAreaUpdate>) {
    const { station, id } = await this.area(ctx, input.id);
    await this.nameFree(ctx, station.id, input.name, id);
    await ctx.tx
      .update(pvArea)
      .set({
        name: input.name,
        ...(input.capacityKwp !== undefined ? { capacityKwp: input.capacityKwp } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(pvArea.id, id), eq(pvArea.tenantId, ctx.staff.tenantId)));
    return (await this.areaRows(ctx, station.id, id))[0]!;
  }

  /** Deletes an empty area: one that still holds inverters or modules is refused (move them first). */
  async deleteArea(ctx: StaffCtx, input: { id: number }) {
    const { id } = await this.area(ctx, input.id);
    const [inverters] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pvInverter)
      .where(eq(pvInverter.areaId, id));
    const [modules] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pvModule)
      .where(eq(pvModule.areaId, id));
    const held = Number(inverters!.n) + Number(modules!.n);
    if (held) throw refused(`The area still holds ${held} inverter(s) or module batch(es): move or delete them first`);
    await ctx.tx.delete(pvArea).where(and(eq(pvArea.id, id), eq(pvArea.tenantId, ctx.staff.tenantId)));
    return null;
  }

  // -------------------------------------------------------------------------------------------
  // Grid connection points

  async gridPoints(ctx: StaffCtx, input: { pvId: number }): Promise<GridPointRow[]> {
    const station = await this.stations.visible(ctx, input.pvId);
    const points = await ctx.tx
      .select()
      .from(pvGridPoint)
      .where(and(eq(pvGridPoint.stationId, station.id), eq(pvGridPoint.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(pvGridPoint.id));
    const ids = points.flatMap((p) => METER_ROLES.map((r) => p[r]).filter((v): v is number => v != null));
    const meters = ids.length
      ? await ctx.tx
          .select({ deviceId: device.id, code: device.code, name: device.name })
          .from(device)
          .where(and(inArray(device.id, ids), eq(device.tenantId, ctx.staff.tenantId)))
      : [];
    const meter = (id: number | null) => meters.find((m) => m.deviceId === id) ?? null;
    return points.map((p) => ({
      id: p.id,
      pvId: p.stationId,
      name: p.name,
      voltageKv: p.voltageKv,
      generationMeter: meter(p.generationMeterId),
      onGridMeter: meter(p.onGridMeterId),
      offtakeMeter: meter(p.offtakeMeterId),
    }));
  }

  /** Saves the points as a whole (changed, added, removed); each meter is a meter of the station's OU, serving one point. */
  async saveGridPoints(ctx: StaffCtx, input: BodyOf<typeof contract.gridConnectionPoints>) {
    const station = await this.stations.writable(ctx, input.pvId);
    const existing = await ctx.tx
      .select({ id: pvGridPoint.id })
      .from(pvGridPoint)
      .where(and(eq(pvGridPoint.stationId, station.id), eq(pvGridPoint.tenantId, ctx.staff.tenantId)));
    const own = new Set(existing.map((p) => p.id));
    const used = new Map<number, string>();
    const names = new Set<string>();
    for (const [i, p] of input.points.entries()) {
      if (p.id !== undefined && !own.has(p.id)) throw invalid(`body.points.${i}.id`, 'is not a grid connection point of this station');
      if (names.has(p.name)) throw invalid(`body.points.${i}.name`, `is used by another point of this station`);
      names.add(p.name);
      for (const role of METER_ROLES) {
        const id = p[role];
        if (id == null) continue;
        const where = `body.points.${i}.${role}`;
        if (used.has(id)) throw invalid(where, `is already the meter of ${used.get(id)}`);
        used.set(id, where);
      }
    }
    if (used.size) {
      const meters = await ctx.tx
        .select({ id: device.id })
        .from(device)
        .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
        .innerJoin(deviceCategory, eq(deviceCategory.id, deviceType.categoryId))
        .where(
          and(
            inArray(device.id, [...used.keys()]),
            eq(device.tenantId, ctx.staff.tenantId),
            eq(device.ouId, station.ouId),
            eq(deviceCategory.key, 'meter'),
          ),
        );
      const ok = new Set(meters.map((m) => m.id));
      for (const [id, where] of used) if (!ok.has(id)) throw invalid(where, "is not a meter of the station's operating unit");
      const elsewhere = await ctx.tx
        .select({ name: pvGridPoint.name, stationId: pvGridPoint.stationId })
        .from(pvGridPoint)
        .where(
          and(
            eq(pvGridPoint.tenantId, ctx.staff.tenantId),
            ne(pvGridPoint.stationId, station.id),
            or(...METER_ROLES.map((r) => inArray(pvGridPoint[r], [...used.keys()]))),
          ),
        );
      if (elsewhere.length) throw conflict(`A meter already serves the grid connection point ${elsewhere[0]!.name} of another station`);
    }
    const keep = input.points.flatMap((p) => (p.id ? [p.id] : []));
    const gone = [...own].filter((id) => !keep.includes(id));
    if (gone.length) await ctx.tx.delete(pvGridPoint).where(inArray(pvGridPoint.id, gone));
    for (const p of input.points) {
      const values = {
        name: p.name,
        voltageKv: p.voltageKv ?? null,
        generationMeterId: p.generationMeterId ?? null,
        onGridMeterId: p.onGridMeterId ?? null,
        offtakeMeterId: p.offtakeMeterId ?? null,
      };
      if (p.id)
        await ctx.tx
          .update(pvGridPoint)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(pvGridPoint.id, p.id));
      else await ctx.tx.insert(pvGridPoint).values({ tenantId: ctx.staff.tenantId, stationId: station.id, ...values });
    }
    return this.gridPoints(ctx, { pvId: station.id });
  }

  // -------------------------------------------------------------------------------------------
  // Cost info

  async costInfo(ctx: StaffCtx, input: { pvId: number }) {
    const station = await this.stations.visible(ctx, input.pvId);
    const [row] = await ctx.tx
      .select()
      .from(pvCostInfo)
      .where(and(eq(pvCostInfo.stationId, station.id), eq(pvCostInfo.tenantId, ctx.staff.tenantId)));
    if (!row) return null;
    return {
      pvId: station.id,
      currency: row.currency,
      investment: Number(row.investment),
      yearlyOmCost: Number(row.yearlyOmCost),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async upsertCostInfo(ctx: StaffCtx, input: BodyOf<typeof contract.pvUpsertCostInfo>) {
    const station = await this.stations.writable(ctx, input.pvId);
    const values = {
      currency: input.currency,
      investment: decimalText(input.investment, 2),
      yearlyOmCost: decimalText(input.yearlyOmCost, 2),
      updatedAt: new Date(),
    };
    await ctx.tx
      .insert(pvCostInfo)
      .values({ stationId: station.id, tenantId: ctx.staff.tenantId, ...values })
      .onConflictDoUpdate({ target: pvCostInfo.stationId, set: values });
    return (await this.costInfo(ctx, { pvId: station.id }))!;
  }

  // -------------------------------------------------------------------------------------------
  // Calculation ways: append-only logs by day

  /**
   * Where a new entry may start: after the latest entry's day, so a past period keeps the way that was
   * in force then. An entry not yet in force (its day is after today) is replaced by one on its own day.
   */
  private checkDay(latest: { effectiveFrom: string } | undefined, day: string, today: string): 'insert' | 'replace' {
    if (!latest || day > latest.effectiveFrom) return 'insert';
    if (day === latest.effectiveFrom && latest.effectiveFrom > today) return 'replace';
    throw invalid(
      'body.effectiveFrom',
      `must be after ${latest.effectiveFrom}, the day the latest way took force: a past period keeps the way that was in force then`,
    );
  }

  async onlineLog(ctx: StaffCtx, input: { pvId: number }): Promise<OnlineWayEntry[]> {
    const station = await this.stations.visible(ctx, input.pvId);
    const rows = await ctx.tx
      .select()
      .from(pvOnlineWay)
      .where(and(eq(pvOnlineWay.stationId, station.id), eq(pvOnlineWay.tenantId, ctx.staff.tenantId)))
      .orderBy(desc(pvOnlineWay.effectiveFrom));
    return rows.map((r) => ({
      id: r.id,
      pvId: r.stationId,
      effectiveFrom: r.effectiveFrom,
      way: r.way as OnlineWayEntry['way'],
      changedAt: r.changedAt.toISOString(),
      changedBy: r.changedBy,
    }));
  }

  async upsetOnlineWay(ctx: StaffCtx, input: BodyOf<typeof contract.pvUpsetOnlineWay>) {
    const station = await this.stations.writable(ctx, input.pvId);
    const [latest] = await this.onlineLog(ctx, { pvId: station.id });
    const mode = this.checkDay(latest, input.effectiveFrom, dayIn(station.timeZone));
    const values = { way: input.way, changedAt: new Date(), changedBy: ctx.user.name };
    if (mode === 'replace') await ctx.tx.update(pvOnlineWay).set(values).where(eq(pvOnlineWay.id, latest!.id));
    else
      await ctx.tx
        .insert(pvOnlineWay)
        .values({ tenantId: ctx.staff.tenantId, stationId: station.id, effectiveFrom: input.effectiveFrom, ...values });
    return (await this.onlineLog(ctx, { pvId: station.id }))[0]!;
  }

  async incomeLog(ctx: StaffCtx, input: { pvId: number }): Promise<IncomeWayEntry[]> {
    const station = await this.stations.visible(ctx, input.pvId);
    const rows = await ctx.tx
      .select()
      .from(pvIncomeWay)
      .where(and(eq(pvIncomeWay.stationId, station.id), eq(pvIncomeWay.tenantId, ctx.staff.tenantId)))
      .orderBy(desc(pvIncomeWay.effectiveFrom));
    return rows.map((r) => ({
      id: r.id,
      pvId: r.stationId,
      effectiveFrom: r.effectiveFrom,
      currency: r.currency,
      selfConsumptionPricing: r.selfConsumptionPricing,
      selfConsumptionPrice: r.selfConsumptionPrice === null ? null : Number(r.selfConsumptionPrice),
      discountPercent: Number(r.discountPercent),
      feedInPrice: Number(r.feedInPrice),
      subsidyPerKwh: Number(r.subsidyPerKwh),
      changedAt: r.changedAt.toISOString(),
      changedBy: r.changedBy,
    }));
  }

  async upsetIncomeWay(ctx: StaffCtx, input: BodyOf<typeof contract.pvUpsetIncomeWay>) {
    const station = await this.stations.writable(ctx, input.pvId);
    const [latest] = await this.incomeLog(ctx, { pvId: station.id });
    const mode = this.checkDay(latest, input.effectiveFrom, dayIn(station.timeZone));
    const values = {
      currency: input.currency,
      selfConsumptionPricing: input.selfConsumptionPricing,
      // a fixed price only with fixed pricing: the tariff's prices are the customer's
      selfConsumptionPrice:
        input.selfConsumptionPricing === 'fixed' && input.selfConsumptionPrice != null ? decimalText(input.selfConsumptionPrice, 4) : null,
      discountPercent: decimalText(input.discountPercent, 2),
      feedInPrice: decimalText(input.feedInPrice, 4),
      subsidyPerKwh: decimalText(input.subsidyPerKwh, 4),
      changedAt: new Date(),
      changedBy: ctx.user.name,
    };
    if (mode === 'replace') await ctx.tx.update(pvIncomeWay).set(values).where(eq(pvIncomeWay.id, latest!.id));
    else
      await ctx.tx
        .insert(pvIncomeWay)
        .values({ tenantId: ctx.staff.tenantId, stationId: station.id, effectiveFrom: input.effectiveFrom, ...values });
    return (await this.incomeLog(ctx, { pvId: station.id }))[0]!;
  }
}
