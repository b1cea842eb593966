import { describe, expect, it } from 'vitest';
import { FIXTURE_TREE } from './permission-tree-fixture';
import {
  autoSyncOffered,
  check,
  checkStates,
  halfChecked,
  indexTree,
  navigate,
  selectAllOffered,
  setAutoSync,
  toggle,
  toggleAutoSync,
  uncheck,
  visibleKeys,
  type PermissionValue,
} from './permission-tree-model';

const index = indexTree(FIXTURE_TREE);
const empty: PermissionValue = { checked: [], autoSync: [] };
const node = (key: string) => index.nodes.get(key)!.node;

describe('permission tree model: checking', () => {
  it('indexes parents, depth and draw order', () => {
    expect(index.order).toEqual([
      'p-a',
      'p-a.g1',
      'p-a.g1.p1',
      'b-p1-add',
      'b-p1-del',
      'p-a.g1.p2',
      'p-a.g2',
      'p-a.g2.p3',
      'b-p3-x',
      'p-a.g2.p4',
      'p-z',
      'p-z.g',
    ]);
    expect(index.nodes.get('b-p1-add')).toMatchObject({ parent: 'p-a.g1.p1', depth: 3 });
  });

  it('checking a parent checks its non-frozen descendants, not a frozen subtree', () => {
    const v = check(index, empty, 'p-a');
    expect(v.checked).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add', 'b-p1-del', 'p-a.g1.p2', 'p-a.g2', 'p-a.g2.p4']);
  });

  it('checking a button checks its page, group and area, not its siblings', () => {
    const v = check(index, empty, 'b-p1-del');
    expect(v.checked).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-del']);
  });

  it('frozen and disabled nodes cannot be checked or unchecked', () => {
    expect(check(index, empty, 'p-a.g2.p3')).toBe(empty);
    expect(check(index, empty, 'p-z')).toBe(empty);
    const frozenGranted: PermissionValue = { checked: ['p-a.g2.p3'], autoSync: [] };
    expect(uncheck(index, frozenGranted, 'p-a.g2.p3')).toBe(frozenGranted);
    // a cascade from above keeps the frozen grant too
    expect(uncheck(index, { checked: ['p-a', 'p-a.g2', 'p-a.g2.p3'], autoSync: [] }, 'p-a').checked).toEqual(['p-a.g2.p3']);
  });

  it('unchecking a node unchecks its descendants and removes their auto-sync, ancestors stay', () => {
    const all = setAutoSync(index, check(index, empty, 'p-a'), 'p-a.g1', true);
    const withArea = setAutoSync(index, all, 'p-a', true);
    expect(withArea.autoSync).toEqual(['p-a', 'p-a.g1']);
    const v = uncheck(index, withArea, 'p-a.g1');
    expect(v.checked).toEqual(['p-a', 'p-a.g2', 'p-a.g2.p4']);
    expect(v.autoSync).toEqual(['p-a']);
    const none = uncheck(index, withArea, 'p-a');
    expect(none).toEqual(empty);
  });

  it('keeps keys the tree does not show', () => {
    const v = check(index, { checked: ['x-app-code'], autoSync: ['x-app-area'] }, 'p-a.g1.p2');
    expect(v.checked).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p2', 'x-app-code']);
    expect(uncheck(index, v, 'p-a').checked).toEqual(['x-app-code']);
    expect(uncheck(index, v, 'p-a').autoSync).toEqual(['x-app-area']);
  });
});

describe('permission tree model: derived states', () => {
  it('half-checked: some but not all of the subtree checked', () => {
    const v = check(index, empty, 'b-p1-add');
    const states = checkStates(index, v.checked);
    expect(states.get('b-p1-add')).toBe('true');
    expect(states.get('b-p1-del')).toBe('false');
    expect(states.get('p-a.g1.p1')).toBe('mixed');
    expect(states.get('p-a')).toBe('mixed');
    expect(states.get('p-a.g2')).toBe('false');
    expect(halfChecked(index, v.checked)).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1']);
  });

  it('a node is fully checked when everything a cascade reaches is checked (a frozen unchecked page does not hold it back)', () => {
    const v = check(index, empty, 'p-a');
    const states = checkStates(index, v.checked);
    expect(states.get('p-a')).toBe('true');
    expect(states.get('p-a.g2')).toBe('true');
    expect(states.get('p-a.g2.p3')).toBe('false');
    expect(halfChecked(index, v.checked)).toEqual([]);
  });

  it('a checked page without its buttons is half-checked', () => {
    const v = uncheck(index, check(index, empty, 'p-a.g1.p1'), 'b-p1-add');
    expect(checkStates(index, v.checked).get('p-a.g1.p1')).toBe('mixed');
    expect(checkStates(index, uncheck(index, v, 'b-p1-del').checked).get('p-a.g1.p1')).toBe('mixed');
  });

  it('toggle: checks what is unchecked or half-checked, unchecks what is fully checked', () => {
    const half = check(index, empty, 'b-p1-add');
    const full = toggle(index, half, 'p-a.g1.p1');
    expect(full.checked).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add', 'b-p1-del']);
    const off = toggle(index, full, 'p-a.g1.p1');
    expect(off.checked).toEqual(['p-a', 'p-a.g1']);
    expect(toggle(index, empty, 'p-a.g2.p3')).toBe(empty);
  });
});

