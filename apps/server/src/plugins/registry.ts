import { ErrorCode, envelope, errorEnvelope, type EndpointDef, type InputOf, type OutputOf } from '@energy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { plainRequestTransaction, type RequestTransaction } from '../db/request-transaction.js';
import type { AuditService } from '../domains/audit/audit.service.js';
import type { SessionService, ResolvedSession } from '../domains/auth/session.service.js';
import type { PublicCtx, StaffCtx, UserCtx } from './context.js';
import { AppError, forbidden, fromDatabase, validationError } from './errors.js';
import type { Limits } from './limits.js';
import { langOf } from '../excel/columns.js';

type CtxFor<E extends EndpointDef> = E['access'] extends { auth: 'staff' }
  ? StaffCtx
  : E['access'] extends { auth: 'user' }
    ? UserCtx
    : PublicCtx;

export type Handler<E extends EndpointDef> = (
  ctx: CtxFor<E>,
  input: InputOf<E>,
  http: { req: FastifyRequest; reply: FastifyReply },
) => Promise<OutputOf<E>> | OutputOf<E>;

/** Registers one endpoint: `route(contract, (ctx, input) => service.method(ctx, input))`. */
export type Route = <E extends EndpointDef>(endpoint: E, handler: Handler<E>) => void;

const errorStatuses = [400, 401, 403, 404, 412, 429, 500] as const;
const AUDIT_TARGET_KEYS = ['id', 'staffId', 'staff_id', 'mcid', 'key', 'uetId', 'scene', 'username', 'navigationPreference'];

function attemptedUsername(input: unknown): string | null {
  const username = input && typeof input === 'object' ? (input as { username?: unknown }).username : undefined;
  return typeof username === 'string' ? username.slice(0, 64) : null;
}

function auditTarget(input: unknown): string | null {
  if (!input || typeof input !== 'object') return null;
  const rec = input as Record<string, unknown>;
  const parts = AUDIT_TARGET_KEYS.filter((k) => rec[k] !== undefined && typeof rec[k] !== 'object').map(
    (k) => `${k}=${String(rec[k]).slice(0, 80)}`,
  );
  return parts.length ? parts.join(' ') : null;
}

const MAX_DEPTH = 32;

/**
 * Checks what no schema expresses: the database cannot store U+0000 in text, so it is refused anywhere
 * in the input, naming the field; and input nested deeper than 32 levels is refused before anything
 * walks it. Iterative, so hostile nesting cannot exhaust the stack.
 */
function checkShape(value: unknown): void {
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw new AppError(ErrorCode.VALIDATION, `${path.join('.') || 'input'}: must not contain NUL characters`);
    } else if (v && typeof v === 'object') {
      if (path.length >= MAX_DEPTH) throw new AppError(ErrorCode.VALIDATION, `${path.slice(0, 3).join('.')}...: is nested too deeply`);
      for (const [k, child] of Object.entries(v)) stack.push({ v: child, path: [...path, k] });
    }
  }
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  checkShape(value);
  if (!schema) return {};
  const result = schema.safeParse(value ?? undefined);
  if (!result.success) throw validationError(result.error, where);
  return result.data ?? {};
}

export interface RegistryDeps {
  db: Db;
  sessions: SessionService;
  audit: AuditService;
  /** Signed-in calls' transactions (Database.requestTransaction); a plain drizzle transaction when absent. */
  requestTransaction?: RequestTransaction;
  /** Rate limits and the heavy-call cap of calls whose contract has a `cost` (plugins/limits.ts); buildApp always gives them. */
  limits?: Limits;
}

/**
 * The one place where an endpoint gets its behaviour: sign-in and jwtToken check, usable staff (412),
 * permission (403), input validation (400, after auth so strangers learn nothing), the tenant-scoped
 * transaction, the envelope, the audit record of commands, and the OpenAPI entry.
 */
