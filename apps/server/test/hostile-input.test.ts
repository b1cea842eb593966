/**
 * Hostile input against every call of the platform-core groups (auth, staff, navigation, account,
 * customer, ou, files, integration, audit, uet): malformed JSON, wrong types, huge strings, SQL
 * fragments, prototype-pollution keys, other tenants' and other people's ids, bogus sessions and an
 * oversized body. The endpoints are read from the contracts, so a new call is covered automatically.
 *
 * For every answer: never 500 / 50000, always the JSON envelope with a numeric code and a string msg,
 * a non-empty msg on every 4xx, and a validation message (40000) that names the field. Afterwards the
 * tenant tables are byte-for-byte what they were before (row counts and checksums).
 *
 * Only invalid payloads (or payloads aimed at other tenants / people) are sent: a payload the contract
 * would accept for a state-changing call is "poisoned" in another field, or not sent at all.
 */
import querystring from 'node:querystring';
import * as c from '@energy/contracts';
import { ErrorCode, defaultMessageOf, type EndpointDef } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import sjson from 'secure-json-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from '../src/seed/demo.js';
import { DB_KINDS, createTestApp, demoIds, signIn, type Session, type TestApp } from './helpers.js';

// ---------------------------------------------------------------------------------------------
// The endpoints, straight from the contracts
// ---------------------------------------------------------------------------------------------

interface Ep {
  id: string;
  e: EndpointDef;
}

// every endpoint of every domain module the contracts export: a new domain is covered without touching this file
const ENDPOINTS: Ep[] = c
  .endpointsOf(c as unknown as Record<string, unknown>)
  .map(({ id, endpoint: e }) => ({ id: `${id}: ${e.method} ${e.path}`, e }));

type Part = 'params' | 'query' | 'body';
const PARTS: Part[] = ['params', 'query', 'body'];

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

const HUGE = 'A'.repeat(100_000);
const SQL_DROP = '1; DROP TABLE staff; --';
const SQL_OR = "' OR '1'='1";

/** Values put in place of each JSON body field. */
const JSON_VALUES: [string, unknown][] = [
  ['string', 'not-a-number'],
  ['number', 12345],
  ['boolean', true],
  ['null', null],
  ['object', { nested: 'x' }],
  ['operator-object', { $gt: '' }],
  ['array', ['a', 1]],
  ['empty-array', []],
  ['empty-string', ''],
  ['whitespace', '   '],
  ['huge-string', HUGE],
  ['sql-drop', SQL_DROP],
  ['sql-or', SQL_OR],
  ['sql-union', "x' UNION SELECT password_hash FROM customer_user --"],
  ['like-wildcards', '%_\\'],
  ['nul-byte', 'a\u0000b'],
  ['lone-surrogate', 'a\ud800b'],
  ['html', '<script>alert(1)</script>'],
  ['path-traversal', '../../../../etc/passwd'],
  ['negative', -1],
  ['zero', 0],
  ['fraction', 1.5],
  ['int32-overflow', 2_147_483_648],
  ['max-safe-int', Number.MAX_SAFE_INTEGER],
  ['huge-number', 1e308],
  ['numeric-string', '1'],
  ['bad-date', '2024-02-30T25:61:00Z'],
  ['year-zero', '0000-01-01T00:00:00Z'],
  ['year-10000', '9999-12-31T23:59:59-23:59'],
];

/** Values put in place of each query-string / form / path value (all strings on the wire). */
const STRING_VALUES: [string, string | string[]][] = [
  ['not-a-number', 'not-a-number'],
  ['empty', ''],
  ['huge-string', HUGE],
  ['sql-drop', SQL_DROP],
  ['sql-or', SQL_OR],
  ['sql-union', "x' UNION SELECT password_hash FROM customer_user --"],
  ['like-wildcards', '%_\\'],
  ['nul-byte', 'a\u0000b'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['int32-overflow', '2147483648'],
  ['beyond-safe-int', '9007199254740993'],
  ['huge-number', '1e308'],
  ['hex', '0x10'],
  ['nan', 'NaN'],
  ['infinity', 'Infinity'],
  ['path-traversal', '../../../../etc/passwd'],
  ['bad-date', '2024-02-30T25:61:00Z'],
  ['repeated', ['1', SQL_OR]],
];

/** Raw request bodies sent as application/json. */
const RAW_JSON: [string, string][] = [
  ['truncated', '{"a":'],
  ['open-brace', '{'],
  ['unterminated-array', '[1,2'],
  ['bare-word', 'nul'],
  ['trailing-comma', '{"a":1,}'],
  ['single-quotes', "{'a':1}"],
  ['nul-char', '\u0000'],
  ['proto', '{"__proto__": {"x":1}}'],
  ['constructor-prototype', '{"constructor": {"prototype": {"x": 1}}}'],
  ['deep-nesting', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
  ['top-level-array', '[]'],
  ['top-level-string', '"x"'],
  ['top-level-number', '123'],
  ['top-level-null', 'null'],
  ['top-level-true', 'true'],
  ['array-of-objects', '[{"id":1}]'],
  ['unknown-key-sql', JSON.stringify({ [SQL_DROP]: SQL_OR })],
];

/** Requests in flight at once per endpoint. */
const CONCURRENCY = 8;

const LOGIN_USERS = new Set<string>(DEMO_USERS.map((u) => u.username));
const rand = () => Math.random().toString(36).slice(2, 10);

// ---------------------------------------------------------------------------------------------
// Requests: built as structured cases, so the test knows what the server will see
// ---------------------------------------------------------------------------------------------

type Auth = 'alice' | 'none' | 'bogus' | 'long-cookie' | 'bad-token';

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, string | string[]> }
  | { kind: 'raw'; text: string | Buffer; contentType: string };

interface Case {
  label: string;
  auth: Auth;
  method?: string;
  params?: Record<string, string>;
  /** Sent in the path as-is (already encoded), for malformed URLs. */
  rawParams?: Record<string, string>;
  query?: Record<string, string | string[]>;
  rawQuery?: string;
  body?: Body;
  /** Carries another tenant's or person's id. */
  foreign?: boolean;
  /** May reach the handler even though it is valid for a command (refused by ownership / credentials). */
  allowValid?: boolean;
  /** Field that was replaced (a poison goes elsewhere). */
  replaced?: { part: Part; key: string };
  expect?: { status?: number | number[]; code?: number | number[] };
}

interface Fixtures {
  sunriseHqMcid: string;
  harborShanghaiMcid: string;
  harborNingboMcid: string;
  staffIds: Record<string, number>;
  carolMuid: string;
  harborOuTypeId: number;
  harborOuId: number;
  harborIconKey: string;
  /** Numbers that are other people's staff ids (never alice's). */
  foreignStaffIds: number[];
  foreignNumbers: number[];
  foreignStrings: string[];
  /** Text that must not appear in a successful answer to alice-in-Sunrise. */
  foreignMarkers: string[];
}

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;

function propsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  return Object.keys(jsonSchemaOf(schema).properties ?? {});
}

