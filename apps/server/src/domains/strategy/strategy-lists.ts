import { strategy as contract, type BodyOf } from '@energy/contracts';
import { and, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, equals, isIn, list, where, type RowOf } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { forbidden, notFound } from '../../plugins/errors.js';
import { bsaStation } from '../bsa/bsa.schema.js';
import type { BsaService } from '../bsa/bsa.service.js';
import { ou } from '../ou/ou.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import {
  anyReadable,
  iso,
  READ_STRATEGIES,
  READ_TEMPLATES,
  readable,
  scope,
  versionName,
  type DeliveryRow,
  type Row,
  type StrategyRecord,
  type WithBody,
} from './strategy-access.js';
import { strategy, strategyCustomer, strategyDelivery, type StrategyKind } from './strategy.schema.js';

type ListFilter = BodyOf<typeof contract.strategyList> & {};

const LIST_MAX = 1000;
const listRows = (rows: WithBody[]): Row[] => rows.map(({ body: _body, ...row }) => row);
/** A station's or OU's list: the asked kind, else strategies and field strategies. */
const stationKinds = (kind?: StrategyKind): ListFilter => (kind ? { kind } : { kinds: ['strategy', 'fieldStrategy'] });

/** A strategy with its station, OU and customer. */
const selectStrategies = (tx: Db) =>
  tx
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
    .$dynamic();

/** The strategy library's lists and pages, and one visible strategy (the other strategy services read through it). */
export class StrategyLists {
  constructor(private readonly bsa: BsaService) {}

  /** Visible strategies that match `where`, newest first. */
  private visible(ctx: StaffCtx, where: SQL[]) {
    return list(ctx.tx, {
      query: () => selectStrategies(ctx.tx),
      where: [scope(ctx), ...where],
      order: [desc(strategy.updatedAt), desc(strategy.id)],
    });
  }

  /** Answer rows (with station, customer, last delivery and bound customers). */
  private async rows(ctx: StaffCtx, found: RowOf<ReturnType<typeof selectStrategies>>[]): Promise<WithBody[]> {
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

  private filter(ctx: StaffCtx, f: ListFilter = {}): SQL[] {
    const kinds = [...(f.kind ? [f.kind] : []), ...(f.kinds ?? [])];
    if (kinds.length) {
      const can = readable(ctx);
      if (kinds.every((k) => (k === 'template' ? !can.templates : !can.strategies)))
        throw forbidden(kinds.includes('template') ? `${READ_TEMPLATES} or ${READ_STRATEGIES}` : READ_STRATEGIES);
    }
    /** The customer's stations' strategies, and templates bound to the customer. */
    const ofCustomer = (mcid: string) => {
      const boundTo = exists(
        ctx.tx
          .select({ one: sql`1` })
          .from(strategyCustomer)
          .where(and(eq(strategyCustomer.strategyId, strategy.id), eq(strategyCustomer.customerMcid, mcid))),
      );
      return or(eq(bsaStation.customerMcid, mcid), and(eq(strategy.kind, 'template'), boundTo));
    };
    return where(f, {
      kind: equals(strategy.kind),
      kinds: isIn(strategy.kind),
      bsaId: equals(strategy.bsaId),
      ouId: equals(bsaStation.ouId),
      mcid: ofCustomer,
      version: equals(strategy.version),
      status: equals(strategy.status),
      name: contains(strategy.name),
      executing: equals(strategy.executing),
    });
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.strategyPage>) {
    anyReadable(ctx);
    return this.visible(ctx, this.filter(ctx, input)).page(input, async (found) => listRows(await this.rows(ctx, found)));
  }

  async list(ctx: StaffCtx, input: ListFilter = {}) {
    anyReadable(ctx);
    return this.visible(ctx, this.filter(ctx, input)).all(async (found) => listRows(await this.rows(ctx, found)), { limit: LIST_MAX });
  }

  async listBsa(ctx: StaffCtx, input: { bsaId: number; kind?: StrategyKind }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    return this.list(ctx, { bsaId: station.id, ...stationKinds(input.kind) });
  }

  async listOu(ctx: StaffCtx, input: { ouId: number; kind?: StrategyKind }) {
    if (!canSeeOu(ctx.staff, input.ouId)) throw notFound(`OU ${input.ouId}`);
    return this.list(ctx, { ouId: input.ouId, ...stationKinds(input.kind) });
  }

  async listCustomer(ctx: StaffCtx, input: { mcid: string; kind?: StrategyKind }) {
    anyReadable(ctx);
    const [known] = await ctx.tx
      .select({ mcid: customer.mcid })
      .from(customer)
      .where(and(eq(customer.mcid, input.mcid), eq(customer.tenantId, ctx.staff.tenantId)));
    if (!known) throw notFound(`Customer ${input.mcid}`);
    return this.list(ctx, { mcid: input.mcid, ...(input.kind ? { kind: input.kind } : {}) });
  }

  async listVersion(ctx: StaffCtx) {
    anyReadable(ctx);
    const stations = await this.bsa.list(ctx);
    const counts = await ctx.tx
      .select({ version: strategy.version, kind: strategy.kind, n: count() })
      .from(strategy)
      .leftJoin(bsaStation, eq(bsaStation.id, strategy.bsaId))
      .where(scope(ctx))
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
    const row = await this.visible(ctx, [eq(strategy.id, input.id)]).first((found) => this.rows(ctx, found));
    if (!row) throw notFound(`Strategy ${input.id}`);
    return row;
  }

  /** The stored record of a visible strategy (read with `detail`), locked for an edit; 404 otherwise. */
  async lock(ctx: StaffCtx, visible: WithBody): Promise<StrategyRecord> {
    const [record] = await ctx.tx.select().from(strategy).where(eq(strategy.id, visible.id)).for('update');
    if (!record) throw notFound(`Strategy ${visible.id}`);
    return record;
  }
}
