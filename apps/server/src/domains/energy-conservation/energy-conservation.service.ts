import type { energyConservation as contract, InputOf } from '@energy/contracts';
import { and, asc, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { contains, equals, list, staffScope, where } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, invalid, notFound } from '../../plugins/errors.js';
import { money } from '../../pricing/tou-pricing.js';
import { circuit } from '../circuit/circuit.schema.js';
import type { CircuitService } from '../circuit/circuit.service.js';
import { ou } from '../ou/ou.schema.js';
import { energySavingConfig, energySavingDriver, energySavingVersion } from './energy-conservation.schema.js';

type VersionRow = typeof energySavingVersion.$inferSelect;
type Row = contract.ConfigRow;
type EditBody = InputOf<typeof contract.configEdit>;

/** The staff's tenant and OUs on one of the tables (each row carries its circuit's OU). */
const scopeOf = (ctx: StaffCtx, t: typeof energySavingConfig | typeof energySavingVersion | typeof energySavingDriver): SQL[] =>
  staffScope(ctx, { tenant: t.tenantId, ou: t.ouId });

/** The fields of a version that the log compares. */
const FIELDS = ['effectiveFrom', 'model', 'baselineFrom', 'baselineTo', 'driverUnit', 'auditA', 'auditB', 'price', 'remark'] as const;

/** Wh (an integer) as kWh, null kept. */
const kwhOf = (wh: number | null) => (wh === null ? null : wh / 1000);

export function versionOut(v: VersionRow): contract.ConfigVersion {
  return {
    id: v.id,
    configId: v.configId,
    circuitId: v.circuitId,
    action: v.action,
    effectiveFrom: v.effectiveFrom,
    model: v.model,
    baselineFrom: v.baselineFrom,
    baselineTo: v.baselineTo,
    driverUnit: v.driverUnit,
    auditA: kwhOf(v.auditAWh),
    auditB: kwhOf(v.auditBWh),
    price: money(v.price10k),
    remark: v.remark,
    changes: v.changes,
    staffId: v.staffId,
    staffName: v.staffName,
    createdAt: v.createdAt.getTime(),
  };
}

/**
 * Energy-saving configurations with their versions and change log, and the monthly driver values
 * (docs/energy-conservation.md). Circuits are reached through the circuit domain's service.
 */
export class EnergyConservationService {
  constructor(private readonly circuits: CircuitService) {}

  private query(ctx: StaffCtx) {
    return ctx.tx
      .select({ c: energySavingConfig, code: circuit.code, name: circuit.name, ouName: ou.name })
      .from(energySavingConfig)
      .innerJoin(circuit, eq(circuit.id, energySavingConfig.circuitId))
      .innerJoin(ou, eq(ou.id, energySavingConfig.ouId))
      .$dynamic();
  }

  private filters(input: { circuitId?: number; name?: string; ouId?: number }): SQL[] {
    return where(input, {
      circuitId: equals(energySavingConfig.circuitId),
      ouId: equals(energySavingConfig.ouId),
      name: contains(circuit.code, circuit.name),
    });
  }

