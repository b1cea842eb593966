import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, idParam, isoDateTime, text } from '../common/ids.js';
import { pageOf } from '../common/paging.js';
import { alarmLevel, alarmLogRow, alarmState, pageQuery, timeBound } from './common.js';

// The fault signboard (spec 002, alarm-fault-signboard): the same alarms as the record list, seen by
// asset (device), with manual recovery. The v2 calls take JSON bodies; the older /api/ calls take the
// same filters as query parameters and answer the same.

const tag = 'alarm-fault';
const VIEW = 'p-alarm-signboard';

const filterFields = {
  /** A device id. */
  assetId: idParam.optional(),
  /** A device category key (e.g. 'pv', 'storage') or device type key. */
  assetType: text(64).optional(),
  assetCode: text(64).optional(),
  deviceName: text(128).optional(),
  deviceCode: text(64).optional(),
  /** Text in the rule name or the alarm's content. */
  abnormalDiagnosis: text(128).optional(),
  level: z.coerce.number().pipe(alarmLevel).optional(),
  state: z.coerce.number().pipe(alarmState).optional(),
  alarmStartTime: timeBound,
  alarmEndTime: timeBound,
};
const bodyFilter = z.object({
  ...filterFields,
  page: z.number().int().min(1).max(1_000_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
  timestamp: z.number().optional(),
});
const queryFilter = z.object({ ...filterFields, ...pageQuery });

export const signboardAsset = z.object({
  assetId: z.number().int(),
  assetCode: z.string(),
  assetName: z.string(),
  assetType: z.string(),
  assetTypeName: z.string(),
  ouName: z.string(),
  online: z.boolean(),
  activeCount: z.number().int(),
  /** The most severe level among its active alarms (0 is the highest); null without active alarms. */
  highestLevel: z.number().int().nullable(),
});

const countOutput = z.object({
  total: z.number().int(),
  active: z.number().int(),
  recovered: z.number().int(),
  byLevel: z.array(z.object({ level: z.number().int(), total: z.number().int(), active: z.number().int() })),
});

/** The most alarms `all-alarm` returns (the active ones, most severe and newest first). */
export const ALL_ALARM_MAX = 500;

const common = { tag, access: { auth: 'staff', permission: VIEW }, kind: 'query' } as const;

export const signboardAlarmPage = endpoint({
  ...common,
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/alarm-page',
  summary: 'Signboard alarms (paged)',
  body: bodyFilter,
  output: pageOf(alarmLogRow),
});
export const signboardAlarmPageForApp = endpoint({
  ...common,
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/alarm-page/for-app',
  summary: 'Signboard alarms (paged, app)',
  body: bodyFilter,
  output: pageOf(alarmLogRow),
});
export const signboardAlarmPageGet = endpoint({
  ...common,
  method: 'GET',
  path: '/api/alarm-fault-signboard/alarm-page',
  summary: 'Signboard alarms (paged, query)',
  query: queryFilter,
  output: pageOf(alarmLogRow),
});

/** Counts by state and level under the filter. */
export const signboardAlarmCount = endpoint({
  ...common,
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/alarm-count',
  summary: 'Signboard alarm counts',
  body: bodyFilter.omit({ page: true, size: true }),
  output: countOutput,
});

/** Devices (assets) whose name or code contains `name`, with their active alarm counts; alarmed ones first. */
export const signboardAlarmAsset = endpoint({
  ...common,
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/alarm-asset',
  summary: 'Assets with their alarms',
  body: z.object({ name: text(128).optional(), timestamp: z.number().optional() }),
  output: z.array(signboardAsset),
});
export const signboardAlarmAssetGet = endpoint({
  ...common,
  method: 'GET',
  path: '/api/alarm-fault-signboard/alarm-asset',
  summary: 'Assets with their alarms (query)',
  query: z.object({ name: text(128).optional() }),
  output: z.array(signboardAsset),
});

/** Every active alarm (at most ALL_ALARM_MAX), most severe and newest first. */
export const signboardAllAlarm = endpoint({
  ...common,
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/all-alarm',
  summary: 'Active alarms',
  body: noBody,
  output: z.array(alarmLogRow),
});
export const signboardAllAlarmGet = endpoint({
  ...common,
  method: 'GET',
  path: '/api/alarm-fault-signboard/all-alarm',
  summary: 'Active alarms (GET)',
  output: z.array(alarmLogRow),
});

/** The tenant whose alarms the staff sees: its own (alarms follow the device registry, which is per tenant, channel staff included). */
export const signboardTenantList = endpoint({
  ...common,
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/getTenantList',
  summary: 'Tenants on the signboard',
  body: noBody,
  output: z.array(z.object({ mcid: z.string(), name: z.string() })),
});

/** The period the signboard watches by default: the last 30 days. */
export const signboardMonitoringRange = endpoint({
  ...common,
  method: 'GET',
  path: '/api/alarm-fault-signboard/monitoring-range',
  summary: 'Monitoring range',
  output: z.object({ days: z.number().int(), from: isoDateTime, to: isoDateTime }),
});

/** One alarm (the spec names it for inverters; it serves any asset). */
export const signboardRecordDetail = endpoint({
  ...common,
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/inverter/record/detail',
  summary: 'Signboard alarm detail',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: alarmLogRow,
});
export const signboardRecordDetailQuery = endpoint({
  ...common,
  method: 'POST',
  path: '/api/alarm-fault-signboard/inverter/record/detail',
  summary: 'Signboard alarm detail (query)',
  bodyKind: 'none',
  query: z.object({ id: idParam }),
  output: alarmLogRow,
});

/** Marks an alarm read for the signed-in staff. */
export const signboardReadAlarm = endpoint({
  ...common,
  kind: 'command',
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/read-alarm',
  summary: 'Mark a signboard alarm read',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: z.boolean(),
});
export const signboardReadAlarmQuery = endpoint({
  ...common,
  kind: 'command',
  method: 'POST',
  path: '/api/alarm-fault-signboard/read-alarm',
  summary: 'Mark a signboard alarm read (query)',
  bodyKind: 'none',
  query: z.object({ id: idParam }),
  output: z.boolean(),
});

const recoveryBody = z.object({ id, remark: text(256).nullable().optional(), timestamp: z.number().optional() });
const recoveryAccess = { auth: 'staff', permission: 'b-alarm-fault-recover' } as const;

/** Recovers an active alarm by hand (the fault is fixed); a recovered alarm answers 40009. */
export const signboardRecovery = endpoint({
  tag,
  access: recoveryAccess,
  kind: 'command',
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/recovery',
  summary: 'Recover a fault',
  body: recoveryBody,
  output: alarmLogRow,
});
export const signboardRecoveryForApp = endpoint({
  tag,
  access: recoveryAccess,
  kind: 'command',
  method: 'POST',
  path: '/api/v2/alarm-fault-signboard/recovery/for-app',
  summary: 'Recover a fault (app)',
  body: recoveryBody,
  output: alarmLogRow,
});
