import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeStompSocket } from '../../test/fake-stomp-socket';
import {
  brokerUrl,
  CONNECTION_TIMEOUT_MS,
  deviceAlarmDestination,
  HEARTBEAT_INCOMING_MS,
  HEARTBEAT_OUTGOING_MS,
  RECONNECT_DELAY_MS,
  serverAlarmDestination,
  STOMP_PATH,
} from './constants';
import { createStaffPushClient, startStaffPushes, type StaffPushConnection } from './stomp-client';

describe('realtime constants (spec 000 §9)', () => {
  test('timeout 10 s, heart-beats 30 s in and 10 s out, reconnect after 1 s', () => {
    expect(CONNECTION_TIMEOUT_MS).toBe(10_000);
    expect(HEARTBEAT_INCOMING_MS).toBe(30_000);
    expect(HEARTBEAT_OUTGOING_MS).toBe(10_000);
    expect(RECONNECT_DELAY_MS).toBe(1_000);
  });

  test('the socket and the staff destinations of spec 000 §7', () => {
    expect(STOMP_PATH).toBe('/ws/platform');
    expect(brokerUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws/platform');
    expect(brokerUrl({ protocol: 'https:', host: 'ems.example.com' })).toBe('wss://ems.example.com/ws/platform');
    expect(deviceAlarmDestination(7)).toBe('/ws/alarm/staff/7');
    expect(serverAlarmDestination(7)).toBe('/ws/server-alarm/staff/7');
  });

  test('the client is configured with them', () => {
    const client = createStaffPushClient({
      staffId: 1,
      url: 'ws://x/ws/platform',
      token: () => 't',
      onDeviceAlarm: () => undefined,
      onServerAlarm: () => undefined,
      onConnect: () => undefined,
    });
    expect(client.brokerURL).toBe('ws://x/ws/platform');
    expect(client.connectionTimeout).toBe(CONNECTION_TIMEOUT_MS);
    expect(client.heartbeatIncoming).toBe(HEARTBEAT_INCOMING_MS);
    expect(client.heartbeatOutgoing).toBe(HEARTBEAT_OUTGOING_MS);
    expect(client.reconnectDelay).toBe(RECONNECT_DELAY_MS);
  });
});

describe('the staff push client against a STOMP peer', () => {
  let connection: StaffPushConnection | undefined;
  const realWebSocket = globalThis.WebSocket;
  beforeEach(() => {
    FakeStompSocket.reset();
    (globalThis as { WebSocket: unknown }).WebSocket = FakeStompSocket;
  });
  afterEach(async () => {
    await connection?.stop();
    connection = undefined;
    (globalThis as { WebSocket: unknown }).WebSocket = realWebSocket;
    vi.restoreAllMocks();
  });

  const start = (token: () => string | undefined) => {
    const calls = { device: [] as unknown[], server: [] as unknown[], connects: 0 };
    connection = startStaffPushes({
      staffId: 42,
      url: 'ws://localhost/ws/platform',
      token,
      onDeviceAlarm: (b) => calls.device.push(b),
      onServerAlarm: (b) => calls.server.push(b),
      onConnect: () => (calls.connects += 1),
    });
    return calls;
  };
  const socket = (i: number) => FakeStompSocket.opened[i]!;

  test('CONNECT carries GT and the heart-beats, then both staff destinations are subscribed and pushes delivered', async () => {
    const calls = start(() => 'jwt-1');
    await vi.waitFor(() => expect(calls.connects).toBe(1));
    const connect = socket(0).frames[0]!;
    expect(connect.command).toBe('CONNECT');
    expect(connect.headers.GT).toBe('jwt-1');
    expect(connect.headers['accept-version']).toContain('1.2');
    // heart-beat: what the client sends, what it wants to receive
    expect(connect.headers['heart-beat']).toBe('10000,30000');
    expect(socket(0).url).toBe('ws://localhost/ws/platform');
    expect(socket(0).subscriptions()).toEqual(['/ws/alarm/staff/42', '/ws/server-alarm/staff/42', '/ws/charging/staff/42']);

    socket(0).push('/ws/alarm/staff/42', JSON.stringify({ alarmId: 5 }));
    socket(0).push('/ws/server-alarm/staff/42', JSON.stringify({ recordId: 9 }));
    await vi.waitFor(() => expect(calls.server).toEqual([{ recordId: 9 }]));
    expect(calls.device).toEqual([{ alarmId: 5 }]);
  });

  test('a body that is not JSON is dropped with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = start(() => 'jwt');
    await vi.waitFor(() => expect(calls.connects).toBe(1));
    socket(0).push('/ws/alarm/staff/42', 'not json');
    socket(0).push('/ws/alarm/staff/42', '{"alarmId":6}');
    await vi.waitFor(() => expect(calls.device).toEqual([{ alarmId: 6 }]));
    expect(warn).toHaveBeenCalledWith('Alarm push ignored: its body is not JSON');
  });

  test('a dropped connection comes back after the reconnect delay with the current token, and onConnect runs again', async () => {
    let token = 'jwt-old';
    const calls = start(() => token);
    await vi.waitFor(() => expect(calls.connects).toBe(1));
    token = 'jwt-new';
    const dropped = Date.now();
    socket(0).drop();
    await vi.waitFor(() => expect(calls.connects).toBe(2), { timeout: 3_000 });
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(RECONNECT_DELAY_MS - 50);
    expect(FakeStompSocket.opened).toHaveLength(2);
    expect(socket(1).frames[0]!.headers.GT).toBe('jwt-new');
    expect(socket(1).subscriptions()).toEqual(['/ws/alarm/staff/42', '/ws/server-alarm/staff/42', '/ws/charging/staff/42']);
  });

  test('a refused CONNECT is tried again; stop() ends the connection and the retries', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let accept = false;
    FakeStompSocket.accept = () => accept;
    const calls = start(() => 'jwt');
    await vi.waitFor(() => expect(FakeStompSocket.opened.length).toBeGreaterThanOrEqual(1));
    accept = true;
    await vi.waitFor(() => expect(calls.connects).toBe(1), { timeout: 3_000 });
    const opened = FakeStompSocket.opened.length;
    await connection!.stop();
    connection = undefined;
    expect(FakeStompSocket.opened.at(-1)!.readyState).toBe(FakeStompSocket.CLOSED);
    await new Promise((r) => setTimeout(r, RECONNECT_DELAY_MS + 200));
    expect(FakeStompSocket.opened).toHaveLength(opened);
  });
});
