import { describe, expect, it } from 'vitest';
import type { Access } from '../common/endpoint.js';
import { AREAS, catalogueRows, type PagePath, type PermissionCode } from './catalogue-codes.js';

describe('catalogue codes', () => {
  it('types every code and page path of the catalogue, and nothing else', () => {
    const page: PermissionCode = 'p-settings-device';
    const button: PermissionCode = 'b-device-credentials';
    const group: PermissionCode = 'p-settings.asset';
    const app: PermissionCode = 'ia-carbon-report';
    const path: PagePath = '/settings/asset/device';
    const access: Access = { auth: 'staff', permission: 'b-role-create' };
    // @ts-expect-error a typo in a button code
    const typo: PermissionCode = 'b-device-craete';
    // @ts-expect-error a page path the catalogue lacks
    const badPath: PagePath = '/settings/asset/devices';
    // @ts-expect-error a contract's permission must be a catalogue code
    const badAccess: Access = { auth: 'staff', permission: 'p-settings-devices' };
    const codes = new Set(catalogueRows().map((r) => r.code));
    for (const code of [page, button, group, app, access.auth === 'staff' ? access.permission : undefined]) expect(codes).toContain(code);
    for (const code of [typo, badAccess.auth === 'staff' ? badAccess.permission : undefined]) expect(codes).not.toContain(code);
    const paths = AREAS.flatMap((a) => a.groups.flatMap((g) => g.pages.map((p): string => p.path)));
    expect(paths).toContain(path);
    expect(paths).not.toContain(badPath);
  });

  it('has unique codes and page paths, parents before children', () => {
    const rows = catalogueRows();
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    const paths = AREAS.flatMap((a) => a.groups.flatMap((g) => g.pages.map((p): string => p.path)));
    expect(new Set(paths).size).toBe(paths.length);
    const seen = new Set<string>();
    for (const r of rows) {
      if (r.parentCode) expect(seen).toContain(r.parentCode);
      seen.add(r.code);
    }
  });
});
