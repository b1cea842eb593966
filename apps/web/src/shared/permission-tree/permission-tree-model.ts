import type { PermissionNode } from '@energy/contracts';

/**
 * The rules of the permission tree (spec 000 §3, §4), without React. Levels: 0 area, 1 group, 2 page,
 * 3 button. The value holds the checked keys and the auto-synced keys; half-checked keys are derived.
 */
export interface PermissionValue {
  checked: string[];
  autoSync: string[];
}

export type CheckState = 'true' | 'false' | 'mixed';

export interface IndexedNode {
  node: PermissionNode;
  parent: string | null;
  depth: number;
  children: string[];
}

export interface TreeIndex {
  nodes: Map<string, IndexedNode>;
  roots: string[];
  /** Every key, parents before their children (the order rows are drawn in). */
  order: string[];
}

/** Auto-sync is offered at levels 0 and 1. */
export const AUTO_SYNC_LEVELS: readonly number[] = [0, 1];
/** The 'Select all' action (a page and all its buttons) is at level 2. */
export const SELECT_ALL_LEVEL = 2;
/** Rows shown at first: areas and groups are open, so pages show and buttons wait behind their page. */
export const DEFAULT_EXPANDED_DEPTH = 2;

export function indexTree(tree: readonly PermissionNode[]): TreeIndex {
  const nodes = new Map<string, IndexedNode>();
  const order: string[] = [];
  const walk = (list: readonly PermissionNode[], parent: string | null, depth: number) => {
    for (const node of list) {
      nodes.set(node.key, { node, parent, depth, children: node.children.map((c) => c.key) });
      order.push(node.key);
      walk(node.children, node.key, depth + 1);
    }
  };
  walk(tree, null, 0);
  return { nodes, roots: tree.map((n) => n.key), order };
}

/** Frozen and disabled nodes cannot be checked or changed, and a cascade does not enter them. */
export const isFrozen = (node: PermissionNode) => node.disabled || node.freeze;

export const autoSyncOffered = (node: PermissionNode) => AUTO_SYNC_LEVELS.includes(node.level) && !node.customized && !isFrozen(node);

/** A page whose buttons can be selected at once. */
export const selectAllOffered = (index: TreeIndex, key: string) => {
  const entry = index.nodes.get(key);
  return !!entry && entry.node.level === SELECT_ALL_LEVEL && !isFrozen(entry.node) && entry.children.length > 0;
};

/** The node (unless frozen) and its descendants, without entering frozen nodes: what a cascade changes. */
export function reach(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  const visit = (k: string) => {
    const entry = index.nodes.get(k);
    if (!entry || isFrozen(entry.node)) return;
    out.push(k);
    entry.children.forEach(visit);
  };
  visit(key);
  return out;
}

function ancestors(index: TreeIndex, key: string): string[] {
  const out: string[] = [];
  for (let p = index.nodes.get(key)?.parent ?? null; p !== null; p = index.nodes.get(p)?.parent ?? null) out.push(p);
  return out;
}

/** Keys in tree order; keys the tree does not know (codes of apps not shown) are kept, at the end. */
function ordered(index: TreeIndex, keys: Set<string>): string[] {
  const known = index.order.filter((k) => keys.has(k));
  return [...known, ...[...keys].filter((k) => !index.nodes.has(k))];
}

const frozenKey = (index: TreeIndex, key: string) => {
  const entry = index.nodes.get(key);
  return !entry || isFrozen(entry.node);
};

/**
 * Checks a node: the node, its non-frozen descendants, and its non-frozen ancestors (a button is no use
 * without its page, nor a page without its group and area).
 */
export function check(index: TreeIndex, value: PermissionValue, key: string): PermissionValue {
  if (frozenKey(index, key)) return value;
  const checked = new Set(value.checked);
  for (const k of reach(index, key)) checked.add(k);
  for (const k of ancestors(index, key)) if (!frozenKey(index, k)) checked.add(k);
  return { checked: ordered(index, checked), autoSync: value.autoSync };
}

/** Unchecks a node and its non-frozen descendants, and removes their auto-sync. Ancestors stay checked. */
export function uncheck(index: TreeIndex, value: PermissionValue, key: string): PermissionValue {
  if (frozenKey(index, key)) return value;
  const gone = new Set(reach(index, key));
  return {
    checked: value.checked.filter((k) => !gone.has(k)),
    autoSync: value.autoSync.filter((k) => !gone.has(k)),
  };
}

