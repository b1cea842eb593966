import { z } from 'zod';
import { id, isoDateTime } from '../common/ids.js';

/** Alarm level (spec 000): 0 highest (red), 1 high (gold), 2 middle (blue), 3 low (green), 4 lowest. */
export const alarmLevel = z.number().int().min(0).max(4);
export const ALARM_LEVELS = [0, 1, 2, 3, 4] as const;

/** An alarm is active until its condition clears (or someone recovers it by hand), then recovered. */
export const AlarmState = { ACTIVE: 0, RECOVERED: 1 } as const;
export const alarmState = z.union([z.literal(0), z.literal(1)]);

/** Where an alarm comes from: a device alarm rule, or a platform-side scene (server alarm). */
export const alarmSource = z.enum(['rule', 'server']);

/** Platform-side scenes of server alarms (issue 6). */
export const SERVER_ALARM_SCENES = [
  'DEVICE_OFFLINE',
  'GATEWAY_OFFLINE',
  'DATA_DELAYED',
  'DELIVERY_FAILED',
  'CONNECTOR_FAULTED',
  'LINE_LOSS_HIGH',
  'PV_STRING_DEAD',
  'PV_DISPERSION_HIGH',
] as const;
export const serverAlarmScene = z.enum(SERVER_ALARM_SCENES);
export type ServerAlarmScene = z.infer<typeof serverAlarmScene>;

/** A rule's comparison of the reading with its threshold. */
export const ALARM_CONDITIONS = ['GT', 'GE', 'LT', 'LE', 'EQ', 'NE'] as const;
export const alarmCondition = z.enum(ALARM_CONDITIONS);
export type AlarmCondition = z.infer<typeof alarmCondition>;
export const CONDITION_SYMBOL: Record<AlarmCondition, string> = { GT: '>', GE: '≥', LT: '<', LE: '≤', EQ: '=', NE: '≠' };

/** One alarm (a device alarm log, or a server alarm record): the row of the record list and the signboard. */
export const alarmLogRow = z.object({
  id: z.number().int(),
  source: alarmSource,
  /** Server alarms only. */
  sceneType: serverAlarmScene.nullable(),
  level: alarmLevel,
  state: alarmState,
  ruleId: z.number().int().nullable(),
  /** The rule's name (or the scene's) when the alarm was raised. */
  ruleName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceCode: z.string().nullable(),
  deviceName: z.string().nullable(),
  deviceTypeName: z.string().nullable(),
  ouId: z.number().int().nullable(),
  ouName: z.string().nullable(),
  propertyId: z.number().int().nullable(),
  propertyKey: z.string().nullable(),
  propertyName: z.string().nullable(),
  unit: z.string().nullable(),
  condition: alarmCondition.nullable(),
  threshold: z.number().nullable(),
  /** The reading that raised it. */
  triggerValue: z.number().nullable(),
  /** A line saying what happened (server alarms: which device, strategy or station). */
  content: z.string(),
  alarmTime: z.string(),
  recoverTime: z.string().nullable(),
  /** 'auto' when the condition cleared, 'manual' when recovered on the signboard. */
  recoveredBy: z.enum(['auto', 'manual']).nullable(),
  recoverRemark: z.string().nullable(),
  /** Read by the signed-in staff. */
  read: z.boolean(),
  workOrderCount: z.number().int(),
});
export type AlarmLogRow = z.infer<typeof alarmLogRow>;

/** A list of levels in a query string: repeated keys (`alarmLevels=0&alarmLevels=1`) or comma-separated. */
export const levelList = z
  .union([z.string().max(20), z.array(z.string().max(2)).max(5)])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(z.array(z.number().int().min(0).max(4)).max(5));

/** Ids in a query string: repeated keys or comma-separated, at most 500. */
export const idList = z
  .union([z.string().max(6000), z.array(z.string().max(12)).max(500)])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(z.array(id).min(1, 'is required').max(500));

/** Spec paging in a query string: page from 1, size 1..100. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

/** A time filter bound: ISO-8601 with offset. */
export const timeBound = isoDateTime.optional();
