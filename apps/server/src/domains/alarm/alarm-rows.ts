import { alarm as contract } from '@energy/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { contains, equals, flag, isIn, list, since, staffScope, until, where } from '../../db/list.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { notFound } from '../../plugins/errors.js';
import { ou } from '../ou/ou.schema.js';
import { alarmLog } from './alarm.schema.js';
import { containing } from '../../db/sql.js';

type AlarmRow = typeof alarmLog.$inferSelect;
type AlarmLogRow = contract.AlarmLogRow;

/**
 * The alarm rows every alarm call reads (records, bell, work orders, signboard): the staff's scope, the
 * filters, the row select and its mapping. Every query is scoped to the staff's tenant and, unless its
 * role sees every OU, to the alarms of its OUs (an alarm belongs to its device's OU when raised).
 */

/** What the record list, the export, the statistics and the signboard filter on. */
export interface Filter {
  ouId?: number;
  deviceId?: number;
  /** Alarms of any of these devices (a PV station's, docs/pv-analytics.md). */
  deviceIds?: number[];
  deviceCode?: string;
  /** The signboard's name for the device code (both given: both must match). */
  assetCode?: string;
  deviceName?: string;
  /** A device category or type key. */
  assetType?: string;
  /** Text in the rule name or the content. */
  text?: string;
  /** Text in the code or name of a circuit the alarm's device meters. */
  circuitName?: string;
  /** A distribution cabinet holding a circuit the alarm's device meters. */
  distributionCabinetId?: number;
  state?: 0 | 1;
  levels?: number[];
  source?: 'rule' | 'server';
  read?: boolean;
  from?: string;
  to?: string;
}

export const DAY_MS = 86_400_000;
export const STATISTICS_DAYS = 30;

/**
 * The alarms the staff sees: those of the tenants it works in (a channel staff's linked tenants too,
 * docs/platform-console.md), of its OUs unless it sees every OU. Changes (recover, work orders) stay in
 * its own tenant: row-level security lets it change no other tenant's alarm.
 */
export function scope(ctx: StaffCtx): SQL[] {
  return staffScope(ctx, { tenant: alarmLog.tenantId, ou: alarmLog.ouId, channel: true });
}

/** Has the signed-in staff read the alarm? */
export function readBy(ctx: StaffCtx) {
  return sql`exists (select 1 from alarm_push p where p.alarm_id = ${alarmLog.id} and p.staff_id = ${ctx.staff.id} and p.read_at is not null)`;
}

/** A device of this category or type key. */
const ofAssetType = (key: string) =>
  sql`exists (select 1 from device d join device_type t on t.id = d.device_type_id join device_category c on c.id = t.category_id
              where d.id = ${alarmLog.deviceId} and (t.key = ${key} or c.key = ${key}))`;

/** The alarm's device meters a circuit matching `condition` now (its binding in force, docs/circuits.md). */
const ofCircuit = (condition: SQL) =>
  sql`exists (select 1 from circuit_meter m join circuit c on c.id = m.circuit_id where m.device_id = ${alarmLog.deviceId} 
              and coalesce(m.starts_at, '-infinity') <= now() and now() < coalesce(m.ends_at, 'infinity') and ${condition})`;

export function whereOf(ctx: StaffCtx, f: Filter): SQL {
  const filters = where(f, {
    ouId: equals(alarmLog.ouId),
    deviceId: equals(alarmLog.deviceId),
    // one array parameter: a PV station has thousands of devices, `in ($1, …)` would plan each count anew
    deviceIds: (ids: number[]) => (ids.length ? sql`${alarmLog.deviceId} = any(${sql.param(ids)}::int[])` : sql`false`),
    deviceCode: contains(alarmLog.deviceCode),
    assetCode: contains(alarmLog.deviceCode),
    deviceName: contains(alarmLog.deviceName),
    text: contains(alarmLog.ruleName, alarmLog.content),
    assetType: ofAssetType,
    circuitName: (name: string) => ofCircuit(sql`(c.name ilike ${containing(name)} or c.code ilike ${containing(name)})`),
    distributionCabinetId: (id: number) => ofCircuit(sql`c.cabinet_id = ${id}`),
    state: equals(alarmLog.state),
    levels: isIn(alarmLog.level),
    source: equals(alarmLog.source),
    read: flag(readBy(ctx)),
    from: since(alarmLog.alarmTime),
    to: until(alarmLog.alarmTime),
  });
  return and(...scope(ctx), ...filters)!;
}

