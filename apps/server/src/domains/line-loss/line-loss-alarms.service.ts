import type { lineLoss as contract } from '@energy/contracts';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { contains, equals, list, staffScope, where } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import { langOf, type Column, type Localized } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { notFound } from '../../plugins/errors.js';
import type { AlarmEvaluator } from '../alarm/evaluator.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { LINE_LOSS_LOG_COLUMNS, LINE_LOSS_LOG_SHEET, LINE_LOSS_RULE_COLUMNS, LINE_LOSS_RULE_SHEET } from './line-loss-excel.js';
import { exceeds, periodOf, periodStart, shiftPeriod } from './line-loss-figures.js';
import { lossPeriods, type LineLossService } from './line-loss.service.js';
import { lineLossConfig, lineLossLog, lineLossOutput, lineLossRule, type LineLossLogPeriod } from './line-loss.schema.js';

type RuleRow = contract.LineLossRuleRow;
type Level = contract.LineLossLevel;
type RuleFilter = { name?: string; configId?: number; enabled?: boolean; state?: string };
type LogFilter = { ruleId?: number; configId?: number; kind?: string };
type ExportInput = { format: 'xlsx' | 'csv'; lang?: 'en-US' | 'zh-CN' };
type Http = { req: FastifyRequest; reply: FastifyReply };
interface RuleBody {
  name: string;
  configId: number;
  thresholdPercent: number;
  periods: number;
  timeLevel: Level;
  level: number;
  enabled: boolean;
}

const SCENE = 'LINE_LOSS_HIGH' as const;
const ppmOf = (percent: number) => Math.round(percent * 10_000);
const percentOf = (ppm: number) => ppm / 10_000;
const rateText = (rate: number | null) => (rate == null ? null : rate.toFixed(6));
const pct = (rate: number | null) => (rate == null ? 'no input' : `${(Math.round(rate * 1e6) / 1e4).toFixed(2)} %`);

/** A list as XLSX or CSV in the asked language and the tenant's zone. */
async function sendList<R>(
  ctx: StaffCtx,
  input: ExportInput,
  http: Http,
  list: { name: string; sheet: Localized; columns: Column<R>[]; batches: AsyncIterable<R[]> },
) {
  return sendExport(http.reply, {
    ...list,
    lang: langOf(http.req, input.lang),
    timeZone: await tenantTimeZone(ctx),
    format: input.format,
  });
}

/** What one evaluation of a rule did. */
export interface RuleOutcome {
  ruleId: number;
  action: 'raised' | 'recovered' | 'none';
  period: string | null;
  alarmId: number | null;
}

/**
 * Line-loss alarm rules and their logs (docs/line-loss.md, "Alarm rules"). A rule fires when the rate of
 * its configuration is above the threshold in each of its last N closed periods (local days or months
 * before the current one), raising a LINE_LOSS_HIGH server alarm through the alarm pipeline (bell, STOMP
 * push, records); it recovers when the last closed period is at or below the threshold, or the rule is
 * disabled. Rules are evaluated when they are created, changed or switched, and on the server's timer.
 */
export class LineLossAlarmService {
  private queue: Promise<unknown> = Promise.resolve();
  private log: Pick<FastifyBaseLogger, 'error'> = { error: () => {} };