describe('permission tree model: auto-sync', () => {
  it('is offered at levels 0 and 1 for non-customized, non-frozen nodes', () => {
    expect(autoSyncOffered(node('p-a'))).toBe(true);
    expect(autoSyncOffered(node('p-a.g1'))).toBe(true);
    expect(autoSyncOffered(node('p-a.g2'))).toBe(false); // customized
    expect(autoSyncOffered(node('p-a.g1.p1'))).toBe(false); // level 2
    expect(autoSyncOffered(node('b-p1-add'))).toBe(false); // level 3
    expect(autoSyncOffered(node('p-z'))).toBe(false); // disabled
  });

  it('turning it on checks the node and its subtree; off leaves the checks', () => {
    const on = setAutoSync(index, empty, 'p-a.g1', true);
    expect(on.autoSync).toEqual(['p-a.g1']);
    expect(on.checked).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add', 'b-p1-del', 'p-a.g1.p2']);
    const off = setAutoSync(index, on, 'p-a.g1', false);
    expect(off).toEqual({ checked: on.checked, autoSync: [] });
    expect(toggleAutoSync(index, off, 'p-a.g1').autoSync).toEqual(['p-a.g1']);
  });

  it('cannot be set where it is not offered', () => {
    expect(setAutoSync(index, empty, 'p-a.g2', true)).toBe(empty);
    expect(setAutoSync(index, empty, 'p-a.g1.p1', true)).toBe(empty);
  });

  it('select-all is offered on pages (level 2) with buttons', () => {
    expect(selectAllOffered(index, 'p-a.g1.p1')).toBe(true);
    expect(selectAllOffered(index, 'p-a.g1.p2')).toBe(false); // no buttons
    expect(selectAllOffered(index, 'p-a.g2.p3')).toBe(false); // frozen
    expect(selectAllOffered(index, 'p-a.g1')).toBe(false);
  });
});

describe('permission tree model: keyboard order', () => {
  const none = new Map<string, boolean>();

  it('areas and groups start open, pages closed', () => {
    expect(visibleKeys(index, none)).toEqual([
      'p-a',
      'p-a.g1',
      'p-a.g1.p1',
      'p-a.g1.p2',
      'p-a.g2',
      'p-a.g2.p3',
      'p-a.g2.p4',
      'p-z',
      'p-z.g',
    ]);
  });

  it('ArrowDown and ArrowUp move between visible rows and stop at the ends', () => {
    expect(navigate(index, none, 'p-a', 'ArrowDown').focused).toBe('p-a.g1');
    expect(navigate(index, none, 'p-a.g1.p2', 'ArrowDown').focused).toBe('p-a.g2');
    expect(navigate(index, none, 'p-z.g', 'ArrowDown').focused).toBe('p-z.g');
    expect(navigate(index, none, 'p-a.g2', 'ArrowUp').focused).toBe('p-a.g1.p2');
    expect(navigate(index, none, 'p-a', 'ArrowUp').focused).toBe('p-a');
    expect(navigate(index, none, 'p-a.g1', 'End').focused).toBe('p-z.g');
    expect(navigate(index, none, 'p-z.g', 'Home').focused).toBe('p-a');
  });

  it('ArrowRight opens, then enters; ArrowLeft closes, then goes to the parent', () => {
    const opened = navigate(index, none, 'p-a.g1.p1', 'ArrowRight');
    expect(opened.focused).toBe('p-a.g1.p1');
    expect(visibleKeys(index, opened.choices)).toContain('b-p1-add');
    expect(navigate(index, opened.choices, 'p-a.g1.p1', 'ArrowRight').focused).toBe('b-p1-add');
    expect(navigate(index, opened.choices, 'b-p1-add', 'ArrowLeft').focused).toBe('p-a.g1.p1');
    const closed = navigate(index, opened.choices, 'p-a.g1.p1', 'ArrowLeft');
    expect(closed.focused).toBe('p-a.g1.p1');
    expect(visibleKeys(index, closed.choices)).not.toContain('b-p1-add');
    // a leaf does not open
    expect(navigate(index, none, 'p-a.g1.p2', 'ArrowRight').choices).toBe(none);
    const area = navigate(index, none, 'p-a', 'ArrowLeft');
    expect(visibleKeys(index, area.choices)).toEqual(['p-a', 'p-z', 'p-z.g']);
  });
});
