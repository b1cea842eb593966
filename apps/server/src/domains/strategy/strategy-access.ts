import { ErrorCode, strategy as contract } from '@energy/contracts';
import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { NOTHING, ouScope } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, forbidden } from '../../plugins/errors.js';
import { bsaStation } from '../bsa/bsa.schema.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { strategy, strategyDelivery, type StrategyKind } from './strategy.schema.js';

// What the strategy services share: permissions and scope, the tenant's clock, the answer rows of
// deliveries and what each station executes. docs/strategies.md.

export type Wire = contract.StrategyWire;
export type Row = z.infer<typeof contract.strategyRow>;
export type WithBody = z.infer<typeof contract.strategyWithBody>;
export type DeliveryRow = z.infer<typeof contract.deliveryRow>;
export type Executing = z.infer<typeof contract.bsaInfo>['executing'];
export type StrategyRecord = typeof strategy.$inferSelect;
export type Clock = { timeZone: string; today: string; minute: number };

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const READ_STRATEGIES = 'p-bsa-strategy';
export const READ_TEMPLATES = 'p-bsa-template';
export const versionName = (v: number) => contract.STRATEGY_VERSION_NAMES[v as contract.StrategyVersion] ?? String(v);
/** The button code of an action on a kind: b-bsa-template-edit, b-bsa-strategy-create, ... */
export const buttonOf = (action: 'create' | 'edit' | 'delete', kind: StrategyKind) =>
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

// ---------------------------------------------------------------------------------------------
// Permissions and scope

/** The kinds the staff may read: strategies with p-bsa-strategy, templates with p-bsa-template or p-bsa-strategy. */
export function readable(ctx: StaffCtx) {
  const strategies = ctx.staff.permissions.has(READ_STRATEGIES);
  return { strategies, templates: strategies || ctx.staff.permissions.has(READ_TEMPLATES) };
}

/** 403 unless the staff holds one of the codes. */
export function need(ctx: StaffCtx, ...codes: string[]) {
  if (!codes.some((c) => ctx.staff.permissions.has(c))) throw forbidden(codes.join(' or '));
}

/** 403 unless the staff may read strategies or templates. */
export function anyReadable(ctx: StaffCtx) {
  const can = readable(ctx);
  if (!can.strategies && !can.templates) throw forbidden(`${READ_STRATEGIES} or ${READ_TEMPLATES}`);
}

/** The strategies the staff may see: its tenant; templates, and strategies of stations in its OUs, as its codes allow. */
export function scope(ctx: StaffCtx): SQL {
  const can = readable(ctx);
  const kinds: SQL[] = [];
  if (can.templates) kinds.push(eq(strategy.kind, 'template'));
  if (can.strategies) kinds.push(and(ne(strategy.kind, 'template'), ouScope(ctx, bsaStation.ouId))!);
  return and(eq(strategy.tenantId, ctx.staff.tenantId), kinds.length ? or(...kinds) : NOTHING)!;
}

/** Who acts, as the rows record it. */
export function actor(ctx: StaffCtx) {
  return { staffId: ctx.staff.id, code: ctx.staff.staffCode, name: ctx.user.name };
}

/** Today and the minute of the day in the tenant's zone. */
export async function clock(ctx: StaffCtx): Promise<Clock> {
  const [row] = await rowsOf<{ tz: string; today: string; minute: number }>(
    ctx.tx,
    sql`select time_zone as tz, to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today,
               (extract(hour from now() at time zone time_zone) * 60 + extract(minute from now() at time zone time_zone))::int as minute
        from ${tenant} where id = ${ctx.staff.tenantId}`,
  );
  return { timeZone: row!.tz, today: row!.today, minute: Number(row!.minute) };
}

// ---------------------------------------------------------------------------------------------
// What runs where

/** The executing strategy of each station (id -> what it runs), as the staff may see them. */
export async function executingOf(ctx: StaffCtx, stationIds: number[]): Promise<Map<number, NonNullable<Executing>>> {
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

/** What one station executes, or null. */
export async function executingAt(ctx: StaffCtx, stationId: number): Promise<Executing> {
  return (await executingOf(ctx, [stationId])).get(stationId) ?? null;
}

/** The body the station's FCS accepted (the accepted delivery's copy). */
export async function stationCopy(ctx: StaffCtx, executing: Executing): Promise<Wire | null> {
  if (!executing) return null;
  const [row] = await ctx.tx
    .select({ body: strategyDelivery.body })
    .from(strategyDelivery)
    .where(and(eq(strategyDelivery.id, executing.deliveryId), eq(strategyDelivery.tenantId, ctx.staff.tenantId)));
  return row?.body ?? null;
}

/** The latest delivery or stop of a station, or null. */
export async function lastDeliveryOf(ctx: StaffCtx, bsaId: number): Promise<DeliveryRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(strategyDelivery)
    .where(and(eq(strategyDelivery.tenantId, ctx.staff.tenantId), eq(strategyDelivery.bsaId, bsaId)))
    .orderBy(desc(strategyDelivery.id))
    .limit(1);
  return row ? deliveryRowOf(row) : null;
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
