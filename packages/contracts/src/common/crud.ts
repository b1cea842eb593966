import { z } from 'zod';
import { endpoint, type Access, type EndpointDef } from './endpoint.js';
import { id } from './ids.js';
import { pageOf, pageRequest } from './paging.js';

// The usual calls of an asset list, declared once: a new entity's contract is one short file that names
// its row, filter, create and update schemas, and only overrides what its group of the spec does
// differently (paths above all: `/api/v2/pv-inverter/input`, `GET /api/v2/string/output/{pvId}`, ...).

/** The operations a list usually has. */
export const CRUD_OPERATIONS = [
  'page',
  'list',
  'detail',
  'create',
  'update',
  'delete',
  'deleteAll',
  'import',
  'export',
  'template',
] as const;
export type CrudOperation = (typeof CRUD_OPERATIONS)[number];

/** What an export asks for besides the list's filter: the file format and the language of headers and labels. */
export const exportOptions = {
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  lang: z.enum(['en-US', 'zh-CN']).optional(),
};
export type ExportLang = 'en-US' | 'zh-CN';

/** Where each operation lives by default, relative to the base path (`/api/v2/device`). */
const DEFAULT_PATHS: Record<CrudOperation, { method: 'GET' | 'POST'; path: string }> = {
  page: { method: 'POST', path: '/page' },
  list: { method: 'POST', path: '/list' },
  detail: { method: 'POST', path: '/detail' },
  create: { method: 'POST', path: '/create' },
  update: { method: 'POST', path: '/update' },
  delete: { method: 'POST', path: '/delete' },
  deleteAll: { method: 'POST', path: '/delete-all' },
  import: { method: 'POST', path: '/import' },
  export: { method: 'GET', path: '/export' },
  template: { method: 'GET', path: '/download' },
};

/** One operation's overrides: a full path (starting with `/api`) or one relative to the base, and its query/params. */
export interface CrudOverride {
  method?: 'GET' | 'POST';
  path?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  summary?: string;
}

type FilterShape = z.ZodRawShape;
/** A permission code, as `endpoint()` takes it. */
type Permission = NonNullable<Extract<Access, { auth: 'staff' }>['permission']>;

export interface CrudSpec<
  Row extends z.ZodType,
  F extends FilterShape,
  C extends z.ZodType,
  U extends z.ZodType,
  Out extends z.ZodType,
  O extends CrudOperation,
> {
  /** OpenAPI tag, and the readable name in summaries. */
  tag: string;
  /** `/api/v2/device`: default paths are `${base}/page`, `${base}/export`, ... */
  base: string;
  /** The answer row of page, list and detail. */
  row: Row;
  /** The list's filter fields (body of page and list; query of export, coerced there). */
  filter: F;
  create: C;
  update: U;
  /** What an import answers (a job row); no import without it. */
  importResult?: Out;
  /** Permission codes; an operation without one only needs a usable staff. */
  permissions?: Partial<Record<CrudOperation, Permission>>;
  /** Per-operation path (and query/params) overrides. */
  paths?: Partial<Record<CrudOperation, CrudOverride>>;
  /** Only these operations (default: all). */
  only?: readonly O[];
}

type StaffAccess = { auth: 'staff'; permission?: Permission };

/** The endpoints the generator declares, by operation. */
export interface CrudEndpoints<
  Row extends z.ZodType,
  F extends FilterShape,
  C extends z.ZodType,
  U extends z.ZodType,
  Out extends z.ZodType,
> {
  page: EndpointDef<z.ZodObject<F & typeof pageRequest.shape>, undefined, undefined, ReturnType<typeof pageOf<Row>>, StaffAccess>;
  list: EndpointDef<z.ZodOptional<z.ZodObject<F>>, undefined, undefined, z.ZodArray<Row>, StaffAccess>;
  detail: EndpointDef<z.ZodObject<{ id: typeof id }>, undefined, undefined, Row, StaffAccess>;
  create: EndpointDef<C, undefined, undefined, Row, StaffAccess>;
  update: EndpointDef<U, undefined, undefined, Row, StaffAccess>;
  delete: EndpointDef<z.ZodObject<{ id: typeof id }>, undefined, undefined, z.ZodNull, StaffAccess>;
  deleteAll: EndpointDef<z.ZodObject<{ ids: z.ZodArray<typeof id> }>, undefined, undefined, z.ZodNumber, StaffAccess>;
  import: EndpointDef<undefined, z.ZodObject | undefined, z.ZodObject | undefined, Out, StaffAccess>;
  export: EndpointDef<undefined, ExportQuery<F>, z.ZodObject | undefined, z.ZodAny, StaffAccess>;
  template: EndpointDef<undefined, z.ZodObject<{ lang: typeof exportOptions.lang }>, undefined, z.ZodAny, StaffAccess>;
}

