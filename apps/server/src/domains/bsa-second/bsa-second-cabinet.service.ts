import { bsaSecond as contract, type BodyOf } from '@energy/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { contains, equals, list, pageOfRows, staffScope, where } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { bsaStack, bsaStation } from '../bsa/bsa.schema.js';
import type { BsaService, StationRow } from '../bsa/bsa.service.js';
import { device } from '../devices/devices.schema.js';
import { bsaCabinet, bsaCabinetLink, type CabinetLinkKind } from './bsa-second.schema.js';

const { CABINET_LINK_LIMITS } = contract;

/** kW / kWh with at most 3 decimals → W / Wh, exactly. */
export const toWatt = (k: number) => Math.round(k * 1000);
const fromWatt = (w: number) => w / 1000;

const KIND_NAMES: Record<CabinetLinkKind, { name: string; nameZh: string; deviceTypeKey: string | null }> = {
  pcs: { name: 'PCS (power conversion system)', nameZh: '储能变流器 PCS', deviceTypeKey: 'bsa-pcs' },
  stack: { name: 'Battery stack', nameZh: '电池堆', deviceTypeKey: null },
  meter: { name: 'Meter', nameZh: '电表', deviceTypeKey: null },
  fcs: { name: 'FCS edge controller', nameZh: 'FCS 边缘控制器', deviceTypeKey: 'bsa-fcs' },
};

const DEVICE_OF = { pcs: 'a PCS', meter: 'a meter', fcs: 'the FCS' } as const;

/**
 * Storage cabinets of a station and what sits in them (docs/bsa.md, "Second edition and firmware"). A
 * cabinet belongs to a visible station; its devices are the station's own (its PCS, meters, FCS) and its
 * stacks, each in one cabinet at most. The station's cabinets together hold at most the station's rated
 * power and capacity (W / Wh, exact).
 */
export class BsaSecondCabinetService {
  constructor(private readonly bsa: BsaService) {}

  private scope(ctx: StaffCtx) {
    return staffScope(ctx, { tenant: bsaStation.tenantId, ou: bsaStation.ouId });
  }

  private rowsQuery(ctx: StaffCtx) {
    return ctx.tx
      .select({
        c: bsaCabinet,
        bsaCode: bsaStation.code,
        bsaName: bsaStation.name,
        links: sql<number>`(select count(*)::int from bsa_cabinet_link l where l.cabinet_id = ${bsaCabinet.id})`,
      })
      .from(bsaCabinet)
      .innerJoin(bsaStation, eq(bsaStation.id, bsaCabinet.stationId))
      .$dynamic();
  }

  private toRow(r: { c: typeof bsaCabinet.$inferSelect; bsaCode: string; bsaName: string; links: number }) {
    return {
      id: r.c.id,
      bsaId: r.c.stationId,
      bsaCode: r.bsaCode,
      bsaName: r.bsaName,
      code: r.c.code,
      name: r.c.name,
      ratedPowerKw: fromWatt(r.c.ratedPowerW),
      capacityKwh: fromWatt(r.c.capacityWh),
      note: r.c.note,
      links: Number(r.links),
      createdAt: r.c.createdAt.toISOString(),
    };
  }

  async list(ctx: StaffCtx, input: BodyOf<typeof contract.cabinetList> = {}) {
    const filter = where(input, { bsaId: equals(bsaCabinet.stationId), name: contains(bsaCabinet.name) });
    const rows = await list(ctx.tx, {
      query: () => this.rowsQuery(ctx),
      where: [...this.scope(ctx), ...filter],
      order: [asc(bsaStation.code), asc(bsaCabinet.code), asc(bsaCabinet.id)],
    }).all();
    return rows.map((r) => this.toRow(r));
  }

  /** A visible cabinet, or 404 (another tenant's or OU's too). */
  async cabinet(ctx: StaffCtx, id: number) {
    const [row] = await this.rowsQuery(ctx)
      .where(and(eq(bsaCabinet.id, id), ...this.scope(ctx)))
      .limit(1);
    if (!row) throw notFound(`Storage cabinet ${id}`);
    return this.toRow(row);
  }

