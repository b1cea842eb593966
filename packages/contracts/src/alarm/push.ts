import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { alarmLevel, serverAlarmScene } from './common.js';

// The shell's alarm calls (spec 000 Reading A, `cors/`) and the STOMP push bodies (spec 000 section 3).

const tag = 'alarm';

/** A device alarm push: a MESSAGE on /ws/alarm/staff/{staffId}, and an item of the bell. */
export const deviceAlarmPush = z.object({
  alarmId: z.number().int(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  alarmTime: z.string(),
  ruleName: z.string(),
  level: alarmLevel,
  /** Read by this staff. */
  readState: z.boolean(),
  /** When the alarm recovered (a recovery is pushed with it); null or absent while it is active. */
  recoverTime: z.string().nullable().optional(),
});
export type DeviceAlarmPush = z.infer<typeof deviceAlarmPush>;

/** A server alarm push: a MESSAGE on /ws/server-alarm/staff/{staffId}. */
export const serverAlarmPush = z.object({
  recordId: z.number().int(),
  name: z.string(),
  alarmTime: z.string(),
  ruleName: z.string(),
  alarmLevel: alarmLevel,
  sceneType: serverAlarmScene,
  /** What the scene concerns (a device id, a strategy id), for the configured page's path template. */
  targetId: z.number().int().nullable(),
  /** Read by this staff (confirm-read: cors/read-alarm). */
  readState: z.boolean().optional(),
  /** When the alarm recovered (a recovery is pushed with it); null or absent while it is active. */
  recoverTime: z.string().nullable().optional(),
});
export type ServerAlarmPush = z.infer<typeof serverAlarmPush>;

/** The bell: the signed-in staff's device alarm pushes of one level, newest first, 10 a page by default. */
export const pagePushStaff = endpoint({
  method: 'POST',
  path: '/api/v2/cors/page-push-staff',
  summary: 'My alarm pushes of one level',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({
    level: alarmLevel,
    page: z.number().int().min(1).max(100_000).default(1),
    size: z.number().int().min(1).max(50).default(10),
    timestamp: z.number().optional(),
  }),
  output: z.object({ list: z.array(deviceAlarmPush), total: z.number().int() }),
});

/** Confirm-read of a device alarm in the bell: `true` once it is read. */
export const readAlarmLog = endpoint({
  method: 'POST',
  path: '/api/v2/cors/readAlarmLog',
  summary: 'Confirm-read a device alarm',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: z.boolean(),
});

/** Confirm-read of a server alarm: `true` once it is read. */
export const readServerAlarm = endpoint({
  method: 'POST',
  path: '/api/v2/cors/read-alarm',
  summary: 'Confirm-read a server alarm',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: z.boolean(),
});
