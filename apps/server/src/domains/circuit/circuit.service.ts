import { type BodyOf, circuit as contract, type InputOf } from '@energy/contracts';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { contains, equals, list, staffScope, where, type RowOf } from '../../db/list.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { device, deviceType } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { circuit, circuitAccount, circuitCabinet, circuitMeter } from './circuit.schema.js';
import type { PricesService } from './prices.service.js';
import { CIRCUIT_COLUMNS, CIRCUIT_SHEET } from './circuit-excel.js';
import { applyConfig, bindingsOf, checkMeters } from './energy-config-store.js';
import { localClock } from '../../pricing/tou-pricing.js';

type CircuitRow = contract.CircuitRow;
type MeterRow = z.infer<typeof contract.circuitMeter>;
type TreeNode = contract.TreeNode;
type CabinetRow = z.infer<typeof contract.cabinetRow>;

/** The counter a meter's energy comes from (grid and feeder meters' imported energy, kWh). */
export const ENERGY_KEY = 'e_imp' as const;

const parent = alias(circuit, 'parent');

/** A binding in force now (its period holds the present). */
const inForceNow = sql`coalesce(${circuitMeter.startsAt}, '-infinity') <= now() and now() < coalesce(${circuitMeter.endsAt}, 'infinity')`;

/** Circuits, their cabinets and meters, and what their energy costs (docs/circuits.md). */
export class CircuitService {
  constructor(private readonly prices: PricesService) {}

  /** The circuits the staff sees (its tenant; its OUs unless `ouCheck` is false). */
  scope(ctx: StaffCtx, ouCheck = true): SQL[] {
    return staffScope(ctx, { tenant: circuit.tenantId, ...(ouCheck ? { ou: circuit.ouId } : {}) });
  }

  private query(ctx: StaffCtx) {
    return ctx.tx
      .select({ c: circuit, ouName: ou.name, parentName: parent.name, cabinetName: circuitCabinet.name })
      .from(circuit)
      .innerJoin(ou, eq(ou.id, circuit.ouId))
      .leftJoin(parent, eq(parent.id, circuit.parentId))
      .leftJoin(circuitCabinet, eq(circuitCabinet.id, circuit.cabinetId))
      .$dynamic();
  }

  private filters(input: { codeOrName?: string; name?: string; type?: string; distributionCabinetId?: number; ouId?: number }): SQL[] {
    return where(input, {
      codeOrName: contains(circuit.code, circuit.name),
      name: contains(circuit.name),
      type: equals(circuit.type) as (v: string) => SQL,
      distributionCabinetId: equals(circuit.cabinetId),
      ouId: equals(circuit.ouId),
    });
  }

  /** Rows with their meters and (own or inherited) accounts. */
  private async rows(ctx: StaffCtx, rows: RowOf<ReturnType<CircuitService['query']>>[]): Promise<CircuitRow[]> {
    if (!rows.length) return [];
    const meters = await this.metersOf(
      ctx,
      rows.map((r) => r.c.id),
    );
    // the tenant's circuits' parents and accounts, to find an inherited account
    const all = await ctx.tx
      .select({ id: circuit.id, parentId: circuit.parentId, accountId: circuit.accountId })
      .from(circuit)
      .where(eq(circuit.tenantId, ctx.staff.tenantId));
    const byId = new Map(all.map((c) => [c.id, c]));
    const accounts = await ctx.tx
      .select({ id: circuitAccount.id, name: circuitAccount.name })
      .from(circuitAccount)
      .where(eq(circuitAccount.tenantId, ctx.staff.tenantId));
    const accountName = new Map(accounts.map((a) => [a.id, a.name]));
    return rows.map(({ c, ouName, parentName, cabinetName }) => {
      const accountId = effectiveAccount(byId, c.id);
      return {
        id: c.id,
        code: c.code,
        name: c.name,
        type: c.type,
        ouId: c.ouId,
        ouName,
        parentId: c.parentId,
        parentName: parentName ?? null,
        distributionCabinetId: c.cabinetId,
        distributionCabinetName: cabinetName ?? null,
        accountId,
        accountName: accountId == null ? null : (accountName.get(accountId) ?? null),
        ownAccount: c.accountId != null,
        ratedCurrentA: c.ratedCurrentA,
        meters: meters.get(c.id) ?? [],
        createdAt: c.createdAt.toISOString(),
      };
    });
  }

