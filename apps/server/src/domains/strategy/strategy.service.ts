import { ErrorCode, strategy as contract, type BodyOf } from '@energy/contracts';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { containing, rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../plugins/errors.js';
import type { AccountService } from '../account/account.service.js';
import { bsaStation } from '../bsa/bsa.schema.js';
import type { BsaService, StationRow } from '../bsa/bsa.service.js';
import { ou } from '../ou/ou.schema.js';
import type { OrganizationService } from '../tenancy/organization.service.js';
import { customer, tenant } from '../tenancy/tenancy.schema.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { runBacktest } from './backtest.js';
import type { StrategyDelivery } from './delivery.js';
import { strategy, strategyCustomer, strategyDelivery, type StrategyKind } from './strategy.schema.js';

type Wire = contract.StrategyWire;
type Row = z.infer<typeof contract.strategyRow>;
type WithBody = z.infer<typeof contract.strategyWithBody>;
type DeliveryRow = z.infer<typeof contract.deliveryRow>;
type Executing = z.infer<typeof contract.bsaInfo>['executing'];
type StrategyRecord = typeof strategy.$inferSelect;
type ListFilter = BodyOf<typeof contract.strategyList> & {};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const LIST_MAX = 1000;
const READ_STRATEGIES = 'p-bsa-strategy';
const READ_TEMPLATES = 'p-bsa-template';
const versionName = (v: number) => contract.STRATEGY_VERSION_NAMES[v as contract.StrategyVersion] ?? String(v);
/** The button code of an action on a kind: b-bsa-template-edit, b-bsa-strategy-create, ... */
const buttonOf = (action: 'create' | 'edit' | 'delete', kind: StrategyKind) =>
  kind === 'template' ? `b-bsa-template-${action}` : `b-bsa-strategy-${action}`;

/**
 * The validator's findings as one 40000 answer, shaped like every other validation error: the field's
 * path in the body, then the editor's message (`body.sections.1.additionalFields.pcsPower: ...`).
 */
export function strategyIssuesError(issues: readonly contract.StrategyIssue[]): AppError {
  const parts = issues.slice(0, 5).map((i) => `${['body', ...i.path].join('.')}: ${i.message}`);
  if (issues.length > 5) parts.push(`and ${issues.length - 5} more`);
  return new AppError(ErrorCode.VALIDATION, parts.join('; '));
}

/**
 * The strategy library (strategies, field strategies, templates and their customer bindings), what the
 * stations run, the delivery log, the overview's strategy cards and the backtest. Delivery itself (MQTT,
 * acknowledgements, timeouts) is `StrategyDelivery`. docs/strategies.md.
 */
export class StrategyService {
  constructor(
    private readonly bsa: BsaService,
    private readonly telemetry: TelemetryService,
    private readonly account: AccountService,
    private readonly organization: OrganizationService,
    private readonly delivery: StrategyDelivery,
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Permissions and scope

  /** The kinds the staff may read: strategies with p-bsa-strategy, templates with p-bsa-template or p-bsa-strategy. */
  private readable(ctx: StaffCtx) {
    const strategies = ctx.staff.permissions.has(READ_STRATEGIES);
    return { strategies, templates: strategies || ctx.staff.permissions.has(READ_TEMPLATES) };
  }

  private need(ctx: StaffCtx, ...codes: string[]) {
    if (!codes.some((c) => ctx.staff.permissions.has(c))) throw forbidden(codes.join(' or '));
  }

  /** Station OUs the staff sees. */
  private ouScope(ctx: StaffCtx): SQL {
    if (ctx.staff.allOus) return sql`true`;
    return ctx.staff.ouIds.length ? inArray(bsaStation.ouId, [...ctx.staff.ouIds]) : sql`false`;
  }

  /** The strategies the staff may see: its tenant; templates, and strategies of stations in its OUs, as its codes allow. */
  private scope(ctx: StaffCtx): SQL {
    const can = this.readable(ctx);
    const kinds: SQL[] = [];
    if (can.templates) kinds.push(eq(strategy.kind, 'template'));
    if (can.strategies) kinds.push(and(ne(strategy.kind, 'template'), this.ouScope(ctx))!);
    return and(eq(strategy.tenantId, ctx.staff.tenantId), kinds.length ? or(...kinds) : sql`false`)!;
  }

  /** Today and the minute of the day in the tenant's zone. */
  private async clock(ctx: StaffCtx): Promise<{ timeZone: string; today: string; minute: number }> {
    const [row] = await rowsOf<{ tz: string; today: string; minute: number }>(
      ctx.tx,
      sql`select time_zone as tz, to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today,
                 (extract(hour from now() at time zone time_zone) * 60 + extract(minute from now() at time zone time_zone))::int as minute
          from ${tenant} where id = ${ctx.staff.tenantId}`,
    );
    return { timeZone: row!.tz, today: row!.today, minute: Number(row!.minute) };
  }

  // ---------------------------------------------------------------------------------------------
  // Rows

  private async rows(ctx: StaffCtx, where: SQL[], paging?: { limit: number; offset: number }): Promise<WithBody[]> {
    let q = ctx.tx
      .select({
        s: strategy,
        bsaName: bsaStation.name,
        ouId: bsaStation.ouId,
        ouName: ou.name,
        mcid: bsaStation.customerMcid,
        customerName: customer.name,
      })
      .from(strategy)
      .leftJoin(bsaStation, eq(bsaStation.id, strategy.bsaId))
      .leftJoin(ou, eq(ou.id, bsaStation.ouId))
      .leftJoin(customer, eq(customer.mcid, bsaStation.customerMcid))
      .where(and(this.scope(ctx), ...where))
      .orderBy(desc(strategy.updatedAt), desc(strategy.id))
      .$dynamic();
    q = paging ? q.limit(paging.limit).offset(paging.offset) : q.limit(LIST_MAX);
    const found = await q;
    if (found.length === 0) return [];
    const ids = found.map(({ s }) => s.id);
    const last = await rowsOf<{
      strategy_id: number;
      id: number;
      result: DeliveryRow['result'];
      requested_at: string | Date;
      revision: number | null;
    }>(
      ctx.tx,
      sql`select distinct on (strategy_id) strategy_id, id, result, requested_at, revision from ${strategyDelivery}
          where tenant_id = ${ctx.staff.tenantId} and strategy_id = any(${sql.param(ids)}::int[])
          order by strategy_id, id desc`,
    );
    const bound = await ctx.tx
      .select({ id: strategyCustomer.strategyId, n: count() })
      .from(strategyCustomer)
      .where(and(eq(strategyCustomer.tenantId, ctx.staff.tenantId), inArray(strategyCustomer.strategyId, ids)))
      .groupBy(strategyCustomer.strategyId);
    const lastOf = new Map(last.map((r) => [Number(r.strategy_id), r]));
    const boundOf = new Map(bound.map((r) => [r.id, Number(r.n)]));
    return found.map(({ s, bsaName, ouId, ouName, mcid, customerName }) => {
      const d = lastOf.get(s.id);
      return {
        id: s.id,
        kind: s.kind,
        name: s.name,
        version: s.version,
        versionName: versionName(s.version),
        globalVersion: s.globalVersion,
        bsaId: s.bsaId,
        bsaName: bsaName ?? null,
        ouId: ouId ?? null,
        ouName: ouName ?? null,
        mcid: mcid ?? null,
        customerName: customerName ?? null,
        status: s.status,
        revision: s.revision,
        executiveTimes: s.executiveFrom && s.executiveTo ? [s.executiveFrom, s.executiveTo] : null,
        executing: s.executing,
        executingSince: iso(s.executingSince),
        executingRevision: s.executingRevision,
        boundCustomers: boundOf.get(s.id) ?? 0,
        lastDelivery: d
          ? { id: Number(d.id), result: d.result, requestedAt: new Date(d.requested_at).toISOString(), revision: d.revision }
          : null,
        createdBy: { staffId: s.createdByStaffId, staffCode: s.createdByCode, name: s.createdByName },
        createdAt: s.createdAt.toISOString(),
        updatedBy: { staffId: s.updatedByStaffId, staffCode: s.updatedByCode, name: s.updatedByName },
        updatedAt: s.updatedAt.toISOString(),
        body: s.body,
      };
    });
  }

  private listRows = (rows: WithBody[]): Row[] => rows.map(({ body: _body, ...row }) => row);

  private filter(ctx: StaffCtx, f: ListFilter = {}): SQL[] {
    const where: SQL[] = [];
    const kinds = [...(f.kind ? [f.kind] : []), ...(f.kinds ?? [])];
    if (f.kind) where.push(eq(strategy.kind, f.kind));
    if (f.kinds?.length) where.push(inArray(strategy.kind, f.kinds));
    if (kinds.length) {
      const can = this.readable(ctx);
      if (kinds.every((k) => (k === 'template' ? !can.templates : !can.strategies)))
        throw forbidden(kinds.includes('template') ? `${READ_TEMPLATES} or ${READ_STRATEGIES}` : READ_STRATEGIES);
    }
    if (f.bsaId) where.push(eq(strategy.bsaId, f.bsaId));
    if (f.ouId) where.push(eq(bsaStation.ouId, f.ouId));
    if (f.mcid) {
      const boundTo = exists(
        ctx.tx
          .select({ one: sql`1` })
          .from(strategyCustomer)
          .where(and(eq(strategyCustomer.strategyId, strategy.id), eq(strategyCustomer.customerMcid, f.mcid))),
      );
      where.push(or(eq(bsaStation.customerMcid, f.mcid), and(eq(strategy.kind, 'template'), boundTo))!);
    }
    if (f.version) where.push(eq(strategy.version, f.version));
    if (f.status) where.push(eq(strategy.status, f.status));
    if (f.name) where.push(ilike(strategy.name, containing(f.name)));
    if (f.executing !== undefined) where.push(eq(strategy.executing, f.executing));
    return where;
  }

  private anyReadable(ctx: StaffCtx) {
    const can = this.readable(ctx);
    if (!can.strategies && !can.templates) throw forbidden(`${READ_STRATEGIES} or ${READ_TEMPLATES}`);
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.strategyPage>) {
    this.anyReadable(ctx);
    const where = this.filter(ctx, input);
    const list = await this.rows(ctx, where, { limit: input.pageSize, offset: (input.pageOffset - 1) * input.pageSize });
    const [total] = await ctx.tx
      .select({ n: count() })
      .from(strategy)
      .leftJoin(bsaStation, eq(bsaStation.id, strategy.bsaId))
      .where(and(this.scope(ctx), ...where));
    return { list: this.listRows(list), totalCount: Number(total?.n ?? 0), pageSize: input.pageSize, pageOffset: input.pageOffset };
  }

  async list(ctx: StaffCtx, input: ListFilter = {}) {
    this.anyReadable(ctx);
    return this.listRows(await this.rows(ctx, this.filter(ctx, input)));
  }

  async listBsa(ctx: StaffCtx, input: { bsaId: number; kind?: StrategyKind }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    return this.list(ctx, { bsaId: station.id, ...(input.kind ? { kind: input.kind } : { kinds: ['strategy', 'fieldStrategy'] }) });
  }

  async listOu(ctx: StaffCtx, input: { ouId: number; kind?: StrategyKind }) {
    if (!ctx.staff.allOus && !ctx.staff.ouIds.includes(input.ouId)) throw notFound(`OU ${input.ouId}`);
    return this.list(ctx, { ouId: input.ouId, ...(input.kind ? { kind: input.kind } : { kinds: ['strategy', 'fieldStrategy'] }) });
  }

  async listCustomer(ctx: StaffCtx, input: { mcid: string; kind?: StrategyKind }) {
    this.anyReadable(ctx);
    const [known] = await ctx.tx
      .select({ mcid: customer.mcid })
      .from(customer)
      .where(and(eq(customer.mcid, input.mcid), eq(customer.tenantId, ctx.staff.tenantId)));
    if (!known) throw notFound(`Customer ${input.mcid}`);
    return this.list(ctx, { mcid: input.mcid, ...(input.kind ? { kind: input.kind } : {}) });
  }

  async listVersion(ctx: StaffCtx) {
    this.anyReadable(ctx);
    const stations = await this.bsa.list(ctx);
    const counts = await ctx.tx
      .select({ version: strategy.version, kind: strategy.kind, n: count() })
      .from(strategy)
      .leftJoin(bsaStation, eq(bsaStation.id, strategy.bsaId))
      .where(this.scope(ctx))
      .groupBy(strategy.version, strategy.kind);
    return Object.values(contract.STRATEGY_VERSIONS).map(({ version, name }) => {
      const of = (template: boolean) =>
        counts.filter((c) => c.version === version && (c.kind === 'template') === template).reduce((sum, c) => sum + Number(c.n), 0);
      const row = {
        version,
        name,
        stations: stations.filter((s) => s.strategyVersion === version).length,
        strategies: of(false),
        templates: of(true),
      };
      return { ...row, inUse: row.stations + row.strategies + row.templates > 0 };
    });
  }

  /** A visible strategy with its body, or 404. */
  async detail(ctx: StaffCtx, input: { id: number }): Promise<WithBody> {
    const [row] = await this.rows(ctx, [eq(strategy.id, input.id)]);
    if (!row) throw notFound(`Strategy ${input.id}`);
    return row;
  }

  /** The stored record of a visible strategy, locked for an edit; 404 otherwise. */
  private async lockedRecord(ctx: StaffCtx, id: number): Promise<StrategyRecord> {
    const visible = await this.detail(ctx, { id });
    const [record] = await ctx.tx.select().from(strategy).where(eq(strategy.id, visible.id)).for('update');
    if (!record) throw notFound(`Strategy ${id}`);
    return record;
  }

  // ---------------------------------------------------------------------------------------------
  // Create, edit, copy, status

  /**
   * The editor's validator on the body (with the tenant's today), then what only the server knows: a
   * strategy's station (visible, running the body's version, its meters), a template's lack of one.
   * Returns the body to store (name trimmed, the station's name) and the station.
   */
  private async checked(ctx: StaffCtx, body: unknown): Promise<{ wire: Wire; station: StationRow | null }> {
    const { today } = await this.clock(ctx);
    const result = contract.checkStrategyBody(body, { today });
    if (!result.ok) throw strategyIssuesError(result.issues);
    const wire: Wire = { ...result.wire, name: result.wire.name.trim() };
    if (wire.kind === 'template') {
      if (wire.bsaId !== undefined) throw invalid('body.bsaId', 'a template belongs to no station: leave it out');
      const { bsaName: _name, ...rest } = wire;
      return { wire: rest, station: null };
    }
    if (wire.bsaId === undefined) throw invalid('body.bsaId', 'is required: a strategy belongs to a station');
    const station = await this.bsa.detail(ctx, { id: wire.bsaId });
    if (wire.version !== station.strategyVersion)
      throw invalid(
        'body.version',
        `must be ${versionName(station.strategyVersion)} (${station.strategyVersion}): the strategy version the FCS of ${station.name} runs`,
      );
    const upper = new Set(station.meters.filter((m) => m.role === 'upper').map((m) => m.deviceId));
    const meterLists: [string, contract.MeterEntryWire[] | undefined][] = [
      ['body.upstreamTransformerMeterParamList', wire.upstreamTransformerMeterParamList],
      ...wire.sections.map((s, i): [string, contract.MeterEntryWire[] | undefined] => [
        `body.sections.${i}.additionalFields.upstreamTransformerMeterParamList`,
        s.additionalFields.upstreamTransformerMeterParamList,
      ]),
    ];
    for (const [path, list] of meterLists)
      (list ?? []).forEach((m, j) => {
        if (!upper.has(m.deviceId)) throw invalid(`${path}.${j}.deviceId`, `is not an upper transformer meter of ${station.name}`);
      });
    return { wire: { ...wire, bsaName: station.name }, station };
  }

  private actor(ctx: StaffCtx) {
    return { staffId: ctx.staff.id, code: ctx.staff.staffCode, name: ctx.user.name };
  }

  private columnsOf(wire: Wire) {
    return {
      kind: wire.kind,
      name: wire.name,
      version: wire.version,
      globalVersion: wire.globalVersion ?? null,
      bsaId: wire.kind === 'template' ? null : wire.bsaId!,
      body: wire,
      executiveFrom: wire.kind === 'fieldStrategy' ? wire.executiveTimes![0] : null,
      executiveTo: wire.kind === 'fieldStrategy' ? wire.executiveTimes![1] : null,
    };
  }

  private async create(ctx: StaffCtx, wire: Wire): Promise<WithBody> {
    const who = this.actor(ctx);
    const [row] = await ctx.tx
      .insert(strategy)
      .values({
        tenantId: ctx.staff.tenantId,
        ...this.columnsOf(wire),
        createdByStaffId: who.staffId,
        createdByCode: who.code,
        createdByName: who.name,
        updatedByStaffId: who.staffId,
        updatedByCode: who.code,
        updatedByName: who.name,
      })
      .returning({ id: strategy.id });
    return this.detail(ctx, { id: row!.id });
  }

  async insert(ctx: StaffCtx, input: BodyOf<typeof contract.strategyInsert>) {
    this.need(ctx, buttonOf('create', input.kind));
    const { wire } = await this.checked(ctx, input);
    return this.create(ctx, wire);
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.strategyUpdate>) {
    const { id, ...body } = input;
    this.need(ctx, buttonOf('edit', body.kind));
    const record = await this.lockedRecord(ctx, id);
    if (record.kind !== body.kind) throw invalid('body.kind', `cannot change (it is a ${record.kind}): copy it instead`);
    const { wire } = await this.checked(ctx, body);
    if (record.executing && wire.bsaId !== record.bsaId)
      throw conflict('It is executing on its station: it cannot move to another station. Copy it instead.');
    const who = this.actor(ctx);
    await ctx.tx
      .update(strategy)
      .set({
        ...this.columnsOf(wire),
        revision: sql`${strategy.revision} + 1`,
        updatedByStaffId: who.staffId,
        updatedByCode: who.code,
        updatedByName: who.name,
        updatedAt: new Date(),
      })
      .where(eq(strategy.id, record.id));
    return this.detail(ctx, { id: record.id });
  }

  async copy(ctx: StaffCtx, input: BodyOf<typeof contract.strategyCopy>) {
    const source = await this.detail(ctx, { id: input.id });
    this.need(ctx, buttonOf('create', source.kind));
    const body: Wire = {
      ...source.body,
      name: input.name ?? contract.copyName(source.name, source.kind),
      ...(input.bsaId !== undefined ? { bsaId: input.bsaId } : {}),
      ...(input.executiveTimes ? { executiveTimes: input.executiveTimes } : {}),
    };
    const { wire } = await this.checked(ctx, body);
    return this.create(ctx, wire);
  }

  async updateStatus(ctx: StaffCtx, input: BodyOf<typeof contract.strategyUpdateStatus>) {
    const visible = await this.detail(ctx, { id: input.id });
    this.need(ctx, buttonOf(input.status === 'deleted' ? 'delete' : 'edit', visible.kind));
    const record = await this.lockedRecord(ctx, input.id);
    if (input.status !== 'enabled' && record.executing)
      throw conflict(`It is executing on ${visible.bsaName}: stop it or deliver another strategy first.`);
    if (input.status === 'deleted') {
      const [pending] = await ctx.tx
        .select({ id: strategyDelivery.id })
        .from(strategyDelivery)
        .where(and(eq(strategyDelivery.strategyId, record.id), eq(strategyDelivery.result, 'pending')));
      if (pending) throw conflict('A delivery of it is waiting for the FCS: delete it once the FCS has answered.');
      await ctx.tx.delete(strategy).where(eq(strategy.id, record.id));
    } else {
      await ctx.tx.update(strategy).set({ status: input.status }).where(eq(strategy.id, record.id));
    }
    return { id: record.id, status: input.status };
  }

  // ---------------------------------------------------------------------------------------------
  // Templates and customers

  private async template(ctx: StaffCtx, id: number) {
    const row = await this.detail(ctx, { id });
    if (row.kind !== 'template') throw invalid('body.id', 'is not a template: only templates are bound to customers');
    return row;
  }

  async updateBinding(ctx: StaffCtx, input: { id: number; mcids: string[] }) {
    const row = await this.template(ctx, input.id);
    const mcids = [...new Set(input.mcids)];
    if (mcids.length) {
      const known = await ctx.tx
        .select({ mcid: customer.mcid })
        .from(customer)
        .where(and(eq(customer.tenantId, ctx.staff.tenantId), inArray(customer.mcid, mcids)));
      const unknown = mcids.find((m) => !known.some((k) => k.mcid === m));
      if (unknown) throw invalid(`body.mcids.${mcids.indexOf(unknown)}`, 'is not a customer of this tenant');
    }
    await ctx.tx
      .delete(strategyCustomer)
      .where(and(eq(strategyCustomer.strategyId, row.id), eq(strategyCustomer.tenantId, ctx.staff.tenantId)));
    if (mcids.length)
      await ctx.tx
        .insert(strategyCustomer)
        .values(mcids.map((mcid) => ({ tenantId: ctx.staff.tenantId, strategyId: row.id, customerMcid: mcid })));
    return { id: row.id, mcids: (await this.boundCustomers(ctx, row.id)).map((c) => c.mcid) };
  }

  private async boundCustomers(ctx: StaffCtx, id: number) {
    return ctx.tx
      .select({ mcid: customer.mcid, name: customer.name, code: customer.code, level: customer.level })
      .from(strategyCustomer)
      .innerJoin(customer, eq(customer.mcid, strategyCustomer.customerMcid))
      .where(and(eq(strategyCustomer.strategyId, id), eq(strategyCustomer.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(customer.code));
  }

  async mcidList(ctx: StaffCtx, input: { id: number }) {
    const row = await this.template(ctx, input.id);
    return this.boundCustomers(ctx, row.id);
  }

  organizationWithCode(ctx: StaffCtx) {
    return this.organization.tree(ctx);
  }

  // ---------------------------------------------------------------------------------------------
  // Stations as the editor sees them

  /** The executing strategy of each station (id -> what it runs), as the staff may see them. */
  private async executingOf(ctx: StaffCtx, stationIds: number[]): Promise<Map<number, NonNullable<Executing>>> {
    if (!stationIds.length) return new Map();
    const rows = await ctx.tx
      .select()
      .from(strategy)
      .where(and(eq(strategy.tenantId, ctx.staff.tenantId), eq(strategy.executing, true), inArray(strategy.bsaId, stationIds)));
    return new Map(
      rows.map((s) => [
        s.bsaId!,
        {
          strategyId: s.id,
          name: s.name,
          kind: s.kind,
          revision: s.executingRevision,
          outdated: s.executingRevision !== null && s.revision > s.executingRevision,
          since: s.executingSince!.toISOString(),
          deliveryId: s.executingDeliveryId ?? 0,
        },
      ]),
    );
  }

  private infoOf(station: StationRow, executing: Executing): z.infer<typeof contract.bsaInfo> {
    return {
      id: station.id,
      code: station.code,
      name: station.name,
      ouId: station.ouId,
      ouName: station.ouName,
      mcid: station.mcid,
      customerName: station.customerName,
      strategyVersion: station.strategyVersion,
      versionName: versionName(station.strategyVersion),
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      meters: station.meters,
      meterEntries: station.meters
        .filter((m) => m.role === 'upper')
        .map((m) => ({ deviceId: m.deviceId, deviceName: m.name, chargeThreshold: null, pcsMaxChargePower: null })),
      fcs: station.fcs,
      executing,
    };
  }

  private async station(ctx: StaffCtx, bsaId: number): Promise<StationRow> {
    this.anyReadable(ctx);
    return this.bsa.detail(ctx, { id: bsaId });
  }

  async bsaInfo(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    return this.infoOf(station, (await this.executingOf(ctx, [station.id])).get(station.id) ?? null);
  }

  async bsaLinkInfo(ctx: StaffCtx, input: { id: number }) {
    const row = await this.detail(ctx, input);
    let stations: StationRow[];
    if (row.kind === 'template') {
      const mcids = (await this.boundCustomers(ctx, row.id)).map((c) => c.mcid);
      const all = mcids.length ? await this.bsa.list(ctx) : [];
      stations = all.filter((s) => mcids.includes(s.mcid) && s.strategyVersion === row.version);
    } else {
      stations = [await this.bsa.detail(ctx, { id: row.bsaId! })];
    }
    const executing = await this.executingOf(
      ctx,
      stations.map((s) => s.id),
    );
    return {
      id: row.id,
      kind: row.kind,
      stations: stations.map((s) => {
        const info = this.infoOf(s, executing.get(s.id) ?? null);
        return {
          id: info.id,
          code: info.code,
          name: info.name,
          ouName: info.ouName,
          customerName: info.customerName,
          strategyVersion: info.strategyVersion,
          executing: info.executing,
        };
      }),
    };
  }

  async fcsRatings(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    const kva = station.meters.filter((m) => m.role === 'upper' && m.transformerCapacityKva !== null);
    return {
      bsaId: station.id,
      strategyVersion: station.strategyVersion,
      ratedPowerKw: station.ratedPowerKw,
      capacityKwh: station.capacityKwh,
      pcs: station.pcs,
      pcsRatedKwTotal: station.pcs.length ? station.pcs.reduce((sum, p) => sum + (p.ratedPowerKw ?? 0), 0) : null,
      meters: station.meters,
      transformerKvaTotal: kva.length ? kva.reduce((sum, m) => sum + m.transformerCapacityKva!, 0) : null,
      fcs: station.fcs,
    };
  }

  async pcsDeviceLink(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.station(ctx, input.bsaId);
    return station.pcs.map((pcs) => ({ pcs, fcs: station.fcs }));
  }

  // ---------------------------------------------------------------------------------------------
  // The station side: what runs where

  private stationExecuting(station: StationRow, executing: Executing) {
    return {
      bsaId: station.id,
      bsaCode: station.code,
      bsaName: station.name,
      ouId: station.ouId,
      ouName: station.ouName,
      strategyVersion: station.strategyVersion,
      fcsOnline: station.fcs?.online ?? false,
      executing,
    };
  }

  async localExecuting(ctx: StaffCtx, input: { bsaId?: number; ouId?: number } = {}) {
    const stations = input.bsaId
      ? [await this.bsa.detail(ctx, { id: input.bsaId })].filter((s) => !input.ouId || s.ouId === input.ouId)
      : await this.bsa.list(ctx, input.ouId ? { ouId: input.ouId } : {});
    const executing = await this.executingOf(
      ctx,
      stations.map((s) => s.id),
    );
    return stations.map((s) => this.stationExecuting(s, executing.get(s.id) ?? null));
  }

  /** The body the station's FCS accepted (the accepted delivery's copy). */
  private async stationCopy(ctx: StaffCtx, executing: Executing): Promise<Wire | null> {
    if (!executing) return null;
    const [row] = await ctx.tx
      .select({ body: strategyDelivery.body })
      .from(strategyDelivery)
      .where(and(eq(strategyDelivery.id, executing.deliveryId), eq(strategyDelivery.tenantId, ctx.staff.tenantId)));
    return row?.body ?? null;
  }

  async localDetails(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const executing = (await this.executingOf(ctx, [station.id])).get(station.id) ?? null;
    return { ...this.stationExecuting(station, executing), body: await this.stationCopy(ctx, executing) };
  }

  // ---------------------------------------------------------------------------------------------
  // Delivery

  async deliver(ctx: StaffCtx, input: { id: number; operationPassword: string }): Promise<DeliveryRow> {
    const row = await this.detail(ctx, { id: input.id });
    if (row.kind === 'template') throw invalid('body.id', 'is a template: templates are not delivered; create a strategy from it');
    await this.account.verifyOperationPassword(ctx, { operationPassword: input.operationPassword });
    if (row.status !== 'enabled') throw conflict('It is disabled: enable it before delivering it.');
    const station = await this.bsa.detail(ctx, { id: row.bsaId! });
    if (!station.fcs) throw conflict(`${station.name} has no FCS to deliver to.`);
    if (station.strategyVersion !== row.version)
      throw conflict(
        `${station.name} now runs strategy version ${versionName(station.strategyVersion)}; this strategy is ${row.versionName}.`,
      );
    if (row.kind === 'fieldStrategy') {
      const { today } = await this.clock(ctx);
      if (row.executiveTimes && row.executiveTimes[1] < today) throw conflict(`Its last day ${row.executiveTimes[1]} has passed.`);
    }
    return this.logDelivery(ctx, {
      strategyId: row.id,
      strategyName: row.name,
      kind: row.kind,
      action: 'deliver',
      station,
      revision: row.revision,
      version: row.version,
      body: row.body,
    });
  }

  /** Stops the strategy a station runs (local-status-update). */
  async stop(ctx: StaffCtx, input: { bsaId: number; operationPassword: string }): Promise<DeliveryRow> {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    await this.account.verifyOperationPassword(ctx, { operationPassword: input.operationPassword });
    const executing = (await this.executingOf(ctx, [station.id])).get(station.id);
    if (!executing) throw conflict(`${station.name} runs no strategy.`);
    if (!station.fcs) throw conflict(`${station.name} has no FCS.`);
    return this.logDelivery(ctx, {
      strategyId: executing.strategyId,
      strategyName: executing.name,
      kind: executing.kind,
      action: 'stop',
      station,
      revision: null,
      version: null,
      body: null,
    });
  }

  /** Writes the pending log row; the command goes out once the request has committed. */
  private async logDelivery(
    ctx: StaffCtx,
    d: {
      strategyId: number | null;
      strategyName: string;
      kind: StrategyKind;
      action: 'deliver' | 'stop';
      station: StationRow;
      revision: number | null;
      version: number | null;
      body: Wire | null;
    },
  ): Promise<DeliveryRow> {
    const who = this.actor(ctx);
    const [row] = await ctx.tx
      .insert(strategyDelivery)
      .values({
        tenantId: ctx.staff.tenantId,
        strategyId: d.strategyId,
        strategyName: d.strategyName,
        kind: d.kind,
        action: d.action,
        bsaId: d.station.id,
        bsaName: d.station.name,
        fcsDeviceId: d.station.fcs!.deviceId,
        revision: d.revision,
        version: d.version,
        body: d.body,
        operatorStaffId: who.staffId,
        operatorCode: who.code,
        operatorName: who.name,
      })
      .returning();
    ctx.defer(() => this.delivery.send(row!.id));
    return deliveryRowOf(row!);
  }

  async deliverLog(ctx: StaffCtx, input: BodyOf<typeof contract.strategyDeliverLog>) {
    const where: SQL[] = [eq(strategyDelivery.tenantId, ctx.staff.tenantId), this.ouScope(ctx)];
    if (input.bsaId) where.push(eq(strategyDelivery.bsaId, input.bsaId));
    if (input.strategyId) where.push(eq(strategyDelivery.strategyId, input.strategyId));
    if (input.result) where.push(eq(strategyDelivery.result, input.result));
    if (input.from) where.push(gte(strategyDelivery.requestedAt, new Date(input.from)));
    if (input.to) where.push(lt(strategyDelivery.requestedAt, new Date(input.to)));
    const rows = await ctx.tx
      .select({ d: strategyDelivery })
      .from(strategyDelivery)
      .innerJoin(bsaStation, eq(bsaStation.id, strategyDelivery.bsaId))
      .where(and(...where))
      .orderBy(desc(strategyDelivery.id))
      .limit(input.pageSize)
      .offset((input.pageOffset - 1) * input.pageSize);
    const [total] = await ctx.tx
      .select({ n: count() })
      .from(strategyDelivery)
      .innerJoin(bsaStation, eq(bsaStation.id, strategyDelivery.bsaId))
      .where(and(...where));
    return {
      list: rows.map(({ d }) => deliveryRowOf(d)),
      totalCount: Number(total?.n ?? 0),
      pageSize: input.pageSize,
      pageOffset: input.pageOffset,
    };
  }

  // ---------------------------------------------------------------------------------------------
  // The overview: what a station runs today

  private async todayInfo(ctx: StaffCtx, executing: Executing, clock: { timeZone: string; today: string; minute: number }) {
    const body = await this.stationCopy(ctx, executing);
    const activeToday =
      !!body &&
      (body.kind !== 'fieldStrategy' ||
        !body.executiveTimes ||
        (body.executiveTimes[0] <= clock.today && clock.today <= body.executiveTimes[1]));
    let cards: z.infer<typeof contract.todayCard>[] = [];
    let bars: (contract.OverviewKind | null)[] = Array.from({ length: 48 }, () => null);
    if (body) {
      const form = contract.wireToForm(body);
      const hour = clock.minute / 60;
      cards = contract.overviewCards(form.sections, form.version).map((card) => {
        const [start, end] = form.sections[card.index]!.time;
        return { ...card, current: activeToday && start !== null && end !== null && start <= hour && hour < end };
      });
      bars = contract.overviewBars(form.sections).map((b) => b?.kind ?? null);
    }
    return { body, activeToday, cards, bars };
  }

  private async lastDeliveryOf(ctx: StaffCtx, bsaId: number): Promise<DeliveryRow | null> {
    const [row] = await ctx.tx
      .select()
      .from(strategyDelivery)
      .where(and(eq(strategyDelivery.tenantId, ctx.staff.tenantId), eq(strategyDelivery.bsaId, bsaId)))
      .orderBy(desc(strategyDelivery.id))
      .limit(1);
    return row ? deliveryRowOf(row) : null;
  }

  async overviewInfo(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const clock = await this.clock(ctx);
    const executing = (await this.executingOf(ctx, [station.id])).get(station.id) ?? null;
    const today = await this.todayInfo(ctx, executing, clock);
    return {
      bsaId: station.id,
      bsaName: station.name,
      date: clock.today,
      now: `${String(Math.floor(clock.minute / 60)).padStart(2, '0')}:${String(clock.minute % 60).padStart(2, '0')}`,
      timeZone: clock.timeZone,
      strategyVersion: station.strategyVersion,
      executing,
      activeToday: today.activeToday,
      cards: today.cards,
      bars: today.bars,
      lastDelivery: await this.lastDeliveryOf(ctx, station.id),
    };
  }

  async overviewList(ctx: StaffCtx, input: { ouId?: number; mcid?: string } = {}) {
    const stations = await this.bsa.list(ctx, { ...(input.ouId ? { ouId: input.ouId } : {}), ...(input.mcid ? { mcid: input.mcid } : {}) });
    const clock = await this.clock(ctx);
    const executing = await this.executingOf(
      ctx,
      stations.map((s) => s.id),
    );
    const out = [];
    for (const station of stations) {
      const running = executing.get(station.id) ?? null;
      const today = await this.todayInfo(ctx, running, clock);
      out.push({
        bsaId: station.id,
        bsaName: station.name,
        strategyVersion: station.strategyVersion,
        executing: running,
        activeToday: today.activeToday,
        currentCard: today.cards.find((c) => c.current) ?? null,
      });
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Backtest

  async backtest(ctx: StaffCtx, input: BodyOf<typeof contract.strategyBacktest>) {
    this.anyReadable(ctx);
    let wire: Wire;
    let ref: { id: number | null; name: string; revision: number | null; version: number };
    if (input.id !== undefined) {
      const row = await this.detail(ctx, { id: input.id });
      wire = row.body;
      ref = { id: row.id, name: row.name, revision: row.revision, version: row.version };
    } else {
      // an unsaved body: the editor's rules (its days may lie anywhere: no `today`)
      const result = contract.checkStrategyBody(input.strategy);
      if (!result.ok) throw strategyIssuesError(result.issues.map((i) => ({ ...i, path: ['strategy', ...i.path] })));
      wire = result.wire;
      ref = { id: null, name: wire.name.trim(), revision: null, version: wire.version };
    }
    const clock = await this.clock(ctx);
    if (input.date >= clock.today)
      throw invalid(
        'body.date',
        `must be a day before today (${clock.today} in ${clock.timeZone}): the backtest runs on a whole recorded day`,
      );
    return runBacktest(ctx, { bsa: this.bsa, telemetry: this.telemetry }, { bsaId: input.bsaId, date: input.date, wire, ref });
  }
}

export function deliveryRowOf(d: typeof strategyDelivery.$inferSelect): DeliveryRow {
  return {
    id: d.id,
    strategyId: d.strategyId,
    strategyName: d.strategyName,
    kind: d.kind,
    action: d.action,
    bsaId: d.bsaId,
    bsaName: d.bsaName,
    revision: d.revision,
    version: d.version,
    operator: { staffId: d.operatorStaffId, staffCode: d.operatorCode, name: d.operatorName },
    requestedAt: d.requestedAt.toISOString(),
    answeredAt: iso(d.answeredAt),
    result: d.result,
    reason: d.reason,
  };
}
