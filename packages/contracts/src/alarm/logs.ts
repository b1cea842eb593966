import { z } from 'zod';
import { exportOptions } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam, text } from '../common/ids.js';
import { pageOf } from '../common/paging.js';
import { alarmLogRow, alarmState, idList, levelList, pageQuery, timeBound } from './common.js';

// The device alarm log calls of spec 002 (under /api/rule/device/alarm/log/), plain GET/PUT/POST calls
// answering the usual envelope. Paging is `page` and `size` as the spec names them.

const tag = 'alarm';
const params = z.object({ id: idParam });

/** The record list's filters (spec 002). `circuitName` and `distributionCabinetId` keep alarms of devices metering a matching circuit. */
export const alarmLogFilter = z.object({
  ouId: idParam.optional(),
  deviceCode: text(64).optional(),
  deviceName: text(128).optional(),
  circuitName: text(128).optional(),
  distributionCabinetId: idParam.optional(),
  state: z.coerce.number().pipe(alarmState).optional(),
  alarmLevels: levelList.optional(),
  source: z.enum(['rule', 'server']).optional(),
  read: z.enum(['true', 'false']).optional(),
  alarmStartTime: timeBound,
  alarmEndTime: timeBound,
});

/** Alarms of the devices the staff sees, newest first. */
export const alarmLogPage = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/page',
  summary: 'Alarm records (paged)',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-record' },
  kind: 'query',
  query: alarmLogFilter.extend(pageQuery),
  output: pageOf(alarmLogRow),
});

/** The most rows one export holds; narrow the filter for more. */
export const ALARM_EXPORT_MAX_ROWS = 10_000;

/**
 * The filtered records, newest first, as XLSX (default) or CSV (`format=csv`, UTF-8 with BOM), with level
 * names, states and conditions in words in `lang`. Not named by the spec; the page's export button calls it.
 */
export const alarmLogExport = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/export',
  summary: 'Export alarm records (XLSX or CSV)',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-record-export' },
  kind: 'query',
  cost: 'export',
  query: alarmLogFilter.extend(exportOptions),
  output: z.any(),
  raw: true,
});

export const alarmLogDetail = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/detail/{id}',
  summary: 'Alarm record detail',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-record' },
  kind: 'query',
  params,
  output: alarmLogRow,
});

/** Marks one alarm read for the signed-in staff; `true` once it is read. */
export const alarmLogRead = endpoint({
  method: 'PUT',
  path: '/api/rule/device/alarm/log/read/{id}',
  summary: 'Mark an alarm read',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-record-read' },
  kind: 'command',
  bodyKind: 'none',
  params,
  output: z.boolean(),
});

/** Marks several alarms read (`ids` repeated in the query); answers how many were unread before. */
export const alarmLogBatchRead = endpoint({
  method: 'POST',
  path: '/api/rule/device/alarm/log/batch/read',
  summary: 'Mark alarms read',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-record-read' },
  kind: 'command',
  bodyKind: 'none',
  query: z.object({ ids: idList }),
  output: z.object({ read: z.number().int() }),
});

/** Alarm counts over a period (default: the last 30 days): by level and state, unread, and per day. */
export const alarmLogStatistics = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/statistics',
  summary: 'Alarm statistics',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-record' },
  kind: 'query',
  query: z.object({ ouId: idParam.optional(), alarmStartTime: timeBound, alarmEndTime: timeBound }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    total: z.number().int(),
    active: z.number().int(),
    recovered: z.number().int(),
    unread: z.number().int(),
    byLevel: z.array(z.object({ level: z.number().int(), total: z.number().int(), active: z.number().int() })),
    /** Days in the tenant's time zone, oldest first, only days with alarms. */
    byDay: z.array(z.object({ date: z.string(), total: z.number().int() })),
  }),
});

export const workOrderRow = z.object({
  id: z.number().int(),
  alarmId: z.number().int(),
  title: z.string(),
  content: z.string(),
  assignee: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});

/** The work orders raised for an alarm, oldest first. */
export const alarmWorkOrderList = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/workOrder/{id}',
  summary: 'Work orders of an alarm',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-record' },
  kind: 'query',
  params,
  output: z.array(workOrderRow),
});

