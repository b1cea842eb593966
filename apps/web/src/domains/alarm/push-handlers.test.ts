import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import { addPush, bellKeys, flattenPushes, markPushRead, nextPushPage, type BellPages, type DeviceAlarmPush } from './bell-cache';
import { alarmPushHandlers, isDeviceAlarmPush, isServerAlarmPush } from './push-handlers';

const push = (alarmId: number, extra: Partial<DeviceAlarmPush> = {}): DeviceAlarmPush => ({
  alarmId,
  deviceId: 1,
  deviceName: `Meter ${alarmId}`,
  alarmTime: '2026-03-01T08:00:00.000Z',
  ruleName: 'Over-voltage',
  level: 0,
  readState: false,
  ...extra,
});
const pages = (...lists: DeviceAlarmPush[][]): BellPages => ({
  pages: lists.map((list) => ({ list, total: 12 })),
  pageParams: lists.map((_, i) => i + 1),
});

describe('bell cache', () => {
  test('a new push goes to the top of the first page and counts in the total; a known one is replaced', () => {
    const data = pages([push(10), push(9)], [push(8)]);
    const added = addPush(data, push(11))!;
    expect(flattenPushes(added).map((p) => p.alarmId)).toEqual([11, 10, 9, 8]);
    expect(added.pages.map((p) => p.total)).toEqual([13, 13]);
    const replaced = addPush(added, push(9, { readState: true }))!;
    expect(flattenPushes(replaced).find((p) => p.alarmId === 9)!.readState).toBe(true);
    expect(replaced.pages[0]!.total).toBe(13);
    expect(addPush(undefined, push(1))).toBeUndefined();
  });

  test('pages shifted by a prepended push list each alarm once', () => {
    expect(flattenPushes(pages([push(3), push(2)], [push(2), push(1)])).map((p) => p.alarmId)).toEqual([3, 2, 1]);
  });

  test('next page until every push of the level is loaded', () => {
    const ten = Array.from({ length: 10 }, (_, i) => push(100 - i));
    expect(nextPushPage({ list: ten, total: 12 }, [{ list: ten, total: 12 }])).toBe(2);
    expect(
      nextPushPage({ list: [push(1), push(2)], total: 12 }, [
        { list: ten, total: 12 },
        { list: [push(1), push(2)], total: 12 },
      ]),
    ).toBeUndefined();
    expect(nextPushPage({ list: [], total: 0 }, [{ list: [], total: 0 }])).toBeUndefined();
  });

  test('markPushRead sets readState on the alarm only', () => {
    const read = flattenPushes(markPushRead(pages([push(1), push(2)]), 2));
    expect(read.map((p) => p.readState)).toEqual([false, true]);
  });
});

describe('push bodies are checked', () => {
  test('device alarm push', () => {
    expect(isDeviceAlarmPush(push(1))).toBe(true);
    expect(isDeviceAlarmPush({ ...push(1), level: 5 })).toBe(false);
    expect(isDeviceAlarmPush({ ...push(1), alarmId: '1' })).toBe(false);
    expect(isDeviceAlarmPush({ ...push(1), readState: undefined })).toBe(false);
    expect(isDeviceAlarmPush(null)).toBe(false);
  });
  test('server alarm push', () => {
    const body = {
      recordId: 1,
      name: 'GW-1',
      alarmTime: 'x',
      ruleName: 'Offline',
      alarmLevel: 1,
      sceneType: 'GATEWAY_OFFLINE',
      targetId: null,
    };
    expect(isServerAlarmPush(body)).toBe(true);
    expect(isServerAlarmPush({ ...body, targetId: undefined })).toBe(true);
    expect(isServerAlarmPush({ ...body, sceneType: 3 })).toBe(false);
    expect(isServerAlarmPush({ ...body, readState: true, recoverTime: '2026-03-01T08:30:00.000Z' })).toBe(true);
    expect(isServerAlarmPush({ ...body, readState: 'yes' })).toBe(false);
    expect(isServerAlarmPush({ ...body, recoverTime: 5 })).toBe(false);
  });
});