export function createRegistry(app: FastifyInstance, deps: RegistryDeps): Route {
  const requestTransaction = deps.requestTransaction ?? plainRequestTransaction(deps.db);
  // Paths without parameters, of any method. A path with a parameter (`PUT /api/circuit/{id}`) also
  // matches such a path of another method (`PUT /api/circuit/tree`, where only GET exists): that request
  // gets the answer of a call that does not exist, as if the parameter route were not there.
  const plainPaths = new Set<string>();
  const wrongMethod = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!plainPaths.has(req.url.split('?')[0]!)) return;
    reply.callNotFound();
    return reply;
  };
  return (endpoint, handler) => {
    const url = endpoint.path.replace(/\{(\w+)\}/g, ':$1');
    if (url === endpoint.path) plainPaths.add(url);
    const response: Record<number, z.ZodType> = { 200: endpoint.raw ? z.any() : envelope(endpoint.output) };
    for (const s of errorStatuses) response[s] = errorEnvelope;
    const call = `${endpoint.method} ${endpoint.path}`;

    app.route({
      method: endpoint.method,
      url,
      ...(url === endpoint.path ? {} : { onRequest: wrongMethod }),
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.tag],
        ...(endpoint.body && endpoint.bodyKind !== 'multipart' ? { body: endpoint.body } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.raw ? {} : { response }),
      },
      handler: async (req, reply) => {
        const started = Date.now();
        let resolved = null as ResolvedSession | null;
        let input: unknown = undefined;
        let answer: unknown = undefined;
        let release: (() => void) | undefined;
        let code: number = ErrorCode.OK;
        const deferred: (() => Promise<void>)[] = [];
        const defer = (fn: () => Promise<void>) => void deferred.push(fn);
        try {
          const access = endpoint.access;
          if (endpoint.cost && deps.limits) {
            // counted before the transaction, so a call waiting for a heavy-call slot holds no connection;
            // without a session nothing is counted (the transaction answers 401)
            const who = await deps.sessions.resolveOptional(req);
            if (who)
              release = await deps.limits.enter(endpoint.cost, { muid: who.user.muid, tenantId: who.staff?.tenantId ?? null }, req, reply);
          }
          const run = async (tx: Db, opened?: Record<string, unknown>[]) => {
            if (access.auth !== 'public') {
              resolved = await deps.sessions.resolveOpened(tx, opened!, req, { cookieOnly: endpoint.cookieOnly === true, defer });
              if (access.auth === 'staff') {
                deps.sessions.requireUsableStaff(resolved);
                if (access.permission && !resolved.staff!.permissions.has(access.permission)) throw forbidden(access.permission);
              }
            } else {
              resolved = await deps.sessions.resolveOptional(req);
            }
            const params = parsePart(endpoint.params, req.params, 'path');
            const query = parsePart(endpoint.query, req.query, 'query');
            const body = endpoint.bodyKind === 'multipart' ? {} : parsePart(endpoint.body, req.body, 'body');
            input = { ...(params as object), ...(query as object), ...(body as object) };
            const ctx = {
              ip: req.ip,
              lang: langOf(req),
              tx,
              defer,
              user: resolved?.user ?? null,
              staff: resolved?.staff ?? null,
            };
            return handler(ctx as never, input as never, { req, reply });
          };
          // Public calls (sign-in mechanics) run on the owner connection; every other call in a
          // transaction that the session lookup, its first statement, scopes to the user, tenant and role energy_app.
          const result = access.auth === 'public' ? await run(deps.db) : await requestTransaction(deps.sessions.opening(req), run);
          answer = result;
          if (endpoint.raw) return result;
          return { code: ErrorCode.OK, data: result ?? null, msg: 'success' };
        } catch (error) {
          const known = error instanceof AppError ? error : fromDatabase(error);
          code = known ? known.code : ErrorCode.INTERNAL;
          throw known ?? error;
        } finally {
          release?.();
          for (const fn of deferred) await fn();
          if (endpoint.kind === 'command') {
            // the call's outcome stands whatever happens here: a failed audit write is logged, not answered
            await deps.audit
              .record({
                tenantId: resolved?.staff?.tenantId ?? null,
                muid: resolved?.user.muid ?? null,
                // a sign-in attempt has no session yet: the username tried is who
                username: resolved?.user.username ?? attemptedUsername(input),
                staffId: resolved?.staff?.id ?? null,
                staffCode: resolved?.staff?.staffCode ?? null,
                call,
                // a create names the new object: its id comes from the answer when the input has none
                target: auditTarget(input) ?? auditTarget(answer),
                outcome: code === ErrorCode.OK ? 'ok' : 'error',
                code,
                ip: req.ip,
                durationMs: Date.now() - started,
              })
              .catch((err) => req.log.error({ err, call }, 'audit record failed'));
          }
        }
      },
    });
  };
}
