import type { PermissionNode } from '@energy/contracts';

/** What the acting staff may put into a role, and what the role already holds (empty for a new role). */
export interface Grantor {
  /** The acting staff's effective permission codes (staff/permission). */
  held: ReadonlySet<string>;
  /** The auto-synced codes of the acting staff's own role. */
  ownAutoSync: ReadonlySet<string>;
  /** The role's checked codes before this edit: they may stay even when the acting staff lacks them. */
  had: ReadonlySet<string>;
  /** The role's auto-synced codes before this edit. */
  hadAutoSync: ReadonlySet<string>;
}

/**
 * The catalogue as the role editor offers it, so that what can be clicked is what the server accepts
 * (role.service `checked`): a code the acting staff neither holds nor the role already has is left
 * out; a node kept only for the grantable codes below it is shown disabled (checking below it does not
 * check it). Auto-sync is offered only under the acting staff's own auto-synced nodes, or where the role
 * already auto-syncs: elsewhere the node is marked `customized`, which is what hides the tree's switch.
 */
export function grantableTree(tree: readonly PermissionNode[], g: Grantor): PermissionNode[] {
  const walk = (nodes: readonly PermissionNode[], underOwnSync: boolean): PermissionNode[] =>
    nodes.flatMap((node) => {
      const ownSync = underOwnSync || g.ownAutoSync.has(node.key);
      const children = walk(node.children, ownSync);
      const grantable = g.held.has(node.key) || g.had.has(node.key);
      if (!grantable && children.length === 0) return [];
      const syncable = ownSync || g.hadAutoSync.has(node.key);
      return [{ ...node, children, disabled: node.disabled || !grantable, customized: node.customized || !syncable }];
    });
  return walk(tree, false);
}
