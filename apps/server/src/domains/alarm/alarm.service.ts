import { alarm as contract, type BodyOf, type InputOf } from '@energy/contracts';
import type { FastifyReply } from 'fastify';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { containing } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import type { DevicesService } from '../devices/devices.service.js';
import { ou } from '../ou/ou.schema.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { alarmLog, alarmPush, alarmWorkOrder } from './alarm.schema.js';
import type { AlarmEvaluator, ServerAlarmInput } from './evaluator.js';

type AlarmRow = typeof alarmLog.$inferSelect;
type AlarmLogRow = contract.AlarmLogRow;

/** What the record list, the export, the statistics and the signboard filter on. */
interface Filter {
  ouId?: number;
  deviceId?: number;
  deviceCode?: string;
  /** The signboard's name for the device code (both given: both must match). */
  assetCode?: string;
  deviceName?: string;
  /** A device category or type key. */
  assetType?: string;
  /** Text in the rule name or the content. */
  text?: string;
  state?: 0 | 1;
  levels?: number[];
  source?: 'rule' | 'server';
  read?: boolean;
  from?: string;
  to?: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
const STATISTICS_DAYS = 30;

/** One CSV field: quoted when needed; a leading =, +, - or @ is neutralised so spreadsheets do not run it. */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function sendCsv(reply: FastifyReply, name: string, header: string[], rows: unknown[][]) {
  const lines = [header.map(csvField).join(','), ...rows.map((r) => r.map(csvField).join(','))];
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send('\ufeff' + lines.join('\r\n') + '\r\n');
}

const EXPORT_COLUMNS: [string, (r: AlarmLogRow) => unknown][] = [
  ['id', (r) => r.id],
  ['alarmTime', (r) => r.alarmTime],
  ['level', (r) => r.level],
  ['state', (r) => (r.state === 0 ? 'active' : 'recovered')],
  ['source', (r) => r.source],
  ['sceneType', (r) => r.sceneType],
  ['ruleName', (r) => r.ruleName],
  ['deviceCode', (r) => r.deviceCode],
  ['deviceName', (r) => r.deviceName],
  ['deviceType', (r) => r.deviceTypeName],
  ['ou', (r) => r.ouName],
  ['property', (r) => r.propertyName],
  ['condition', (r) => r.condition],
  ['threshold', (r) => r.threshold],
  ['triggerValue', (r) => r.triggerValue],
  ['unit', (r) => r.unit],
  ['content', (r) => r.content],
  ['recoverTime', (r) => r.recoverTime],
  ['recoveredBy', (r) => r.recoveredBy],
  ['recoverRemark', (r) => r.recoverRemark],
  ['read', (r) => r.read],
  ['workOrders', (r) => r.workOrderCount],
];

/**
 * Alarm records (device and server alarms), the bell, read state (per staff), work orders, statistics,
 * exports, the fault signboard and manual recovery. Every query is scoped to the staff's tenant and,
 * unless its role sees every OU, to the alarms of its OUs (an alarm belongs to its device's OU when
 * raised). Raising and auto-recovery are the evaluator's (evaluator.ts).
 */
export class AlarmService {
  constructor(
    private readonly evaluator: AlarmEvaluator,
    private readonly devices: DevicesService,
    private readonly telemetry: TelemetryService,
  ) {}

  // --- for other domains (strategy delivery) and tests

  /** Raises a server alarm (scene and target) unless one is active; pushes it. Call outside a request's transaction (ctx.defer). */
  raiseServerAlarm(input: ServerAlarmInput) {
    return this.evaluator.raiseServerAlarm(input);
  }

  recoverServerAlarm(input: Parameters<AlarmEvaluator['recoverServerAlarm']>[0]) {
    return this.evaluator.recoverServerAlarm(input);
  }

  /** Resolves once the readings committed so far have been evaluated. */
  settled() {
    return this.evaluator.settled();
  }

  /** Runs the data-delay check now (it also runs periodically), as if it were `now`. */
  checkDataDelays(now?: number) {
    return this.evaluator.checkDataDelays(now);
  }

  // --- scope and rows

  private scope(ctx: StaffCtx): SQL[] {
    const where: SQL[] = [eq(alarmLog.tenantId, ctx.staff.tenantId)];
    if (!ctx.staff.allOus) where.push(ctx.staff.ouIds.length ? inArray(alarmLog.ouId, [...ctx.staff.ouIds]) : sql`false`);
    return where;
  }

