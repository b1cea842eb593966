import type { Config } from '../config.js';
import { prepareMessage, type PreparedMessage } from './frames.js';
import type { ProcessSignals, PushPublisher } from './push.js';
import { RedisBus } from './redis-bus.js';

/** A STOMP connection as the hub sees it (stomp-server.ts). */
export interface PushConnection {
  /** The web session's id hash: signing out or switching staff closes its connections. */
  readonly sessionIdHash: string;
  deliver(subscriptionId: string, message: PreparedMessage): void;
  /** Sends an ERROR frame with `reason` and closes. */
  end(reason: string): void;
}

/** One SUBSCRIBE of a connection. */
export interface PushSubscription {
  readonly connection: PushConnection;
  readonly id: string;
  readonly destination: string;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Fan-out of pushes (docs/realtime.md): a publish is serialised once, delivered to the subscribers on
 * this process and, with REDIS_URL, sent through Redis to every other process, which delivers to its
 * own. Ended web sessions travel the same way.
 */
export class PushHub implements PushPublisher, ProcessSignals {
  private readonly subscribers = new Map<string, Set<PushSubscription>>();
  private readonly connections = new Map<string, Set<PushConnection>>();
  private bus: RedisBus | undefined;
  private closed = false;
  private readonly signalHandlers = new Map<string, ((payload: string) => void)[]>();

  constructor(private readonly config: Pick<Config, 'redisUrl' | 'redisPrefix'>) {}

  /** Connects to Redis when REDIS_URL is set. */
  async start(log: Log) {
    if (!this.config.redisUrl) return;
    const bus = new RedisBus(
      this.config.redisUrl,
      this.config.redisPrefix,
      {
        message: (destination, json) => this.deliver(destination, json),
        sessionEnded: (idHash) => this.endLocal(idHash),
        signal: (topic, payload) => this.receiveSignal(topic, payload, log),
      },
      log,
    );
    await bus.start();
    this.bus = bus;
  }

  /** Whether pushes cross processes. */
  get distributed() {
    return this.bus !== undefined;
  }

  publish(destination: string, body: unknown): void {
    if (/[\r\n]/.test(destination)) throw new Error(`realtime: a destination cannot contain line breaks: ${JSON.stringify(destination)}`);
    const json = JSON.stringify(body) ?? 'null';
    this.deliver(destination, json);
    this.bus?.publishMessage(destination, json);
  }

  /** Closes the sockets of a web session (signed out, switched staff), on every process. */
  endSession(idHash: string) {
    this.endLocal(idHash);
    this.bus?.publishSessionEnded(idHash);
  }

  /** Tells the other processes (ProcessSignals); nothing to do without Redis, where this is the only one. */
  signal(topic: string, payload: string) {
    if (/[\r\n]/.test(topic)) throw new Error(`realtime: a signal topic cannot contain line breaks: ${JSON.stringify(topic)}`);
    this.bus?.publishSignal(topic, payload);
  }

  onSignal(topic: string, handler: (payload: string) => void) {
    this.signalHandlers.set(topic, [...(this.signalHandlers.get(topic) ?? []), handler]);
  }

  private receiveSignal(topic: string, payload: string, log: Log) {
    for (const handler of this.signalHandlers.get(topic) ?? [])
      try {
        handler(payload);
      } catch (err) {
        log.warn({ err, topic }, 'realtime: a signal handler failed');
      }
  }

  // --- for the STOMP connections of this process

  /** Registers a connection once it is signed in; false when its session has `max` open already. */
  attach(connection: PushConnection, max: number): boolean {
    let set = this.connections.get(connection.sessionIdHash);
    if (!set) this.connections.set(connection.sessionIdHash, (set = new Set()));
    if (set.size >= max) return false;
    set.add(connection);
    return true;
  }

  detach(connection: PushConnection) {
    const set = this.connections.get(connection.sessionIdHash);
    if (set?.delete(connection) && set.size === 0) this.connections.delete(connection.sessionIdHash);
  }

  subscribe(subscription: PushSubscription) {
    let set = this.subscribers.get(subscription.destination);
    if (!set) this.subscribers.set(subscription.destination, (set = new Set()));
    set.add(subscription);
  }

  unsubscribe(subscription: PushSubscription) {
    const set = this.subscribers.get(subscription.destination);
    if (set?.delete(subscription) && set.size === 0) this.subscribers.delete(subscription.destination);
  }

  /** Set by close(): new connections are refused. */
  get closing() {
    return this.closed;
  }

  /** Open connections on this process. */
  get connectionCount() {
    let n = 0;
    for (const set of this.connections.values()) n += set.size;
    return n;
  }

  /** Ends every connection of this process and leaves Redis. */
  async close() {
    this.closed = true;
    for (const set of [...this.connections.values()]) for (const connection of [...set]) connection.end('the server is shutting down');
    await this.bus?.close();
    this.bus = undefined;
  }

  private deliver(destination: string, json: string) {
    const set = this.subscribers.get(destination);
    if (!set) return;
    const message = prepareMessage(destination, json);
    // a connection dropped while delivering (slow client) leaves the set: iterate over a copy
    for (const subscription of [...set]) subscription.connection.deliver(subscription.id, message);
  }

  private endLocal(idHash: string) {
    const set = this.connections.get(idHash);
    if (!set) return;
    for (const connection of [...set]) connection.end('the session has ended: signed out or switched staff');
  }
}
