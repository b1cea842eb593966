import { ErrorCode, type alarm as contract, type BodyOf } from '@energy/contracts';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, equals, list, staffScope, where, type RowOf } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import { said } from '../../i18n.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, invalid, notFound } from '../../plugins/errors.js';
import type { DeviceTypesService } from '../devices/device-types.service.js';
import { dataProperty, deviceType } from '../devices/devices.schema.js';
import type { DevicesService } from '../devices/devices.service.js';
import { ou } from '../ou/ou.schema.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { alarmRule } from './alarm.schema.js';
import type { AlarmEvaluator } from './evaluator.js';

type RuleInput = BodyOf<typeof contract.alarmRuleCreate>;
type RuleRow = typeof alarmRule.$inferSelect;

/** The fields that make a rule's condition: changing any of them recovers the rule's active alarms. */
const conditionOf = (
  r: Pick<RuleRow, 'deviceTypeId' | 'propertyId' | 'condition' | 'threshold' | 'durationSeconds' | 'ouId' | 'deviceIds'>,
) =>
  JSON.stringify([
    r.deviceTypeId,
    r.propertyId,
    r.condition,
    r.threshold,
    r.durationSeconds,
    r.ouId,
    [...r.deviceIds].sort((a, b) => a - b),
  ]);

/** A rule with its type, property, OU and count of active alarms. */
const selectRules = (tx: Db) =>
  tx
    .select({
      r: alarmRule,
      typeName: deviceType.name,
      propertyKey: dataProperty.key,
      propertyName: dataProperty.name,
      unit: dataProperty.unit,
      ouName: ou.name,
      tenantName: tenant.name,
      activeCount: sql<number>`(select count(*)::int from alarm_log a where a.rule_id = ${alarmRule.id} and a.state = 0)`,
    })
    .from(alarmRule)
    .innerJoin(deviceType, eq(deviceType.id, alarmRule.deviceTypeId))
    .innerJoin(dataProperty, eq(dataProperty.id, alarmRule.propertyId))
    .leftJoin(ou, eq(ou.id, alarmRule.ouId))
    .innerJoin(tenant, eq(tenant.id, alarmRule.tenantId))
    .$dynamic();