  private async metersOf(ctx: StaffCtx, circuitIds: number[]): Promise<Map<number, MeterRow[]>> {
    const rows = await ctx.tx
      .select({
        circuitId: circuitMeter.circuitId,
        sign: circuitMeter.sign,
        deviceId: device.id,
        code: device.code,
        name: device.name,
        deviceType: deviceType.key,
        online: device.online,
      })
      .from(circuitMeter)
      .innerJoin(device, eq(device.id, circuitMeter.deviceId))
      .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
      .where(and(inArray(circuitMeter.circuitId, circuitIds), eq(circuitMeter.tenantId, ctx.staff.tenantId), inForceNow))
      .orderBy(asc(device.code));
    const out = new Map<number, MeterRow[]>();
    for (const r of rows) {
      const list = out.get(r.circuitId) ?? [];
      list.push({
        deviceId: r.deviceId,
        code: r.code,
        name: r.name,
        deviceType: r.deviceType,
        sign: r.sign === -1 ? -1 : 1,
        online: r.online,
      });
      out.set(r.circuitId, list);
    }
    return out;
  }

  async page(ctx: StaffCtx, input: InputOf<typeof contract.circuitPage>) {
    return list(ctx.tx, {
      query: () => this.query(ctx),
      where: [...this.scope(ctx), ...this.filters(input)],
      order: [asc(circuit.code), asc(circuit.id)],
    }).page(input, (rows) => this.rows(ctx, rows));
  }

  async list(ctx: StaffCtx, input: InputOf<typeof contract.circuitList> = {}) {
    return list(ctx.tx, {
      query: () => this.query(ctx),
      where: [...this.scope(ctx), ...this.filters(input ?? {})],
      order: [asc(circuit.code), asc(circuit.id)],
    }).all((rows) => this.rows(ctx, rows));
  }

  /** The filtered circuits as XLSX or CSV, read in batches. */
  async export(
    ctx: StaffCtx,
    input: {
      codeOrName?: string;
      type?: contract.CircuitType;
      distributionCabinetId?: number;
      ouId?: number;
      format: 'xlsx' | 'csv';
      lang?: 'en-US' | 'zh-CN';
    },
    http: { req: FastifyRequest; reply: FastifyReply },
  ) {
    return sendExport(http.reply, {
      name: 'circuits',
      sheet: CIRCUIT_SHEET,
      columns: CIRCUIT_COLUMNS,
      lang: langOf(http.req, input.lang),
      timeZone: await tenantTimeZone(ctx),
      format: input.format,
      batches: list(ctx.tx, {
        query: () => this.query(ctx),
        where: [...this.scope(ctx), ...this.filters(input)],
        order: [asc(circuit.code), asc(circuit.id)],
      }).batches((rows) => this.rows(ctx, rows)),
    });
  }

  /** A visible circuit (404 otherwise; with `ouCheck: false` any circuit of the tenant). */
  async detail(ctx: StaffCtx, id: number, ouCheck = true): Promise<CircuitRow> {
    const rows = await this.query(ctx).where(and(eq(circuit.id, id), ...this.scope(ctx, ouCheck)));
    if (!rows.length) throw notFound(`Circuit ${id}`);
    return (await this.rows(ctx, rows))[0]!;
  }