/** The work-order list's filters: creation time, text in the title or content, assignee, the alarm's OU, device, level and state. */
export const workOrderFilter = z.object({
  ouId: idParam.optional(),
  deviceId: idParam.optional(),
  deviceCode: text(64).optional(),
  keyword: text(100).optional(),
  assignee: text(64).optional(),
  state: z.coerce.number().pipe(alarmState).optional(),
  alarmLevels: levelList.optional(),
  createdStartTime: timeBound,
  createdEndTime: timeBound,
});

/** A work order of the tenant's list, with its alarm's device, rule, level and state. */
export const tenantWorkOrderRow = workOrderRow.extend({
  alarmLevel: z.number().int(),
  alarmState: alarmState,
  alarmTime: z.string(),
  ruleName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceCode: z.string().nullable(),
  deviceName: z.string().nullable(),
  ouName: z.string().nullable(),
});
export type TenantWorkOrderRow = z.infer<typeof tenantWorkOrderRow>;

/** Every work order of the alarms the staff sees, newest first (the "Work orders" page; not named by the spec). */
export const alarmWorkOrderPage = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/workOrder/page',
  summary: 'Work orders (paged)',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-work-order' },
  kind: 'query',
  query: workOrderFilter.extend(pageQuery),
  output: pageOf(tenantWorkOrderRow),
});

/** The filtered work orders, newest first, as XLSX (default) or CSV, at most ALARM_EXPORT_MAX_ROWS. */
export const alarmWorkOrderExport = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/workOrder/export',
  summary: 'Export work orders (XLSX or CSV)',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-work-order-export' },
  kind: 'query',
  cost: 'export',
  query: workOrderFilter.extend(exportOptions),
  output: z.any(),
  raw: true,
});

/** Raises a work order for an alarm. */
export const alarmWorkOrderCreate = endpoint({
  method: 'POST',
  path: '/api/rule/device/alarm/log/workOrder',
  summary: 'Raise a work order',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-record' },
  kind: 'command',
  body: z.object({
    alarmId: id,
    title: text(100).min(1, 'is required'),
    content: text(2000).min(1, 'is required'),
    assignee: text(64).nullable().optional(),
  }),
  output: workOrderRow,
});

const propertyRef = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  kind: z.enum(['instantaneous', 'cumulative', 'state']),
  /** The rule's own property. */
  triggering: z.boolean(),
});

/** The properties of the alarm's device, the triggering one first. */
export const alarmRelatedProperties = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/related/property/list/{id}',
  summary: 'Properties related to an alarm',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-record' },
  kind: 'query',
  params,
  output: z.array(propertyRef),
});

/** Each related property's last reading at or before the alarm time. */
export const alarmRelatedPropertyValues = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/related/property-value/list/{id}',
  summary: 'Related property values at the alarm time',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-record' },
  kind: 'query',
  params,
  output: z.array(propertyRef.extend({ value: z.number().nullable(), ts: z.string().nullable() })),
});

/** The window around an alarm that its curves cover: an hour before it to an hour after recovery (at most 24 h). */
export const ALARM_WINDOW_BEFORE_MS = 3_600_000;
export const ALARM_WINDOW_AFTER_MS = 3_600_000;
export const ALARM_WINDOW_MAX_MS = 24 * 3_600_000;

const pointsAround = z.object({
  property: propertyRef,
  from: z.string(),
  to: z.string(),
  alarmTime: z.string(),
  recoverTime: z.string().nullable(),
  points: z.array(z.object({ ts: z.string(), value: z.number() })),
});

/** One property's raw readings around the alarm (default: the triggering property). */
export const alarmPointList = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/point-sthf-list/{id}',
  summary: 'Readings around an alarm',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-record' },
  kind: 'query',
  params,
  query: z.object({ dataPropertyId: idParam.optional() }),
  output: pointsAround,
});

/** Every related property's readings around the alarm as CSV (time, then one column per property). */
export const alarmPointExport = endpoint({
  method: 'GET',
  path: '/api/rule/device/alarm/log/point-sthf-list/export/{id}',
  summary: 'Export readings around an alarm (CSV)',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-record-export' },
  kind: 'query',
  cost: 'export',
  params,
  output: z.any(),
  raw: true,
});