  private readBy(ctx: StaffCtx) {
    return sql`exists (select 1 from alarm_push p where p.alarm_id = ${alarmLog.id} and p.staff_id = ${ctx.staff.id} and p.read_at is not null)`;
  }

  private where(ctx: StaffCtx, f: Filter): SQL {
    const where = this.scope(ctx);
    if (f.ouId) where.push(eq(alarmLog.ouId, f.ouId));
    if (f.deviceId) where.push(eq(alarmLog.deviceId, f.deviceId));
    if (f.deviceCode) where.push(ilike(alarmLog.deviceCode, containing(f.deviceCode)));
    if (f.assetCode) where.push(ilike(alarmLog.deviceCode, containing(f.assetCode)));
    if (f.deviceName) where.push(ilike(alarmLog.deviceName, containing(f.deviceName)));
    if (f.text) where.push(or(ilike(alarmLog.ruleName, containing(f.text)), ilike(alarmLog.content, containing(f.text)))!);
    if (f.assetType)
      where.push(sql`exists (select 1 from device d join device_type t on t.id = d.device_type_id join device_category c on c.id = t.category_id
                             where d.id = ${alarmLog.deviceId} and (t.key = ${f.assetType} or c.key = ${f.assetType}))`);
    if (f.state !== undefined) where.push(eq(alarmLog.state, f.state));
    if (f.levels?.length) where.push(inArray(alarmLog.level, f.levels));
    if (f.source) where.push(eq(alarmLog.source, f.source));
    if (f.read !== undefined) where.push(f.read ? this.readBy(ctx) : sql`not ${this.readBy(ctx)}`);
    if (f.from) where.push(gte(alarmLog.alarmTime, new Date(f.from)));
    if (f.to) where.push(lte(alarmLog.alarmTime, new Date(f.to)));
    return and(...where)!;
  }

  private async rows(ctx: StaffCtx, where: SQL, opts: { limit: number; offset?: number; activeFirst?: boolean }): Promise<AlarmLogRow[]> {
    const rows = await ctx.tx
      .select({
        a: alarmLog,
        ouName: ou.name,
        read: sql<boolean>`${this.readBy(ctx)}`,
        workOrderCount: sql<number>`(select count(*)::int from alarm_work_order w where w.alarm_id = ${alarmLog.id})`,
      })
      .from(alarmLog)
      .leftJoin(ou, eq(ou.id, alarmLog.ouId))
      .where(where)
      .orderBy(...(opts.activeFirst ? [asc(alarmLog.level)] : []), desc(alarmLog.alarmTime), desc(alarmLog.id))
      .limit(opts.limit)
      .offset(opts.offset ?? 0);
    return rows.map(({ a, ouName, read, workOrderCount }) => this.rowOf(a, ouName ?? null, read === true, Number(workOrderCount)));
  }

  private rowOf(a: AlarmRow, ouName: string | null, read: boolean, workOrderCount: number): AlarmLogRow {
    return {
      id: a.id,
      source: a.source,
      sceneType: a.sceneType ?? null,
      level: a.level,
      state: a.state === 0 ? 0 : 1,
      ruleId: a.ruleId,
      ruleName: a.ruleName,
      deviceId: a.deviceId,
      deviceCode: a.deviceCode,
      deviceName: a.deviceName,
      deviceTypeName: a.deviceTypeName,
      ouId: a.ouId,
      ouName,
      propertyId: a.propertyId,
      propertyKey: a.propertyKey,
      propertyName: a.propertyName,
      unit: a.unit,
      condition: a.condition ?? null,
      threshold: a.threshold,
      triggerValue: a.triggerValue,
      content: a.content,
      alarmTime: a.alarmTime.toISOString(),
      recoverTime: iso(a.recoverTime),
      recoveredBy: a.recoveredBy ?? null,
      recoverRemark: a.recoverRemark,
      read,
      workOrderCount,
    };
  }

  private async page(ctx: StaffCtx, f: Filter, page: number, size: number) {
    const where = this.where(ctx, f);
    const [{ total }] = (await ctx.tx.select({ total: count() }).from(alarmLog).where(where)) as [{ total: number }];
    const list = await this.rows(ctx, where, { limit: size, offset: (page - 1) * size });
    return { list, totalCount: Number(total), pageSize: size, pageOffset: page };
  }