/** The alarms `where` picks, newest first (most severe first when `activeFirst`), with the OU name, read state and work-order count. */
function alarms(ctx: StaffCtx, where: SQL, activeFirst = false) {
  return list(ctx.tx, {
    query: () =>
      ctx.tx
        .select({
          a: alarmLog,
          ouName: ou.name,
          read: sql<boolean>`${readBy(ctx)}`,
          workOrderCount: sql<number>`(select count(*)::int from alarm_work_order w where w.alarm_id = ${alarmLog.id})`,
        })
        .from(alarmLog)
        .leftJoin(ou, eq(ou.id, alarmLog.ouId))
        .$dynamic(),
    where: [where],
    order: [...(activeFirst ? [asc(alarmLog.level)] : []), desc(alarmLog.alarmTime), desc(alarmLog.id)],
  });
}
type Selected = { a: AlarmRow; ouName: string | null; read: boolean; workOrderCount: number };
/** Rows as answered: seeded and server-written texts in the reader's language (a rule's own name stays). */
const answerRows = (ctx: StaffCtx) => (rows: Selected[]) =>
  rows.map(({ a, ouName, read, workOrderCount }) => {
    const row = rowOf(a, ouName ?? null, read === true, Number(workOrderCount));
    return {
      ...row,
      ruleName: row.source === 'server' ? said(ctx, row.ruleName) : row.ruleName,
      deviceTypeName: said(ctx, row.deviceTypeName),
      propertyName: said(ctx, row.propertyName),
      content: said(ctx, row.content),
      recoverRemark: said(ctx, row.recoverRemark),
    };
  });

/** Record rows (see `alarms`) a batch at a time (exports). */
export function rowBatches(ctx: StaffCtx, where: SQL) {
  return alarms(ctx, where).batches(answerRows(ctx));
}

/** Record rows (see `alarms`), at most `limit`. */
export function selectRows(ctx: StaffCtx, where: SQL, opts: { limit: number; activeFirst?: boolean }): Promise<AlarmLogRow[]> {
  return alarms(ctx, where, opts.activeFirst).all(answerRows(ctx), { limit: opts.limit });
}

function rowOf(a: AlarmRow, ouName: string | null, read: boolean, workOrderCount: number): AlarmLogRow {
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
    recoverTime: a.recoverTime ? a.recoverTime.toISOString() : null,
    recoveredBy: a.recoveredBy ?? null,
    recoverRemark: a.recoverRemark,
    read,
    workOrderCount,
  };
}

/** A page of the filtered records (spec 000 paging answer). */
export function pageRows(ctx: StaffCtx, f: Filter, page: number, size: number) {
  return alarms(ctx, whereOf(ctx, f)).page({ pageSize: size, pageOffset: page }, answerRows(ctx));
}

/** A visible alarm, or 404 (another tenant's, or of an OU the staff does not see, answers the same). */
export async function detailRow(ctx: StaffCtx, id: number): Promise<AlarmLogRow> {
  const row = await alarms(ctx, and(eq(alarmLog.id, id), ...scope(ctx))!).first(answerRows(ctx));
  if (!row) throw notFound(`Alarm ${id}`);
  return row;
}

/** Total and active alarms per level (every level, zeros included) among those `where` picks. */
export async function countByLevel(ctx: StaffCtx, where: SQL) {
  const rows = await ctx.tx
    .select({
      level: alarmLog.level,
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${alarmLog.state} = 0))::int`,
    })
    .from(alarmLog)
    .where(where)
    .groupBy(alarmLog.level);
  return contract.ALARM_LEVELS.map((level) => {
    const r = rows.find((x) => Number(x.level) === level);
    return { level, total: Number(r?.total ?? 0), active: Number(r?.active ?? 0) };
  });
}
