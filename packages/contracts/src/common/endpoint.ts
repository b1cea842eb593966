import { z } from 'zod';
import type { PermissionCode } from '../catalogue/catalogue-codes.js';

/**
 * Who may call an endpoint.
 * - public: anyone (sign-in, probe).
 * - user: a signed-in user, with or without a usable staff (own settings, staff selection).
 * - staff: a signed-in user acting as a usable (enabled) current staff; optional permission code
 *   from the catalogue (a code the catalogue lacks fails the type check); `ouCheck: false` marks the
 *   spec's `no-ou-check` calls (tenant check only).
 */
export type Access = { auth: 'public' } | { auth: 'user' } | { auth: 'staff'; permission?: PermissionCode; ouCheck?: boolean };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointDef<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  O extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Path with `{name}` parameters, as the spec writes them. */
  path: string;
  summary: string;
  /** OpenAPI tag: the domain. */
  tag: string;
  access: A;
  /** Commands change state and are written to the audit log; queries are not. */
  kind: 'query' | 'command';
  /** How the body arrives: JSON (default), a URL-encoded form, a multipart upload, or nothing. */
  bodyKind?: 'json' | 'form' | 'multipart' | 'none';
  body?: B;
  query?: Q;
  params?: P;
  /** The `data` of the envelope. `'stream'` answers a raw file instead of an envelope. */
  output: O;
  raw?: boolean;
  /** Sent with only the session cookie, without the jwtToken header (file-center/get for <img src>). */
  cookieOnly?: boolean;
  /**
   * An expensive call, rate-limited per user and per tenant by its kind (docs/security.md): `heavy`
   * (telemetry ranges; also capped at a few at once per user), `export`, `import`, `upload`.
   */
  cost?: EndpointCost;
}

/** The kinds of expensive call that have their own rate limits. */
export type EndpointCost = 'heavy' | 'export' | 'import' | 'upload';

/** The parsed type of an optional schema slot; `{}` when the slot is empty. */
type Parsed<T> = [NonNullable<T>] extends [never] ? {} : NonNullable<T> extends z.ZodType ? NonNullable<z.infer<NonNullable<T>>> : {};

/** The merged input a handler receives: path params, query and body. */
export type InputOf<E extends EndpointDef> = Parsed<E['params']> & Parsed<E['query']> & Parsed<E['body']>;

/** The parsed body of an endpoint. */
export type BodyOf<E extends EndpointDef> = Parsed<E['body']>;

export type OutputOf<E extends EndpointDef> = z.infer<E['output']>;

/** Declares one call of the catalogue. */
export function endpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  O extends z.ZodType = z.ZodType,
  const A extends Access = Access,
>(def: EndpointDef<B, Q, P, O, A>): EndpointDef<B, Q, P, O, A> {
  return def;
}

/** An empty JSON body: the spec's "none" bodies still accept `{}` or a timestamp. */
export const noBody = z
  .object({ timestamp: z.union([z.number(), z.string().max(32)]).optional() })
  .strict()
  .optional();

/** Is this value an endpoint definition? */
export function isEndpoint(value: unknown): value is EndpointDef {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as { method?: unknown }).method === 'string' &&
    typeof (value as { path?: unknown }).path === 'string' &&
    'access' in value
  );
}

/** Every endpoint of the given domain modules, named `domain.export`. */
export function endpointsOf(modules: Record<string, unknown>): { id: string; endpoint: EndpointDef }[] {
  return Object.entries(modules).flatMap(([domain, mod]) =>
    mod && typeof mod === 'object'
      ? Object.entries(mod).flatMap(([name, value]) => (isEndpoint(value) ? [{ id: `${domain}.${name}`, endpoint: value }] : []))
      : [],
  );
}
