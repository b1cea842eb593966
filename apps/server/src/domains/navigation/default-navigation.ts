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

/** A tenant's default navigation: every area, group and page of the catalogue, plus two outside links. */
export async function seedTenantNavigation(db: Db, tenantId: string) {
  for (const [ai, area] of AREAS.entries()) {
    const [l1] = await db
      .insert(navigation)
      .values({
        tenantId,
        level: 1,
        name: area.name,
        nameZh: area.nameZh,
        path: area.path,
        key: area.key,
        moduleOriginId: originId(area.origin),
        weighting: (ai + 1) * 10,
      })
      .returning({ id: navigation.id });
    await db.update(navigation).set({ rootId: l1!.id }).where(eq(navigation.id, l1!.id));
    for (const [gi, group] of area.groups.entries()) {
      const [l2] = await db
        .insert(navigation)
        .values({
          tenantId,
          parentId: l1!.id,
          rootId: l1!.id,
          level: 2,
          name: group.name,
          nameZh: group.nameZh,
          path: `${area.path}/${group.key}`,
          key: `${area.key}-${group.key}`,
          moduleOriginId: originId(area.origin),
          weighting: (gi + 1) * 10,
        })
        .returning({ id: navigation.id });
      await db.insert(navigation).values(
        group.pages.map((page, pi) => ({
          tenantId,
          parentId: l2!.id,
          rootId: l1!.id,
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
    if (area.key === 'settings') {
      // outside-system links: an integrated app page (needs its permission) and a help page (no permission)
      const [ext] = await db
        .insert(navigation)
        .values({
          tenantId,
          parentId: l1!.id,
          rootId: l1!.id,
          level: 2,
          name: 'Integrated apps',
          nameZh: OUTSIDE_LINK_NAMES_ZH['settings-apps'],
          path: '/settings/apps',
          key: 'settings-apps',
          weighting: 90,
        })
        .returning({ id: navigation.id });
      await db.insert(navigation).values([
        {
          tenantId,
          parentId: ext!.id,
          rootId: l1!.id,
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
          parentId: ext!.id,
          rootId: l1!.id,
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
