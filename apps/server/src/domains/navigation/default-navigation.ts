import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { navigation } from './navigation.schema.js';
import { AREAS, originId, pageCode } from '@energy/contracts/catalogue-codes';

/** Chinese names of the outside links every tenant gets (by navigation key). */
const OUTSIDE_LINK_NAMES_ZH = { 'settings-apps': '集成应用', 'ia-carbon-report': '碳排放报告', help: '帮助中心' } as const;

/**
 * The zh-CN name of every node of the default navigation, by navigation key: areas (`bsa`), groups
 * (`bsa-monitor`), pages (`p-bsa-overview`) and the outside links. `seedPlatform` fills the missing
 * Chinese names of existing tenants' nodes from it.
 */
export function defaultNavigationNamesZh(): Map<string, string> {
  const names = new Map<string, string>(Object.entries(OUTSIDE_LINK_NAMES_ZH));
  for (const area of AREAS) {
    names.set(area.key, area.nameZh);
    for (const group of area.groups) {
      names.set(`${area.key}-${group.key}`, group.nameZh);
      for (const page of group.pages) names.set(pageCode(area, page), page.nameZh);
    }
  }
  return names;
}

/**
 * A tenant's default navigation: every area, group and page of the catalogue, plus two outside links.
 * It adds only the nodes the tenant lacks (by key), so the same call seeds a new tenant and, at every
 * start (`seedPlatform`), brings existing tenants the pages a new build's catalogue has. Tenants cannot
 * remove navigation nodes today; once they can, a removal must leave a mark this respects.
 */
export async function seedTenantNavigation(db: Db, tenantId: string) {
  const existing = new Map(
    (await db.select({ id: navigation.id, key: navigation.key }).from(navigation).where(eq(navigation.tenantId, tenantId))).map(
      (r) => [r.key, r.id] as const,
    ),
  );
  const add = async (values: typeof navigation.$inferInsert): Promise<number> => {
    const [row] = await db.insert(navigation).values(values).returning({ id: navigation.id });
    existing.set(values.key, row!.id);
    return row!.id;
  };
  for (const [ai, area] of AREAS.entries()) {
    let l1 = existing.get(area.key);
    if (l1 === undefined) {
      l1 = await add({
        tenantId,
        level: 1,
        name: area.name,
        nameZh: area.nameZh,
        path: area.path,
        key: area.key,
        moduleOriginId: originId(area.origin),
        weighting: (ai + 1) * 10,
      });
      await db.update(navigation).set({ rootId: l1 }).where(eq(navigation.id, l1));
    }
    for (const [gi, group] of area.groups.entries()) {
      const groupKey = `${area.key}-${group.key}`;
      const l2 =
        existing.get(groupKey) ??
        (await add({
          tenantId,
          parentId: l1,
          rootId: l1,
          level: 2,
          name: group.name,
          nameZh: group.nameZh,
          path: `${area.path}/${group.key}`,
          key: groupKey,
          moduleOriginId: originId(area.origin),
          weighting: (gi + 1) * 10,
        }));
      const pages = group.pages.map((page, pi) => ({ page, pi })).filter(({ page }) => !existing.has(pageCode(area, page)));
      if (pages.length)
        await db.insert(navigation).values(
          pages.map(({ page, pi }) => ({
            tenantId,
            parentId: l2,
            rootId: l1,
            level: 3,
            name: page.name,
            nameZh: page.nameZh,
            path: page.path,
            key: pageCode(area, page),
            moduleOriginId: originId(area.origin),
            weighting: (pi + 1) * 10,
            permissionType: 2,
            permissionCode: pageCode(area, page),
          })),
        );
    }
    if (area.key === 'settings' && !existing.has('settings-apps')) {
      // outside-system links: an integrated app page (needs its permission) and a help page (no permission)
      const ext = await add({
        tenantId,
        parentId: l1,
        rootId: l1,
        level: 2,
        name: 'Integrated apps',
        nameZh: OUTSIDE_LINK_NAMES_ZH['settings-apps'],
        path: '/settings/apps',
        key: 'settings-apps',
        weighting: 90,
      });
      await db.insert(navigation).values([
        {
          tenantId,
          parentId: ext,
          rootId: l1,
          level: 3,
          name: 'Carbon report',
          nameZh: OUTSIDE_LINK_NAMES_ZH['ia-carbon-report'],
          path: '/carbon/report',
          key: 'ia-carbon-report',
          moduleOriginId: 101,
          jumpType: 3,
          openType: 1,
          weighting: 10,
          url: 'https://carbon.example.com/report',
          origin: 'https://carbon.example.com',
          permissionType: 1,
          permissionCode: 'ia-carbon-report',
          integratedAppId: 101,
        },
        {
          tenantId,
          parentId: ext,
          rootId: l1,
          level: 3,
          name: 'Help center',
          nameZh: OUTSIDE_LINK_NAMES_ZH.help,
          path: '/help',
          key: 'help',
          jumpType: 3,
          openType: 1,
          weighting: 20,
          url: 'https://help.example.com',
          permissionType: 2,
        },
      ]);
    }
  }
}