  /** A visible alarm, or 404 (another tenant's, or of an OU the staff does not see, answers the same). */
  async detail(ctx: StaffCtx, input: { id: number }): Promise<AlarmLogRow> {
    const [row] = await this.rows(ctx, and(eq(alarmLog.id, input.id), ...this.scope(ctx))!, { limit: 1 });
    if (!row) throw notFound(`Alarm ${input.id}`);
    return row;
  }

  // --- the record list (spec 002, rule/device/alarm/log)

  private recordFilter(input: InputOf<typeof contract.alarmLogExport>): Filter {
    return {
      ouId: input.ouId,
      deviceCode: input.deviceCode,
      deviceName: input.deviceName,
      state: input.state,
      levels: input.alarmLevels,
      source: input.source,
      read: input.read === undefined ? undefined : input.read === 'true',
      from: input.alarmStartTime,
      to: input.alarmEndTime,
    };
  }

  recordPage(ctx: StaffCtx, input: InputOf<typeof contract.alarmLogPage>) {
    return this.page(ctx, this.recordFilter(input), input.page, input.size);
  }

  /** The filtered records as CSV (UTF-8 with BOM), newest first, at most ALARM_EXPORT_MAX_ROWS. */
  async exportCsv(ctx: StaffCtx, input: InputOf<typeof contract.alarmLogExport>, reply: FastifyReply) {
    const rows = await this.rows(ctx, this.where(ctx, this.recordFilter(input)), { limit: contract.ALARM_EXPORT_MAX_ROWS });
    return sendCsv(
      reply,
      'alarm-records',
      EXPORT_COLUMNS.map(([name]) => name),
      rows.map((r) => EXPORT_COLUMNS.map(([, value]) => value(r))),
    );
  }

  /** Marks alarms read for the signed-in staff (a push row is made when it had none); answers how many were unread. */
  async markRead(ctx: StaffCtx, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const visible = new Set(
      (
        await ctx.tx
          .select({ id: alarmLog.id })
          .from(alarmLog)
          .where(and(inArray(alarmLog.id, unique), ...this.scope(ctx)))
      ).map((r) => r.id),
    );
    const missing = unique.find((id) => !visible.has(id));
    if (missing !== undefined) throw notFound(`Alarm ${missing}`);
    const [{ n }] = (await ctx.tx
      .select({ n: count() })
      .from(alarmPush)
      .where(and(eq(alarmPush.staffId, ctx.staff.id), inArray(alarmPush.alarmId, unique), sql`${alarmPush.readAt} is not null`))) as [
      { n: number },
    ];
    await ctx.tx.execute(sql`
      insert into alarm_push (tenant_id, staff_id, alarm_id, read_at)
      select ${ctx.staff.tenantId}::uuid, ${ctx.staff.id}::int, a, now() from unnest(${sql.param(unique)}::int[]) as a
      on conflict (staff_id, alarm_id) do update set read_at = coalesce(alarm_push.read_at, excluded.read_at)`);
    return unique.length - Number(n);
  }

  async readOne(ctx: StaffCtx, input: { id: number }) {
    await this.markRead(ctx, [input.id]);
    return true;
  }

  async batchRead(ctx: StaffCtx, input: { ids: number[] }) {
    return { read: await this.markRead(ctx, input.ids) };
  }

