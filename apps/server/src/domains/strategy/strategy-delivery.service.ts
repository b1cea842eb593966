import type { strategy as contract, BodyOf } from '@energy/contracts';
import { desc, eq } from 'drizzle-orm';
import { before, equals, list, since, staffScope, where } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid } from '../../plugins/errors.js';
import type { AccountService } from '../account/account.service.js';
import { bsaStation } from '../bsa/bsa.schema.js';
import type { BsaService, StationRow } from '../bsa/bsa.service.js';
import type { StrategyDelivery } from './delivery.js';
import type { StrategyLibraryService } from './strategy-library.service.js';
import { actor, clock, deliveryRowOf, executingAt, versionName, type DeliveryRow, type Wire } from './strategy-access.js';
import type { StrategyLists } from './strategy-lists.js';
import { strategyDelivery, type StrategyKind } from './strategy.schema.js';

/**
 * The delivery requests: deliver a strategy to its station's FCS, stop what a station runs, the
 * delivery log. Each writes a pending log row; `StrategyDelivery` sends it (MQTT, answers, timeouts).
 */
export class StrategyDeliveryService {
  constructor(
    private readonly bsa: BsaService,
    private readonly account: AccountService,
    private readonly lists: StrategyLists,
    private readonly delivery: StrategyDelivery,
    private readonly library: StrategyLibraryService,
  ) {}

  async deliver(ctx: StaffCtx, input: { id: number; operationPassword: string }): Promise<DeliveryRow> {
    const row = await this.lists.detail(ctx, { id: input.id });
    if (row.kind === 'template') throw invalid('body.id', 'is a template: templates are not delivered; create a strategy from it');
    await this.account.verifyOperationPassword(ctx, { operationPassword: input.operationPassword });
    return this.deliverChecked(ctx, row);
  }

  /**
   * local-update: the strategy the station executes gets the body (checked as `update`) and its new
   * revision is delivered at once. The password is checked before anything changes.
   */
  async localUpdate(ctx: StaffCtx, input: BodyOf<typeof contract.strategyLocalUpdate>): Promise<DeliveryRow> {
    const { operationPassword, ...body } = input;
    const station = await this.bsa.detail(ctx, { id: body.bsaId });
    const executing = await executingAt(ctx, station.id);
    if (!executing?.strategyId) throw conflict(`${station.name} runs no strategy from the library: deliver one first.`);
    await this.account.verifyOperationPassword(ctx, { operationPassword });
    const row = await this.library.update(ctx, { ...body, id: executing.strategyId });
    return this.deliverChecked(ctx, row);
  }

  private async deliverChecked(ctx: StaffCtx, row: Awaited<ReturnType<StrategyLists['detail']>>): Promise<DeliveryRow> {
    if (row.status !== 'enabled') throw conflict('It is disabled: enable it before delivering it.');
    const station = await this.bsa.detail(ctx, { id: row.bsaId! });
    if (!station.fcs) throw conflict(`${station.name} has no FCS to deliver to.`);
    if (station.strategyVersion !== row.version)
      throw conflict(
        `${station.name} now runs strategy version ${versionName(station.strategyVersion)}; this strategy is ${row.versionName}.`,
      );
    if (row.kind === 'fieldStrategy') {
      const { today } = await clock(ctx);
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
    const executing = await executingAt(ctx, station.id);
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
    const who = actor(ctx);
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
    const deliveries = list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ d: strategyDelivery })
          .from(strategyDelivery)
          .innerJoin(bsaStation, eq(bsaStation.id, strategyDelivery.bsaId))
          .$dynamic(),
      where: [
        ...staffScope(ctx, { tenant: strategyDelivery.tenantId, ou: bsaStation.ouId }),
        ...where(input, {
          bsaId: equals(strategyDelivery.bsaId),
          strategyId: equals(strategyDelivery.strategyId),
          result: equals(strategyDelivery.result),
          from: since(strategyDelivery.requestedAt),
          to: before(strategyDelivery.requestedAt),
        }),
      ],
      order: [desc(strategyDelivery.id)],
    });
    return deliveries.page(input, (rows) => rows.map(({ d }) => deliveryRowOf(d)));
  }
}