/** A plausible (ideally valid) value for a JSON schema. */
function sampleOf(js: any, candidates: string[]): unknown {
  if (!js || typeof js !== 'object') return undefined;
  if ('const' in js) return js.const;
  if (Array.isArray(js.enum)) return js.enum[0];
  if (Array.isArray(js.anyOf)) {
    const first = js.anyOf.find((o: any) => o.type !== 'null') ?? js.anyOf[0];
    return sampleOf(first, candidates);
  }
  switch (js.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(js.properties ?? {})) out[k] = sampleOf(v, candidates);
      return out;
    }
    case 'array':
      return [sampleOf(js.items, candidates)];
    case 'string': {
      if (js.format === 'date-time') return '2024-01-01T00:00:00Z';
      if (js.pattern) {
        const re = new RegExp(js.pattern);
        return candidates.find((s) => re.test(s)) ?? 'x';
      }
      return 'x'.repeat(Math.max(1, js.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return Math.max(1, js.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

/** A base object for a part: every field when that is valid, else the required ones, else nothing. */
function baseOf(schema: z.ZodType | undefined, candidates: string[], asStrings: boolean): Record<string, any> {
  if (!schema) return {};
  const js = jsonSchemaOf(schema);
  const full = (sampleOf(js, candidates) ?? {}) as Record<string, unknown>;
  const required = Object.fromEntries(Object.entries(full).filter(([k]) => (js.required ?? []).includes(k)));
  const conv = (o: Record<string, unknown>) =>
    asStrings ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)])) : o;
  for (const cand of [conv(full), conv(required)]) if (schema.safeParse(cand).success) return cand;
  return {};
}

function encodeForm(value: Record<string, string | string[]>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, one);
  return p.toString();
}

function pathOf(e: EndpointDef, cs: Case): string {
  return e.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (cs.rawParams && name in cs.rawParams) return cs.rawParams[name]!;
    return encodeURIComponent(cs.params?.[name] ?? '');
  });
}

function urlOf(e: EndpointDef, cs: Case): string {
  const qs = [cs.query ? encodeForm(cs.query) : '', cs.rawQuery ?? ''].filter(Boolean).join('&');
  return pathOf(e, cs) + (qs ? `?${qs}` : '');
}

function payloadOf(cs: Case): { payload?: string | Buffer; contentType?: string } {
  const b = cs.body;
  if (!b) return {};
  if (b.kind === 'json') return { payload: JSON.stringify(b.value), contentType: 'application/json' };
  if (b.kind === 'form') return { payload: encodeForm(b.value), contentType: 'application/x-www-form-urlencoded' };
  return { payload: b.text, contentType: b.contentType };
}

const UNPARSEABLE = Symbol('unparseable');

/** What the server's parsers will hand the registry, or UNPARSEABLE (it answers 400 before any handler). */
function seenBody(e: EndpointDef, cs: Case, method: string): unknown {
  if (method === 'GET' || method === 'HEAD') return undefined;
  const { payload, contentType } = payloadOf(cs);
  if (payload === undefined) return undefined;
  const text = payload.toString();
  if (contentType?.startsWith('application/json')) {
    if (text.trim() === '') return undefined;
    try {
      return sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return UNPARSEABLE;
    }
  }
  if (contentType === 'application/x-www-form-urlencoded') return { ...querystring.parse(text) };
  if (contentType?.startsWith('text/plain')) return text; // Fastify's own text parser
  if (contentType?.startsWith('multipart/form-data') && e.bodyKind === 'multipart') return undefined;
  return UNPARSEABLE;
}

