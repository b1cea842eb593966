import { Client, type IMessage } from '@stomp/stompjs';
import {
  brokerUrl,
  chargingDestination,
  CONNECTION_TIMEOUT_MS,
  deviceAlarmDestination,
  HEARTBEAT_INCOMING_MS,
  HEARTBEAT_OUTGOING_MS,
  RECONNECT_DELAY_MS,
  serverAlarmDestination,
} from './constants';
import { emitDomainPush } from './domain-pushes';

// A lazy chunk: use-staff-pushes.ts imports it after sign-in, so @stomp/stompjs stays out of the first page.

/** What the staff's pushes do (bodies are parsed JSON, not yet checked). */
export interface StaffPushHandlers {
  onDeviceAlarm(body: unknown): void;
  onServerAlarm(body: unknown): void;
  /** After every connect and reconnect, once the subscriptions are made: what arrived meanwhile is fetched. */
  onConnect(): void;
}

export interface StaffPushOptions extends StaffPushHandlers {
  staffId: number;
  /** The `GT` header (the jwtToken cookie), read again before every connect attempt. */
  token: () => string | undefined;
  /** Default: ws(s)://<this host>/ws/platform. */
  url?: string;
}

export interface StaffPushConnection {
  readonly client: Client;
  /** Disconnects and stops reconnecting. */
  stop(): Promise<void>;
}

function deliver(message: IMessage, handle: (body: unknown) => void) {
  let body: unknown;
  try {
    body = JSON.parse(message.body);
  } catch {
    console.warn('Alarm push ignored: its body is not JSON');
    return;
  }
  handle(body);
}

/** The STOMP client of one staff, not yet active (spec 000 §9: timeout 10 s, heart-beats 30 s in / 10 s out, reconnect after 1 s). */
export function createStaffPushClient(opts: StaffPushOptions): Client {
  const client: Client = new Client({
    brokerURL: opts.url ?? brokerUrl(),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    heartbeatIncoming: HEARTBEAT_INCOMING_MS,
    heartbeatOutgoing: HEARTBEAT_OUTGOING_MS,
    reconnectDelay: RECONNECT_DELAY_MS,
    debug: () => undefined,
    // a new sign-in (or staff switch) sets a new jwtToken cookie: each attempt sends the current one
    beforeConnect: (c) => {
      c.connectHeaders = { GT: opts.token() ?? '' };
    },
    onConnect: () => {
      client.subscribe(deviceAlarmDestination(opts.staffId), (m) => deliver(m, (b) => opts.onDeviceAlarm(b)));
      client.subscribe(serverAlarmDestination(opts.staffId), (m) => deliver(m, (b) => opts.onServerAlarm(b)));
      client.subscribe(chargingDestination(opts.staffId), (m) => deliver(m, (b) => emitDomainPush('charging', b)));
      opts.onConnect();
    },
    onStompError: (frame) => console.warn(`Alarm pushes: the server ended the connection (${frame.headers.message ?? 'no reason given'})`),
  });
  return client;
}

/** Connects (and keeps reconnecting) until `stop()`. */
export function startStaffPushes(opts: StaffPushOptions): StaffPushConnection {
  const client = createStaffPushClient(opts);
  client.activate();
  return { client, stop: () => client.deactivate() };
}
