import type { MenuNode } from './index.js';

export interface MenuPermissions {
  /** The staff's platform permission codes. */
  platform: ReadonlySet<string>;
  /** integratedAppId to the staff's codes in that app. */
  integrated: Readonly<Record<string, readonly string[]>>;
}

/**
 * Spec 000 section 6: is a level-three item visible? Outside-system links: no permission type, shown;
 * integrated-app type, the code must be among the user's codes of that app; platform type, shown when
 * there is no code or the code is among the platform permissions. Other level-three items: the code
 * must be among the permissions. Items of other levels are always shown.
 */
export function isMenuItemVisible(node: MenuNode, perms: MenuPermissions): boolean {
  if (node.level !== 3) return true;
  if (node.jumpType === 3) {
    if (node.permissionType === 0) return true;
    if (node.permissionType === 1) {
      const codes = node.integratedAppId == null ? undefined : perms.integrated[String(node.integratedAppId)];
      return node.permissionCode != null && (codes ?? []).includes(node.permissionCode);
    }
    return !node.permissionCode || perms.platform.has(node.permissionCode);
  }
  return node.permissionCode != null && perms.platform.has(node.permissionCode);
}

/**
 * The menu a staff sees: hidden level-three items removed; with `pruneEmpty`, level-one and
 * level-two items left without any page are removed too (useful for app clients).
 */
export function filterMenu(nodes: readonly MenuNode[], perms: MenuPermissions, pruneEmpty = false): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (!isMenuItemVisible(node, perms)) continue;
    const children = filterMenu(node.children, perms, pruneEmpty);
    if (pruneEmpty && node.level < 3 && children.length === 0) continue;
    out.push({ ...node, children });
  }
  return out;
}
