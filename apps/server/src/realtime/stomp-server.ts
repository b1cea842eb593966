import { randomBytes } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { RealtimeConfig } from '../config.js';
import { SESSION_COOKIE, type SessionService } from '../domains/auth/session.service.js';
import { encodeFrame, FrameError, FrameParser, messageFrame, type Frame, type PreparedMessage } from './frames.js';
import type { PushConnection, PushHub, PushSubscription } from './hub.js';
import { chargingDestination, deviceAlarmDestination, serverAlarmDestination } from './push.js';

export const STOMP_PATH = '/ws/platform';
const SERVER_NAME = 'energy-platform/0.1';
/** Frames a client may send while its CONNECT is being checked. */
const MAX_PENDING_FRAMES = 32;

export interface StompDeps {
  hub: PushHub;
  sessions: SessionService;
  config: RealtimeConfig;
  log: FastifyBaseLogger;
}

/**
 * STOMP 1.2 over WebSocket at /ws/platform (docs/realtime.md). The server only pushes: a client signs
 * in with CONNECT (GT header + the upgrade's SESSION cookie), subscribes to its own staff's
 * destinations and receives MESSAGE frames.
 */
export async function registerStomp(app: FastifyInstance, deps: Omit<StompDeps, 'log'>) {
  await app.register(websocket, {
    // what a client causes (reset, a message over the size cap, invalid UTF-8 in a text message) is not a server fault
    errorHandler: (error, socket, req) => {
      req.log.info({ err: error }, 'realtime: WebSocket error, connection dropped');
      socket.terminate();
    },
    options: {
      // STOMP frames are checked against maxFrameBytes (ERROR + close); far bigger messages are cut by ws itself (close 1009)
      maxPayload: deps.config.maxFrameBytes * 2,
      perMessageDeflate: false,
      handleProtocols: (offered: Set<string>) => pickSubprotocol(offered),
    },
  });
  app.get(STOMP_PATH, { websocket: true }, (socket, req) => {
    new StompConnection(socket, req.cookies[SESSION_COOKIE], { ...deps, log: req.log });
  });
}

/** v12.stomp when offered; otherwise the 1.0/1.1 offer (CONNECT must still accept 1.2); none for a bare client. */
export function pickSubprotocol(offered: Set<string>): string | false {
  for (const p of ['v12.stomp', 'v11.stomp', 'v10.stomp']) if (offered.has(p)) return p;
  return false;
}

type State = 'connecting' | 'authenticating' | 'connected' | 'closed';