  /** The station's cabinets together, other than `exceptId`, must stay within its rating and capacity. */
  private async checkTotals(ctx: StaffCtx, station: StationRow, input: { ratedPowerKw: number; capacityKwh: number }, exceptId?: number) {
    const [others] = await ctx.tx
      .select({
        power: sql<string>`coalesce(sum(${bsaCabinet.ratedPowerW}), 0)`,
        energy: sql<string>`coalesce(sum(${bsaCabinet.capacityWh}), 0)`,
      })
      .from(bsaCabinet)
      .where(and(eq(bsaCabinet.stationId, station.id), exceptId ? ne(bsaCabinet.id, exceptId) : undefined));
    const power = Number(others!.power) + toWatt(input.ratedPowerKw);
    const energy = Number(others!.energy) + toWatt(input.capacityKwh);
    if (energy > toWatt(station.capacityKwh))
      throw invalid(
        'body.capacityKwh',
        `the cabinets of ${station.code} would hold ${fromWatt(energy)} kWh, more than the station's ${station.capacityKwh} kWh`,
      );
    if (power > toWatt(station.ratedPowerKw))
      throw invalid(
        'body.ratedPowerKw',
        `the cabinets of ${station.code} would be rated ${fromWatt(power)} kW, more than the station's ${station.ratedPowerKw} kW`,
      );
  }

  private async checkCode(ctx: StaffCtx, code: string, exceptId?: number) {
    const [taken] = await ctx.tx
      .select({ id: bsaCabinet.id })
      .from(bsaCabinet)
      .where(
        and(eq(bsaCabinet.tenantId, ctx.staff.tenantId), eq(bsaCabinet.code, code), exceptId ? ne(bsaCabinet.id, exceptId) : undefined),
      );
    if (taken) throw invalid('body.code', `${code} is already a cabinet of your tenant`);
  }

