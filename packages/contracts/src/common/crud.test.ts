import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobRow } from '../jobs/index.js';
import { CRUD_OPERATIONS, crudContract } from './crud.js';
import { id, idParam } from './ids.js';

const row = z.object({ id: z.number().int(), code: z.string(), pvId: z.number().int() });
const filter = { code: z.string().optional(), pvId: id.optional(), online: z.boolean().optional() };
const create = z.object({ code: z.string(), pvId: id });
const update = create.partial().extend({ id });

describe('crudContract', () => {
  it('declares the usual set under the base path, with the permission codes given', () => {
    const c = crudContract({
      tag: 'pv-string',
      base: '/api/v2/string',
      row,
      filter,
      create,
      update,
      importResult: jobRow,
      permissions: { create: 'b-device-create', export: 'b-device-export' },
    });
    expect(Object.keys(c).sort()).toEqual([...CRUD_OPERATIONS].sort());
    expect([c.page.method, c.page.path]).toEqual(['POST', '/api/v2/string/page']);
    expect([c.deleteAll.method, c.deleteAll.path]).toEqual(['POST', '/api/v2/string/delete-all']);
    expect([c.export.method, c.export.path, c.export.raw]).toEqual(['GET', '/api/v2/string/export', true]);
    expect([c.template.method, c.template.path]).toEqual(['GET', '/api/v2/string/download']);
    expect(c.import.bodyKind).toBe('multipart');
    expect(c.create.access).toEqual({ auth: 'staff', permission: 'b-device-create' });
    expect(c.page.access).toEqual({ auth: 'staff' });
    expect(c.create.kind).toBe('command');
    expect(c.page.kind).toBe('query');
    // the page's body is the paging fields plus the filter
    expect(c.page.body!.parse({ code: 'S1' })).toEqual({ code: 'S1', pageSize: 20, pageOffset: 1 });
    expect(c.page.body!.safeParse({ pageSize: 500 }).success).toBe(false);
  });

  it('takes the filter in the export query as text, plus format (xlsx by default) and lang', () => {
    const c = crudContract({ tag: 'x', base: '/api/v2/x', row, filter, create, update, only: ['export'] });
    expect(c.export.query!.parse({ pvId: '12', online: 'false' })).toEqual({ pvId: 12, online: false, format: 'xlsx' });
    expect(c.export.query!.parse({ format: 'csv', lang: 'zh-CN' })).toEqual({ format: 'csv', lang: 'zh-CN' });
    expect(c.export.query!.safeParse({ pvId: 'abc' }).success).toBe(false);
    expect(c.export.query!.safeParse({ format: 'pdf' }).success).toBe(false);
    expect(c.export.query!.safeParse({ lang: 'fr' }).success).toBe(false);
  });

  it('moves operations to the paths of the spec, with their params and query, and leaves others out', () => {
    const c = crudContract({
      tag: 'pv-inverter',
      base: '/api/v2/pv-inverter',
      row,
      filter,
      create,
      update,
      importResult: jobRow,
      only: ['import', 'export', 'template', 'deleteAll'],
      paths: {
        import: { path: '/input', query: z.object({ pvId: idParam }) },
        export: { path: '/output/{pvId}', params: z.object({ pvId: idParam }) },
        template: { path: '/api/v2/pv-inverter/download' },
      },
    });
    expect(Object.keys(c).sort()).toEqual(['deleteAll', 'export', 'import', 'template']);
    expect('page' in c).toBe(false);
    expect([c.import.method, c.import.path]).toEqual(['POST', '/api/v2/pv-inverter/input']);
    expect(c.import.query!.parse({ pvId: '3' })).toEqual({ pvId: 3 });
    expect([c.export.method, c.export.path]).toEqual(['GET', '/api/v2/pv-inverter/output/{pvId}']);
    expect(c.export.params!.parse({ pvId: '7' })).toEqual({ pvId: 7 });
    expect(c.template.path).toBe('/api/v2/pv-inverter/download');
  });

  it('refuses an import without a result schema', () => {
    expect(() => crudContract({ tag: 'x', base: '/api/v2/x', row, filter, create, update, only: ['import'] })).toThrow(/importResult/);
  });
});
