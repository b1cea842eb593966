import type { QueryClient } from '@tanstack/react-query';
import type { StaffPushHandlers } from '../../shared/realtime/stomp-client';
import { addPush, bellKeys, isListedUnread, updateListed, type BellPages, type DeviceAlarmPush, type ServerAlarmPush } from './bell-cache';
import { isAlarmLevel } from './levels';
import { alarmKeys } from './queries';

// Push bodies come from outside the page: checked field by field (no zod in the first page) before use.

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A device alarm push of spec 000 §3 (alarmId, deviceName, alarmTime, ruleName, readState; with level and deviceId). */
export function isDeviceAlarmPush(b: unknown): b is DeviceAlarmPush {
  return (
    isRecord(b) &&
    isInt(b.alarmId) &&
    (b.deviceId === null || isInt(b.deviceId)) &&
    isText(b.deviceName) &&
    isText(b.alarmTime) &&
    isText(b.ruleName) &&
    isAlarmLevel(b.level) &&
    typeof b.readState === 'boolean' &&
    (b.recoverTime === undefined || b.recoverTime === null || isText(b.recoverTime))
  );
}

/** A server alarm push of spec 000 §3 (recordId, name, alarmTime, ruleName, alarmLevel, sceneType; with targetId). */
export function isServerAlarmPush(b: unknown): b is ServerAlarmPush {
  return (
    isRecord(b) &&
    isInt(b.recordId) &&
    isText(b.name) &&
    isText(b.alarmTime) &&
    isText(b.ruleName) &&
    isAlarmLevel(b.alarmLevel) &&
    isText(b.sceneType) &&
    (b.targetId === null || b.targetId === undefined || isInt(b.targetId)) &&
    (b.readState === undefined || typeof b.readState === 'boolean') &&
    (b.recoverTime === undefined || b.recoverTime === null || isText(b.recoverTime))
  );
}

/** The lists a new alarm joins: the records and the signboard (counts, assets, alarms); active ones refetch at once. */
const ALARM_LISTS = [alarmKeys.records, alarmKeys.signboardCount, alarmKeys.signboardAssetsAll, alarmKeys.signboardPage];

/** The alarm lists refetched, so a pushed alarm shows on the page open without a reload (the bell is updated in place). */
function invalidateAlarmPages(queryClient: QueryClient) {
  for (const queryKey of ALARM_LISTS) void queryClient.invalidateQueries({ queryKey });
}

/**
 * What the staff's pushes do: a device alarm goes to the top of its level's bell list at once (and
 * counts as unread), then `onDevicePush` shows it; a server alarm goes to `onServerPush`. A recovery
 * (a push with `recoverTime`) updates the alarm where the bell lists it and pops nothing up. Either
 * refetches the alarm lists (records, signboard). Every (re)connect invalidates the bell, so pushes sent while the
 * socket was down are fetched.
 */
export function alarmPushHandlers(opts: {
  queryClient: QueryClient;
  onDevicePush: (push: DeviceAlarmPush) => void;
  onServerPush: (push: ServerAlarmPush) => void;
}): StaffPushHandlers {
  const { queryClient } = opts;
  return {
    onDeviceAlarm(body) {
      if (!isDeviceAlarmPush(body)) return void console.warn('Device alarm push ignored: unexpected body');
      const key = bellKeys.pushes(body.level);
      if (body.recoverTime) {
        queryClient.setQueryData<BellPages>(key, (old) => updateListed(old, body));
        return invalidateAlarmPages(queryClient);
      }
      const wasUnread = isListedUnread(queryClient.getQueryData<BellPages>(key), body.alarmId);
      queryClient.setQueryData<BellPages>(key, (old) => addPush(old, body));
      const change = !body.readState && !wasUnread ? 1 : body.readState && wasUnread ? -1 : 0;
      if (change !== 0) queryClient.setQueryData<number>(bellKeys.unread, (n) => (n === undefined ? n : Math.max(0, n + change)));
      invalidateAlarmPages(queryClient);
      opts.onDevicePush(body);
    },
    onServerAlarm(body) {
      if (!isServerAlarmPush(body)) return void console.warn('Server alarm push ignored: unexpected body');
      invalidateAlarmPages(queryClient);
      if (body.recoverTime) return;
      opts.onServerPush({ ...body, targetId: body.targetId ?? null });
    },
    onConnect() {
      void queryClient.invalidateQueries({ queryKey: bellKeys.all });
    },
  };
}
