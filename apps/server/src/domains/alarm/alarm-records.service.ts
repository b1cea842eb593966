import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { alarm as contract, type InputOf } from '@energy/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { langOf } from '../../excel/columns.js';
import { sendExport, upTo } from '../../excel/export.js';
import { invalid } from '../../plugins/errors.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { ALARM_COLUMNS, ALARM_SHEET } from './alarm-export.js';
import { alarmLog } from './alarm.schema.js';
import { DAY_MS, STATISTICS_DAYS, countByLevel, detailRow, pageRows, readBy, rowBatches, whereOf, type Filter } from './alarm-rows.js';

function recordFilter(input: Omit<InputOf<typeof contract.alarmLogExport>, 'format' | 'lang'>): Filter {
  return {
    ouId: input.ouId,
    deviceCode: input.deviceCode,
    deviceName: input.deviceName,
    circuitName: input.circuitName,
    distributionCabinetId: input.distributionCabinetId,
    state: input.state,
    levels: input.alarmLevels,
    source: input.source,
    read: input.read === undefined ? undefined : input.read === 'true',
    from: input.alarmStartTime,
    to: input.alarmEndTime,
  };
}

/** The record list (spec 002, rule/device/alarm/log): page, detail, XLSX/CSV export, statistics. */
export class AlarmRecordsService {
  recordPage(ctx: StaffCtx, input: InputOf<typeof contract.alarmLogPage>) {
    return pageRows(ctx, recordFilter(input), input.page, input.size);
  }

  /** A page of the alarms of some devices (a PV station's outline, docs/pv-analytics.md), newest first. */
  devicesPage(ctx: StaffCtx, f: Pick<Filter, 'deviceIds' | 'deviceId' | 'state' | 'levels'>, page: number, size: number) {
    return pageRows(ctx, f, page, size);
  }

  /** Total and active alarms per level of some devices (every level, zeros included). */
  devicesCount(ctx: StaffCtx, deviceIds: number[]) {
    return countByLevel(ctx, whereOf(ctx, { deviceIds }));
  }

  /** The devices among `deviceIds` with active alarms: how many, the most severe level (0 highest), the latest time. */
  async activeByDevice(ctx: StaffCtx, deviceIds: number[]) {
    const rows = await ctx.tx
      .select({
        deviceId: alarmLog.deviceId,
        active: sql<number>`count(*)::int`,
        highestLevel: sql<number>`min(${alarmLog.level})::int`,
        latest: sql<string>`max(${alarmLog.alarmTime})`,
      })
      .from(alarmLog)
      .where(whereOf(ctx, { deviceIds, state: 0 }))
      .groupBy(alarmLog.deviceId);
    return rows.map((r) => ({
      deviceId: Number(r.deviceId),
      active: Number(r.active),
      highestLevel: Number(r.highestLevel),
      latestAlarmTime: new Date(r.latest).toISOString(),
    }));
  }

  /** A visible alarm, or 404 (another tenant's, or of an OU the staff does not see, answers the same). */
  detail(ctx: StaffCtx, input: { id: number }) {
    return detailRow(ctx, input.id);
  }

  /** The filtered records as XLSX or CSV, newest first, at most ALARM_EXPORT_MAX_ROWS, read and written in batches. */
  async export(ctx: StaffCtx, input: InputOf<typeof contract.alarmLogExport>, http: { req: FastifyRequest; reply: FastifyReply }) {
    return sendExport(http.reply, {
      name: 'alarm-records',
      sheet: ALARM_SHEET,
      columns: ALARM_COLUMNS,
      lang: langOf(http.req, input.lang),
      timeZone: await tenantTimeZone(ctx),
      format: input.format,
      batches: upTo(rowBatches(ctx, whereOf(ctx, recordFilter(input))), contract.ALARM_EXPORT_MAX_ROWS),
    });
  }

  /** Counts over a period (default the last 30 days): by state and level, unread by this staff, per local day. */
  async statistics(ctx: StaffCtx, input: InputOf<typeof contract.alarmLogStatistics>) {
    const to = input.alarmEndTime ? new Date(input.alarmEndTime) : new Date();
    const from = input.alarmStartTime ? new Date(input.alarmStartTime) : new Date(to.getTime() - STATISTICS_DAYS * DAY_MS);
    if (!(to > from)) throw invalid('query.alarmEndTime', 'must be after alarmStartTime');
    const where = whereOf(ctx, { ouId: input.ouId, from: from.toISOString(), to: to.toISOString() });
    const [{ tz }] = (await ctx.tx.select({ tz: tenant.timeZone }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId))) as [
      { tz: string },
    ];
    const [totals] = await ctx.tx
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${alarmLog.state} = 0))::int`,
        unread: sql<number>`(count(*) filter (where not ${readBy(ctx)}))::int`,
      })
      .from(alarmLog)
      .where(where);
    const byLevel = await countByLevel(ctx, where);
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
      byLevel,
      byDay: days.map((d) => ({ date: d.date, total: Number(d.total) })),
    };
  }
}