/** Would the registry accept this case's input (and so run the handler)? */
function wouldPass(e: EndpointDef, cs: Case): boolean {
  const method = cs.method ?? e.method;
  if (method !== e.method) return false;
  if (cs.rawParams) return false; // malformed paths never reach a handler with valid params
  const body = seenBody(e, cs, method);
  if (body === UNPARSEABLE) return false;
  if (e.body && e.bodyKind !== 'multipart' && !e.body.safeParse(body ?? undefined).success) return false;
  if (e.query) {
    const q = { ...querystring.parse([cs.query ? encodeForm(cs.query) : '', cs.rawQuery ?? ''].filter(Boolean).join('&')) };
    if (!e.query.safeParse(q).success) return false;
  }
  if (e.params && !e.params.safeParse(cs.params ?? {}).success) return false;
  return true;
}

/** A copy of the case made invalid in a field other than the replaced one, or null if impossible. */
function poison(e: EndpointDef, cs: Case): Case | null {
  for (const part of PARTS) {
    const schema = e[part];
    if (!schema) continue;
    if (part === 'body' && (e.bodyKind === 'multipart' || !cs.body || cs.body.kind === 'raw')) continue;
    for (const key of propsOf(schema)) {
      if (cs.replaced?.part === part && cs.replaced.key === key) continue;
      const values: unknown[] = part === 'body' && cs.body?.kind === 'json' ? [{ poison: true }, ['poison']] : ['', '!!poison!!'];
      for (const v of values) {
        let next: Case;
        if (part === 'body') {
          const b = cs.body as Extract<Body, { kind: 'json' | 'form' }>;
          next = { ...cs, body: { ...b, value: { ...(b.value as object), [key]: v } } as Body };
        } else if (part === 'query') next = { ...cs, query: { ...(cs.query ?? {}), [key]: v as string } };
        else next = { ...cs, params: { ...(cs.params ?? {}), [key]: v as string } };
        // a poisoned case may be refused for its poison first (an import whose station is poisoned answers 40000
        // before it reads the file), so it expects its own code or a validation error
        const expect = cs.expect?.code === undefined ? cs.expect : { ...cs.expect, code: [cs.expect.code, ErrorCode.VALIDATION].flat() };
        if (!wouldPass(e, next)) return { ...next, label: `${cs.label} +poison(${part}.${key})`, ...(expect ? { expect } : {}) };
      }
    }
  }
  return null;
}

const isLogin = (e: EndpointDef) => e.path === c.auth.login.path && e.method === c.auth.login.method;

/** A hostile sign-in that can never succeed or lock out a demo user. */
function isHarmlessLogin(e: EndpointDef, cs: Case): boolean {
  if (!isLogin(e) || cs.body?.kind !== 'json') return false;
  const v = cs.body.value as { username?: unknown; password?: unknown } | null;
  if (!v || typeof v !== 'object') return true;
  const user = typeof v.username === 'string' ? v.username.trim().toLowerCase() : '';
  return v.password !== DEMO_PASSWORD && !LOGIN_USERS.has(user);
}

// ---------------------------------------------------------------------------------------------
// The battery of one endpoint
// ---------------------------------------------------------------------------------------------

