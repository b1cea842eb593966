import * as c from '@energy/contracts';
import { describe, expect, it } from 'vitest';
import { catalogueRows } from '../src/seed/catalogue-data.js';

describe('permission catalogue', () => {
  const codes = new Set(catalogueRows().map((r) => r.code));

  it('holds every permission a contract names', () => {
    const named = c
      .endpointsOf(c as unknown as Record<string, unknown>)
      .flatMap(({ endpoint: e }) => (e.access.auth === 'staff' && e.access.permission ? [e.access.permission] : []));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !codes.has(p))).toEqual([]);
  });

  it('has unique codes, parents before children, and typed prefixes', () => {
    const rows = catalogueRows();
    expect(codes.size).toBe(rows.length);
    const seen = new Set<string>();
    for (const r of rows) {
      if (r.parentCode) expect(seen.has(r.parentCode), r.code).toBe(true);
      seen.add(r.code);
      if (r.type === 'b') expect(r.code.startsWith('b-')).toBe(true);
    }
  });
});
