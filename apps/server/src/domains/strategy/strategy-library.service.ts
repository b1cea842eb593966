import { ErrorCode, strategy as contract, type BodyOf } from '@energy/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, invalid } from '../../plugins/errors.js';
import type { BsaService } from '../bsa/bsa.service.js';
import type { OrganizationService } from '../tenancy/organization.service.js';
import { customer } from '../tenancy/tenancy.schema.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { runBacktest } from './backtest.js';
import {
  actor,
  anyReadable,
  buttonOf,
  clock,
  need,
  strategyIssuesError,
  versionName,
  type Wire,
  type WithBody,
} from './strategy-access.js';
import type { StrategyLists } from './strategy-lists.js';
import { strategy, strategyCustomer, strategyDelivery } from './strategy.schema.js';

/**
 * The strategy library: create, edit, restore (from one of its deliveries), copy, enable / disable /
 * delete strategies, field strategies and templates; templates' customer bindings; the backtest of a
 * stored or unsaved body. docs/strategies.md.
 */
export class StrategyLibraryService {
  constructor(
    private readonly bsa: BsaService,
    private readonly telemetry: TelemetryService,
    private readonly organization: OrganizationService,
    private readonly lists: StrategyLists,
  ) {}

  /**
   * The editor's validator on the body (with the tenant's today), then what only the server knows: a
   * strategy's station (visible, running the body's version, its meters), a template's lack of one.
   * Returns the body to store (name trimmed, the station's name).
   */
  private async checked(ctx: StaffCtx, body: unknown): Promise<Wire> {
    const { today } = await clock(ctx);
    const result = contract.checkStrategyBody(body, { today });
    if (!result.ok) throw strategyIssuesError(result.issues);
    const wire: Wire = { ...result.wire, name: result.wire.name.trim() };
    if (wire.kind === 'template') {
      if (wire.bsaId !== undefined) throw invalid('body.bsaId', 'a template belongs to no station: leave it out');
      const { bsaName: _name, ...rest } = wire;
      return rest;
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
    return { ...wire, bsaName: station.name };
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

  /** The staff as the row's last editor. */
  private updatedBy(ctx: StaffCtx) {
    const who = actor(ctx);
    return { updatedByStaffId: who.staffId, updatedByCode: who.code, updatedByName: who.name };
  }

  private async create(ctx: StaffCtx, wire: Wire): Promise<WithBody> {
    const who = actor(ctx);
    const [row] = await ctx.tx
      .insert(strategy)
      .values({
        tenantId: ctx.staff.tenantId,
        ...this.columnsOf(wire),
        createdByStaffId: who.staffId,
        createdByCode: who.code,
        createdByName: who.name,
        ...this.updatedBy(ctx),
      })
      .returning({ id: strategy.id });
    return this.lists.detail(ctx, { id: row!.id });
  }

  async insert(ctx: StaffCtx, input: BodyOf<typeof contract.strategyInsert>) {
    need(ctx, buttonOf('create', input.kind));
    const wire = await this.checked(ctx, input);
    return this.create(ctx, wire);
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.strategyUpdate>) {
    const { id, ...body } = input;
    need(ctx, buttonOf('edit', body.kind));
    const record = await this.lists.lock(ctx, await this.lists.detail(ctx, { id }));
    if (record.kind !== body.kind) throw invalid('body.kind', `cannot change (it is a ${record.kind}): copy it instead`);
    const wire = await this.checked(ctx, body);
    if (record.executing && wire.bsaId !== record.bsaId)
      throw conflict('It is executing on its station: it cannot move to another station. Copy it instead.');
    await ctx.tx
      .update(strategy)
      .set({ ...this.columnsOf(wire), revision: sql`${strategy.revision} + 1`, ...this.updatedBy(ctx), updatedAt: new Date() })
      .where(eq(strategy.id, record.id));
    return this.lists.detail(ctx, { id: record.id });
  }

  /**
   * history/data/update: the body one of the strategy's past deliveries sent becomes its content again,
   * as a new revision, through `update` (its permission, checks and revision + 1). The delivery must be
   * this strategy's own, a delivery (a stop sent no body) of the strategy's current editor version. The
   * station is not told: the restored revision runs there only once delivered. A body that no longer
   * passes `update`'s checks (a field strategy's passed days, the station's version changed since) is
   * refused naming the delivery, with the check's own message.
   */
  async restore(ctx: StaffCtx, input: BodyOf<typeof contract.strategyHistoryDataUpdate>) {
    const row = await this.lists.detail(ctx, { id: input.id });
    need(ctx, buttonOf('edit', row.kind));
    if (row.kind === 'template')
      throw invalid('body.id', 'is a template: templates are never delivered, so they have no delivered revision to restore');
    const [delivery] = await ctx.tx
      .select()
      .from(strategyDelivery)
      .where(
        and(
          eq(strategyDelivery.id, input.deliveryId),
          eq(strategyDelivery.tenantId, ctx.staff.tenantId),
          eq(strategyDelivery.strategyId, row.id),
        ),
      );
    if (!delivery)
      throw invalid('body.deliveryId', `is not a delivery of strategy "${row.name}" (${row.id}): pick one from its own delivery log`);
    if (delivery.action !== 'deliver' || !delivery.body || delivery.version === null)
      throw invalid('body.deliveryId', `delivery ${delivery.id} stopped the station's strategy: it sent no strategy to restore`);
    const revision = `revision ${delivery.revision ?? '?'} (delivery ${delivery.id})`;
    if (delivery.version !== row.version)
      throw invalid(
        'body.deliveryId',
        `${revision} is strategy version ${versionName(delivery.version)}, and "${row.name}" is now ${row.versionName}: only a revision of its current version can be restored`,
      );
    try {
      return await this.update(ctx, { ...delivery.body, id: row.id });
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.VALIDATION)
        throw invalid('body.deliveryId', `${revision} no longer passes the editor's checks: ${err.message}`);
      throw err;
    }
  }

  async copy(ctx: StaffCtx, input: BodyOf<typeof contract.strategyCopy>) {
    const source = await this.lists.detail(ctx, { id: input.id });
    need(ctx, buttonOf('create', source.kind));
    const body: Wire = {
      ...source.body,
      name: input.name ?? contract.copyName(source.name, source.kind),
      ...(input.bsaId !== undefined ? { bsaId: input.bsaId } : {}),
      ...(input.executiveTimes ? { executiveTimes: input.executiveTimes } : {}),
    };
    const wire = await this.checked(ctx, body);
    return this.create(ctx, wire);
  }

  async updateStatus(ctx: StaffCtx, input: BodyOf<typeof contract.strategyUpdateStatus>) {
    const visible = await this.lists.detail(ctx, { id: input.id });
    need(ctx, buttonOf(input.status === 'deleted' ? 'delete' : 'edit', visible.kind));
    const record = await this.lists.lock(ctx, visible);
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
    const row = await this.lists.detail(ctx, { id });
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

  /** The customers a template is bound to, by code. */
  async boundCustomers(ctx: StaffCtx, id: number) {
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
  // Backtest

  async backtest(ctx: StaffCtx, input: BodyOf<typeof contract.strategyBacktest>) {
    anyReadable(ctx);
    let wire: Wire;
    let ref: { id: number | null; name: string; revision: number | null; version: number };
    if (input.id !== undefined) {
      const row = await this.lists.detail(ctx, { id: input.id });
      wire = row.body;
      ref = { id: row.id, name: row.name, revision: row.revision, version: row.version };
    } else {
      // an unsaved body: the editor's rules (its days may lie anywhere: no `today`)
      const result = contract.checkStrategyBody(input.strategy);
      if (!result.ok) throw strategyIssuesError(result.issues.map((i) => ({ ...i, path: ['strategy', ...i.path] })));
      wire = result.wire;
      ref = { id: null, name: wire.name.trim(), revision: null, version: wire.version };
    }
    const { today, timeZone } = await clock(ctx);
    if (input.date >= today)
      throw invalid('body.date', `must be a day before today (${today} in ${timeZone}): the backtest runs on a whole recorded day`);
    return runBacktest(ctx, { bsa: this.bsa, telemetry: this.telemetry }, { bsaId: input.bsaId, date: input.date, wire, ref });
  }
}
