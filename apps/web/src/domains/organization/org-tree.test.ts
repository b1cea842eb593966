import type { OrganizationNode } from '@energy/contracts';
import { describe, expect, it } from 'vitest';
import {
  canAddChild,
  deepestLevel,
  findNode,
  flattenTree,
  isDeletable,
  levelNamesProblem,
  moveTargets,
  sameNames,
  treeDepth,
  type MoveTarget,
} from './org-tree';

const LEVELS = ['headquarters', 'subsidiary', '2-level subsidiary'];

function node(mcid: string, parent: OrganizationNode | null, extra: Partial<OrganizationNode> = {}): OrganizationNode {
  const level = parent ? parent.level + 1 : 1;
  const n: OrganizationNode = {
    mcid,
    parentMcid: parent?.mcid ?? null,
    name: mcid.toUpperCase(),
    code: parent ? `${parent.code}.${String(parent.children.length + 1).padStart(3, '0')}` : '001',
    level,
    levelName: LEVELS[level - 1]!,
    childCount: 0,
    staffCount: 0,
    ouCount: 0,
    children: [],
    ...extra,
  };
  if (parent) {
    parent.children.push(n);
    parent.childCount++;
  }
  return n;
}

// hq ─┬─ east ─── suzhou
//     └─ west
function fixture() {
  const hq = node('hq', null, { staffCount: 2 });
  const east = node('east', hq);
  const suzhou = node('suzhou', east, { ouCount: 1 });
  const west = node('west', hq);
  return { tree: [hq], hq, east, suzhou, west };
}

const keys = (targets: MoveTarget[]): string[] => targets.flatMap((t) => [t.value, ...keys(t.children)]);
const disabled = (targets: MoveTarget[]): string[] => targets.flatMap((t) => [...(t.disabled ? [t.value] : []), ...disabled(t.children)]);

describe('organisation tree helpers', () => {
  it('flattens parents first, finds nodes, measures depth', () => {
    const { tree, east, suzhou, west } = fixture();
    expect(flattenTree(tree).map((n) => n.mcid)).toEqual(['hq', 'east', 'suzhou', 'west']);
    expect(findNode(tree, 'suzhou')).toBe(suzhou);
    expect(findNode(tree, 'nowhere')).toBeNull();
    expect(findNode(tree, null)).toBeNull();
    expect(deepestLevel(east)).toBe(3);
    expect(deepestLevel(west)).toBe(2);
    expect(treeDepth(tree)).toBe(3);
    expect(treeDepth([])).toBe(0);
  });

  it('offers a child only above the last level, and delete only on an empty non-root node', () => {
    const { hq, east, suzhou, west } = fixture();
    expect(canAddChild(east, 3)).toBe(true);
    expect(canAddChild(suzhou, 3)).toBe(false);
    expect(isDeletable(hq)).toBe(false); // the root
    expect(isDeletable(east)).toBe(false); // has a child
    expect(isDeletable(suzhou)).toBe(false); // has an OU
    expect(isDeletable(west)).toBe(true);
    expect(isDeletable({ ...west, staffCount: 1 })).toBe(false);
  });

  it('never offers the moved node or its subtree as a new parent', () => {
    const { tree, east } = fixture();
    const targets = moveTargets(tree, east, 3);
    expect(keys(targets)).toEqual(['hq', 'west']);
  });

  it('disables the current parent and parents that would push the subtree below the last level', () => {
    const { tree, east, suzhou } = fixture();
    // east carries suzhou one level below it: under west (level 2) suzhou would reach level 4 of 3
    expect(disabled(moveTargets(tree, east, 3))).toEqual(['hq', 'west']);
    expect(disabled(moveTargets(tree, east, 4))).toEqual(['hq']);
    // suzhou alone fits under west (level 3); east is its parent, hq is fine
    expect(disabled(moveTargets(tree, suzhou, 3))).toEqual(['east']);
  });

  it('checks level names: length, and no fewer levels than the tree uses', () => {
    expect(levelNamesProblem(['a', 'b', 'c'], 32, 3)).toBeNull();
    expect(levelNamesProblem(['a', 'x'.repeat(33), 'c'], 32, 3)).toEqual({ kind: 'tooLong', level: 2, max: 32 });
    expect(levelNamesProblem(['a', `  ${'x'.repeat(32)}  `], 32, 2)).toBeNull();
    expect(levelNamesProblem(['a', 'b'], 32, 3)).toEqual({ kind: 'tooFew', deepest: 3 });
    expect(levelNamesProblem(undefined, 32, 1)).toEqual({ kind: 'tooFew', deepest: 1 });
  });

  it('compares level names as the server stores them (trimmed)', () => {
    expect(sameNames(['a ', 'b'], ['a', 'b'])).toBe(true);
    expect(sameNames(['a'], ['a', 'b'])).toBe(false);
    expect(sameNames(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
