import { bsaRemote as contract, type BodyOf } from '@energy/contracts';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { contains, equals, list, ouScope, where } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { bsaStation } from '../bsa/bsa.schema.js';
import { bsaRemoteCommand, bsaRemoteLog, bsaRemoteOperation } from './bsa-remote.schema.js';

type Command = typeof bsaRemoteCommand.$inferSelect;
type CommandInput = BodyOf<typeof contract.commandAdd>;

/** Who acts: the staff's code and the person's name then (kept in the logs). */
export const operatorOf = (ctx: StaffCtx) => ({ operatorCode: ctx.staff.staffCode, operatorName: ctx.user.name });

/** How often a command was sent (its log lines). */
const sends = sql<number>`(select count(*) from ${bsaRemoteLog} where ${bsaRemoteLog.commandId} = ${bsaRemoteCommand.id})::int`;

export function commandRowOf(c: Command, sent: number): contract.CommandRow {
  return {
    id: c.id,
    name: c.name,
    deviceType: c.deviceType,
    action: c.action,
    minValue: c.minValue,
    maxValue: c.maxValue,
    unit: c.action === 'set-power' ? contract.POWER_UNIT : null,
    options: c.options ?? null,
    description: c.description,
    sends: Number(sent),
    updatedBy: c.updatedBy,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** What a command does, in words (the operation log's detail). */
export function describeCommand(c: Pick<Command, 'deviceType' | 'action' | 'minValue' | 'maxValue' | 'options'>): string {
  const target = c.deviceType.toUpperCase();
  if (c.action === 'set-power') return `${target} set-power ${c.minValue}..${c.maxValue} kW`;
  if (c.action === 'mode') return `${target} mode ${(c.options ?? []).map((o) => `${o.value}=${o.label}`).join(', ')}`;
  return `${target} ${c.action}`;
}

/**
 * The remote command catalogue of the staff's tenant: named commands per device type, names unique in the
 * tenant (case-insensitive), every change written to the operation log. Commands are tenant-wide (a
 * catalogue, like device types); which devices they reach follows the staff's stations.
 */
export class BsaRemoteCatalogueService {
  /** A command of the tenant, or 404 (another tenant's answers the same). */
  async command(ctx: StaffCtx, id: number, forUpdate = false): Promise<Command> {
    const q = ctx.tx
      .select()
      .from(bsaRemoteCommand)
      .where(and(eq(bsaRemoteCommand.id, id), eq(bsaRemoteCommand.tenantId, ctx.staff.tenantId)));
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw notFound(`Remote command ${id}`);
    return row;
  }

  private async sendsOf(ctx: StaffCtx, id: number) {
    const [row] = await ctx.tx.select({ n: sends }).from(bsaRemoteCommand).where(eq(bsaRemoteCommand.id, id));
    return Number(row?.n ?? 0);
  }

  async get(ctx: StaffCtx, input: { id: number }) {
    const c = await this.command(ctx, input.id);
    return commandRowOf(c, await this.sendsOf(ctx, c.id));
  }

  async checkName(ctx: StaffCtx, input: { name: string; id?: number }) {
    const [taken] = await ctx.tx
      .select({ id: bsaRemoteCommand.id })
      .from(bsaRemoteCommand)
      .where(
        and(
          eq(bsaRemoteCommand.tenantId, ctx.staff.tenantId),
          sql`lower(${bsaRemoteCommand.name}) = lower(${input.name.trim()})`,
          input.id ? ne(bsaRemoteCommand.id, input.id) : undefined,
        ),
      );
    return { available: !taken, takenBy: taken?.id ?? null };
  }

  private async assertNameFree(ctx: StaffCtx, name: string, id?: number) {
    const { available } = await this.checkName(ctx, { name, id });
    if (!available) throw invalid('body.name', `${name} is already a command of your catalogue`);
  }

  private fields(input: CommandInput) {
    const setPower = input.action === 'set-power';
    return {
      name: input.name,
      deviceType: input.deviceType,
      action: input.action,
      minValue: setPower ? (input.minValue ?? null) : null,
      maxValue: setPower ? (input.maxValue ?? null) : null,
      options: input.action === 'mode' ? (input.options ?? null) : null,
      description: input.description || null,
    };
  }

  private async record(ctx: StaffCtx, operation: 'create' | 'edit' | 'delete', c: Command, detail: string) {
    await ctx.tx.insert(bsaRemoteOperation).values({
      tenantId: ctx.staff.tenantId,
      operation,
      commandId: operation === 'delete' ? null : c.id,
      commandName: c.name,
      detail,
      ...operatorOf(ctx),
    });
  }

  async add(ctx: StaffCtx, input: CommandInput) {
    await this.assertNameFree(ctx, input.name);
    const [row] = await ctx.tx
      .insert(bsaRemoteCommand)
      .values({ tenantId: ctx.staff.tenantId, ...this.fields(input), updatedBy: ctx.user.name })
      .returning();
    await this.record(ctx, 'create', row!, describeCommand(row!));
    return commandRowOf(row!, 0);
  }

  async edit(ctx: StaffCtx, input: BodyOf<typeof contract.commandEdit>) {
    const before = await this.command(ctx, input.id, true);
    await this.assertNameFree(ctx, input.name, input.id);
    const [row] = await ctx.tx
      .update(bsaRemoteCommand)
      .set({ ...this.fields(input), updatedBy: ctx.user.name, updatedAt: new Date() })
      .where(eq(bsaRemoteCommand.id, before.id))
      .returning();
    const was = describeCommand(before);
    const now = describeCommand(row!);
    const renamed = before.name !== row!.name ? `renamed from ${before.name}; ` : '';
    await this.record(ctx, 'edit', row!, `${renamed}${was === now ? now : `${was} → ${now}`}`);
    return commandRowOf(row!, await this.sendsOf(ctx, row!.id));
  }

  /** Deletes a command; its log lines keep its name. */
  async delete(ctx: StaffCtx, input: { id: number }) {
    const c = await this.command(ctx, input.id, true);
    await this.record(ctx, 'delete', c, describeCommand(c));
    await ctx.tx.delete(bsaRemoteCommand).where(eq(bsaRemoteCommand.id, c.id));
    return { deleted: true as const };
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.commandPage>) {
    return list(ctx.tx, {
      query: () => ctx.tx.select({ c: bsaRemoteCommand, sends }).from(bsaRemoteCommand).$dynamic(),
      where: [
        eq(bsaRemoteCommand.tenantId, ctx.staff.tenantId),
        ...where(input, {
          name: contains(bsaRemoteCommand.name),
          deviceType: equals(bsaRemoteCommand.deviceType),
          action: equals(bsaRemoteCommand.action),
        }),
      ],
      order: [desc(bsaRemoteCommand.id)],
    }).page(input, (rows) => rows.map((r) => commandRowOf(r.c, r.sends)));
  }

  private operationList(ctx: StaffCtx, input: { operation?: (typeof contract.REMOTE_OPERATIONS)[number]; commandId?: number }) {
    return list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ o: bsaRemoteOperation })
          .from(bsaRemoteOperation)
          .leftJoin(bsaStation, eq(bsaStation.id, bsaRemoteOperation.stationId))
          .$dynamic(),
      where: [
        eq(bsaRemoteOperation.tenantId, ctx.staff.tenantId),
        // a send is read by those who see its station; catalogue changes by the whole tenant
        or(isNull(bsaRemoteOperation.stationId), ouScope(ctx, bsaStation.ouId) ?? sql`true`),
        ...where(input, { operation: equals(bsaRemoteOperation.operation), commandId: equals(bsaRemoteOperation.commandId) }),
      ],
      order: [desc(bsaRemoteOperation.id)],
    });
  }

  async operations(ctx: StaffCtx, input: BodyOf<typeof contract.operationPage>) {
    return this.operationList(ctx, input).page(input, (rows) =>
      rows.map(({ o }) => ({
        id: o.id,
        operation: o.operation,
        commandId: o.commandId,
        commandName: o.commandName,
        detail: o.detail,
        logId: o.logId,
        operatorCode: o.operatorCode,
        operatorName: o.operatorName,
        at: o.createdAt.toISOString(),
      })),
    );
  }

  /** The operation log in batches (the Excel export). */
  operationBatches(ctx: StaffCtx, input: { operation?: (typeof contract.REMOTE_OPERATIONS)[number]; commandId?: number }) {
    return this.operationList(ctx, input).batches((rows) => rows.map(({ o }) => o));
  }
}