/** The state of every node: 'true' when it and everything a cascade reaches below it is checked, 'false' when nothing in its subtree is, else 'mixed'. */
export function checkStates(index: TreeIndex, checkedKeys: readonly string[]): Map<string, CheckState> {
  const checked = new Set(checkedKeys);
  const states = new Map<string, CheckState>();
  // full: the node and every reachable descendant checked; any: something in the subtree checked
  const visit = (key: string): { full: boolean; any: boolean } => {
    const entry = index.nodes.get(key)!;
    const own = checked.has(key);
    let full = own;
    let any = own;
    for (const child of entry.children) {
      const r = visit(child);
      any ||= r.any;
      if (!isFrozen(index.nodes.get(child)!.node)) full &&= r.full;
    }
    states.set(key, full ? 'true' : any ? 'mixed' : 'false');
    return { full, any };
  };
  index.roots.forEach(visit);
  return states;
}

/** The derived half-checked keys, in tree order. */
export function halfChecked(index: TreeIndex, checkedKeys: readonly string[]): string[] {
  const states = checkStates(index, checkedKeys);
  return index.order.filter((k) => states.get(k) === 'mixed');
}

/** Space: a fully checked node is unchecked; an unchecked or half-checked one is checked. */
export function toggle(index: TreeIndex, value: PermissionValue, key: string): PermissionValue {
  const state = checkStates(index, value.checked).get(key);
  return state === 'true' ? uncheck(index, value, key) : check(index, value, key);
}

/** Turning auto-sync on checks the node and its subtree; turning it off leaves the checks as they are. */
export function setAutoSync(index: TreeIndex, value: PermissionValue, key: string, on: boolean): PermissionValue {
  const entry = index.nodes.get(key);
  if (!entry || !autoSyncOffered(entry.node)) return value;
  if (!on) return { checked: value.checked, autoSync: value.autoSync.filter((k) => k !== key) };
  const next = check(index, value, key);
  return { checked: next.checked, autoSync: ordered(index, new Set([...value.autoSync, key])) };
}

/** Tab: flips auto-sync on a node that offers it. */
export const toggleAutoSync = (index: TreeIndex, value: PermissionValue, key: string) =>
  setAutoSync(index, value, key, !value.autoSync.includes(key));

/** Whether a node is open: the user's choice, else open down to DEFAULT_EXPANDED_DEPTH. */
export function isExpanded(index: TreeIndex, key: string, choices: ReadonlyMap<string, boolean>): boolean {
  const entry = index.nodes.get(key);
  if (!entry || entry.children.length === 0) return false;
  return choices.get(key) ?? entry.depth < DEFAULT_EXPANDED_DEPTH;
}

/** The rows on screen, top to bottom: the order of ArrowUp and ArrowDown. */
export function visibleKeys(index: TreeIndex, choices: ReadonlyMap<string, boolean>): string[] {
  const out: string[] = [];
  const visit = (key: string) => {
    out.push(key);
    if (isExpanded(index, key, choices)) index.nodes.get(key)!.children.forEach(visit);
  };
  index.roots.forEach(visit);
  return out;
}

export type TreeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/**
 * Where a navigation key leads: the focused key and the open/closed choices after it. ArrowRight opens
 * a closed node, or moves into an open one; ArrowLeft closes an open node, or moves to the parent.
 */
export function navigate(
  index: TreeIndex,
  choices: ReadonlyMap<string, boolean>,
  focused: string,
  key: TreeKey,
): { focused: string; choices: ReadonlyMap<string, boolean> } {
  const visible = visibleKeys(index, choices);
  const at = visible.indexOf(focused);
  const entry = index.nodes.get(focused);
  const withChoice = (k: string, open: boolean) => new Map(choices).set(k, open);
  switch (key) {
    case 'ArrowDown':
      return { focused: visible[Math.min(at + 1, visible.length - 1)] ?? focused, choices };
    case 'ArrowUp':
      return { focused: visible[Math.max(at - 1, 0)] ?? focused, choices };
    case 'Home':
      return { focused: visible[0] ?? focused, choices };
    case 'End':
      return { focused: visible[visible.length - 1] ?? focused, choices };
    case 'ArrowRight':
      if (!entry || entry.children.length === 0) return { focused, choices };
      if (!isExpanded(index, focused, choices)) return { focused, choices: withChoice(focused, true) };
      return { focused: entry.children[0]!, choices };
    case 'ArrowLeft':
      if (entry && isExpanded(index, focused, choices)) return { focused, choices: withChoice(focused, false) };
      return { focused: entry?.parent ?? focused, choices };
  }
}
