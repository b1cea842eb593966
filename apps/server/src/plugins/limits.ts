import rateLimit from '@fastify/rate-limit';
import { ErrorCode, type EndpointCost } from '@energy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { SecurityConfig } from '../config.js';
import { AppError } from './errors.js';

/** Who an expensive call counts against: the signed-in user and, with a usable staff, its tenant. */
export interface LimitSubject {
  muid: string;
  tenantId: string | null;
}

type Check = (
  req: FastifyRequest,
) => Promise<{ isAllowed: true } | { isAllowed: false; max: number; remaining: number; ttlInSeconds: number; isExceeded: boolean }>;

const WHAT: Record<EndpointCost, string> = {
  heavy: 'telemetry queries',
  export: 'exports',
  import: 'imports',
  upload: 'uploads',
};

/** One user's heavy calls running now, and the ones waiting for a slot. */
interface Slots {
  running: number;
  waiting: (() => void)[];
}

/**
 * Rate limits of expensive calls (docs/security.md), through @fastify/rate-limit's stores (Redis when
 * REDIS_URL is set, so every server process counts together; in memory otherwise): per user and per
 * tenant and kind, in a fixed window. Heavy calls are also capped at a few at once per user (in this
 * process): the rest wait briefly for a slot, then get 429 too.
 */
export class Limits {
  private readonly subjects = new WeakMap<FastifyRequest, string>();
  private readonly checks = new Map<string, Check>();
  private readonly slots = new Map<string, Slots>();

  constructor(
    app: FastifyInstance,
    private readonly config: SecurityConfig,
  ) {
    const timeWindow = config.rateWindowSeconds * 1000;
    for (const [cost, limit] of Object.entries(config.rateLimits) as [EndpointCost, SecurityConfig['rateLimits']['heavy']][]) {
      for (const scope of ['user', 'tenant'] as const) {
        const check = app.createRateLimit({
          max: limit[scope],
          timeWindow,
          keyGenerator: (req) => `${cost}:${scope}:${this.subjects.get(req)}`,
        });
        this.checks.set(`${cost}:${scope}`, check as Check);
      }
    }
  }

  /**
   * Counts one call of kind `cost` by `subject`; throws 429 (42901) with Retry-After when the user's or
   * the tenant's limit is used up. Sets the x-ratelimit-* headers of the tighter of the two.
   * For heavy calls, then waits for one of the user's slots: call the returned function when done.
   */
  async enter(cost: EndpointCost, subject: LimitSubject, req: FastifyRequest, reply: FastifyReply): Promise<() => void> {
    const scopes = subject.tenantId ? (['user', 'tenant'] as const) : (['user'] as const);
    let tightest: { max: number; remaining: number; reset: number } | null = null;
    for (const scope of scopes) {
      this.subjects.set(req, scope === 'user' ? subject.muid : subject.tenantId!);
      const result = await this.checks.get(`${cost}:${scope}`)!(req);
      if (result.isAllowed) continue;
      if (result.isExceeded) {
        reply.header('x-ratelimit-limit', result.max).header('x-ratelimit-remaining', 0).header('x-ratelimit-reset', result.ttlInSeconds);
        reply.header('retry-after', Math.max(1, result.ttlInSeconds));
        const per = scope === 'user' ? 'per user' : 'per tenant';
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          `Too many ${WHAT[cost]}: at most ${result.max} ${per} every ${this.config.rateWindowSeconds} s; try again in ${Math.max(1, result.ttlInSeconds)} s`,
        );
      }
      if (!tightest || result.remaining < tightest.remaining)
        tightest = { max: result.max, remaining: result.remaining, reset: result.ttlInSeconds };
    }
    if (tightest) {
      reply
        .header('x-ratelimit-limit', tightest.max)
        .header('x-ratelimit-remaining', tightest.remaining)
        .header('x-ratelimit-reset', tightest.reset);
    }
    return cost === 'heavy' ? this.acquire(subject.muid, reply) : () => {};
  }

  /** One of the user's heavy-call slots, waiting up to heavyWaitMs; 429 when none frees in time. */
  private async acquire(muid: string, reply: FastifyReply): Promise<() => void> {
    let slots = this.slots.get(muid);
    if (!slots) this.slots.set(muid, (slots = { running: 0, waiting: [] }));
    const own = slots;
    if (own.running >= this.config.heavyConcurrency) {
      const granted = await new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          own.waiting.splice(own.waiting.indexOf(wake), 1);
          resolve(false);
        }, this.config.heavyWaitMs);
        own.waiting.push(wake);
      });
      if (!granted) {
        reply.header('retry-after', 1);
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          `Too many telemetry queries at once: at most ${this.config.heavyConcurrency} per user; try again in 1 s`,
        );
      }
    } else {
      own.running++;
    }
    // a woken waiter inherits the slot of the call that ended (running stays the same)
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = own.waiting.shift();
      if (next) return next();
      own.running--;
      if (own.running === 0) this.slots.delete(muid);
    };
  }
}

/** Registers @fastify/rate-limit (no global limit: only the calls the registry asks for) and builds the limits. */
export async function installLimits(
  app: FastifyInstance,
  config: SecurityConfig,
  redis?: { url: string; prefix: string },
): Promise<Limits> {
  let client: Redis | undefined;
  if (redis) {
    client = new Redis(redis.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5000 });
    client.on('error', (err) => app.log.warn({ err }, 'rate limits: Redis connection error'));
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw new Error(`rate limits: cannot use Redis at REDIS_URL: ${(error as Error).message}`);
    }
    app.addHook('onClose', async () => {
      await client!.quit().catch(() => {});
      client!.disconnect();
    });
  }
  // skipOnError: while Redis is away, calls go through uncounted rather than failing
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(client ? { redis: client, nameSpace: `${redis!.prefix}ratelimit:` } : {}),
  });
  return new Limits(app, config);
}