  /** Several visible circuits in the order asked (statistics batches); 404 names the first one not visible. */
  async details(ctx: StaffCtx, ids: readonly number[], ouCheck = true): Promise<CircuitRow[]> {
    const rows = await this.rows(ctx, await this.query(ctx).where(and(inArray(circuit.id, [...ids]), ...this.scope(ctx, ouCheck))));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw notFound(`Circuit ${id}`);
      return row;
    });
  }

  async meters(ctx: StaffCtx, circuitId: number): Promise<MeterRow[]> {
    return (await this.detail(ctx, circuitId)).meters;
  }

  /** Checks a new or changed circuit's references (each named by its field), then writes it with its meters. */
  private async write(ctx: StaffCtx, input: BodyOf<typeof contract.circuitCreate>, selfId?: number): Promise<number> {
    const [unit] = await ctx.tx
      .select({ id: ou.id })
      .from(ou)
      .where(and(eq(ou.id, input.ouId), eq(ou.tenantId, ctx.staff.tenantId)));
    if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid('body.ouId', 'is not one of your operating units');
    if (input.type === 'incoming' && input.parentId != null) throw invalid('body.parentId', 'an incoming line has no parent circuit');
    if (input.type !== 'incoming' && input.parentId == null) throw invalid('body.parentId', `a ${input.type} needs a parent circuit`);
    if (input.parentId != null) {
      const [p] = await ctx.tx
        .select({ id: circuit.id, ouId: circuit.ouId, type: circuit.type })
        .from(circuit)
        .where(and(eq(circuit.id, input.parentId), ...this.scope(ctx)));
      if (!p) throw invalid('body.parentId', 'is not one of your circuits');
      if (p.ouId !== input.ouId) throw invalid('body.parentId', 'is a circuit of another operating unit');
      if (p.type === 'branch') throw invalid('body.parentId', 'a branch circuit has no children');
      if (selfId !== undefined) {
        const all = await ctx.tx
          .select({ id: circuit.id, parentId: circuit.parentId })
          .from(circuit)
          .where(eq(circuit.tenantId, ctx.staff.tenantId));
        const parents = new Map(all.map((c) => [c.id, c.parentId]));
        for (let at: number | null | undefined = input.parentId, n = 0; at != null && n < 10_000; at = parents.get(at), n++)
          if (at === selfId) throw invalid('body.parentId', 'is the circuit itself or one of its descendants');
      }
    }
    if (input.distributionCabinetId != null) {
      const [cab] = await ctx.tx
        .select({ ouId: circuitCabinet.ouId })
        .from(circuitCabinet)
        .where(and(eq(circuitCabinet.id, input.distributionCabinetId), eq(circuitCabinet.tenantId, ctx.staff.tenantId)));
      if (!cab || !canSeeOu(ctx.staff, cab.ouId)) throw invalid('body.distributionCabinetId', 'is not one of your distribution cabinets');
      if (cab.ouId !== input.ouId) throw invalid('body.distributionCabinetId', 'is a cabinet of another operating unit');
    }
    if (input.accountId != null) {
      const account = await this.prices.get(ctx, input.accountId, 'body.accountId');
      if (account.ouId !== input.ouId) throw invalid('body.accountId', 'is an account of another operating unit');
    }
    // the meters are the energy config's: checked for the counter in force, changed through applyConfig
    const zone = await tenantTimeZone(ctx);
    const now = selfId === undefined ? [] : (await bindingsOf(ctx.tx, ctx.staff.tenantId, zone, [selfId])).filter((b) => b.inForceNow);
    const counter = now[0]?.counter ?? ENERGY_KEY;
    const codes = await checkMeters(ctx, input.ouId, input.meters, counter, 'body.meters');
    const [taken] = await ctx.tx
      .select({ id: circuit.id })
      .from(circuit)
      .where(and(eq(circuit.tenantId, ctx.staff.tenantId), eq(circuit.code, input.code), ...(selfId ? [ne(circuit.id, selfId)] : [])));
    if (taken) throw conflict(`The circuit code ${input.code} is already used in this tenant`);
    const values = {
      ouId: input.ouId,
      code: input.code,
      name: input.name,
      type: input.type,
      parentId: input.parentId ?? null,
      cabinetId: input.distributionCabinetId ?? null,
      accountId: input.accountId ?? null,
      ratedCurrentA: input.ratedCurrentA ?? null,
    };
    let id = selfId;
    if (id === undefined) {
      const [row] = await ctx.tx
        .insert(circuit)
        .values({ tenantId: ctx.staff.tenantId, ...values })
        .returning({ id: circuit.id });
      id = row!.id;
    } else {
      if (input.type === 'branch') {
        const [child] = await ctx.tx.select({ id: circuit.id }).from(circuit).where(eq(circuit.parentId, id)).limit(1);
        if (child) throw invalid('body.type', 'a circuit with children cannot be a branch');
      }
      await ctx.tx
        .update(circuit)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(circuit.id, id));
    }
    const changed =
      input.meters.length !== now.length || input.meters.some((m) => !now.some((b) => b.deviceId === m.deviceId && b.sign === m.sign));
    // a new circuit's meters are in force since always; an update's from today (earlier periods keep theirs)
    if (changed)
      await applyConfig(
        { tx: ctx.tx, staff: ctx.staff, zone },
        id,
        { counter, effectiveFrom: selfId === undefined ? null : localClock(zone, Date.now()).date, meters: input.meters },
        codes,
        selfId === undefined ? 'create' : 'update',
      );
    return id;
  }

  async create(ctx: StaffCtx, input: BodyOf<typeof contract.circuitCreate>) {
    return this.detail(ctx, await this.write(ctx, input));
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.circuitCreate> & { id: number }) {
    await this.detail(ctx, input.id);
    return this.detail(ctx, await this.write(ctx, input, input.id));
  }

  async delete(ctx: StaffCtx, input: { id: number }): Promise<null> {
    await this.detail(ctx, input.id);
    const [child] = await ctx.tx.select({ id: circuit.id }).from(circuit).where(eq(circuit.parentId, input.id)).limit(1);
    if (child) throw conflict(`Circuit ${input.id} has child circuits: delete or move them first`);
    await ctx.tx.delete(circuit).where(eq(circuit.id, input.id));
    return null;
  }

  // -------------------------------------------------------------------------------------------
  // Cabinets

  async cabinets(ctx: StaffCtx, input: BodyOf<typeof contract.cabinetList> = {}): Promise<CabinetRow[]> {
    const rows = await ctx.tx
      .select({
        c: circuitCabinet,
        ouName: ou.name,
        n: sql<number>`(select count(*)::int from ${circuit} where ${circuit.cabinetId} = ${circuitCabinet.id})`,
      })
      .from(circuitCabinet)
      .innerJoin(ou, eq(ou.id, circuitCabinet.ouId))
      .where(
        and(
          ...staffScope(ctx, { tenant: circuitCabinet.tenantId, ou: circuitCabinet.ouId }),
          ...where(input ?? {}, { ouId: equals(circuitCabinet.ouId), name: contains(circuitCabinet.name, circuitCabinet.code) }),
        ),
      )
      .orderBy(asc(circuitCabinet.code));
    return rows.map(({ c, ouName, n }) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      ouId: c.ouId,
      ouName,
      location: c.location,
      circuitCount: Number(n),
    }));
  }

  async saveCabinet(ctx: StaffCtx, input: BodyOf<typeof contract.cabinetSave>): Promise<CabinetRow> {
    const [unit] = await ctx.tx
      .select({ id: ou.id })
      .from(ou)
      .where(and(eq(ou.id, input.ouId), eq(ou.tenantId, ctx.staff.tenantId)));
    if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid('body.ouId', 'is not one of your operating units');
    const [taken] = await ctx.tx
      .select({ id: circuitCabinet.id })
      .from(circuitCabinet)
      .where(
        and(
          eq(circuitCabinet.tenantId, ctx.staff.tenantId),
          eq(circuitCabinet.code, input.code),
          ...(input.id ? [ne(circuitCabinet.id, input.id)] : []),
        ),
      );
    if (taken) throw conflict(`The cabinet code ${input.code} is already used in this tenant`);
    const values = { ouId: input.ouId, code: input.code, name: input.name, location: input.location ?? null };
    let id = input.id;
    if (id) {
      const [current] = await ctx.tx
        .select({ id: circuitCabinet.id })
        .from(circuitCabinet)
        .where(and(eq(circuitCabinet.id, id), ...staffScope(ctx, { tenant: circuitCabinet.tenantId, ou: circuitCabinet.ouId })));
      if (!current) throw notFound(`Distribution cabinet ${id}`);
      await ctx.tx
        .update(circuitCabinet)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(circuitCabinet.id, id));
    } else {
      const [row] = await ctx.tx
        .insert(circuitCabinet)
        .values({ tenantId: ctx.staff.tenantId, ...values })
        .returning({ id: circuitCabinet.id });
      id = row!.id;
    }
    return (await this.cabinets(ctx)).find((c) => c.id === id)!;
  }

  // -------------------------------------------------------------------------------------------
  // Trees

  private async nodes(ctx: StaffCtx) {
    return ctx.tx
      .select({
        id: circuit.id,
        code: circuit.code,
        name: circuit.name,
        type: circuit.type,
        parentId: circuit.parentId,
        cabinetId: circuit.cabinetId,
        ouId: circuit.ouId,
        meters: sql<number>`(select count(*)::int from ${circuitMeter} where ${circuitMeter.circuitId} = ${circuit.id} and ${inForceNow})`,
      })
      .from(circuit)
      .where(and(...this.scope(ctx)))
      .orderBy(asc(circuit.code));
  }

  /** The circuits nested by parent (a circuit whose parent is not among them is a root). */
  private nest(rows: Awaited<ReturnType<CircuitService['nodes']>>): TreeNode[] {
    const nodes = new Map<number, TreeNode>(
      rows.map((r) => [
        r.id,
        { id: r.id, nodeType: 'circuit', code: r.code, name: r.name, type: r.type, bindDevice: Number(r.meters) > 0, children: [] },
      ]),
    );
    const roots: TreeNode[] = [];
    for (const r of rows) {
      const up = r.parentId == null ? undefined : nodes.get(r.parentId);
      (up ? up.children : roots).push(nodes.get(r.id)!);
    }
    return roots;
  }

  /** tree: by parent; `name`, `type` and `bindDevice` keep the matching circuits and their ancestors. */
  async tree(ctx: StaffCtx, input: { name?: string; type?: string; bindDevice?: boolean } = {}): Promise<TreeNode[]> {
    const prune = (nodes: TreeNode[]): TreeNode[] =>
      nodes.flatMap((n) => {
        const children = prune(n.children);
        const match =
          (!input.name ||
            n.name.toLowerCase().includes(input.name.toLowerCase()) ||
            n.code.toLowerCase().includes(input.name.toLowerCase())) &&
          (!input.type || n.type === input.type) &&
          (input.bindDevice === undefined || n.bindDevice === input.bindDevice);
        return match || children.length ? [{ ...n, children }] : [];
      });
    return prune(this.nest(await this.nodes(ctx)));
  }

  /** tree2: the staff's cabinets, each with its circuits nested by parent; circuits in no cabinet last. */
  async tree2(ctx: StaffCtx): Promise<TreeNode[]> {
    const rows = await this.nodes(ctx);
    const cabinets = await this.cabinets(ctx);
    const out: TreeNode[] = cabinets.map((c) => ({
      id: c.id,
      nodeType: 'cabinet',
      code: c.code,
      name: c.name,
      type: null,
      bindDevice: false,
      children: this.nest(rows.filter((r) => r.cabinetId === c.id)),
    }));
    const loose = rows.filter((r) => r.cabinetId == null || !cabinets.some((c) => c.id === r.cabinetId));
    return [...out, ...this.nest(loose)];
  }

  /** tree3: the circuit with everything under it. */
  async tree3(ctx: StaffCtx, input: { circuitId: number }): Promise<TreeNode[]> {
    await this.detail(ctx, input.circuitId);
    const find = (nodes: TreeNode[]): TreeNode | undefined => {
      for (const n of nodes) {
        if (n.id === input.circuitId) return n;
        const hit = find(n.children);
        if (hit) return hit;
      }
      return undefined;
    };
    const hit = find(this.nest(await this.nodes(ctx)));
    return hit ? [hit] : [];
  }

  /** tree4: the staff's OUs that have circuits, each with its circuit tree. */
  async tree4(ctx: StaffCtx): Promise<TreeNode[]> {
    const rows = await this.nodes(ctx);
    const ouIds = [...new Set(rows.map((r) => r.ouId))];
    if (!ouIds.length) return [];
    const units = await ctx.tx
      .select({ id: ou.id, code: ou.code, name: ou.name })
      .from(ou)
      .where(inArray(ou.id, ouIds))
      .orderBy(asc(ou.name));
    return units.map((u) => ({
      id: u.id,
      nodeType: 'ou',
      code: u.code ?? '',
      name: u.name,
      type: null,
      bindDevice: false,
      children: this.nest(rows.filter((r) => r.ouId === u.id)),
    }));
  }
}

/** A circuit's account: its own, else its nearest ancestor's. */
function effectiveAccount(byId: Map<number, { parentId: number | null; accountId: number | null }>, id: number): number | null {
  for (let at: number | null | undefined = id, n = 0; at != null && n < 10_000; n++) {
    const c = byId.get(at);
    if (!c) return null;
    if (c.accountId != null) return c.accountId;
    at = c.parentId;
  }
  return null;
}
