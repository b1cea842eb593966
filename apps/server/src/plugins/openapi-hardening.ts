import type { EndpointCost, EndpointDef } from '@energy/contracts';

/** What the OpenAPI document needs to know of a registered call beyond its schemas. */
export interface OperationFacts {
  cost?: EndpointCost;
  raw?: boolean;
}

/** The calls the registry registered, by `get /api/v2/...` (the contract's path, `{name}` parameters). */
export class OperationIndex {
  readonly byKey = new Map<string, OperationFacts>();
  add(endpoint: EndpointDef) {
    this.byKey.set(`${endpoint.method.toLowerCase()} ${endpoint.path}`, { cost: endpoint.cost, raw: endpoint.raw });
  }
}

type Json = Record<string, unknown>;
const INT32 = 2 ** 31;

/** Every integer schema says its size: int32 when its bounds fit, int64 (JavaScript's safe integers) otherwise. */
function sizeIntegers(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(sizeIntegers);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.type === 'integer' && schema.format === undefined) {
    const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
    const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
    schema.format = min >= -INT32 && max < INT32 ? 'int32' : 'int64';
  }
  for (const value of Object.values(schema)) sizeIntegers(value);
}

const header = (description: string) => ({ description, schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 } });
const RATE_HEADERS = {
  'X-RateLimit-Limit': header('Calls of this kind allowed per window (the tighter of the user and tenant limits)'),
  'X-RateLimit-Remaining': header('Calls left in the current window'),
  'X-RateLimit-Reset': header('Seconds until the window ends'),
};

/**
 * Completes the document the registry's schemas produce (docs/security.md, `npm run lint:api`):
 * integer sizes; the rate-limit headers of expensive calls (200 and 429 with Retry-After); and the
 * error envelopes of raw calls (file downloads, exports), which answer errors like every other call.
 */
export function hardenDocument<T>(document: T, operations: OperationIndex): T {
  const doc = document as Json & { paths?: Record<string, Record<string, Json & { responses?: Record<string, Json> }>> };
  sizeIntegers(doc);
  const paths = doc.paths ?? {};
  // the envelope responses of an ordinary call, to give raw calls the same
  let errors: Record<string, Json> | undefined;
  for (const [path, item] of Object.entries(paths))
    for (const [method, op] of Object.entries(item)) {
      const facts = operations.byKey.get(`${method} ${path}`);
      if (facts && !facts.raw && op.responses?.['401']) {
        errors = Object.fromEntries(Object.entries(op.responses).filter(([status]) => status !== '200'));
        break;
      }
    }
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const facts = operations.byKey.get(`${method} ${path}`);
      if (!facts) continue;
      op.responses ??= {};
      if (facts.raw && errors) {
        op.responses['200'] ??= { description: 'The file' };
        for (const [status, response] of Object.entries(errors)) op.responses[status] ??= structuredClone(response);
      }
      if (facts.cost) {
        const ok = op.responses['200'];
        if (ok) ok.headers = { ...(ok.headers as Json | undefined), ...RATE_HEADERS };
        const limited = op.responses['429'];
        if (limited) limited.headers = { ...RATE_HEADERS, 'Retry-After': header('Seconds to wait before calling again') };
      }
    }
  }
  return document;
}
