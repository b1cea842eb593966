import * as c from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AREAS,
  INTEGRATED_PERMISSIONS,
  areaCode,
  catalogueRows,
  groupCode,
  pageCode,
  type AreaDef,
  type CatalogueRow,
} from '@energy/contracts/catalogue-codes';
import { seedPlatform } from '../src/seed/platform.js';
import { createTestApp, DB_KINDS, type TestApp } from './helpers.js';

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

  it('is area (0) > group (1) > page (2) > button (3); integrated apps stay app (0) > page (1)', () => {
    const byCode = new Map<string, CatalogueRow>(catalogueRows().map((r) => [r.code, r]));
    for (const area of AREAS as readonly AreaDef[]) {
      expect(byCode.get(areaCode(area))).toMatchObject({ parentCode: null, type: 'p', level: 0, name: area.name });
      for (const group of area.groups) {
        const g = groupCode(area, group);
        expect(g).toBe(`p-${area.key}.${group.key}`);
        expect(byCode.get(g)).toMatchObject({ parentCode: areaCode(area), type: 'p', level: 1, name: group.name });
        for (const page of group.pages) {
          expect(byCode.get(pageCode(area, page))).toMatchObject({ parentCode: g, type: 'p', level: 2 });
          for (const b of page.buttons ?? []) expect(byCode.get(b.code)).toMatchObject({ parentCode: pageCode(area, page), level: 3 });
        }
      }
    }
    for (const app of INTEGRATED_PERMISSIONS) {
      expect(byCode.get(app.code)).toMatchObject({ parentCode: null, level: 0 });
      for (const child of app.children) expect(byCode.get(child.code)).toMatchObject({ parentCode: app.code, level: 1 });
    }
    expect(byCode.get('p-settings.org')?.name).toBe('Organisation');
    // a level never skips one: every child sits one level below its parent
    for (const r of byCode.values()) if (r.parentCode) expect(r.level, r.code).toBe(byCode.get(r.parentCode)!.level + 1);
  });
});

describe.each(DB_KINDS)('the catalogue service on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('builds the tree once per load, and a reload shows what the platform changed', async () => {
    const catalogue = t.services.catalogue;
    const first = catalogue.tree();
    expect(catalogue.tree()).toBe(first);
    const settings = first.find((n) => n.key === 'p-settings')!;
    expect(settings.children.map((g) => g.key)).toEqual(['p-settings.org', 'p-settings.platform', 'p-settings.asset']);
    expect(settings.children[0]!.children.map((p) => p.level)).toEqual([2, 2, 2, 2]);

    await t.database.system.execute(
      sql`insert into permission (code, parent_code, type, name, level, sort) values ('p-settings-extra', 'p-settings.org', 'p', 'Extra', 2, 99)`,
    );
    expect(catalogue.tree()).toBe(first);
    await catalogue.load();
    const second = catalogue.tree();
    expect(second).not.toBe(first);
    const org = second.find((n) => n.key === 'p-settings')!.children[0]!;
    expect(org.children.at(-1)).toMatchObject({ key: 'p-settings-extra', level: 2 });
    await t.database.system.execute(sql`delete from permission where code = 'p-settings-extra'`);
    await catalogue.load();
  });

  it('brings an existing database up to date at start: old page rows move under their groups', async () => {
    // a database of the old shape: pages at level 1 directly under the area, no groups
    await t.database.system.execute(sql`delete from permission where code like 'p-%.%'`);
    await t.database.system.execute(sql`update permission set parent_code = 'p-settings', level = 1 where code = 'p-settings-staff'`);
    await seedPlatform(t.database.system);
    const rows = (await t.database.system.execute(
      sql`select code, parent_code, level from permission where code in ('p-settings.org', 'p-settings-staff', 'b-staff-create') order by level`,
    )) as unknown as { rows: { code: string; parent_code: string | null; level: number }[] };
    expect(rows.rows).toEqual([
      { code: 'p-settings.org', parent_code: 'p-settings', level: 1 },
      { code: 'p-settings-staff', parent_code: 'p-settings.org', level: 2 },
      { code: 'b-staff-create', parent_code: 'p-settings-staff', level: 3 },
    ]);
  });
});