const answerRows = (ctx: StaffCtx) => (rows: RowOf<ReturnType<typeof selectRules>>[]) =>
  rows.map(({ r, typeName, propertyKey, propertyName, unit, ouName, tenantName, activeCount }) => ({
    id: r.id,
    tenantName,
    own: r.tenantId === ctx.staff.tenantId,
    name: r.name,
    description: r.description,
    deviceTypeId: r.deviceTypeId,
    deviceTypeName: said(ctx, typeName),
    propertyId: r.propertyId,
    propertyKey,
    propertyName: said(ctx, propertyName),
    unit,
    condition: r.condition,
    threshold: r.threshold,
    durationSeconds: r.durationSeconds,
    level: r.level,
    ouId: r.ouId,
    ouName: ouName ?? null,
    deviceIds: r.deviceIds,
    enabled: r.enabled,
    activeCount: Number(activeCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));

/**
 * Device alarm rules. A staff sees the rules of its tenant whose OU it sees; a rule for every OU (ouId
 * null) only a staff who sees every OU. Editing a rule's condition, disabling it or deleting it recovers
 * its active alarms (recovered by 'auto', with a remark saying why): the evaluator then starts afresh
 * with the rule as it is now, and a condition that still holds raises a new alarm.
 */
export class AlarmRulesService {
  constructor(
    private readonly types: DeviceTypesService,
    private readonly devices: DevicesService,
    private readonly evaluator: AlarmEvaluator,
  ) {}

  private scope(ctx: StaffCtx): SQL[] {
    return staffScope(ctx, { tenant: alarmRule.tenantId, ou: alarmRule.ouId, channel: true });
  }

  /** The rules the staff sees that match `where`, newest first. */
  private list(ctx: StaffCtx, where: SQL[]) {
    return list(ctx.tx, { query: () => selectRules(ctx.tx), where: [...this.scope(ctx), ...where], order: [desc(alarmRule.id)] });
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.alarmRulePage>) {
    const filters = where(input, {
      name: contains(alarmRule.name),
      deviceTypeId: equals(alarmRule.deviceTypeId),
      level: equals(alarmRule.level),
      enabled: equals(alarmRule.enabled),
    });
    return this.list(ctx, filters).page(input, answerRows(ctx));
  }

  async detail(ctx: StaffCtx, input: { id: number }) {
    const row = await this.list(ctx, [eq(alarmRule.id, input.id)]).first(answerRows(ctx));
    if (!row) throw notFound(`Alarm rule ${input.id}`);
    return row;
  }

  /**
   * The rule row for a change, locked; 404 when the staff does not see it (another tenant's, an OU it does
   * not see), 403 when it is a linked tenant's that a channel staff reads but may not change.
   */
  private async current(ctx: StaffCtx, id: number): Promise<RuleRow> {
    const [seen] = await ctx.tx
      .select({ tenantId: alarmRule.tenantId })
      .from(alarmRule)
      .where(and(eq(alarmRule.id, id), ...this.scope(ctx)));
    if (!seen) throw notFound(`Alarm rule ${id}`);
    // a channel staff reads its linked tenants' rules; each tenant changes its own (docs/alarms.md)
    if (seen.tenantId !== ctx.staff.tenantId)
      throw new AppError(ErrorCode.FORBIDDEN, `Alarm rule ${id} belongs to another tenant: a channel staff can read it, not change it`);
    const [row] = await ctx.tx
      .select()
      .from(alarmRule)
      .where(and(eq(alarmRule.id, id), eq(alarmRule.tenantId, ctx.staff.tenantId)))
      .for('update');
    if (!row) throw notFound(`Alarm rule ${id}`);
    return row;
  }

  /** Checks a new or changed rule; answers the values to store. */
  private async check(ctx: StaffCtx, input: RuleInput, selfId?: number) {
    const [taken] = await ctx.tx
      .select({ id: alarmRule.id })
      .from(alarmRule)
      .where(
        and(
          eq(alarmRule.tenantId, ctx.staff.tenantId),
          sql`lower(${alarmRule.name}) = lower(${input.name})`,
          ...(selfId ? [ne(alarmRule.id, selfId)] : []),
        ),
      );
    if (taken) throw conflict(`An alarm rule named ${input.name} already exists`);
    const type = (await this.types.tree(ctx)).flatMap((c) => c.children).find((t) => t.id === input.deviceTypeId);
    if (!type) throw invalid('body.deviceTypeId', 'is not a device type of this tenant');
    if (!type.properties.some((p) => p.id === input.propertyId)) throw invalid('body.propertyId', `is not a property of ${type.name}`);
    if (input.ouId === null) {
      if (!ctx.staff.allOus) throw invalid('body.ouId', 'is required: only a staff who sees every OU may make a rule for all OUs');
    } else {
      const [unit] = await ctx.tx
        .select({ id: ou.id })
        .from(ou)
        .where(and(eq(ou.id, input.ouId), eq(ou.tenantId, ctx.staff.tenantId)));
      if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid('body.ouId', 'is not one of your operating units');
    }
    const deviceIds = [...new Set(input.deviceIds ?? [])].sort((a, b) => a - b);
    if (deviceIds.length) {
      const mine = new Map((await this.devices.ouList(ctx)).map((d) => [d.id, d]));
      for (const id of deviceIds) {
        const d = mine.get(id);
        if (!d) throw invalid('body.deviceIds', `device ${id} is not one of your devices`);
        if (d.deviceTypeId !== type.id) throw invalid('body.deviceIds', `device ${d.code} is not a ${type.name}`);
        if (input.ouId !== null && d.ouId !== input.ouId) throw invalid('body.deviceIds', `device ${d.code} is not in the rule's OU`);
      }
    }
    return {
      name: input.name,
      description: input.description || null,
      deviceTypeId: input.deviceTypeId,
      propertyId: input.propertyId,
      condition: input.condition,
      threshold: input.threshold,
      durationSeconds: input.durationSeconds,
      level: input.level,
      ouId: input.ouId,
      deviceIds,
      enabled: input.enabled ?? true,
    };
  }

  /** Recovers the rule's active alarms (in the request's transaction); the evaluator forgets them once it commits. */
  private async recoverActive(ctx: StaffCtx, ruleId: number, remark: string) {
    const rows = await rowsOf<{ id: number }>(
      ctx.tx,
      sql`update alarm_log set state = 1, recover_time = now(), recovered_by = 'auto', recover_remark = ${remark}
          where rule_id = ${ruleId} and tenant_id = ${ctx.staff.tenantId} and state = 0 returning id`,
    );
    return rows.map((r) => Number(r.id));
  }

  /** After the transaction: the evaluator re-reads the rules and forgets the rule's conditions. */
  private changed(ctx: StaffCtx, ruleId: number, recovered: number[] = []) {
    ctx.defer(async () => {
      this.evaluator.alarmsRecovered(recovered);
      this.evaluator.rulesChanged(ruleId);
    });
  }

  async create(ctx: StaffCtx, input: RuleInput) {
    const values = await this.check(ctx, input);
    const [row] = await ctx.tx
      .insert(alarmRule)
      .values({ tenantId: ctx.staff.tenantId, ...values })
      .returning({ id: alarmRule.id });
    this.changed(ctx, row!.id);
    return this.detail(ctx, { id: row!.id });
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.alarmRuleUpdate>) {
    const current = await this.current(ctx, input.id);
    const values = await this.check(ctx, input, current.id);
    await ctx.tx
      .update(alarmRule)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(alarmRule.id, current.id), eq(alarmRule.tenantId, ctx.staff.tenantId)));
    let recovered: number[] = [];
    if (!values.enabled && current.enabled) recovered = await this.recoverActive(ctx, current.id, 'the rule was disabled');
    else if (conditionOf(values) !== conditionOf(current)) recovered = await this.recoverActive(ctx, current.id, 'the rule was changed');
    this.changed(ctx, current.id, recovered);
    return this.detail(ctx, { id: current.id });
  }

  async setStatus(ctx: StaffCtx, input: { id: number; enabled: boolean }) {
    const current = await this.current(ctx, input.id);
    let recovered: number[] = [];
    if (current.enabled !== input.enabled) {
      await ctx.tx
        .update(alarmRule)
        .set({ enabled: input.enabled, updatedAt: new Date() })
        .where(and(eq(alarmRule.id, current.id), eq(alarmRule.tenantId, ctx.staff.tenantId)));
      if (!input.enabled) recovered = await this.recoverActive(ctx, current.id, 'the rule was disabled');
      this.changed(ctx, current.id, recovered);
    }
    return this.detail(ctx, { id: current.id });
  }

  /** Deletes the rule; its alarms stay (recovered, with the rule's name as it was). */
  async delete(ctx: StaffCtx, input: { id: number }) {
    const current = await this.current(ctx, input.id);
    const recovered = await this.recoverActive(ctx, current.id, 'the rule was deleted');
    await ctx.tx.delete(alarmRule).where(and(eq(alarmRule.id, current.id), eq(alarmRule.tenantId, ctx.staff.tenantId)));
    this.changed(ctx, current.id, recovered);
    return { id: current.id };
  }
}
