/**
 * The catalogue's codes and page paths as types, and the rows the server seeds from it. Zod-free (the
 * web imports it as `@energy/contracts/catalogue-codes`). The data itself: catalogue-data.ts.
 */
import {
  AREAS,
  INTEGRATED_PERMISSIONS,
  MODULE_ORIGINS,
  type AreaDef,
  type GroupDef,
  type IntegratedAppDef,
  type PageDef,
} from './catalogue-data.js';

export * from './catalogue-data.js';

type Area = (typeof AREAS)[number];
type IntegratedApp = (typeof INTEGRATED_PERMISSIONS)[number];

type GroupCodeOf<A> = A extends { key: infer K extends string; groups: readonly (infer G)[] }
  ? G extends { key: infer GK extends string }
    ? `p-${K}.${GK}`
    : never
  : never;
type PageOf<A> = A extends { groups: readonly (infer G)[] } ? (G extends { pages: readonly (infer P)[] } ? P : never) : never;
type PageCodeOf<A> = A extends { key: infer K extends string }
  ? PageOf<A> extends { key: infer PK extends string }
    ? `p-${K}-${PK}`
    : never
  : never;
type ButtonOf<P> = P extends { buttons: readonly (infer B)[] } ? B : never;

/** An area's code (`p-bsa`). */
export type AreaCode = `p-${Area['key']}`;
/** A group's code (`p-bsa.strategy`). */
export type GroupCode = GroupCodeOf<Area>;
/** A menu page's code (`p-bsa-strategy`): what opens a page. */
export type PageCode = PageCodeOf<Area>;
/** A button's code (`b-device-create`). */
export type ButtonCode = ButtonOf<PageOf<Area>>['code'];
/** An integrated app's code or one of its pages' (`ia-carbon`, `ia-carbon-report`). */
export type IntegratedCode = IntegratedApp['code'] | IntegratedApp['children'][number]['code'];
/** Any code of the permission catalogue. */
export type PermissionCode = AreaCode | GroupCode | PageCode | ButtonCode | IntegratedCode;
/** The path of a menu page (`/settings/asset/device`). */
export type PagePath = PageOf<Area>['path'];

export const pageCode = (area: AreaDef, page: PageDef) => `p-${area.key}-${page.key}` as PageCode;
export const groupCode = (area: AreaDef, group: GroupDef) => `p-${area.key}.${group.key}` as GroupCode;
export const areaCode = (area: AreaDef) => `p-${area.key}` as AreaCode;

/** The id of a module origin by its code. */
export const originId = (code: (typeof MODULE_ORIGINS)[number]['code']) => MODULE_ORIGINS.find((o) => o.code === code)!.id;

/** One row of the permission catalogue. */
export interface CatalogueRow {
  code: PermissionCode;
  parentCode: PermissionCode | null;
  type: 'p' | 'b';
  name: string;
  level: number;
  sort: number;
  integratedAppId: number | null;
}

/** Every row of the permission catalogue, parents before children. */
export function catalogueRows(): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  (AREAS as readonly AreaDef[]).forEach((area, ai) => {
    rows.push({ code: areaCode(area), parentCode: null, type: 'p', name: area.name, level: 0, sort: ai, integratedAppId: null });
    area.groups.forEach((group, gi) => {
      const gcode = groupCode(area, group);
      rows.push({ code: gcode, parentCode: areaCode(area), type: 'p', name: group.name, level: 1, sort: gi, integratedAppId: null });
      group.pages.forEach((page, pi) => {
        const code = pageCode(area, page);
        rows.push({ code, parentCode: gcode, type: 'p', name: page.name, level: 2, sort: pi, integratedAppId: null });
        (page.buttons ?? []).forEach((b, bi) =>
          rows.push({ code: b.code as ButtonCode, parentCode: code, type: 'b', name: b.name, level: 3, sort: bi, integratedAppId: null }),
        );
      });
    });
  });
  (INTEGRATED_PERMISSIONS as readonly IntegratedAppDef[]).forEach((app, i) => {
    rows.push({
      code: app.code as IntegratedCode,
      parentCode: null,
      type: 'p',
      name: app.name,
      level: 0,
      sort: 100 + i,
      integratedAppId: app.appId,
    });
    app.children.forEach((c, ci) =>
      rows.push({
        code: c.code as IntegratedCode,
        parentCode: app.code as IntegratedCode,
        type: 'p',
        name: c.name,
        level: 1,
        sort: ci,
        integratedAppId: app.appId,
      }),
    );
  });
  return rows;
}

/** The Chinese name of every catalogue code, with the English name it goes with (permission tree, docs/i18n.md). */
export function catalogueNamesZh(): Map<string, { name: string; nameZh: string }> {
  const names = new Map<string, { name: string; nameZh: string }>();
  for (const area of AREAS as readonly AreaDef[]) {
    names.set(areaCode(area), { name: area.name, nameZh: area.nameZh });
    for (const group of area.groups) {
      names.set(groupCode(area, group), { name: group.name, nameZh: group.nameZh });
      for (const page of group.pages) {
        names.set(pageCode(area, page), { name: page.name, nameZh: page.nameZh });
        for (const b of page.buttons ?? []) names.set(b.code, { name: b.name, nameZh: b.nameZh });
      }
    }
  }
  for (const app of INTEGRATED_PERMISSIONS as readonly IntegratedAppDef[]) {
    names.set(app.code, { name: app.name, nameZh: app.nameZh });
    for (const c of app.children) names.set(c.code, { name: c.name, nameZh: c.nameZh });
  }
  return names;
}