  /** Live versions (not the `delete` rows) of configurations, oldest first. */
  async versionsOf(ctx: StaffCtx, configIds: number[]): Promise<VersionRow[]> {
    if (!configIds.length) return [];
    return ctx.tx
      .select()
      .from(energySavingVersion)
      .where(and(inArray(energySavingVersion.configId, configIds), eq(energySavingVersion.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(energySavingVersion.id));
  }

  private async rows(ctx: StaffCtx, rows: { c: typeof energySavingConfig.$inferSelect; code: string; name: string; ouName: string }[]) {
    const versions = await this.versionsOf(
      ctx,
      rows.map((r) => r.c.id),
    );
    return rows.map(({ c, code, name, ouName }): Row => {
      const own = versions.filter((v) => v.configId === c.id);
      return {
        id: c.id,
        circuitId: c.circuitId,
        circuitCode: code,
        circuitName: name,
        ouId: c.ouId,
        ouName,
        current: versionOut(own[own.length - 1]!),
        versions: own.length,
        createdAt: c.createdAt.getTime(),
        updatedAt: c.updatedAt.getTime(),
      };
    });
  }

  async page(ctx: StaffCtx, input: InputOf<typeof contract.configPage>) {
    return list(ctx.tx, {
      query: () => this.query(ctx),
      where: [...scopeOf(ctx, energySavingConfig), ...this.filters(input)],
      order: [asc(circuit.code), asc(energySavingConfig.id)],
    }).page(input, (rows) => this.rows(ctx, rows));
  }

  async list(ctx: StaffCtx, input: { circuitId?: number; name?: string; ouId?: number } = {}) {
    return list(ctx.tx, {
      query: () => this.query(ctx),
      where: [...scopeOf(ctx, energySavingConfig), ...this.filters(input ?? {})],
      order: [asc(circuit.code), asc(energySavingConfig.id)],
    }).all((rows) => this.rows(ctx, rows));
  }

  /** A visible configuration by id or by circuit (404 otherwise). */
  async detail(ctx: StaffCtx, by: { id?: number; circuitId?: number }): Promise<Row> {
    const match = by.id !== undefined ? eq(energySavingConfig.id, by.id) : eq(energySavingConfig.circuitId, by.circuitId!);
    const rows = await this.query(ctx).where(and(match, ...scopeOf(ctx, energySavingConfig)));
    if (!rows.length)
      throw notFound(
        by.id !== undefined ? `Energy-saving configuration ${by.id}` : `Energy-saving configuration of circuit ${by.circuitId}`,
      );
    return (await this.rows(ctx, rows))[0]!;
  }

  async history(ctx: StaffCtx, configId: number) {
    return (await this.versionsOf(ctx, [configId])).map(versionOut);
  }

  /** A visible circuit, or a refusal naming the field. */
  async circuitOf(ctx: StaffCtx, circuitId: number, field: string) {
    try {
      return await this.circuits.detail(ctx, circuitId);
    } catch (e) {
      if (e instanceof AppError) throw invalid(field, 'is not one of your circuits');
      throw e;
    }
  }

  /** Creates the circuit's configuration or adds a version; a body equal to the latest version writes nothing. */
  async edit(ctx: StaffCtx, input: EditBody): Promise<Row> {
    const c = await this.circuitOf(ctx, input.circuitId, 'body.circuitId');
    const linear = input.model !== 'same-period';
    const next = {
      effectiveFrom: input.effectiveFrom,
      model: input.model,
      baselineFrom: input.baselineFrom,
      baselineTo: input.baselineTo,
      driverUnit: linear ? (input.driverUnit ?? null) : null,
      // the audit's coefficients in whole Wh (the contract allows 3 decimals of kWh)
      auditAWh: input.model === 'audit' ? Math.round(input.auditA! * 1000) : null,
      auditBWh: input.model === 'audit' ? Math.round(input.auditB! * 1000) : null,
      price10k: Math.round(input.price * 10_000),
      remark: input.remark ?? null,
    };
    const [existing] = await ctx.tx
      .select()
      .from(energySavingConfig)
      .where(and(eq(energySavingConfig.circuitId, c.id), eq(energySavingConfig.tenantId, ctx.staff.tenantId)));
    let configId = existing?.id;
    let changes: string[] = [...FIELDS];
    if (configId === undefined) {
      const [row] = await ctx.tx
        .insert(energySavingConfig)
        .values({ tenantId: ctx.staff.tenantId, ouId: c.ouId, circuitId: c.id })
        .returning({ id: energySavingConfig.id });
      configId = row!.id;
    } else {
      const versions = await this.versionsOf(ctx, [configId]);
      const last = versionOut(versions[versions.length - 1]!);
      const now = { ...next, price: input.price, auditA: kwhOf(next.auditAWh), auditB: kwhOf(next.auditBWh) };
      changes = FIELDS.filter((f) => last[f] !== now[f]);
      if (!changes.length) return this.detail(ctx, { id: configId });
      await ctx.tx.update(energySavingConfig).set({ updatedAt: new Date() }).where(eq(energySavingConfig.id, configId));
    }
    await ctx.tx.insert(energySavingVersion).values({
      ...next,
      tenantId: ctx.staff.tenantId,
      ouId: c.ouId,
      configId,
      circuitId: c.id,
      action: existing ? 'edit' : 'create',
      changes,
      staffId: ctx.staff.id,
      staffName: ctx.user.name,
    });
    return this.detail(ctx, { id: configId });
  }

  /** Deletes the configuration; its log stays, closed by a `delete` row. */
  async delete(ctx: StaffCtx, id: number) {
    const row = await this.detail(ctx, { id });
    const versions = await this.versionsOf(ctx, [id]);
    const { id: _id, createdAt: _c, updatedAt: _u, ...last } = versions[versions.length - 1]!;
    await ctx.tx
      .insert(energySavingVersion)
      .values({ ...last, action: 'delete', changes: [], staffId: ctx.staff.id, staffName: ctx.user.name });
    await ctx.tx.delete(energySavingConfig).where(eq(energySavingConfig.id, row.id));
    return { id };
  }

  // ---------------------------------------------------------------------------------------------
  // Change log

  private logQuery(ctx: StaffCtx) {
    return ctx.tx
      .select({ v: energySavingVersion, code: circuit.code, name: circuit.name })
      .from(energySavingVersion)
      .innerJoin(circuit, eq(circuit.id, energySavingVersion.circuitId))
      .$dynamic();
  }

  async logPage(ctx: StaffCtx, input: InputOf<typeof contract.logPage>) {
    return list(ctx.tx, {
      query: () => this.logQuery(ctx),
      where: [
        ...scopeOf(ctx, energySavingVersion),
        ...where(input, { configId: equals(energySavingVersion.configId), circuitId: equals(energySavingVersion.circuitId) }),
      ],
      order: [desc(energySavingVersion.id)],
    }).page(input, async (rows) => rows.map((r) => ({ ...versionOut(r.v), circuitCode: r.code, circuitName: r.name })));
  }

  async logDetail(ctx: StaffCtx, id: number) {
    const [row] = await this.logQuery(ctx).where(and(eq(energySavingVersion.id, id), ...scopeOf(ctx, energySavingVersion)));
    if (!row) throw notFound(`Configuration change ${id}`);
    const [previous] = await ctx.tx
      .select()
      .from(energySavingVersion)
      .where(and(eq(energySavingVersion.configId, row.v.configId), lt(energySavingVersion.id, id), ...scopeOf(ctx, energySavingVersion)))
      .orderBy(desc(energySavingVersion.id))
      .limit(1);
    return { ...versionOut(row.v), circuitCode: row.code, circuitName: row.name, previous: previous ? versionOut(previous) : null };
  }

  // ---------------------------------------------------------------------------------------------
  // Driver values

  private driverQuery(ctx: StaffCtx) {
    return ctx.tx
      .select({ d: energySavingDriver, code: circuit.code, name: circuit.name })
      .from(energySavingDriver)
      .innerJoin(circuit, eq(circuit.id, energySavingDriver.circuitId))
      .$dynamic();
  }

  private driverOut = (r: { d: typeof energySavingDriver.$inferSelect; code: string; name: string }): contract.DriverRow => ({
    id: r.d.id,
    circuitId: r.d.circuitId,
    circuitCode: r.code,
    circuitName: r.name,
    month: r.d.month,
    value: Number(r.d.value),
    updatedAt: r.d.updatedAt.getTime(),
  });

  /** Sets a month's value (replacing the month's earlier value). */
  async addDriver(ctx: StaffCtx, input: InputOf<typeof contract.driverAdd>) {
    const c = await this.circuitOf(ctx, input.circuitId, 'body.circuitId');
    const value = (Math.round(input.value * 1000) / 1000).toFixed(3);
    const [row] = await ctx.tx
      .insert(energySavingDriver)
      .values({ tenantId: ctx.staff.tenantId, ouId: c.ouId, circuitId: c.id, month: input.month, value })
      .onConflictDoUpdate({ target: [energySavingDriver.circuitId, energySavingDriver.month], set: { value, updatedAt: new Date() } })
      .returning({ id: energySavingDriver.id });
    const [out] = await this.driverQuery(ctx).where(eq(energySavingDriver.id, row!.id));
    return this.driverOut(out!);
  }

  async driverPage(ctx: StaffCtx, input: InputOf<typeof contract.driverPage>) {
    return list(ctx.tx, {
      query: () => this.driverQuery(ctx),
      where: [
        ...scopeOf(ctx, energySavingDriver),
        ...where(input, {
          circuitId: equals(energySavingDriver.circuitId),
          from: (v: string) => gte(energySavingDriver.month, v),
          to: (v: string) => lte(energySavingDriver.month, v),
        }),
      ],
      order: [desc(energySavingDriver.month), asc(circuit.code)],
    }).page(input, async (rows) => rows.map(this.driverOut));
  }

  async deleteDriver(ctx: StaffCtx, id: number) {
    const [row] = await ctx.tx
      .select({ id: energySavingDriver.id })
      .from(energySavingDriver)
      .where(and(eq(energySavingDriver.id, id), ...scopeOf(ctx, energySavingDriver)));
    if (!row) throw notFound(`Driver value ${id}`);
    await ctx.tx.delete(energySavingDriver).where(eq(energySavingDriver.id, id));
    return { id };
  }

  /** Driver values of circuits by month (tenant-scoped; the caller has checked the circuits). */
  async driversOf(ctx: StaffCtx, circuitIds: number[]): Promise<Map<number, Map<string, number>>> {
    const out = new Map(circuitIds.map((id) => [id, new Map<string, number>()]));
    if (!circuitIds.length) return out;
    const rows = await ctx.tx
      .select({ circuitId: energySavingDriver.circuitId, month: energySavingDriver.month, value: energySavingDriver.value })
      .from(energySavingDriver)
      .where(and(inArray(energySavingDriver.circuitId, circuitIds), eq(energySavingDriver.tenantId, ctx.staff.tenantId)));
    for (const r of rows) out.get(r.circuitId)?.set(r.month, Number(r.value));
    return out;
  }

  /** Visible circuits with their configuration's id. */
  async circuitList(ctx: StaffCtx, input: { name?: string; configured?: boolean } = {}) {
    const circuits = await this.circuits.list(ctx, input?.name ? { codeOrName: input.name } : {});
    const configs = await this.list(ctx);
    const byCircuit = new Map(configs.map((c) => [c.circuitId, c.id]));
    return circuits
      .map((c) => ({ id: c.id, code: c.code, name: c.name, ouId: c.ouId, configId: byCircuit.get(c.id) ?? null }))
      .filter((c) => input?.configured === undefined || (c.configId != null) === input.configured);
  }
}
