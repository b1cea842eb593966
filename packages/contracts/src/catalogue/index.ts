import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';

export interface PermissionNode {
  /** The permission code; its first letter gives the type (`p` menu page, `b` button). */
  key: string;
  title: string;
  description: string;
  type: 'p' | 'b';
  /**
   * 0 area, 1 group, 2 page, 3 button (integrated apps: 0 app, 1 its pages). Auto-sync is offered at
   * levels 0 and 1 for non-customized nodes; select-all-sub at level 2.
   */
  level: number;
  integratedAppId: number | null;
  customized: boolean;
  freeze: boolean;
  /** Frozen nodes are disabled in the permission tree. */
  disabled: boolean;
  children: PermissionNode[];
}

/** A node of the permission catalogue tree (spec 000 section 3). */
export const permissionNode: z.ZodType<PermissionNode> = z
  .lazy(() =>
    z.object({
      key: z.string(),
      title: z.string(),
      description: z.string(),
      type: z.enum(['p', 'b']),
      level: z.number().int(),
      integratedAppId: z.number().int().nullable(),
      customized: z.boolean(),
      freeze: z.boolean(),
      disabled: z.boolean(),
      children: z.array(permissionNode),
    }),
  )
  .meta({ id: 'PermissionNode' });

/** The platform permission catalogue as a tree: areas, groups, pages, buttons, then integrated apps' codes. */
export const permissionTree = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/permission/tree',
  summary: 'Permission catalogue tree',
  tag: 'catalogue',
  access: { auth: 'staff', permission: 'p-settings-role' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(permissionNode),
});
