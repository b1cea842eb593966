import { alarm as contract, type BodyOf, type InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { contains, equals, isIn, list, since, until, where, type RowOf } from '../../db/list.js';
import type { Db } from '../../db/client.js';
import { langOf } from '../../excel/columns.js';
import { sendExport, upTo } from '../../excel/export.js';
import type { StaffCtx } from '../../plugins/context.js';
import { sendCsv } from '../../plugins/csv.js';
import { invalid, notFound } from '../../plugins/errors.js';
import type { DevicesService } from '../devices/devices.service.js';
import { ou } from '../ou/ou.schema.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { alarmLog, alarmWorkOrder } from './alarm.schema.js';
import { WORK_ORDER_COLUMNS, WORK_ORDER_SHEET } from './alarm-export.js';
import { detailRow, scope } from './alarm-rows.js';

type AlarmLogRow = contract.AlarmLogRow;

const workOrderOf = (w: typeof alarmWorkOrder.$inferSelect) => ({
  id: w.id,
  alarmId: w.alarmId,
  title: w.title,
  content: w.content,
  assignee: w.assignee,
  createdBy: w.createdBy,
  createdAt: w.createdAt.toISOString(),
});

type WorkOrderFilter = Omit<InputOf<typeof contract.alarmWorkOrderExport>, 'format' | 'lang'>;

/** A work order with its alarm (inner join: a work order is always of an alarm) and the alarm's OU name. */
const selectWorkOrders = (tx: Db) =>
  tx
    .select({ w: alarmWorkOrder, a: alarmLog, ouName: ou.name })
    .from(alarmWorkOrder)
    .innerJoin(alarmLog, and(eq(alarmLog.id, alarmWorkOrder.alarmId), eq(alarmLog.tenantId, alarmWorkOrder.tenantId)))
    .leftJoin(ou, eq(ou.id, alarmLog.ouId))
    .$dynamic();

const tenantWorkOrderRows = (rows: RowOf<ReturnType<typeof selectWorkOrders>>[]): contract.TenantWorkOrderRow[] =>
  rows.map(({ w, a, ouName }) => ({
    ...workOrderOf(w),
    alarmLevel: a.level,
    alarmState: a.state === 0 ? 0 : 1,
    alarmTime: a.alarmTime.toISOString(),
    ruleName: a.ruleName,
    deviceId: a.deviceId,
    deviceCode: a.deviceCode,
    deviceName: a.deviceName,
    ouName: ouName ?? null,
  }));

/**
 * The work orders of the alarms the staff sees (the alarm list's scope: its tenants, its OUs), filtered,
 * newest first. The creation range is checked here so that a reversed range is named, not silently empty.
 */
function workOrderList(ctx: StaffCtx, input: WorkOrderFilter) {
  if (input.createdStartTime && input.createdEndTime && Date.parse(input.createdEndTime) < Date.parse(input.createdStartTime))
    throw invalid('query.createdEndTime', 'must not be before createdStartTime');
  const filters: SQL[] = where(input, {
    ouId: equals(alarmLog.ouId),
    deviceId: equals(alarmLog.deviceId),
    deviceCode: contains(alarmLog.deviceCode),
    keyword: contains(alarmWorkOrder.title, alarmWorkOrder.content),
    assignee: contains(alarmWorkOrder.assignee),
    state: equals(alarmLog.state),
    alarmLevels: isIn(alarmLog.level),
    createdStartTime: since(alarmWorkOrder.createdAt),
    createdEndTime: until(alarmWorkOrder.createdAt),
  });
  return list(ctx.tx, {
    query: () => selectWorkOrders(ctx.tx),
    where: [...scope(ctx), ...filters],
    order: [desc(alarmWorkOrder.createdAt), desc(alarmWorkOrder.id)],
  });
}

/** An hour before the alarm to an hour after its recovery (or now), at most 24 h. */
function windowOf(alarm: AlarmLogRow) {
  const from = Date.parse(alarm.alarmTime) - contract.ALARM_WINDOW_BEFORE_MS;
  const end = (alarm.recoverTime ? Date.parse(alarm.recoverTime) : Date.now()) + contract.ALARM_WINDOW_AFTER_MS;
  return { from, to: Math.min(end, from + contract.ALARM_WINDOW_MAX_MS) };
}

/** An alarm's work orders, its device's properties and their readings around the alarm (spec 002). */
export class AlarmWorkOrdersService {
  constructor(
    private readonly devices: DevicesService,
    private readonly telemetry: TelemetryService,
  ) {}

  async workOrders(ctx: StaffCtx, input: { id: number }) {
    const alarm = await detailRow(ctx, input.id);
    const rows = await ctx.tx
      .select()
      .from(alarmWorkOrder)
      .where(and(eq(alarmWorkOrder.alarmId, alarm.id), eq(alarmWorkOrder.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(alarmWorkOrder.createdAt), asc(alarmWorkOrder.id));
    return rows.map(workOrderOf);
  }

  /** The tenant's work orders (the "Work orders" page), newest first. */
  workOrderPage(ctx: StaffCtx, input: InputOf<typeof contract.alarmWorkOrderPage>) {
    const { page, size, ...filter } = input;
    return workOrderList(ctx, filter).page({ pageSize: size, pageOffset: page }, tenantWorkOrderRows);
  }

  /** The same filtered work orders as XLSX or CSV, times in the tenant's zone, at most ALARM_EXPORT_MAX_ROWS. */
  async workOrderExport(
    ctx: StaffCtx,
    input: InputOf<typeof contract.alarmWorkOrderExport>,
    http: { req: FastifyRequest; reply: FastifyReply },
  ) {
    const { format, lang, ...filter } = input;
    const rows = workOrderList(ctx, filter);
    return sendExport(http.reply, {
      name: 'work-orders',
      sheet: WORK_ORDER_SHEET,
      columns: WORK_ORDER_COLUMNS,
      lang: langOf(http.req, lang),
      timeZone: await tenantTimeZone(ctx),
      format,
      batches: upTo(rows.batches(tenantWorkOrderRows), contract.ALARM_EXPORT_MAX_ROWS),
    });
  }

  async createWorkOrder(ctx: StaffCtx, input: BodyOf<typeof contract.alarmWorkOrderCreate>) {
    const alarm = await detailRow(ctx, input.alarmId);
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
    return workOrderOf(row!);
  }

  /** The alarm's device (404 when it was deleted or is no longer in the staff's OUs) and its properties, the triggering one first. */
  private async deviceProperties(ctx: StaffCtx, alarm: AlarmLogRow) {
    if (alarm.deviceId === null) throw notFound(`The device of alarm ${alarm.id}`);
    const device = await this.devices.visible(ctx, alarm.deviceId);
    const properties = (await this.devices.propertiesOfDevice(ctx, device)).map((p) => ({ ...p, triggering: p.id === alarm.propertyId }));
    properties.sort((a, b) => Number(b.triggering) - Number(a.triggering));
    return { device, properties };
  }

  async relatedProperties(ctx: StaffCtx, input: { id: number }) {
    const alarm = await detailRow(ctx, input.id);
    if (alarm.deviceId === null) return [];
    return (await this.deviceProperties(ctx, alarm)).properties;
  }

  async relatedPropertyValues(ctx: StaffCtx, input: { id: number }) {
    const alarm = await detailRow(ctx, input.id);
    if (alarm.deviceId === null) return [];
    const { device, properties } = await this.deviceProperties(ctx, alarm);
    const values = await this.telemetry.valuesAt(ctx, { deviceId: device.id, at: Date.parse(alarm.alarmTime) });
    return properties.map((p) => {
      const v = values.find((x) => x.id === p.id);
      return { ...p, value: v?.value ?? null, ts: v?.ts == null ? null : new Date(v.ts).toISOString() };
    });
  }

  async pointList(ctx: StaffCtx, input: { id: number; dataPropertyId?: number }) {
    const alarm = await detailRow(ctx, input.id);
    const { device, properties } = await this.deviceProperties(ctx, alarm);
    const property = input.dataPropertyId ? properties.find((p) => p.id === input.dataPropertyId) : properties[0];
    if (!property) {
      if (input.dataPropertyId) throw invalid('query.dataPropertyId', "is not a property of the alarm's device");
      throw notFound(`A property of ${device.code}`);
    }
    const { from, to } = windowOf(alarm);
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
    const alarm = await detailRow(ctx, input.id);
    const { device, properties } = await this.deviceProperties(ctx, alarm);
    const { from, to } = windowOf(alarm);
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
}