  /** The station row locked, so that two cabinets written at once are checked against each other's totals. */
  private async lockedStation(ctx: StaffCtx, id: number, field: string) {
    const station = await this.bsa.detail(ctx, { id }).catch(() => {
      throw invalid(field, 'is not one of your storage stations');
    });
    await ctx.tx.select({ id: bsaStation.id }).from(bsaStation).where(eq(bsaStation.id, station.id)).for('update');
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: its cabinets are no longer changed`);
    return station;
  }

  async create(ctx: StaffCtx, input: BodyOf<typeof contract.cabinetCreate>) {
    const station = await this.lockedStation(ctx, input.bsaId, 'body.bsaId');
    await this.checkCode(ctx, input.code);
    await this.checkTotals(ctx, station, input);
    const [row] = await ctx.tx
      .insert(bsaCabinet)
      .values({
        tenantId: ctx.staff.tenantId,
        stationId: station.id,
        code: input.code,
        name: input.name,
        ratedPowerW: toWatt(input.ratedPowerKw),
        capacityWh: toWatt(input.capacityKwh),
        note: input.note ?? null,
      })
      .returning({ id: bsaCabinet.id });
    return this.cabinet(ctx, row!.id);
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.cabinetUpdate>) {
    const current = await this.cabinet(ctx, input.id);
    const station = await this.lockedStation(ctx, current.bsaId, 'body.id');
    await this.checkCode(ctx, input.code, current.id);
    await this.checkTotals(ctx, station, input, current.id);
    await ctx.tx
      .update(bsaCabinet)
      .set({
        code: input.code,
        name: input.name,
        ratedPowerW: toWatt(input.ratedPowerKw),
        capacityWh: toWatt(input.capacityKwh),
        note: input.note ?? null,
        updatedAt: new Date(),
      })
      .where(eq(bsaCabinet.id, current.id));
    return this.cabinet(ctx, current.id);
  }

  /** Refused while devices sit in it: the commissioning engineer takes them out first, knowingly. */
  async delete(ctx: StaffCtx, input: { id: number }) {
    const current = await this.cabinet(ctx, input.id);
    const links = await this.links(ctx, { cabinetId: current.id });
    if (links.length)
      throw conflict(
        `Storage cabinet ${current.code} still holds ${links.map((l) => l.code).join(', ')}: take them out of the cabinet first`,
      );
    await ctx.tx.delete(bsaCabinet).where(eq(bsaCabinet.id, current.id));
    return { id: current.id };
  }

  // ---- links

  /** The links of some cabinets, with the device's or stack's code and name. */
  private async linkRows(ctx: StaffCtx, cabinetIds: number[]) {
    if (!cabinetIds.length) return [];
    const rows = await ctx.tx
      .select({
        l: bsaCabinetLink,
        deviceCode: device.code,
        deviceName: device.name,
        online: device.online,
        stackCode: bsaStack.code,
        stackName: bsaStack.name,
      })
      .from(bsaCabinetLink)
      .leftJoin(device, eq(device.id, bsaCabinetLink.deviceId))
      .leftJoin(bsaStack, eq(bsaStack.id, bsaCabinetLink.stackId))
      .where(inArray(bsaCabinetLink.cabinetId, cabinetIds))
      .orderBy(asc(bsaCabinetLink.kind), asc(bsaCabinetLink.id));
    return rows.map((r) => ({
      id: r.l.id,
      cabinetId: r.l.cabinetId,
      kind: r.l.kind,
      targetId: (r.l.deviceId ?? r.l.stackId)!,
      code: r.deviceCode ?? r.stackCode ?? '',
      name: r.deviceName ?? r.stackName ?? '',
      online: r.l.kind === 'stack' ? null : (r.online ?? false),
      createdAt: r.l.createdAt.toISOString(),
    }));
  }

  async links(ctx: StaffCtx, input: { cabinetId: number }) {
    const cabinet = await this.cabinet(ctx, input.cabinetId);
    return this.linkRows(ctx, [cabinet.id]);
  }

  /** The devices of the station that a kind names: its PCS, its meters (grid and upper), its FCS. */
  private stationDevices(station: StationRow, kind: Exclude<CabinetLinkKind, 'stack'>) {
    if (kind === 'pcs') return station.pcs.map((p) => ({ id: p.deviceId, code: p.code }));
    if (kind === 'meter') return station.meters.map((m) => ({ id: m.deviceId, code: m.code }));
    return station.fcs ? [{ id: station.fcs.deviceId, code: station.fcs.code }] : [];
  }

  async createLink(ctx: StaffCtx, input: BodyOf<typeof contract.cabinetLinkCreate>) {
    const cabinet = await this.cabinet(ctx, input.cabinetId);
    const station = await this.lockedStation(ctx, cabinet.bsaId, 'body.cabinetId');
    let code: string;
    if (input.kind === 'stack') {
      const [stack] = await ctx.tx
        .select({ id: bsaStack.id, code: bsaStack.code })
        .from(bsaStack)
        .where(and(eq(bsaStack.id, input.targetId), eq(bsaStack.stationId, station.id)));
      if (!stack) throw invalid('body.targetId', `is not a battery stack of ${station.code}`);
      code = stack.code;
    } else {
      const found = this.stationDevices(station, input.kind).find((d) => d.id === input.targetId);
      if (!found) throw invalid('body.targetId', `is not ${DEVICE_OF[input.kind]} of ${station.code}`);
      code = found.code;
    }
    const target = input.kind === 'stack' ? eq(bsaCabinetLink.stackId, input.targetId) : eq(bsaCabinetLink.deviceId, input.targetId);
    const [placed] = await ctx.tx
      .select({ cabinetId: bsaCabinetLink.cabinetId, code: bsaCabinet.code })
      .from(bsaCabinetLink)
      .innerJoin(bsaCabinet, eq(bsaCabinet.id, bsaCabinetLink.cabinetId))
      .where(target);
    if (placed) throw invalid('body.targetId', `${code} already sits in cabinet ${placed.code}`);
    const limit = CABINET_LINK_LIMITS[input.kind];
    const [held] = await ctx.tx
      .select({ n: count() })
      .from(bsaCabinetLink)
      .where(and(eq(bsaCabinetLink.cabinetId, cabinet.id), eq(bsaCabinetLink.kind, input.kind)));
    if (limit !== null && held!.n >= limit)
      throw invalid('body.kind', `cabinet ${cabinet.code} already holds ${held!.n} of kind ${input.kind}, the most one cabinet holds`);
    const [row] = await ctx.tx
      .insert(bsaCabinetLink)
      .values({
        tenantId: ctx.staff.tenantId,
        cabinetId: cabinet.id,
        kind: input.kind,
        deviceId: input.kind === 'stack' ? null : input.targetId,
        stackId: input.kind === 'stack' ? input.targetId : null,
      })
      .returning({ id: bsaCabinetLink.id });
    return (await this.linkRows(ctx, [cabinet.id])).find((l) => l.id === row!.id)!;
  }

  async deleteLink(ctx: StaffCtx, input: { id: number }) {
    const [link] = await ctx.tx.select().from(bsaCabinetLink).where(eq(bsaCabinetLink.id, input.id));
    if (!link) throw notFound(`Cabinet link ${input.id}`);
    await this.cabinet(ctx, link.cabinetId).catch(() => {
      throw notFound(`Cabinet link ${input.id}`);
    });
    await ctx.tx.delete(bsaCabinetLink).where(eq(bsaCabinetLink.id, link.id));
    return { id: link.id };
  }

  deviceTypes() {
    return contract.CABINET_LINK_KINDS.map((kind) => ({ kind, ...KIND_NAMES[kind], maxPerCabinet: CABINET_LINK_LIMITS[kind] }));
  }

  /** Where each device and stack of a station sits: target id → cabinet. */
  private async placement(ctx: StaffCtx, stationId: number) {
    const rows = await ctx.tx
      .select({
        linkId: bsaCabinetLink.id,
        kind: bsaCabinetLink.kind,
        deviceId: bsaCabinetLink.deviceId,
        stackId: bsaCabinetLink.stackId,
        id: bsaCabinet.id,
        code: bsaCabinet.code,
      })
      .from(bsaCabinetLink)
      .innerJoin(bsaCabinet, eq(bsaCabinet.id, bsaCabinetLink.cabinetId))
      .where(eq(bsaCabinet.stationId, stationId));
    return new Map(
      rows.map((r) => [
        `${r.kind === 'stack' ? 'stack' : 'device'}:${r.deviceId ?? r.stackId}`,
        { id: r.id, code: r.code, linkId: r.linkId },
      ]),
    );
  }

  async stacks(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const placed = await this.placement(ctx, station.id);
    const stacks = await ctx.tx
      .select({ id: bsaStack.id, code: bsaStack.code, name: bsaStack.name, pcsDeviceId: bsaStack.pcsDeviceId })
      .from(bsaStack)
      .where(eq(bsaStack.stationId, station.id))
      .orderBy(asc(bsaStack.code));
    return stacks.map((s) => ({ ...s, cabinet: placed.get(`stack:${s.id}`) ?? null }));
  }

  /** The station's devices and stacks with their cabinet, paged in memory (a station has a few dozen at most). */
  async devicePage(ctx: StaffCtx, input: BodyOf<typeof contract.devicePage>) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const placed = await this.placement(ctx, station.id);
    const cabinetOf = (key: string) => {
      const c = placed.get(key);
      return c ? { id: c.id, code: c.code } : null;
    };
    const stacks = await this.stacks(ctx, { bsaId: station.id });
    const rows = [
      ...station.pcs.map((p) => ({
        kind: 'pcs' as const,
        targetId: p.deviceId,
        code: p.code,
        name: p.name,
        online: null as boolean | null,
      })),
      ...stacks.map((s) => ({ kind: 'stack' as const, targetId: s.id, code: s.code, name: s.name, online: null })),
      ...station.meters.map((m) => ({ kind: 'meter' as const, targetId: m.deviceId, code: m.code, name: m.name, online: null })),
      ...(station.fcs
        ? [
            {
              kind: 'fcs' as const,
              targetId: station.fcs.deviceId,
              code: station.fcs.code,
              name: station.fcs.name,
              online: station.fcs.online,
            },
          ]
        : []),
    ]
      .filter((r) => !input.kind || r.kind === input.kind)
      .map((r) => ({ ...r, cabinet: cabinetOf(`${r.kind === 'stack' ? 'stack' : 'device'}:${r.targetId}`) }));
    if (rows.some((r) => r.kind !== 'stack' && r.online === null)) {
      const online = await ctx.tx
        .select({ id: device.id, online: device.online })
        .from(device)
        .where(
          inArray(
            device.id,
            rows.filter((r) => r.kind !== 'stack').map((r) => r.targetId),
          ),
        );
      const byId = new Map(online.map((d) => [d.id, d.online]));
      for (const r of rows) if (r.kind !== 'stack') r.online = byId.get(r.targetId) ?? false;
    }
    return pageOfRows(rows, input);
  }

  /** For the stations service: how many cabinets each station has. */
  async counts(ctx: StaffCtx, stationIds: number[]) {
    if (!stationIds.length) return new Map<number, number>();
    const rows = await ctx.tx
      .select({ stationId: bsaCabinet.stationId, n: count() })
      .from(bsaCabinet)
      .where(inArray(bsaCabinet.stationId, stationIds))
      .groupBy(bsaCabinet.stationId);
    return new Map(rows.map((r) => [r.stationId, r.n]));
  }

  /** For the station's detail: its cabinets. */
  async ofStation(ctx: StaffCtx, stationId: number) {
    const rows = await ctx.tx.select().from(bsaCabinet).where(eq(bsaCabinet.stationId, stationId)).orderBy(asc(bsaCabinet.code));
    return rows.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      ratedPowerKw: fromWatt(c.ratedPowerW),
      capacityKwh: fromWatt(c.capacityWh),
    }));
  }
}
