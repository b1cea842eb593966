import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** What crosses processes: a push to a destination, a web session whose sockets must close, or a signal. */
export interface BusHandlers {
  message(destination: string, json: string): void;
  sessionEnded(idHash: string): void;
  signal(topic: string, payload: string): void;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Redis pub/sub between server processes, on one channel `<prefix>realtime`. A message is
 * `M\n<origin>\n<destination>\n<json>`, `E\n<origin>\n<session id hash>` or
 * `S\n<origin>\n<topic>\n<payload>` (a signal, ProcessSignals); each process skips its own
 * (it delivered locally already). Pub/sub keeps nothing: a process that is down misses what was sent.
 */
export class RedisBus {
  /** This process, to skip its own messages. */
  private readonly origin = randomBytes(8).toString('hex');
  private readonly channel: string;
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(
    url: string,
    prefix: string,
    private readonly handlers: BusHandlers,
    private readonly log: Log,
  ) {
    this.channel = `${prefix}realtime`;
    // no offline queue: while Redis is away a publish fails at once (and is logged) instead of piling up
    const options = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5000 };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, { ...options, enableOfflineQueue: true });
    for (const client of [this.pub, this.sub]) client.on('error', (err) => this.log.warn({ err }, 'realtime: Redis connection error'));
    this.sub.on('message', (_channel: string, payload: string) => this.receive(payload));
  }

  /** Connects both clients and subscribes; fails when Redis cannot be reached. */
  async start() {
    try {
      await Promise.all([this.pub.connect(), this.sub.connect()]);
      await this.sub.subscribe(this.channel);
    } catch (error) {
      this.pub.disconnect();
      this.sub.disconnect();
      throw new Error(`realtime: cannot use Redis at REDIS_URL: ${(error as Error).message}`);
    }
  }

  publishMessage(destination: string, json: string) {
    this.send(`M\n${this.origin}\n${destination}\n${json}`);
  }

  publishSessionEnded(idHash: string) {
    this.send(`E\n${this.origin}\n${idHash}`);
  }

  publishSignal(topic: string, payload: string) {
    this.send(`S\n${this.origin}\n${topic}\n${payload}`);
  }

  async close() {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
    this.pub.disconnect();
    this.sub.disconnect();
  }

  private send(payload: string) {
    this.pub.publish(this.channel, payload).catch((err: unknown) => this.log.warn({ err }, 'realtime: a push could not go to Redis'));
  }

  private receive(payload: string) {
    const kind = payload.slice(0, 2);
    const originEnd = payload.indexOf('\n', 2);
    if (originEnd < 0 || payload.slice(2, originEnd) === this.origin) return;
    if (kind === 'E\n') {
      this.handlers.sessionEnded(payload.slice(originEnd + 1));
    } else if (kind === 'M\n' || kind === 'S\n') {
      const nameEnd = payload.indexOf('\n', originEnd + 1);
      if (nameEnd < 0) return;
      const name = payload.slice(originEnd + 1, nameEnd);
      const rest = payload.slice(nameEnd + 1);
      if (kind === 'M\n') this.handlers.message(name, rest);
      else this.handlers.signal(name, rest);
    }
  }
}