/** A query-string version of a filter: numbers and booleans arrive as text there. */
export function queryFilter<F extends FilterShape>(filter: F): QueryFilter<F> {
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(filter))
    out[key] = z.preprocess((v) => coerceQueryValue(schema as z.ZodType, v), schema as z.ZodType);
  return out as QueryFilter<F>;
}
type QueryFilter<F extends FilterShape> = { [K in keyof F]: z.ZodPipe<z.ZodTransform<unknown, unknown>, F[K]> };
type ExportQuery<F extends FilterShape> = z.ZodObject<QueryFilter<F> & typeof exportOptions>;

function coerceQueryValue(schema: z.ZodType, v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const kind = innerType(schema);
  if (kind === 'number') return v.trim() === '' ? undefined : Number(v);
  if (kind === 'boolean') return v === 'true' ? true : v === 'false' ? false : v;
  return v;
}

function innerType(schema: z.ZodType): string {
  let s = schema as unknown as { def: { type: string; innerType?: unknown } };
  while ((s.def.type === 'optional' || s.def.type === 'nullable' || s.def.type === 'default') && s.def.innerType)
    s = s.def.innerType as typeof s;
  return s.def.type;
}

/**
 * Declares a list's usual calls with `endpoint()`: page, list, detail, create, update, delete, delete-all,
 * import (multipart field `file`, answers `importResult`), export (XLSX or CSV of the filtered rows) and
 * the import template. `only` leaves operations out; `paths` moves them.
 */
export function crudContract<
  Row extends z.ZodType,
  F extends FilterShape,
  C extends z.ZodType,
  U extends z.ZodType,
  Out extends z.ZodType = z.ZodNever,
  O extends CrudOperation = CrudOperation,
>(spec: CrudSpec<Row, F, C, U, Out, O>): Pick<CrudEndpoints<Row, F, C, U, Out>, O> {
  const only = new Set<CrudOperation>(spec.only ?? CRUD_OPERATIONS);
  const where = (op: CrudOperation) => {
    const o = spec.paths?.[op] ?? {};
    const path = o.path ?? DEFAULT_PATHS[op].path;
    return { method: o.method ?? DEFAULT_PATHS[op].method, path: path.startsWith('/api') ? path : `${spec.base}${path}` };
  };
  const common = (op: CrudOperation, summary: string, kind: 'query' | 'command') => ({
    ...where(op),
    summary: spec.paths?.[op]?.summary ?? summary,
    tag: spec.tag,
    access: { auth: 'staff' as const, ...(spec.permissions?.[op] ? { permission: spec.permissions[op] } : {}) },
    kind,
    ...(spec.paths?.[op]?.params ? { params: spec.paths[op]!.params } : {}),
  });
  const idBody = z.object({ id });
  const all: Record<CrudOperation, () => EndpointDef> = {
    page: () =>
      endpoint({ ...common('page', `${spec.tag}: page`, 'query'), body: pageRequest.extend(spec.filter), output: pageOf(spec.row) }),
    list: () =>
      endpoint({ ...common('list', `${spec.tag}: list`, 'query'), body: z.object(spec.filter).optional(), output: z.array(spec.row) }),
    detail: () => endpoint({ ...common('detail', `${spec.tag}: detail`, 'query'), body: idBody, output: spec.row }),
    create: () => endpoint({ ...common('create', `${spec.tag}: create`, 'command'), body: spec.create, output: spec.row }),
    update: () => endpoint({ ...common('update', `${spec.tag}: edit`, 'command'), body: spec.update, output: spec.row }),
    delete: () => endpoint({ ...common('delete', `${spec.tag}: delete`, 'command'), body: idBody, output: z.null() }),
    deleteAll: () =>
      endpoint({
        ...common('deleteAll', `${spec.tag}: delete several`, 'command'),
        body: z.object({ ids: z.array(id).min(1).max(1000) }),
        output: z.number().int(),
      }),
    import: () => {
      if (!spec.importResult) throw new Error(`crudContract(${spec.tag}): import needs importResult`);
      return endpoint({
        ...common('import', `${spec.tag}: import an XLSX or CSV file (multipart field file)`, 'command'),
        cost: 'import',
        bodyKind: 'multipart',
        ...(spec.paths?.import?.query ? { query: spec.paths.import.query } : {}),
        output: spec.importResult,
      });
    },
    export: () =>
      endpoint({
        ...common('export', `${spec.tag}: export (XLSX, or CSV with format=csv)`, 'query'),
        cost: 'export',
        query: z.object({ ...queryFilter(spec.filter), ...spec.paths?.export?.query?.shape, ...exportOptions }),
        output: z.any(),
        raw: true,
      }),
    template: () =>
      endpoint({
        ...common('template', `${spec.tag}: import template (XLSX)`, 'query'),
        query: z.object({ ...spec.paths?.template?.query?.shape, lang: exportOptions.lang }),
        output: z.any(),
        raw: true,
      }),
  };
  const out: Partial<Record<CrudOperation, EndpointDef>> = {};
  for (const op of CRUD_OPERATIONS) if (only.has(op)) out[op] = all[op]();
  return out as Pick<CrudEndpoints<Row, F, C, U, Out>, O>;
}
