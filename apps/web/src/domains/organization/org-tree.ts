import type { OrganizationNode } from '@energy/contracts';

/** Every node of the tree, parents before their children. */
export function flattenTree(nodes: readonly OrganizationNode[]): OrganizationNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

export function findNode(nodes: readonly OrganizationNode[], mcid: string | null | undefined): OrganizationNode | null {
  if (!mcid) return null;
  return flattenTree(nodes).find((n) => n.mcid === mcid) ?? null;
}

/** The deepest level inside a node's subtree (its own level when it has no children). */
export function deepestLevel(node: OrganizationNode): number {
  return Math.max(node.level, ...node.children.map(deepestLevel));
}

/** The deepest level the whole tree uses (0 for an empty tree). */
export function treeDepth(nodes: readonly OrganizationNode[]): number {
  return Math.max(0, ...nodes.map(deepestLevel));
}

/** A child can be added while the node is above the last level the tenant has named. */
export const canAddChild = (node: OrganizationNode, levelCount: number) => node.level < levelCount;

/**
 * Whether the page may offer to delete the node: not the root, and nothing the tree counts hangs on it
 * (sub-organisations, staff, OUs). Devices are not counted here; the server refuses those with its message.
 */
export const isDeletable = (node: OrganizationNode) =>
  node.parentMcid !== null && node.childCount === 0 && node.staffCount === 0 && node.ouCount === 0;

export interface MoveTarget {
  value: string;
  title: string;
  disabled: boolean;
  children: MoveTarget[];
}

/**
 * The parents `node` may move under, as TreeSelect data: its own subtree is left out (a node cannot move
 * into itself), and a parent is disabled when it is already the node's parent or when the moved subtree
 * would go below the last of `levelCount` levels.
 */
export function moveTargets(nodes: readonly OrganizationNode[], node: OrganizationNode, levelCount: number): MoveTarget[] {
  const height = deepestLevel(node) - node.level; // levels below the node inside its subtree
  const walk = (list: readonly OrganizationNode[]): MoveTarget[] =>
    list
      .filter((n) => n.mcid !== node.mcid)
      .map((n) => ({
        value: n.mcid,
        title: `${n.name} (${n.levelName})`,
        disabled: n.mcid === node.parentMcid || n.level + 1 + height > levelCount,
        children: walk(n.children),
      }));
  return walk(nodes);
}

/** What is wrong with a list of level names beyond emptiness (the OrgLevelEditor's own rule covers that). */
export type LevelNamesProblem = { kind: 'tooLong'; level: number; max: number } | { kind: 'tooFew'; deepest: number };

/** Names longer than `max`, or fewer levels than the tree uses (`deepest`), or null when the list is fine. */
export function levelNamesProblem(names: readonly string[] | undefined, max: number, deepest: number): LevelNamesProblem | null {
  const list = names ?? [];
  const long = list.findIndex((name) => (name ?? '').trim().length > max);
  if (long >= 0) return { kind: 'tooLong', level: long + 1, max };
  if (list.length < deepest) return { kind: 'tooFew', deepest };
  return null;
}

/** Whether two level-name lists are the same once trimmed (what the server would store). */
export const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => (name ?? '').trim() === (b[i] ?? '').trim());