describe('alarm push handlers', () => {
  const setup = () => {
    const queryClient = new QueryClient();
    const onDevicePush = vi.fn();
    const onServerPush = vi.fn();
    const handlers = alarmPushHandlers({ queryClient, onDevicePush, onServerPush });
    return { queryClient, onDevicePush, onServerPush, handlers };
  };

  test('a device push lands at the top of its level at once, counts as unread, and is shown', () => {
    const { queryClient, handlers, onDevicePush } = setup();
    queryClient.setQueryData(bellKeys.pushes(0), pages([push(1)]));
    queryClient.setQueryData(bellKeys.unread, 4);
    handlers.onDeviceAlarm(push(2));
    expect(flattenPushes(queryClient.getQueryData<BellPages>(bellKeys.pushes(0))).map((p) => p.alarmId)).toEqual([2, 1]);
    expect(queryClient.getQueryData(bellKeys.unread)).toBe(4 + 1);
    expect(onDevicePush).toHaveBeenCalledWith(push(2));
    // the same alarm again (unread) does not count twice; read now, it counts down
    handlers.onDeviceAlarm(push(2));
    expect(queryClient.getQueryData(bellKeys.unread)).toBe(5);
    handlers.onDeviceAlarm(push(2, { readState: true }));
    expect(queryClient.getQueryData(bellKeys.unread)).toBe(4);
    // a level not loaded yet stays unloaded (it is fetched when its tab opens)
    handlers.onDeviceAlarm(push(3, { level: 3 }));
    expect(queryClient.getQueryData(bellKeys.pushes(3))).toBeUndefined();
  });

  test('a device or server push refetches the alarm lists (records, signboard), not the bell it updated in place nor other alarm queries', () => {
    const { queryClient, handlers } = setup();
    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)!.isInvalidated;
    const fill = () => {
      queryClient.setQueryData(bellKeys.pushes(0), pages([push(1)]));
      queryClient.setQueryData(['alarm', '/api/rule/device/alarm/log/page', { pageSize: 20, pageOffset: 1 }], { list: [] });
      queryClient.setQueryData(['alarm', '/api/v2/alarm-fault-signboard/alarm-count'], { total: 0 });
      queryClient.setQueryData(['devices', 'page'], { list: [] });
      queryClient.setQueryData(['alarm', 'config'], {});
    };
    fill();
    handlers.onDeviceAlarm(push(2));
    expect(state(['alarm', '/api/rule/device/alarm/log/page', { pageSize: 20, pageOffset: 1 }])).toBe(true);
    expect(state(['alarm', '/api/v2/alarm-fault-signboard/alarm-count'])).toBe(true);
    expect(state(bellKeys.pushes(0))).toBe(false);
    expect(state(['devices', 'page'])).toBe(false);
    expect(state(['alarm', 'config'])).toBe(false);
    fill();
    handlers.onServerAlarm({ recordId: 1, name: 'GW', alarmTime: 'x', ruleName: 'Offline', alarmLevel: 1, sceneType: 'GATEWAY_OFFLINE' });
    expect(state(['alarm', '/api/rule/device/alarm/log/page', { pageSize: 20, pageOffset: 1 }])).toBe(true);
    expect(state(bellKeys.pushes(0))).toBe(false);
  });

  test('a recovery updates the alarm where the bell lists it, pops nothing up, adds nothing, and refetches the lists', () => {
    const { queryClient, handlers, onDevicePush, onServerPush } = setup();
    queryClient.setQueryData(bellKeys.pushes(0), pages([push(2), push(1)]));
    queryClient.setQueryData(bellKeys.unread, 4);
    queryClient.setQueryData(['alarm', '/api/rule/device/alarm/log/page', { pageSize: 20, pageOffset: 1 }], { list: [] });
    handlers.onDeviceAlarm(push(1, { recoverTime: '2026-03-01T08:30:00.000Z' }));
    const listed = flattenPushes(queryClient.getQueryData<BellPages>(bellKeys.pushes(0)));
    expect(listed.map((p) => [p.alarmId, p.recoverTime ?? null])).toEqual([
      [2, null],
      [1, '2026-03-01T08:30:00.000Z'],
    ]);
    expect(queryClient.getQueryData<BellPages>(bellKeys.pushes(0))!.pages[0]!.total).toBe(12);
    expect(queryClient.getQueryData(bellKeys.unread)).toBe(4);
    // an alarm the bell has not loaded is not added by its recovery
    handlers.onDeviceAlarm(push(7, { recoverTime: '2026-03-01T08:30:00.000Z' }));
    expect(flattenPushes(queryClient.getQueryData<BellPages>(bellKeys.pushes(0))).map((p) => p.alarmId)).toEqual([2, 1]);
    expect(onDevicePush).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(['alarm', '/api/rule/device/alarm/log/page', { pageSize: 20, pageOffset: 1 }])!.isInvalidated).toBe(
      true,
    );
    const server = { recordId: 1, name: 'GW', alarmTime: 'x', ruleName: 'Offline', alarmLevel: 1, sceneType: 'GATEWAY_OFFLINE' };
    handlers.onServerAlarm({ ...server, recoverTime: '2026-03-01T08:30:00.000Z', readState: false });
    expect(onServerPush).not.toHaveBeenCalled();
    handlers.onServerAlarm({ ...server, recoverTime: null, readState: false });
    expect(onServerPush).toHaveBeenCalledTimes(1);
  });

  test('bad bodies are dropped with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { handlers, onDevicePush, onServerPush } = setup();
    handlers.onDeviceAlarm({ alarmId: 1 });
    handlers.onServerAlarm('x');
    expect(onDevicePush).not.toHaveBeenCalled();
    expect(onServerPush).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  test('a server push goes to its handler with targetId defaulting to null', () => {
    const { handlers, onServerPush } = setup();
    handlers.onServerAlarm({ recordId: 1, name: 'GW', alarmTime: 'x', ruleName: 'Offline', alarmLevel: 1, sceneType: 'GATEWAY_OFFLINE' });
    expect(onServerPush).toHaveBeenCalledWith(expect.objectContaining({ recordId: 1, targetId: null }));
  });

  test('every (re)connect invalidates the bell (pushes sent while disconnected are fetched), nothing else', () => {
    const { queryClient, handlers } = setup();
    queryClient.setQueryData(bellKeys.pushes(0), pages([push(1)]));
    queryClient.setQueryData(bellKeys.unread, 1);
    queryClient.setQueryData(['alarm', 'records'], { list: [] });
    handlers.onConnect();
    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)!.isInvalidated;
    expect(state(bellKeys.pushes(0))).toBe(true);
    expect(state(bellKeys.unread)).toBe(true);
    expect(state(['alarm', 'records'])).toBe(false);
  });
});