  /** Counts over a period (default the last 30 days): by state and level, unread by this staff, per local day. */
  async statistics(ctx: StaffCtx, input: InputOf<typeof contract.alarmLogStatistics>) {
    const to = input.alarmEndTime ? new Date(input.alarmEndTime) : new Date();
    const from = input.alarmStartTime ? new Date(input.alarmStartTime) : new Date(to.getTime() - STATISTICS_DAYS * DAY_MS);
    if (!(to > from)) throw invalid('query.alarmEndTime', 'must be after alarmStartTime');
    const where = this.where(ctx, { ouId: input.ouId, from: from.toISOString(), to: to.toISOString() });
    const [{ tz }] = (await ctx.tx.select({ tz: tenant.timeZone }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId))) as [
      { tz: string },
    ];
    const [totals] = await ctx.tx
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${alarmLog.state} = 0))::int`,
        unread: sql<number>`(count(*) filter (where not ${this.readBy(ctx)}))::int`,
      })
      .from(alarmLog)
      .where(where);
    const levels = await ctx.tx
      .select({
        level: alarmLog.level,
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${alarmLog.state} = 0))::int`,
      })
      .from(alarmLog)
      .where(where)
      .groupBy(alarmLog.level);
    const day = sql<string>`to_char((${alarmLog.alarmTime} at time zone ${tz}::text)::date, 'YYYY-MM-DD')`;
    const days = await ctx.tx
      .select({ date: day, total: sql<number>`count(*)::int` })
      .from(alarmLog)
      .where(where)
      // by position: the zone is a parameter, and two copies of it would not be the same expression
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const total = Number(totals?.total ?? 0);
    const active = Number(totals?.active ?? 0);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      total,
      active,
      recovered: total - active,
      unread: Number(totals?.unread ?? 0),
      byLevel: this.byLevel(levels),
      byDay: days.map((d) => ({ date: d.date, total: Number(d.total) })),
    };
  }

  private byLevel(rows: { level: number; total: number; active: number }[]) {
    return contract.ALARM_LEVELS.map((level) => {
      const r = rows.find((x) => Number(x.level) === level);
      return { level, total: Number(r?.total ?? 0), active: Number(r?.active ?? 0) };
    });
  }

  // --- work orders

  async workOrders(ctx: StaffCtx, input: { id: number }) {
    const alarm = await this.detail(ctx, input);
    const rows = await ctx.tx
      .select()
      .from(alarmWorkOrder)
      .where(and(eq(alarmWorkOrder.alarmId, alarm.id), eq(alarmWorkOrder.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(alarmWorkOrder.createdAt), asc(alarmWorkOrder.id));
    return rows.map((w) => this.workOrderOf(w));
  }

  private workOrderOf(w: typeof alarmWorkOrder.$inferSelect) {
    return {
      id: w.id,
      alarmId: w.alarmId,
      title: w.title,
      content: w.content,
      assignee: w.assignee,
      createdBy: w.createdBy,
      createdAt: w.createdAt.toISOString(),
    };
  }

  async createWorkOrder(ctx: StaffCtx, input: BodyOf<typeof contract.alarmWorkOrderCreate>) {
    const alarm = await this.detail(ctx, { id: input.alarmId });
    const [row] = await ctx.tx
      .insert(alarmWorkOrder)
      .values({
        tenantId: ctx.staff.tenantId,
        alarmId: alarm.id,
        title: input.title,
        content: input.content,
        assignee: input.assignee || null,
        createdByStaffId: ctx.staff.id,
        createdBy: `${ctx.user.name} (${ctx.staff.staffCode})`,
      })
      .returning();
    return this.workOrderOf(row!);
  }

  // --- related properties and readings around the alarm

  /** The alarm's device (404 when it was deleted or is no longer in the staff's OUs) and its properties, the triggering one first. */
  private async deviceProperties(ctx: StaffCtx, alarm: AlarmLogRow) {
    if (alarm.deviceId === null) throw notFound(`The device of alarm ${alarm.id}`);
    const device = await this.devices.visible(ctx, alarm.deviceId);
    const properties = (await this.devices.propertiesOfDevice(ctx, device)).map((p) => ({ ...p, triggering: p.id === alarm.propertyId }));
    properties.sort((a, b) => Number(b.triggering) - Number(a.triggering));
    return { device, properties };
  }

  async relatedProperties(ctx: StaffCtx, input: { id: number }) {
    const alarm = await this.detail(ctx, input);
    if (alarm.deviceId === null) return [];
    return (await this.deviceProperties(ctx, alarm)).properties;
  }

  async relatedPropertyValues(ctx: StaffCtx, input: { id: number }) {
    const alarm = await this.detail(ctx, input);
    if (alarm.deviceId === null) return [];
    const { device, properties } = await this.deviceProperties(ctx, alarm);
    const values = await this.telemetry.valuesAt(ctx, { deviceId: device.id, at: Date.parse(alarm.alarmTime) });
    return properties.map((p) => {
      const v = values.find((x) => x.id === p.id);
      return { ...p, value: v?.value ?? null, ts: v?.ts == null ? null : new Date(v.ts).toISOString() };
    });
  }

  /** An hour before the alarm to an hour after its recovery (or now), at most 24 h. */
  private windowOf(alarm: AlarmLogRow) {
    const from = Date.parse(alarm.alarmTime) - contract.ALARM_WINDOW_BEFORE_MS;
    const end = (alarm.recoverTime ? Date.parse(alarm.recoverTime) : Date.now()) + contract.ALARM_WINDOW_AFTER_MS;
    return { from, to: Math.min(end, from + contract.ALARM_WINDOW_MAX_MS) };
  }

  async pointList(ctx: StaffCtx, input: { id: number; dataPropertyId?: number }) {
    const alarm = await this.detail(ctx, input);
    const { device, properties } = await this.deviceProperties(ctx, alarm);
    const property = input.dataPropertyId ? properties.find((p) => p.id === input.dataPropertyId) : properties[0];
    if (!property) {
      if (input.dataPropertyId) throw invalid('query.dataPropertyId', "is not a property of the alarm's device");
      throw notFound(`A property of ${device.code}`);
    }
    const { from, to } = this.windowOf(alarm);
    const raw = await this.telemetry.raw(ctx, { deviceId: device.id, propertyKeys: [property.key], from, to, limit: 20_000 });
    return {
      property,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      alarmTime: alarm.alarmTime,
      recoverTime: alarm.recoverTime,
      points: (raw.properties[0]?.points ?? []).map((p) => ({ ts: new Date(p.ts).toISOString(), value: p.value })),
    };
  }

  /** Every property's readings around the alarm as CSV: the time, then one column per property. */
  async pointExport(ctx: StaffCtx, input: { id: number }, reply: FastifyReply) {
    const alarm = await this.detail(ctx, input);
    const { device, properties } = await this.deviceProperties(ctx, alarm);
    const { from, to } = this.windowOf(alarm);
    const raw = await this.telemetry.raw(ctx, { deviceId: device.id, propertyKeys: properties.map((p) => p.key), from, to, limit: 20_000 });
    const byTs = new Map<number, (number | null)[]>();
    raw.properties.forEach((p, i) => {
      for (const point of p.points) {
        let row = byTs.get(point.ts);
        if (!row) byTs.set(point.ts, (row = raw.properties.map(() => null)));
        row[i] = point.value;
      }
    });
    const header = ['time', ...raw.properties.map((p) => (p.unit ? `${p.name} (${p.unit})` : p.name))];
    const rows = [...byTs.entries()].sort(([a], [b]) => a - b).map(([ts, values]) => [new Date(ts).toISOString(), ...values]);
    return sendCsv(reply, `alarm-${alarm.id}-readings`, header, rows);
  }

  // --- the bell (spec 000, cors/)

  /** The staff's pushes of device alarms of one level (in OUs it still sees), newest first. */
  async pushPage(ctx: StaffCtx, input: { level: number; page: number; size: number }) {
    const where = and(
      eq(alarmPush.staffId, ctx.staff.id),
      eq(alarmLog.source, 'rule'),
      eq(alarmLog.level, input.level),
      ...this.scope(ctx),
    );
    const [{ total }] = (await ctx.tx
      .select({ total: count() })
      .from(alarmPush)
      .innerJoin(alarmLog, eq(alarmLog.id, alarmPush.alarmId))
      .where(where)) as [{ total: number }];
    const rows = await ctx.tx
      .select({ a: alarmLog, readAt: alarmPush.readAt })
      .from(alarmPush)
      .innerJoin(alarmLog, eq(alarmLog.id, alarmPush.alarmId))
      .where(where)
      .orderBy(desc(alarmLog.alarmTime), desc(alarmLog.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size);
    return {
      list: rows.map(({ a, readAt }) => ({
        alarmId: a.id,
        deviceId: a.deviceId,
        deviceName: a.deviceName ?? '',
        alarmTime: a.alarmTime.toISOString(),
        ruleName: a.ruleName,
        level: a.level,
        readState: readAt !== null,
      })),
      total: Number(total),
    };
  }

  // --- the fault signboard (spec 002, alarm-fault-signboard)

  private signboardFilter(input: InputOf<typeof contract.signboardAlarmCount>): Filter {
    return {
      deviceId: input.assetId,
      assetType: input.assetType,
      deviceCode: input.deviceCode,
      assetCode: input.assetCode,
      deviceName: input.deviceName,
      text: input.abnormalDiagnosis,
      state: input.state,
      levels: input.level === undefined ? undefined : [input.level],
      from: input.alarmStartTime,
      to: input.alarmEndTime,
    };
  }

  signboardPage(ctx: StaffCtx, input: InputOf<typeof contract.signboardAlarmPage>) {
    return this.page(ctx, this.signboardFilter(input), input.page, input.size);
  }

  async signboardCount(ctx: StaffCtx, input: InputOf<typeof contract.signboardAlarmCount>) {
    const where = this.where(ctx, this.signboardFilter(input));
    const levels = await ctx.tx
      .select({
        level: alarmLog.level,
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${alarmLog.state} = 0))::int`,
      })
      .from(alarmLog)
      .where(where)
      .groupBy(alarmLog.level);
    const byLevel = this.byLevel(levels);
    const total = byLevel.reduce((n, l) => n + l.total, 0);
    const active = byLevel.reduce((n, l) => n + l.active, 0);
    return { total, active, recovered: total - active, byLevel };
  }

  /** The staff's devices whose name or code contains `name`, with their active alarms: alarmed (most severe) first. */
  async signboardAssets(ctx: StaffCtx, input: { name?: string }) {
    const needle = input.name?.toLowerCase();
    const devices = (await this.devices.ouList(ctx)).filter(
      (d) => !needle || d.name.toLowerCase().includes(needle) || d.code.toLowerCase().includes(needle),
    );
    const active = await ctx.tx
      .select({ deviceId: alarmLog.deviceId, n: sql<number>`count(*)::int`, highest: sql<number>`min(${alarmLog.level})::int` })
      .from(alarmLog)
      .where(and(...this.scope(ctx), eq(alarmLog.state, 0), sql`${alarmLog.deviceId} is not null`))
      .groupBy(alarmLog.deviceId);
    const byDevice = new Map(active.map((a) => [a.deviceId!, a]));
    return devices
      .map((d) => {
        const a = byDevice.get(d.id);
        return {
          assetId: d.id,
          assetCode: d.code,
          assetName: d.name,
          assetType: d.categoryKey,
          assetTypeName: d.deviceTypeName,
          ouName: d.ouName,
          online: d.online,
          activeCount: Number(a?.n ?? 0),
          highestLevel: a ? Number(a.highest) : null,
        };
      })
      .sort(
        (x, y) =>
          (x.highestLevel ?? 99) - (y.highestLevel ?? 99) || y.activeCount - x.activeCount || x.assetCode.localeCompare(y.assetCode),
      );
  }

  /** Every active alarm (at most ALL_ALARM_MAX), most severe and newest first. */
  allActive(ctx: StaffCtx) {
    return this.rows(ctx, and(...this.scope(ctx), eq(alarmLog.state, 0))!, { limit: contract.ALL_ALARM_MAX, activeFirst: true });
  }

  /** The signboard shows the staff's own tenant: alarms follow the device registry, which is per tenant. */
  async tenantList(ctx: StaffCtx) {
    const rows = await ctx.tx.select({ mcid: tenant.id, name: tenant.name }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId));
    return rows;
  }

  monitoringRange() {
    const to = new Date();
    return { days: STATISTICS_DAYS, from: new Date(to.getTime() - STATISTICS_DAYS * DAY_MS).toISOString(), to: to.toISOString() };
  }

  /** Recovers an active alarm by hand (the fault is fixed); 40009 when it is already recovered. */
  async recover(ctx: StaffCtx, input: { id: number; remark?: string | null }) {
    const [row] = await ctx.tx
      .select({ id: alarmLog.id, state: alarmLog.state })
      .from(alarmLog)
      .where(and(eq(alarmLog.id, input.id), ...this.scope(ctx)))
      .for('update');
    if (!row) throw notFound(`Alarm ${input.id}`);
    if (row.state !== 0) throw conflict(`Alarm ${input.id} is already recovered`);
    await ctx.tx
      .update(alarmLog)
      .set({ state: 1, recoverTime: new Date(), recoveredBy: 'manual', recoverRemark: input.remark || null })
      .where(and(eq(alarmLog.id, row.id), eq(alarmLog.tenantId, ctx.staff.tenantId)));
    ctx.defer(async () => this.evaluator.alarmsRecovered([row.id]));
    return this.detail(ctx, { id: row.id });
  }
}