function multipart(parts: { name: string; filename?: string; contentType?: string; data: string | Buffer }[], close = true) {
  const boundary = `----hostile${rand()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { text: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function batteryOf(e: EndpointDef, fx: Fixtures): Case[] {
  const publicCall = e.access.auth === 'public';
  // Public calls are sent without alice's session: a hostile sign-out must not end it.
  const auth: Auth = publicCall ? 'none' : 'alice';
  const candidates = [fx.sunriseHqMcid, 'abcdefgh12', '123456', '320500', 'x'];
  const bodyKind = e.bodyKind ?? 'json';
  const form = bodyKind === 'form';
  const baseParams = baseOf(e.params, candidates, true) as Record<string, string>;
  const baseQuery = baseOf(e.query, candidates, true) as Record<string, string>;
  let baseBody = e.body && bodyKind !== 'multipart' ? baseOf(e.body, candidates, form) : {};
  if (isLogin(e)) baseBody = { username: `hostile-${rand()}`, password: `wrong-${rand()}` };
  const bodyFields = bodyKind === 'multipart' ? [] : propsOf(e.body);
  const base: Case = {
    label: 'base',
    auth,
    ...(e.params ? { params: baseParams } : {}),
    ...(e.query ? { query: baseQuery } : {}),
  };
  const withBody = (value: Record<string, unknown>): Body =>
    form ? { kind: 'form', value: value as Record<string, string | string[]> } : { kind: 'json', value };
  const cases: Case[] = [];
  const sendsBody = e.method !== 'GET';

  // 1. malformed and wrong-typed raw JSON
  for (const [name, text] of RAW_JSON) {
    const malformed = [
      'truncated',
      'open-brace',
      'unterminated-array',
      'bare-word',
      'trailing-comma',
      'single-quotes',
      'nul-char',
      'proto',
      'constructor-prototype',
    ].includes(name);
    cases.push({
      ...base,
      label: `raw-json:${name}`,
      body: { kind: 'raw', text, contentType: 'application/json' },
      ...(malformed && sendsBody ? { expect: { status: 400, code: ErrorCode.MALFORMED_BODY } } : {}),
    });
  }

  // 2. content types the call does not take, and a broken form
  if (sendsBody) {
    cases.push({ ...base, label: 'text/plain', body: { kind: 'raw', text: SQL_OR, contentType: 'text/plain' } });
    cases.push({
      ...base,
      label: 'xml',
      body: { kind: 'raw', text: '<a>&xxe;</a>', contentType: 'application/xml' },
      expect: { status: 400, code: ErrorCode.MALFORMED_BODY },
    });
    cases.push({
      ...base,
      label: 'form:broken',
      body: {
        kind: 'raw',
        text: `a=%ZZ&b=${encodeURIComponent(SQL_OR)}&__proto__[x]=1&constructor[prototype][x]=1`,
        contentType: 'application/x-www-form-urlencoded',
      },
    });
  }

  // 3. every body field replaced by hostile values (JSON, and as a form for form calls)
  if (sendsBody && bodyFields.length) {
    for (const key of bodyFields) {
      for (const [name, v] of JSON_VALUES) {
        cases.push({
          ...base,
          label: `body.${key}=${name}`,
          replaced: { part: 'body', key },
          body: { kind: 'json', value: { ...baseBody, [key]: v } },
        });
      }
      if (form) {
        for (const [name, v] of STRING_VALUES) {
          cases.push({
            ...base,
            label: `form.${key}=${name}`,
            replaced: { part: 'body', key },
            body: { kind: 'form', value: { ...baseBody, [key]: v } },
          });
        }
      }
    }
    cases.push({ ...base, label: 'body.unknown-field', body: withBody({ ...baseBody, evil: SQL_DROP, [SQL_OR]: 1 }) });
    cases.push({ ...base, label: 'body.all-fields-sql', body: withBody(Object.fromEntries(bodyFields.map((k) => [k, SQL_OR]))) });
    cases.push({
      ...base,
      label: 'body.all-fields-null',
      body: { kind: 'json', value: Object.fromEntries(bodyFields.map((k) => [k, null])) },
    });
  } else if (sendsBody && bodyKind !== 'multipart') {
    cases.push({ ...base, label: 'body.unexpected-field', body: { kind: 'json', value: { evil: SQL_DROP } } });
  }

  // 4. query values
  if (e.query) {
    for (const key of propsOf(e.query)) {
      for (const [name, v] of STRING_VALUES) {
        cases.push({ ...base, label: `query.${key}=${name}`, replaced: { part: 'query', key }, query: { ...baseQuery, [key]: v } });
      }
      cases.push({
        ...base,
        label: `query.${key}=missing`,
        replaced: { part: 'query', key },
        query: Object.fromEntries(Object.entries(baseQuery).filter(([k]) => k !== key)),
      });
    }
  }
  cases.push({
    ...base,
    label: 'query.extra-hostile-keys',
    rawQuery: `__proto__[x]=1&constructor[prototype][x]=1&id=${encodeURIComponent(SQL_OR)}&${encodeURIComponent(SQL_DROP)}=1`,
  });

  // 5. path parameters
  if (e.params) {
    for (const key of propsOf(e.params)) {
      for (const [name, v] of STRING_VALUES) {
        if (Array.isArray(v) || name === 'empty') continue;
        cases.push({ ...base, label: `path.${key}=${name}`, replaced: { part: 'params', key }, params: { ...baseParams, [key]: v } });
      }
      cases.push({ ...base, label: `path.${key}=uppercase`, params: { ...baseParams, [key]: fx.sunriseHqMcid.toUpperCase() } });
      cases.push({ ...base, label: `path.${key}=bad-percent`, rawParams: { [key]: '%E0%A4%A' } });
      cases.push({ ...base, label: `path.${key}=encoded-nul`, rawParams: { [key]: '%00' } });
      cases.push({ ...base, label: `path.${key}=dot-dot`, rawParams: { [key]: '..' } });
    }
  }

  // 6. other tenants' and other people's ids wherever a value goes
  const foreignValues: unknown[] = [...fx.foreignNumbers, ...fx.foreignStrings];
  const staffIdField = (k: string) => ['id', 'staffId', 'staff_id'].includes(k);
  const idLike = (k: string) => /(^id$|Id$|_id$|mcid$|Mcid$|muid$|^key$)/.test(k);
  // a foreign staff id is sent valid only to the staff check and switch calls: elsewhere the same number
  // may be one of alice's own objects (a device, or a staff of her tenant that her admin role manages),
  // which a valid command would then change
  const staffCall = /\/staff\/(check|switch)/.test(e.path);
  for (const key of sendsBody ? bodyFields.filter(idLike) : []) {
    for (const v of foreignValues) {
      const allowValid = staffCall && staffIdField(key) && typeof v === 'number' && fx.foreignStaffIds.includes(v);
      cases.push({
        ...base,
        label: `body.${key}=foreign:${String(v)}`,
        foreign: true,
        allowValid,
        replaced: { part: 'body', key },
        body: withBody({ ...baseBody, [key]: form ? String(v) : v }),
      });
    }
  }
  for (const key of propsOf(e.query).filter(idLike)) {
    for (const v of foreignValues) {
      const allowValid = staffCall && staffIdField(key) && typeof v === 'number' && fx.foreignStaffIds.includes(v);
      cases.push({
        ...base,
        label: `query.${key}=foreign:${String(v)}`,
        foreign: true,
        allowValid,
        replaced: { part: 'query', key },
        query: { ...baseQuery, [key]: String(v) },
      });
    }
  }
  for (const key of propsOf(e.params).filter(idLike)) {
    for (const v of foreignValues) {
      cases.push({
        ...base,
        label: `path.${key}=foreign:${String(v)}`,
        foreign: true,
        replaced: { part: 'params', key },
        params: { ...baseParams, [key]: String(v) },
      });
    }
  }

  // 7. a method the call's path does not have (GET and PUT /api/circuit/{id} share a path)
  const served = new Set(ENDPOINTS.filter((x) => x.e.path === e.path).map((x) => x.e.method as string));
  cases.push({
    ...base,
    label: 'wrong-method',
    method: ['PUT', 'PATCH', 'DELETE'].find((m) => !served.has(m))!,
    body: { kind: 'json', value: { evil: SQL_DROP } },
    expect: { status: 404, code: ErrorCode.NOT_FOUND },
  });

  // 8. no session, forged sessions, a wrong jwtToken header (all with a hostile body)
  const hostileBody: Body | undefined =
    sendsBody && bodyKind !== 'multipart'
      ? withBody({ ...baseBody, ...(bodyFields[0] ? { [bodyFields[0]]: SQL_OR } : { evil: SQL_OR }) })
      : undefined;
  const hostileQuery = e.query ? { ...baseQuery, [propsOf(e.query)[0]!]: SQL_OR } : undefined;
  for (const a of ['none', 'bogus', 'long-cookie', 'bad-token'] as Auth[]) {
    if (publicCall && a === 'bad-token') continue; // never send alice's cookie to a public call
    const unauth = !publicCall && !(a === 'bad-token' && e.cookieOnly);
    cases.push({
      ...base,
      label: `auth:${a}`,
      auth: a,
      ...(hostileBody ? { body: hostileBody } : {}),
      ...(hostileQuery ? { query: hostileQuery } : {}),
      ...(unauth ? { expect: { status: 401, code: ErrorCode.UNAUTHENTICATED } } : {}),
    });
  }

  // 9. multipart uploads that must all be refused
  if (bodyKind === 'multipart') {
    const mp = (label: string, m: { text: Buffer; contentType: string }, expectCode?: number): Case => ({
      ...base,
      label: `multipart:${label}`,
      body: { kind: 'raw', text: m.text, contentType: m.contentType },
      expect: { status: 400, ...(expectCode ? { code: expectCode } : {}) },
    });
    cases.push(
      mp(
        'exe',
        multipart([{ name: 'file', filename: 'evil.exe', contentType: 'application/octet-stream', data: 'MZ\u0090' }]),
        ErrorCode.UNSUPPORTED_FILE_TYPE,
      ),
    );
    cases.push(
      mp(
        'sql-filename',
        multipart([{ name: 'file', filename: "x'; DROP TABLE file; --.sh", data: 'echo' }]),
        ErrorCode.UNSUPPORTED_FILE_TYPE,
      ),
    );
    cases.push(
      mp(
        'traversal-filename',
        multipart([{ name: 'file', filename: '../../../../etc/passwd', data: 'root:x:0:0' }]),
        ErrorCode.UNSUPPORTED_FILE_TYPE,
      ),
    );
    cases.push(
      mp('huge-filename', multipart([{ name: 'file', filename: `${'A'.repeat(10_000)}.exe`, data: 'x' }]), ErrorCode.UNSUPPORTED_FILE_TYPE),
    );
    cases.push(mp('nul-filename', multipart([{ name: 'file', filename: 'a\u0000.exe', data: 'x' }])));
    cases.push(
      mp(
        'fake-png',
        multipart([{ name: 'file', filename: 'x.png', contentType: 'image/png', data: 'this is not a png' }]),
        ErrorCode.UNSUPPORTED_FILE_TYPE,
      ),
    );
    cases.push(
      mp(
        'binary-txt',
        multipart([{ name: 'file', filename: 'x.txt', contentType: 'text/plain', data: Buffer.from([0, 1, 2, 0]) }]),
        ErrorCode.UNSUPPORTED_FILE_TYPE,
      ),
    );
    cases.push(
      mp('empty-txt', multipart([{ name: 'file', filename: 'x.txt', contentType: 'text/plain', data: '' }]), ErrorCode.VALIDATION),
    );
    cases.push(mp('no-file', multipart([{ name: 'note', data: SQL_DROP }])));
    cases.push(mp('wrong-field', multipart([{ name: 'upload', filename: 'x.exe', data: 'x' }])));
    cases.push(
      mp(
        'two-files',
        multipart([
          { name: 'file', filename: 'a.exe', data: 'x' },
          { name: 'file', filename: 'b.exe', data: 'y' },
        ]),
      ),
    );
    cases.push(
      mp(
        'too-many-fields',
        multipart([
          ...Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, data: SQL_OR })),
          { name: 'file', filename: 'x.exe', data: 'x' },
        ]),
      ),
    );
    cases.push(mp('truncated', multipart([{ name: 'file', filename: 'x.exe', data: 'x'.repeat(1000) }], false)));
    cases.push(mp('garbage', { text: Buffer.from('garbage garbage'), contentType: `multipart/form-data; boundary=xyz` }));
    cases.push(mp('no-boundary', { text: Buffer.from('--\r\n\r\n--'), contentType: 'multipart/form-data' }));
  }

  return cases;
}

// ---------------------------------------------------------------------------------------------
// "Nothing changed": row counts and checksums of the tenant tables
// ---------------------------------------------------------------------------------------------

/** Table and the columns left out (they change legitimately, e.g. the remembered last staff). */
const SNAPSHOT_TABLES: [string, string[]][] = [
  ['tenant', []],
  ['customer', []],
  ['staff', []],
  ['role', []],
  ['staff_ou', []],
  ['ou', []],
  ['ou_type', []],
  ['navigation', []],
  ['customer_user', ['last_staff_id']],
  ['file', []],
  ['uet_calculation_start', []],
  ['staff_data_type_sorting', []],
  ['channel_link', []],
  ['gis_config', []],
  ['device', []],
  ['device_type', []],
  ['data_property', []],
  ['device_ingest_stat', []],
  ['telemetry_raw', []],
];

async function snapshot(app: TestApp): Promise<Record<string, { n: number; md5: string }>> {
  const selects = SNAPSHOT_TABLES.map(([table, skip]) => {
    const row = skip.reduce((acc, col) => `(${acc} - '${col}')`, 'to_jsonb(t)');
    return `select '${table}' as name, count(*)::int as n, md5(coalesce(string_agg(x, ',' order by x), '')) as md5 from (select (${row})::text as x from ${table} t) s`;
  });
  const rows = await rowsOf<{ name: string; n: number; md5: string }>(app.database.system, sql.raw(selects.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [r.name, { n: Number(r.n), md5: r.md5 }]));
}

async function one<T>(app: TestApp, query: ReturnType<typeof sql>): Promise<T> {
  return (await rowsOf<T>(app.database.system, query))[0]!;
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

/**
 * One database is enough here: what this test judges (validation, envelopes, scoping by the staff's tenant and
 * OUs) happens in the server before the database or in the same migrated RLS policies on both; the isolation,
 * tenancy and domain tests cover both databases. PostgreSQL when it is there (the production database);
 * `HOSTILE_ALL_DBS=1` runs both. It sends over 10,000 requests, over two minutes a database in CI.
 */
const HOSTILE_KINDS = process.env.HOSTILE_ALL_DBS === '1' || !DB_KINDS.includes('postgres') ? DB_KINDS : (['postgres'] as const);

describe.each(HOSTILE_KINDS)('hostile input on every platform-core call (%s)', (kind) => {
  let app: TestApp;
  let alice: Session;
  let fx: Fixtures;
  let before: Record<string, { n: number; md5: string }>;
  let sent = 0;
  let skipped = 0;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    // hundreds of calls per endpoint: the rate limits of expensive calls (rate-limits.test.ts) would answer 429 before the input is read
    const many = '1000000,1000000';
    const security = loadConfig({
      RATE_LIMIT_HEAVY: many,
      RATE_LIMIT_EXPORT: many,
      RATE_LIMIT_IMPORT: many,
      RATE_LIMIT_UPLOAD: many,
    }).security;
    app = await createTestApp(kind, { security });
    // Sign in once, before any hostile sign-in can lock anything.
    alice = await signIn(app, 'alice');

    const { staffId: staffIds } = await demoIds(app);
    const mcidOf = async (name: string) => (await one<{ mcid: string }>(app, sql`select mcid from customer where name = ${name}`)).mcid;
    const aliceIds = [staffIds['SR-ALICE']!, staffIds['HB-ALICE']!];
    const foreignStaffIds = ['SR-BOB', 'SR-CAROL', 'HB-CAROL', 'GC-SAM'].map((code) => staffIds[code]!);
    const harborOuTypeId = Number(
      (await one<{ id: number }>(app, sql`select id from ou_type where tenant_id = ${DEMO_TENANTS.harbor} order by id limit 1`)).id,
    );
    const harborOuId = Number(
      (await one<{ id: number }>(app, sql`select id from ou where tenant_id = ${DEMO_TENANTS.harbor} order by id limit 1`)).id,
    );
    const harborNingboMcid = await mcidOf('Harbor Ningbo Warehouse');
    const harborIconKey = (await one<{ icon_key: string }>(app, sql`select icon_key from tenant where id = ${DEMO_TENANTS.harbor}`))
      .icon_key;
    const carolMuid = (await one<{ muid: string }>(app, sql`select muid from customer_user where username = 'carol'`)).muid;
    fx = {
      sunriseHqMcid: await mcidOf('Sunrise Manufacturing Group'),
      harborShanghaiMcid: await mcidOf('Harbor Shanghai Park'),
      harborNingboMcid,
      staffIds,
      carolMuid,
      harborOuTypeId,
      harborOuId,
      harborIconKey,
      foreignStaffIds,
      // never one of alice's own staff ids, whatever the field
      foreignNumbers: [...new Set([...foreignStaffIds, harborOuTypeId, harborOuId])].filter((n) => !aliceIds.includes(n)),
      foreignStrings: [harborNingboMcid, DEMO_TENANTS.harbor, DEMO_TENANTS.gridcare, carolMuid, harborIconKey],
      foreignMarkers: [harborNingboMcid, 'Ningbo', 'HB-CAROL'],
    };
    before = await snapshot(app);
  }, 120_000);

  afterAll(async () => {
    console.log(
      `[hostile-input ${kind}] ${sent} requests sent (${skipped} valid command payloads not sent), ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await app?.close();
  });

  async function send(e: EndpointDef, cs: Case) {
    const method = cs.method ?? e.method;
    const url = urlOf(e, cs);
    const { payload, contentType } = payloadOf(cs);
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    if (cs.auth === 'alice') Object.assign(headers, { cookie: alice.cookie, jwttoken: alice.token });
    if (cs.auth === 'bogus')
      Object.assign(headers, {
        cookie: `SESSION=${encodeURIComponent(SQL_OR)}; jwtToken=${encodeURIComponent(SQL_DROP)}`,
        jwttoken: SQL_OR,
      });
    if (cs.auth === 'long-cookie')
      Object.assign(headers, { cookie: `SESSION=${'A'.repeat(4000)}; jwtToken=${'B'.repeat(4000)}`, jwttoken: 'B'.repeat(4000) });
    if (cs.auth === 'bad-token') Object.assign(headers, { cookie: alice.cookie, jwttoken: SQL_OR });
    sent++;
    const res = await app.app.inject({ method: method as 'POST', url, headers, ...(payload !== undefined ? { payload } : {}) });
    let json: any;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    return {
      method,
      url,
      payload,
      status: res.statusCode,
      text: res.body,
      json,
      contentType: String(res.headers['content-type'] ?? ''),
      location: String(res.headers.location ?? ''),
    };
  }

  /** The checks every answer must pass; returns the problems found. */
  function judge(e: EndpointDef, cs: Case, r: Awaited<ReturnType<typeof send>>): string[] {
    const problems: string[] = [];
    // a raw call answers its own way: a file, or a redirect to a path of this site (the landing call)
    const rawOk = e.raw && (r.status === 200 || (r.status === 302 && /^\/(?![/\\])/.test(r.location)));
    if (r.status >= 500) problems.push(`status ${r.status}`);
    if (!rawOk) {
      if (!r.json || typeof r.json !== 'object') problems.push('answer is not a JSON envelope');
      else {
        if (typeof r.json.code !== 'number') problems.push('code is not a number');
        if (typeof r.json.msg !== 'string') problems.push('msg is not a string');
        if (r.json.code === ErrorCode.INTERNAL) problems.push('code 50000');
        if (r.status >= 400) {
          if (typeof r.json.msg !== 'string' || r.json.msg.trim() === '') problems.push('empty msg on an error');
          if (r.json.code === ErrorCode.OK) problems.push('error status with code 0');
          if (r.json.data !== null) problems.push('error with data');
        }
        if (r.status === 200 && r.json.code !== ErrorCode.OK) problems.push('200 with a non-zero code');
        if (r.json.code === ErrorCode.VALIDATION) {
          const msg = String(r.json.msg ?? '');
          if (msg === defaultMessageOf[ErrorCode.VALIDATION] || msg === defaultMessageOf[ErrorCode.INTERNAL] || /unknown error/i.test(msg))
            problems.push('generic validation message');
          if (!/^[\w.[\]-]+: \S/.test(msg)) problems.push('validation message does not name a field');
        }
      }
    }
    if (![200, 400, 401, 403, 404, 412, 429].includes(r.status) && !rawOk) problems.push(`unexpected status ${r.status}`);
    if ((r.status === 200 || rawOk) && !wouldPass(e, cs)) problems.push('accepted input its contract refuses');
    if (cs.expect?.status !== undefined && ![cs.expect.status].flat().includes(r.status))
      problems.push(`expected status ${cs.expect.status}`);
    if (cs.expect?.code !== undefined && ![cs.expect.code].flat().includes(r.json?.code)) problems.push(`expected code ${cs.expect.code}`);
    if (cs.foreign && r.status === 200) {
      if (e.kind === 'command') problems.push('a command succeeded with a foreign id');
      const sentText = `${r.url} ${r.payload?.toString() ?? ''}`;
      // a value the call merely echoes back (e.g. a uetId) is not a leak
      for (const m of fx.foreignMarkers) if (r.text.includes(m) && !sentText.includes(m)) problems.push(`answer shows foreign data (${m})`);
    }
    if (cs.foreign && /\/staff\/(check|switch)/.test(e.path) && cs.replaced && ['id', 'staffId', 'staff_id'].includes(cs.replaced.key)) {
      const v = cs.body?.kind === 'json' ? (cs.body.value as Record<string, unknown>)[cs.replaced.key] : cs.query?.[cs.replaced.key];
      if (fx.foreignStaffIds.map(String).includes(String(v)) && (r.status !== 403 || r.json?.code !== ErrorCode.STAFF_NOT_OWNED)) {
        problems.push("another person's staff was not refused with 403/40301");
      }
    }
    return problems;
  }

  const describeCall = (cs: Case, r: Awaited<ReturnType<typeof send>>) => {
    const p = r.payload === undefined ? '' : ` payload=${JSON.stringify(r.payload.toString().slice(0, 160))}`;
    return `[${cs.label}] ${r.method} ${r.url.slice(0, 160)}${p} (auth ${cs.auth}) -> ${r.status} ${r.text.slice(0, 240)}`;
  };

  it('reads the endpoints from the contracts', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(50);
    const keys = ENDPOINTS.map(({ e }) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("refuses or hides other tenants' and other people's objects", async () => {
    const post = (url: string, body: unknown) => alice.post(url, body);
    const customer = await alice.call('POST', `/api/v2/customer/${fx.harborShanghaiMcid}`, {});
    expect(customer.status).toBe(404);
    expect(customer.body.code).toBe(ErrorCode.NOT_FOUND);
    const ous = await post('/api/v2/ou/list-by-mcid', { mcid: fx.harborShanghaiMcid });
    expect(ous.status).toBe(404);
    expect(ous.body.code).toBe(ErrorCode.NOT_FOUND);
    const ousWithChildren = await post('/api/v2/ou/list-by-mcid', { mcid: fx.harborShanghaiMcid, includeChildren: true });
    expect(ousWithChildren.status).toBe(404);
    for (const code of ['HB-CAROL', 'SR-CAROL', 'SR-BOB', 'GC-SAM']) {
      const check = await post('/api/v2/platform-public/staff/check', { id: fx.staffIds[code] });
      expect(check.status, code).toBe(403);
      expect(check.body.code, code).toBe(ErrorCode.STAFF_NOT_OWNED);
    }
    const checkB = await alice.call('GET', `/api/staff/check?id=${fx.staffIds['HB-CAROL']}`);
    expect(checkB.status).toBe(403);
    expect(checkB.body.code).toBe(ErrorCode.STAFF_NOT_OWNED);
    const switched = await post('/api/v2/platform-public/staff/switch', { staffId: fx.staffIds['SR-BOB'] });
    expect(switched.status).toBe(403);
    expect(switched.body.code).toBe(ErrorCode.STAFF_NOT_OWNED);
    for (const url of ['/api/staff/switch', '/api/v2/staff/switch']) {
      const r = await alice.call('PUT', `${url}?staff_id=${fx.staffIds['SR-BOB']}`);
      expect(r.status, url).toBe(403);
      expect(r.body.code, url).toBe(ErrorCode.STAFF_NOT_OWNED);
    }
    const current = await post('/api/v2/platform-public/customer-user/current', {});
    expect(current.status).toBe(200);
    expect(current.body.data.staff.id).toBe(fx.staffIds['SR-ALICE']);
    expect(current.body.data.tenant.mcid).toBe(DEMO_TENANTS.sunrise);
    const file = await alice.call('GET', `/api/v2/file-center/get?key=${fx.harborIconKey}`);
    expect(file.status).toBe(404);
    expect(file.body.code).toBe(ErrorCode.NOT_FOUND);
    const users = await post('/api/v2/customer-user/list', { customerMcid: fx.harborNingboMcid });
    expect(users.status).toBe(200);
    expect(users.body.data).toEqual([]);
    const list = await post('/api/v2/platform-public/staff/list', { muid: fx.carolMuid });
    expect(list.status).toBe(403);
    sent += 17;
  });

  it.each(ENDPOINTS)(
    '$id',
    async ({ e }) => {
      const problems: string[] = [];
      const cases: Case[] = [];
      for (const original of batteryOf(e, fx)) {
        let cs: Case | null = original;
        // Never send a payload a state-changing call would accept (unless it targets someone else).
        if (e.kind === 'command' && wouldPass(e, cs) && !cs.allowValid && !isHarmlessLogin(e, cs)) cs = poison(e, cs);
        if (cs) cases.push(cs);
        else skipped++;
      }
      // a few requests in flight at a time (the database serialises what it must)
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const cs = cases[next++]!;
          const r = await send(e, cs);
          const issues = judge(e, cs, r);
          if (issues.length) problems.push(`${issues.join('; ')}: ${describeCall(cs, r)}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      expect(problems.sort()).toEqual([]);
    },
    120_000,
  );

  it('answers 400 / 40002 to a body over the limit', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    for (const url of ['/api/v2/ou/list', '/server/login']) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (url.startsWith('/api/')) Object.assign(headers, { cookie: alice.cookie, jwttoken: alice.token });
      const r = await app.app.inject({ method: 'POST', url, headers, payload: big });
      sent++;
      expect(r.statusCode, url).toBe(400);
      expect(r.json().code, url).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
      expect(r.json().msg, url).toMatch(/too large/i);
    }
    // the form parser has its own, smaller limit
    const form = await app.app.inject({
      method: 'POST',
      url: '/api/v2/staff/data-type/sorting/customize/update',
      headers: { cookie: alice.cookie, jwttoken: alice.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `scene=x&dataTypes=${'a'.repeat(70 * 1024)}`,
    });
    sent++;
    expect(form.statusCode).toBe(400);
    expect(form.json().code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('changed nothing, and alice is still signed in as her Sunrise staff', async () => {
    const after = await snapshot(app);
    expect(after).toEqual(before);
    for (const [table] of SNAPSHOT_TABLES) expect(after[table], table).toBeDefined();
    const current = await alice.post('/api/v2/platform-public/customer-user/current', {});
    sent++;
    expect(current.status).toBe(200);
    expect(current.body.data.staff.id).toBe(fx.staffIds['SR-ALICE']);
    expect(current.body.data.tenant.mcid).toBe(DEMO_TENANTS.sunrise);
  });
});
