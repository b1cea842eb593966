import type { PermissionNode } from '@energy/contracts';
import { describe, expect, it } from 'vitest';
import { FIXTURE_TREE, permissionNode as n } from '../../shared/permission-tree/permission-tree-fixture';
import { autoSyncOffered, indexTree, isFrozen } from '../../shared/permission-tree/permission-tree-model';
import { grantableTree, type Grantor } from './grantable-tree';

const grantor = (g: Partial<Record<keyof Grantor, string[]>>): Grantor => ({
  held: new Set(g.held ?? []),
  ownAutoSync: new Set(g.ownAutoSync ?? []),
  had: new Set(g.had ?? []),
  hadAutoSync: new Set(g.hadAutoSync ?? []),
});

const keys = (tree: PermissionNode[]) => indexTree(tree).order;
const nodeOf = (tree: PermissionNode[], key: string) => indexTree(tree).nodes.get(key)!.node;
const ALL = keys(FIXTURE_TREE);

describe('grantableTree', () => {
  it('keeps the whole catalogue for a staff who holds everything, changing nothing', () => {
    const tree = grantableTree(FIXTURE_TREE, grantor({ held: ALL, ownAutoSync: ['p-a', 'p-z'] }));
    expect(tree).toEqual(FIXTURE_TREE);
  });

  it('leaves out what the staff neither holds nor the role has', () => {
    const tree = grantableTree(FIXTURE_TREE, grantor({ held: ['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add'] }));
    expect(keys(tree)).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add']);
  });

  it("keeps the role's own codes even when the staff lacks them", () => {
    const tree = grantableTree(FIXTURE_TREE, grantor({ held: ['p-a', 'p-a.g1'], had: ['p-a.g1.p2'] }));
    expect(keys(tree)).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p2']);
    expect(isFrozen(nodeOf(tree, 'p-a.g1.p2'))).toBe(false);
  });

  it('keeps an ungrantable parent of grantable codes, disabled', () => {
    const tree = grantableTree(FIXTURE_TREE, grantor({ held: ['p-a.g1.p2'] }));
    expect(keys(tree)).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p2']);
    expect(isFrozen(nodeOf(tree, 'p-a'))).toBe(true);
    expect(isFrozen(nodeOf(tree, 'p-a.g1'))).toBe(true);
    expect(isFrozen(nodeOf(tree, 'p-a.g1.p2'))).toBe(false);
  });

  it('keeps frozen nodes frozen', () => {
    const tree = grantableTree(FIXTURE_TREE, grantor({ held: ALL }));
    expect(nodeOf(tree, 'p-a.g2.p3').freeze).toBe(true);
    expect(isFrozen(nodeOf(tree, 'p-z'))).toBe(true);
  });

  it("offers auto-sync only under the staff's own auto-synced nodes, or where the role already auto-syncs", () => {
    const own = grantableTree(FIXTURE_TREE, grantor({ held: ALL, ownAutoSync: ['p-a.g1'] }));
    expect(autoSyncOffered(nodeOf(own, 'p-a'))).toBe(false);
    expect(autoSyncOffered(nodeOf(own, 'p-a.g1'))).toBe(true);

    const fromArea = grantableTree(FIXTURE_TREE, grantor({ held: ALL, ownAutoSync: ['p-a'] }));
    expect(autoSyncOffered(nodeOf(fromArea, 'p-a'))).toBe(true);
    expect(autoSyncOffered(nodeOf(fromArea, 'p-a.g1'))).toBe(true);
    // a customized node stays without auto-sync whatever the staff holds
    expect(autoSyncOffered(nodeOf(fromArea, 'p-a.g2'))).toBe(false);

    const had = grantableTree(FIXTURE_TREE, grantor({ held: ALL, hadAutoSync: ['p-a'] }));
    expect(autoSyncOffered(nodeOf(had, 'p-a'))).toBe(true);
    expect(autoSyncOffered(nodeOf(had, 'p-a.g1'))).toBe(false);
  });

  it('does not change the catalogue it is given', () => {
    const tree = [n('p-x', 0, [n('p-x.g', 1)])];
    const copy = structuredClone(tree);
    grantableTree(tree, grantor({ held: ['p-x.g'] }));
    expect(tree).toEqual(copy);
  });
});
