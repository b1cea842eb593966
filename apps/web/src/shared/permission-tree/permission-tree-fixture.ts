import type { PermissionNode } from '@energy/contracts';

/** A four-level catalogue for the tests of the permission tree: area > group > page > button. */
export function permissionNode(
  key: string,
  level: number,
  children: PermissionNode[] = [],
  extra: Partial<PermissionNode> = {},
): PermissionNode {
  return {
    key,
    title: key,
    description: '',
    type: key.startsWith('b') ? 'b' : 'p',
    level,
    integratedAppId: null,
    customized: false,
    freeze: false,
    disabled: false,
    children,
    ...extra,
  };
}

const n = permissionNode;

/**
 * p-a (area)
 *   p-a.g1 (group)
 *     p-a.g1.p1 (page): b-p1-add, b-p1-del
 *     p-a.g1.p2 (page)
 *   p-a.g2 (group, customized)
 *     p-a.g2.p3 (page, frozen): b-p3-x
 *     p-a.g2.p4 (page)
 * p-z (area, disabled)
 *   p-z.g (group)
 */
export const FIXTURE_TREE: PermissionNode[] = [
  n('p-a', 0, [
    n('p-a.g1', 1, [n('p-a.g1.p1', 2, [n('b-p1-add', 3), n('b-p1-del', 3)]), n('p-a.g1.p2', 2)]),
    n('p-a.g2', 1, [n('p-a.g2.p3', 2, [n('b-p3-x', 3)], { freeze: true }), n('p-a.g2.p4', 2)], { customized: true }),
  ]),
  n('p-z', 0, [n('p-z.g', 1)], { disabled: true }),
];