class StompConnection implements PushConnection {
  sessionIdHash = '';
  private state: State = 'connecting';
  private readonly parser: FrameParser;
  private readonly id = randomBytes(8).toString('hex');
  private staffId = 0;
  private token = '';
  private readonly subscriptions = new Map<string, PushSubscription>();
  private pending: Frame[] = [];
  private messageCount = 0;
  private lastReceived = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly socket: WebSocket,
    private readonly sessionId: string | undefined,
    private readonly deps: StompDeps,
  ) {
    this.parser = new FrameParser(deps.config.maxFrameBytes);
    this.timers.push(
      setTimeout(() => {
        if (this.state === 'connecting' || this.state === 'authenticating')
          this.fail(`no CONNECT frame within ${deps.config.connectTimeoutMs} ms`);
      }, deps.config.connectTimeoutMs),
    );
    socket.on('message', (data: Buffer) => this.receive(data));
    socket.on('close', () => this.cleanUp());
    // a socket error (reset by the peer) is followed by 'close'; @fastify/websocket logs it
  }

  // --- PushConnection

  deliver(subscriptionId: string, message: PreparedMessage) {
    if (this.state !== 'connected') return;
    this.send(messageFrame(message, subscriptionId, `${this.id}-${++this.messageCount}`));
  }

  end(reason: string) {
    this.fail(reason);
  }

  // --- input

  private receive(data: Buffer) {
    if (this.state === 'closed') return;
    this.lastReceived = Date.now();
    try {
      for (const frame of this.parser.push(data)) {
        if ((this.state as State) === 'closed') return;
        if (this.state === 'authenticating') {
          if (this.pending.push(frame) > MAX_PENDING_FRAMES) return this.fail('too many frames before CONNECTED');
          continue;
        }
        this.handle(frame);
      }
    } catch (error) {
      if (error instanceof FrameError) return this.fail(error.message);
      this.deps.log.error({ err: error }, 'realtime: a STOMP frame could not be handled');
      this.fail('internal server error');
    }
  }

  private handle(frame: Frame) {
    const { command, headers } = frame;
    if (this.state === 'connecting') {
      if (command !== 'CONNECT' && command !== 'STOMP') return this.fail(`the first frame must be CONNECT, not ${command}`);
      return void this.connect(frame).catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'realtime: CONNECT could not be handled');
        this.fail('internal server error');
      });
    }
    if (frame.body.length > 0 && command !== 'SEND') return this.fail(`a ${command} frame must not have a body`, frame);
    switch (command) {
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE': {
        const id = headers.get('id');
        if (id === undefined) return this.fail('UNSUBSCRIBE needs an id header', frame);
        const subscription = this.subscriptions.get(id);
        if (!subscription) return this.fail(`no subscription with id ${id}`, frame);
        this.subscriptions.delete(id);
        this.deps.hub.unsubscribe(subscription);
        return this.receipt(frame);
      }
      case 'DISCONNECT':
        this.receipt(frame);
        return this.close(1000, 'disconnected');
      case 'CONNECT':
      case 'STOMP':
        return this.fail('already connected', frame);
      default:
        return this.fail(`${command} is not supported: this server only pushes to subscriptions`, frame);
    }
  }

  private async connect(frame: Frame) {
    const { headers } = frame;
    const versions = (headers.get('accept-version') ?? '1.0').split(',');
    if (!versions.includes('1.2')) return this.fail('unsupported STOMP version: this server speaks 1.2', frame, { version: '1.2' });
    const beat = headers.get('heart-beat') ?? '0,0';
    const match = /^(\d{1,9}),(\d{1,9})$/.exec(beat);
    if (!match) return this.fail(`malformed heart-beat header: ${beat.slice(0, 40)}`, frame);
    const token = headers.get('GT');
    if (!token) return this.fail('not signed in: the GT header (the jwtToken cookie) is missing', frame);

    this.state = 'authenticating';
    let resolved;
    try {
      resolved = await this.deps.sessions.resolveForSocket(this.sessionId, token);
    } catch {
      return this.fail('the session could not be checked, try again later', frame);
    }
    if (this.state !== 'authenticating') return; // closed meanwhile
    if (!resolved) return this.fail('not signed in: no session, or the GT header does not match it', frame);
    if (!resolved.staff) return this.fail('no usable staff: select one (a disabled or frozen staff cannot connect)', frame);
    this.sessionIdHash = resolved.user.sessionIdHash;
    this.staffId = resolved.staff.id;
    this.token = token;
    const { config, hub } = this.deps;
    if (hub.closing) return this.fail('the server is shutting down', frame);
    if (!hub.attach(this, config.maxConnectionsPerSession))
      return this.fail(`too many connections for this session: the limit is ${config.maxConnectionsPerSession}`, frame);

    // heart-beat (STOMP 1.2): each way, the larger of what one side can do and the other wants; 0 = none
    const [cx, cy] = [Number(match[1]), Number(match[2])];
    const offer = config.heartbeatMs;
    const outgoing = cy === 0 || offer === 0 ? 0 : Math.max(offer, cy);
    const incoming = cx === 0 || offer === 0 ? 0 : Math.max(cx, offer);
    this.state = 'connected';
    this.send(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': `${offer},${offer}`, server: SERVER_NAME, session: this.id }));
    if (outgoing) this.timers.push(setInterval(() => this.send('\n'), outgoing));
    if (incoming)
      this.timers.push(
        setInterval(() => {
          if (Date.now() - this.lastReceived > 2 * incoming) this.fail(`no heart-beat from the client for ${2 * incoming} ms`);
        }, incoming),
      );
    this.timers.push(setInterval(() => void this.revalidate(), config.revalidateMs));
    this.receipt(frame);

    const pending = this.pending;
    this.pending = [];
    for (const f of pending) if (this.state === 'connected') this.handle(f);
  }

  private subscribe(frame: Frame) {
    const id = frame.headers.get('id');
    const destination = frame.headers.get('destination');
    if (id === undefined || destination === undefined) return this.fail('SUBSCRIBE needs id and destination headers', frame);
    const ack = frame.headers.get('ack') ?? 'auto';
    if (ack !== 'auto') return this.fail(`ack:${ack.slice(0, 20)} is not supported: only auto`, frame);
    if (this.subscriptions.has(id)) return this.fail(`the subscription id ${id.slice(0, 40)} is already in use`, frame);
    const allowed = [deviceAlarmDestination(this.staffId), serverAlarmDestination(this.staffId), chargingDestination(this.staffId)];
    if (!allowed.includes(destination))
      return this.fail(`cannot subscribe to ${destination.slice(0, 80)}: only ${allowed.join(' and ')} of the signed-in staff`, frame);
    if (this.subscriptions.size >= this.deps.config.maxSubscriptions)
      return this.fail(`too many subscriptions: the limit is ${this.deps.config.maxSubscriptions}`, frame);
    const subscription = { connection: this, id, destination };
    this.subscriptions.set(id, subscription);
    this.deps.hub.subscribe(subscription);
    this.receipt(frame);
  }

  /** The session may have expired, or its staff been disabled, since CONNECT. */
  private async revalidate() {
    try {
      const resolved = await this.deps.sessions.resolveForSocket(this.sessionId, this.token);
      if (!resolved?.staff || resolved.staff.id !== this.staffId) this.fail('the session has ended or its staff can no longer sign in');
    } catch {
      // the database is unreachable for now: keep the connection, check again next time
    }
  }

  // --- output

  private receipt(frame: Frame) {
    const receipt = frame.headers.get('receipt');
    if (receipt !== undefined) this.send(encodeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  private send(data: Buffer | string) {
    if (this.state === 'closed') return;
    this.socket.send(data, { binary: false });
    // a client that does not read: drop it rather than hold its backlog
    if (this.socket.bufferedAmount > this.deps.config.maxBufferedBytes) {
      this.state = 'closed';
      this.socket.terminate();
      this.cleanUp();
    }
  }

  /** ERROR (with the receipt-id of the frame at fault, if it asked for one), then close: STOMP 1.2 ends a connection on ERROR. */
  private fail(message: string, frame?: Frame, extra: Record<string, string> = {}) {
    if (this.state === 'closed') return;
    const receipt = frame?.headers.get('receipt');
    const headers: Record<string, string> = { message: message.replace(/[\r\n]/g, ' '), 'content-type': 'text/plain', ...extra };
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.send(encodeFrame('ERROR', headers, message));
    this.close(1008, 'STOMP ERROR');
  }

  private close(code: number, reason: string) {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.socket.close(code, reason);
    this.cleanUp();
  }

  private cleanUp() {
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    for (const subscription of this.subscriptions.values()) this.deps.hub.unsubscribe(subscription);
    this.subscriptions.clear();
    this.pending = [];
    if (this.sessionIdHash) this.deps.hub.detach(this);
  }
}