  constructor(
    private readonly db: Db,
    private readonly configs: LineLossService,
    private readonly alarms: Pick<AlarmEvaluator, 'raiseServerAlarm' | 'recoverServerAlarm'>,
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Rules

  private scope(ctx: StaffCtx): SQL[] {
    return staffScope(ctx, { tenant: lineLossRule.tenantId, ou: lineLossConfig.ouId });
  }

  private query(ctx: StaffCtx) {
    return ctx.tx
      .select({ r: lineLossRule, configName: lineLossConfig.name, ouId: lineLossConfig.ouId })
      .from(lineLossRule)
      .innerJoin(lineLossConfig, eq(lineLossConfig.id, lineLossRule.configId))
      .$dynamic();
  }

  private row({ r, configName, ouId }: { r: typeof lineLossRule.$inferSelect; configName: string; ouId: number }): RuleRow {
    return {
      id: r.id,
      name: r.name,
      configId: r.configId,
      configName,
      ouId,
      thresholdPercent: percentOf(r.thresholdPpm),
      periods: r.periods,
      timeLevel: r.timeLevel,
      level: r.level,
      enabled: r.enabled,
      state: r.state,
      alarmId: r.alarmId,
      lastPeriod: r.lastPeriod,
      lastRate: r.lastRate == null ? null : Number(r.lastRate),
      evaluatedAt: r.evaluatedAt?.getTime() ?? null,
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
    };
  }

  private ruleList(ctx: StaffCtx, input: RuleFilter) {
    return list(ctx.tx, {
      query: () => this.query(ctx),
      where: [
        ...this.scope(ctx),
        ...where(input, {
          name: contains(lineLossRule.name),
          configId: equals(lineLossRule.configId),
          enabled: equals(lineLossRule.enabled),
          state: equals(lineLossRule.state) as (v: string) => SQL,
        }),
      ],
      order: [desc(lineLossRule.id)],
    });
  }

  async page(ctx: StaffCtx, input: RuleFilter & { pageSize: number; pageOffset: number }) {
    return this.ruleList(ctx, input).page(input, async (rows) => rows.map((r) => this.row(r)));
  }

  /** The filtered rules as XLSX or CSV, newest first. */
  async export(ctx: StaffCtx, input: RuleFilter & ExportInput, http: Http) {
    const batches = this.ruleList(ctx, input).batches(async (rows) => rows.map((r) => this.row(r)));
    return sendList(ctx, input, http, { name: 'line-loss-rules', sheet: LINE_LOSS_RULE_SHEET, columns: LINE_LOSS_RULE_COLUMNS, batches });
  }

  async detail(ctx: StaffCtx, id: number): Promise<RuleRow> {
    const [row] = await this.query(ctx).where(and(eq(lineLossRule.id, id), ...this.scope(ctx)));
    if (!row) throw notFound(`Line-loss alarm rule ${id}`);
    return this.row(row);
  }

  private values(input: RuleBody) {
    return {
      name: input.name,
      configId: input.configId,
      thresholdPpm: ppmOf(input.thresholdPercent),
      periods: input.periods,
      timeLevel: input.timeLevel,
      level: input.level,
      enabled: input.enabled,
      // evaluated afresh with the new terms
      lastPeriod: null,
      lastRate: null,
      evaluatedAt: null,
      updatedAt: new Date(),
    };
  }

  /** After the call's transaction: evaluates the rule at once (a failure is logged, the call stands). */
  private evaluateAfter(ctx: StaffCtx, ruleId: number) {
    ctx.defer(async () => {
      await this.evaluate({ ruleIds: [ruleId] }).catch((error: unknown) =>
        this.log.error({ err: error, ruleId }, 'line loss: evaluation failed'),
      );
    });
  }

  async create(ctx: StaffCtx, input: RuleBody) {
    await this.configs.detail(ctx, input.configId).catch(() => {
      throw notFound(`Line-loss configuration ${input.configId}`);
    });
    const [row] = await ctx.tx
      .insert(lineLossRule)
      .values({ ...this.values(input), tenantId: ctx.staff.tenantId })
      .returning({ id: lineLossRule.id });
    this.evaluateAfter(ctx, row!.id);
    return this.detail(ctx, row!.id);
  }

  async update(ctx: StaffCtx, input: RuleBody & { id: number }) {
    await this.detail(ctx, input.id);
    await this.configs.detail(ctx, input.configId);
    await ctx.tx.update(lineLossRule).set(this.values(input)).where(eq(lineLossRule.id, input.id));
    this.evaluateAfter(ctx, input.id);
    return this.detail(ctx, input.id);
  }

  async status(ctx: StaffCtx, input: { id: number; enabled: boolean }) {
    await this.detail(ctx, input.id);
    await ctx.tx.update(lineLossRule).set({ enabled: input.enabled, updatedAt: new Date() }).where(eq(lineLossRule.id, input.id));
    this.evaluateAfter(ctx, input.id);
    return this.detail(ctx, input.id);
  }

  /** Deletes a rule (its logs stay), then recovers the alarm it had raised, if any. */
  async delete(ctx: StaffCtx, id: number) {
    const rule = await this.detail(ctx, id);
    await ctx.tx.delete(lineLossRule).where(eq(lineLossRule.id, id));
    this.recoverAfter(ctx, rule.state === 'firing' ? [id] : [], 'the line-loss alarm rule was deleted');
    return { id };
  }

  /** After the call's transaction: recovers the alarms of these (deleted) rules. */
  private recoverAfter(ctx: StaffCtx, ruleIds: number[], remark: string) {
    const tenantId = ctx.staff.tenantId;
    ctx.defer(async () => {
      for (const targetId of ruleIds) await this.alarms.recoverServerAlarm({ tenantId, scene: SCENE, targetId, remark });
    });
  }

  /** Deletes a configuration with its rules, then recovers the alarms those rules had raised. */
  async deleteConfig(ctx: StaffCtx, id: number) {
    const firing = await ctx.tx
      .select({ id: lineLossRule.id })
      .from(lineLossRule)
      .where(and(eq(lineLossRule.configId, id), eq(lineLossRule.state, 'firing')));
    const answer = await this.configs.delete(ctx, id);
    this.recoverAfter(
      ctx,
      firing.map((r) => r.id),
      'the line-loss configuration was deleted',
    );
    return answer;
  }

  // ---------------------------------------------------------------------------------------------
  // Logs

  private logRow(l: typeof lineLossLog.$inferSelect): contract.LineLossLogRow {
    return {
      id: l.id,
      ruleId: l.ruleId,
      ruleName: l.ruleName,
      configId: l.configId,
      configName: l.configName,
      kind: l.kind,
      period: l.period,
      rate: l.rate == null ? null : Number(l.rate),
      thresholdPercent: percentOf(l.thresholdPpm),
      periods: l.periods,
      alarmId: l.alarmId,
      remark: l.remark,
      createdAt: l.createdAt.getTime(),
    };
  }

  private logList(ctx: StaffCtx, input: LogFilter) {
    return list(ctx.tx, {
      query: () => ctx.tx.select().from(lineLossLog).$dynamic(),
      where: [
        ...staffScope(ctx, { tenant: lineLossLog.tenantId, ou: lineLossLog.ouId }),
        ...where(input, {
          ruleId: equals(lineLossLog.ruleId),
          configId: equals(lineLossLog.configId),
          kind: equals(lineLossLog.kind) as (v: string) => SQL,
        }),
      ],
      order: [desc(lineLossLog.id)],
    });
  }

  async logPage(ctx: StaffCtx, input: LogFilter & { pageSize: number; pageOffset: number }) {
    return this.logList(ctx, input).page(input, async (rows) => rows.map((r) => this.logRow(r)));
  }

  /** The filtered logs as XLSX or CSV, newest first. */
  async logExport(ctx: StaffCtx, input: LogFilter & ExportInput, http: Http) {
    const batches = this.logList(ctx, input).batches(async (rows) => rows.map((r) => this.logRow(r)));
    return sendList(ctx, input, http, { name: 'line-loss-log', sheet: LINE_LOSS_LOG_SHEET, columns: LINE_LOSS_LOG_COLUMNS, batches });
  }

  async logDetail(ctx: StaffCtx, id: number) {
    const [row] = await ctx.tx
      .select()
      .from(lineLossLog)
      .where(and(eq(lineLossLog.id, id), ...staffScope(ctx, { tenant: lineLossLog.tenantId, ou: lineLossLog.ouId })));
    if (!row) throw notFound(`Line-loss alarm log ${id}`);
    return this.logRow(row);
  }

  // ---------------------------------------------------------------------------------------------
  // Evaluation (owner connection: every tenant)

  /** Evaluates the given rules, or every enabled or firing rule, at `now`; one evaluation at a time. */
  evaluate(opts: { now?: number; ruleIds?: number[] } = {}): Promise<RuleOutcome[]> {
    const run = this.queue.then(() => this.evaluateNow(opts.now ?? Date.now(), opts.ruleIds));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Evaluates every rule every `minutes` (unref'd); returns the stop. */
  start(minutes: number, log: Pick<FastifyBaseLogger, 'error'>): () => void {
    this.log = log;
    const timer = setInterval(() => {
      this.evaluate().catch((error: unknown) => log.error({ err: error }, 'line loss: evaluation failed'));
    }, minutes * 60_000);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async evaluateNow(now: number, ruleIds?: number[]): Promise<RuleOutcome[]> {
    const rules = await this.db
      .select({ r: lineLossRule, c: lineLossConfig, timeZone: tenant.timeZone })
      .from(lineLossRule)
      .innerJoin(lineLossConfig, eq(lineLossConfig.id, lineLossRule.configId))
      .innerJoin(tenant, eq(tenant.id, lineLossRule.tenantId))
      .where(ruleIds ? inArray(lineLossRule.id, ruleIds) : or(eq(lineLossRule.enabled, true), eq(lineLossRule.state, 'firing')));
    if (!rules.length) return [];
    const outputs = await this.db
      .select()
      .from(lineLossOutput)
      .where(
        inArray(
          lineLossOutput.configId,
          rules.map((x) => x.c.id),
        ),
      );
    const outcomes: RuleOutcome[] = [];
    for (const { r, c, timeZone } of rules) outcomes.push(await this.evaluateRule(now, r, c, timeZone, outputs));
    return outcomes;
  }

  private async evaluateRule(
    now: number,
    r: typeof lineLossRule.$inferSelect,
    c: typeof lineLossConfig.$inferSelect,
    timeZone: string,
    outputs: (typeof lineLossOutput.$inferSelect)[],
  ): Promise<RuleOutcome> {
    const current = periodOf(timeZone, now, r.timeLevel);
    const first = shiftPeriod(current, r.timeLevel, -r.periods);
    const figures = await lossPeriods(this.db, {
      tenantId: r.tenantId,
      kind: c.kind,
      inputId: (c.inputCircuitId ?? c.inputDeviceId)!,
      outputIds: outputs.filter((o) => o.configId === c.id).map((o) => (o.circuitId ?? o.deviceId)!),
      from: periodStart(timeZone, first),
      to: periodStart(timeZone, current),
      level: r.timeLevel,
      timeZone,
    });
    const last = figures[figures.length - 1]!;
    const periods: LineLossLogPeriod[] = figures.map((p) => ({ label: p.label, inputWh: p.inputWh, lossWh: p.lossWh, rate: p.rate }));
    const fire = r.enabled && figures.every((p) => exceeds(p, r.thresholdPpm));
    const logBase = {
      tenantId: r.tenantId,
      ouId: c.ouId,
      ruleId: r.id,
      ruleName: r.name,
      configId: c.id,
      configName: c.name,
      period: last.label,
      rate: rateText(last.rate),
      thresholdPpm: r.thresholdPpm,
      periods,
    };
    let action: RuleOutcome['action'] = 'none';
    let state = r.state;
    let alarmId = r.alarmId;
    if (r.state === 'normal' && fire) {
      const unit = r.timeLevel === 'day' ? 'days' : 'months';
      const content = `Line loss of ${c.name}: ${pct(last.rate)} above ${percentOf(r.thresholdPpm)} % in ${r.periods} consecutive ${unit} (${figures[0]!.label} to ${last.label})`;
      alarmId =
        (await this.alarms.raiseServerAlarm({
          tenantId: r.tenantId,
          scene: SCENE,
          targetId: r.id,
          ouId: c.ouId,
          name: c.name,
          level: r.level,
          content,
        })) ?? (await this.activeAlarm(r.id));
      state = 'firing';
      action = 'raised';
      await this.db.insert(lineLossLog).values({ ...logBase, kind: 'raised', alarmId, remark: content });
    } else if (r.state === 'firing' && (!r.enabled || !exceeds(last, r.thresholdPpm))) {
      const remark = r.enabled ? `the rate fell back to ${pct(last.rate)} in ${last.label}` : 'the rule was disabled';
      await this.alarms.recoverServerAlarm({ tenantId: r.tenantId, scene: SCENE, targetId: r.id, remark });
      action = 'recovered';
      await this.db.insert(lineLossLog).values({ ...logBase, kind: 'recovered', alarmId, remark });
      state = 'normal';
      alarmId = null;
    }
    await this.db
      .update(lineLossRule)
      .set({ state, alarmId, lastPeriod: last.label, lastRate: rateText(last.rate), evaluatedAt: new Date(now) })
      .where(eq(lineLossRule.id, r.id));
    return { ruleId: r.id, action, period: last.label, alarmId: action === 'recovered' ? r.alarmId : alarmId };
  }

  private async activeAlarm(ruleId: number): Promise<number | null> {
    const [row] = await rowsOf<{ id: number }>(
      this.db,
      sql`select id from alarm_log where source = 'server' and scene_type = ${SCENE} and target_id = ${ruleId} and state = 0 order by id desc limit 1`,
    );
    return row ? Number(row.id) : null;
  }
}
