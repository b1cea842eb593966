import { describe, expect, test, vi } from 'vitest';
import {
  createAlarmLinks,
  DEVICE_ALARM_NOT_CONFIGURED,
  fillPath,
  parseDeviceAlarmConfig,
  parseServerAlarmConfig,
  SERVER_ALARM_NOT_CONFIGURED,
} from './alarm-config';

const here = () => 'https://ems.example.com';
const devicePush = { alarmId: 12, deviceId: 3 };
const serverPush = { recordId: 77, sceneType: 'DEVICE_OFFLINE', targetId: 5 };

describe('missing configuration (spec 000 §8): logged only, with the spec messages', () => {
  test('no device alarm config: the built-in detail route, and the message logged once', () => {
    const log = vi.fn();
    const links = createAlarmLinks({}, { log, warn: vi.fn(), origin: here });
    expect(links.device(devicePush)).toEqual({ href: '/device/alarm/record/detail/12', external: false });
    expect(links.device({ alarmId: 13, deviceId: null })).toEqual({ href: '/device/alarm/record/detail/13', external: false });
    expect(log.mock.calls).toEqual([[DEVICE_ALARM_NOT_CONFIGURED]]);
    expect(DEVICE_ALARM_NOT_CONFIGURED).toBe('Device alarm configuration not configured');
  });

  test('no server alarm config: no link, and the message logged once per scene type', () => {
    const log = vi.fn();
    const links = createAlarmLinks({}, { log, warn: vi.fn(), origin: here });
    expect(links.server(serverPush)).toBeNull();
    expect(links.server({ ...serverPush, recordId: 78 })).toBeNull();
    expect(links.server({ ...serverPush, sceneType: 'DATA_DELAYED' })).toBeNull();
    expect(log.mock.calls).toEqual([
      [SERVER_ALARM_NOT_CONFIGURED, 'DEVICE_OFFLINE'],
      [SERVER_ALARM_NOT_CONFIGURED, 'DATA_DELAYED'],
    ]);
    expect(SERVER_ALARM_NOT_CONFIGURED).toBe('Server alarm configuration not configured');
  });

  test('a server config without the scene logs the message for that scene only', () => {
    const log = vi.fn();
    const links = createAlarmLinks(
      { serverAlarmConfig: [{ sceneType: 'DEVICE_OFFLINE', path: '/settings/asset/device/detail/{targetId}' }] },
      { log, warn: vi.fn(), origin: here },
    );
    expect(links.server(serverPush)).toEqual({ href: '/settings/asset/device/detail/5', external: false });
    expect(links.server({ ...serverPush, sceneType: 'GATEWAY_OFFLINE' })).toBeNull();
    expect(log.mock.calls).toEqual([[SERVER_ALARM_NOT_CONFIGURED, 'GATEWAY_OFFLINE']]);
  });
});

describe('links from the configuration', () => {
  test('device: the path template with {alarmId} and {deviceId}, in the app or on another origin', () => {
    const log = vi.fn();
    const inApp = createAlarmLinks({ deviceAlarmConfig: { path: '/ops/alarm/{alarmId}?device={deviceId}' } }, { log, origin: here });
    expect(inApp.device(devicePush)).toEqual({ href: '/ops/alarm/12?device=3', external: false });
    // a template naming a device id the push lacks: the built-in route
    expect(inApp.device({ alarmId: 12, deviceId: null })).toEqual({ href: '/device/alarm/record/detail/12', external: false });
    const other = createAlarmLinks(
      { deviceAlarmConfig: { path: '/alarm/{alarmId}', origin: 'https://iot.example.com/', originId: 'device' } },
      { log, origin: here },
    );
    expect(other.device(devicePush)).toEqual({ href: 'https://iot.example.com/alarm/12', external: true, originId: 'device' });
    // the same origin as the page is a link inside the app
    const same = createAlarmLinks(
      { deviceAlarmConfig: { path: '/alarm/{alarmId}', origin: 'https://ems.example.com' } },
      { log, origin: here },
    );
    expect(same.device(devicePush)).toEqual({ href: '/alarm/12', external: false });
    expect(log).not.toHaveBeenCalled();
  });

  test('server: per scene, {targetId} and {recordId}; a push without the target id gets no link', () => {
    const links = createAlarmLinks(
      {
        serverAlarmConfig: [
          { sceneType: 'DEVICE_OFFLINE', path: '/settings/asset/device/detail/{targetId}', originId: 'device' },
          { sceneType: 'DELIVERY_FAILED', path: '/strategy/delivery/{recordId}', origin: 'https://bsa.example.com' },
        ],
      },
      { log: vi.fn(), warn: vi.fn(), origin: here },
    );
    expect(links.server(serverPush)).toEqual({ href: '/settings/asset/device/detail/5', external: false, originId: 'device' });
    expect(links.server({ ...serverPush, targetId: null })).toBeNull();
    expect(links.server({ recordId: 9, sceneType: 'DELIVERY_FAILED', targetId: null })).toEqual({
      href: 'https://bsa.example.com/strategy/delivery/9',
      external: true,
    });
  });

  test('fillPath encodes values and refuses a missing one', () => {
    expect(fillPath('/a/{x}/b', { x: 5 })).toBe('/a/5/b');
    expect(fillPath('/a/{x}', { x: null })).toBeNull();
    expect(fillPath('/plain', {})).toBe('/plain');
  });
});

describe('wrong configuration is ignored with a warning', () => {
  test('device config', () => {
    const warn = vi.fn();
    expect(parseDeviceAlarmConfig('x', warn)).toBeUndefined();
    expect(parseDeviceAlarmConfig({ path: 'no-slash' }, warn)).toBeUndefined();
    expect(parseDeviceAlarmConfig({ path: '/a/{recordId}' }, warn)).toBeUndefined();
    expect(parseDeviceAlarmConfig({ path: '/a', origin: 'javascript:alert(1)' }, warn)).toBeUndefined();
    expect(parseDeviceAlarmConfig({ path: '/a', origin: 'not a url' }, warn)).toBeUndefined();
    expect(parseDeviceAlarmConfig({ path: '/a', originId: 3 }, warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(6);
    expect(parseDeviceAlarmConfig(undefined, warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(6);
  });

  test('server config: a non-list is ignored, bad entries are dropped, the first entry of a scene wins', () => {
    const warn = vi.fn();
    expect(parseServerAlarmConfig({ sceneType: 'X', path: '/x' }, warn)).toBeUndefined();
    const entries = parseServerAlarmConfig(
      [
        { sceneType: 'DEVICE_OFFLINE', path: '/d/{targetId}' },
        { sceneType: 'DEVICE_OFFLINE', path: '/other' },
        { sceneType: '', path: '/x' },
        { sceneType: 'DATA_DELAYED', path: '/x/{alarmId}' },
        'junk',
        { sceneType: ' GATEWAY_OFFLINE ', path: '/g', origin: 'http://gw.example.com:8080/ignored', originId: 'iot' },
      ],
      warn,
    );
    expect(entries).toEqual([
      { sceneType: 'DEVICE_OFFLINE', path: '/d/{targetId}' },
      { sceneType: 'GATEWAY_OFFLINE', path: '/g', origin: 'http://gw.example.com:8080', originId: 'iot' },
    ]);
    expect(warn).toHaveBeenCalledTimes(5);
  });
});
