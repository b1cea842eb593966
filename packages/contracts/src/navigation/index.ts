import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';

export const OpenType = { CURRENT_PAGE: 0, NEW_PAGE: 1, CURRENT_PAGE_FORCED: 2 } as const;
export const JumpType = { WITHIN_SYSTEM: 1, CUSTOM_WITHIN_SYSTEM: 2, OUTSIDE_SYSTEM: 3 } as const;
/** Menu permissionType: no permission 0, integrated app 1, platform 2. */
export const MenuPermissionType = { NONE: 0, INTEGRATED_APP: 1, PLATFORM: 2 } as const;

export interface MenuNode {
  currentId: number;
  parentId: number | null;
  rootId: number;
  level: 1 | 2 | 3;
  name: string;
  /** The name in Chinese, shown when the language is zh-CN; null: the shell shows `name`. */
  nameZh: string | null;
  path: string;
  moduleOrigin: string | null;
  moduleOriginId: number | null;
  jumpType: 1 | 2 | 3;
  openType: 0 | 1 | 2;
  weighting: number;
  key: string;
  url: string | null;
  origin: string | null;
  permissionType: 0 | 1 | 2;
  permissionCode: string | null;
  integratedAppId: number | null;
  transitPagePath: string | null;
  children: MenuNode[];
}

/** A node of the three-level navigation (spec 000 section 3). */
export const menuNode: z.ZodType<MenuNode> = z
  .lazy(() =>
    z.object({
      currentId: z.number().int(),
      parentId: z.number().int().nullable(),
      rootId: z.number().int(),
      level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      name: z.string(),
      nameZh: z.string().nullable(),
      path: z.string(),
      moduleOrigin: z.string().nullable(),
      moduleOriginId: z.number().int().nullable(),
      jumpType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      openType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      weighting: z.number().int(),
      key: z.string(),
      url: z.string().nullable(),
      origin: z.string().nullable(),
      permissionType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      permissionCode: z.string().nullable(),
      integratedAppId: z.number().int().nullable(),
      transitPagePath: z.string().nullable(),
      children: z.array(menuNode),
    }),
  )
  .meta({ id: 'MenuNode' });

/** The tenant's whole three-level navigation, sorted by weighting; the shell filters it by permission. */
export const navigationList = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/navigation/list',
  summary: 'Navigation tree',
  tag: 'navigation',
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(menuNode),
});

/** The navigation already filtered by the current staff's permissions (spec 000 section 6 rules). */
export const appMenu = endpoint({
  method: 'POST',
  path: '/api/v2/app/menu',
  summary: 'My menu',
  tag: 'navigation',
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(menuNode),
});
