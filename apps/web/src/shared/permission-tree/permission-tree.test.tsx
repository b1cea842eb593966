import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE_TREE } from './permission-tree-fixture';
import { PermissionTree, TREE_SKELETON_DELAY_MS, type PermissionValue } from './permission-tree';

const empty: PermissionValue = { checked: [], autoSync: [] };

function Controlled({
  initial = empty,
  readOnly,
  onChange,
}: {
  initial?: PermissionValue;
  readOnly?: boolean;
  onChange?: (v: PermissionValue) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button>before</button>
      <PermissionTree
        tree={FIXTURE_TREE}
        value={value}
        readOnly={readOnly}
        onChange={(v) => {
          onChange?.(v);
          setValue(v);
        }}
      />
      <button>after</button>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent!) as PermissionValue;
const row = (key: string) => screen.getByTestId(`perm-${key}`);
const state = (key: string) => row(key).getAttribute('aria-checked');
const tree = () => screen.getByRole('tree');
const focusedRow = () => document.getElementById(tree().getAttribute('aria-activedescendant') ?? '')?.dataset.testid;

afterEach(() => vi.useRealTimers());

describe('PermissionTree rendering', () => {
  it('draws a focusable tree of treeitems with their keys and check states', () => {
    render(<Controlled initial={{ checked: ['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add'], autoSync: [] }} />);
    expect(tree().tabIndex).toBe(0);
    expect(screen.getAllByRole('treeitem').map((r) => r.dataset.testid)).toEqual([
      'perm-p-a',
      'perm-p-a.g1',
      'perm-p-a.g1.p1',
      'perm-p-a.g1.p2',
      'perm-p-a.g2',
      'perm-p-a.g2.p3',
      'perm-p-a.g2.p4',
      'perm-p-z',
      'perm-p-z.g',
    ]);
    // half-checked is derived: a page with one of its two buttons
    expect(state('p-a.g1.p1')).toBe('mixed');
    expect(state('p-a')).toBe('mixed');
    expect(state('p-a.g1.p2')).toBe('false');
    expect(row('p-a.g1.p1').getAttribute('aria-expanded')).toBe('false');
    expect(row('p-a.g1').getAttribute('aria-level')).toBe('2');
  });

  it('frozen and disabled nodes are greyed and cannot be checked; only frozen ones are marked frozen', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    expect(row('p-a.g2.p3').getAttribute('aria-disabled')).toBe('true');
    expect(row('p-a.g2.p3').textContent).toContain('frozen');
    expect(row('p-z').getAttribute('aria-disabled')).toBe('true');
    expect(row('p-z').textContent).not.toContain('frozen');
    fireEvent.click(row('p-a.g2.p3').querySelector('input[type=checkbox]')!);
    fireEvent.click(screen.getByText('p-z'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clicking a parent checks its non-frozen descendants; clicking again unchecks them', () => {
    render(<Controlled />);
    fireEvent.click(row('p-a').querySelector('input[type=checkbox]')!);
    expect(value().checked).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add', 'b-p1-del', 'p-a.g1.p2', 'p-a.g2', 'p-a.g2.p4']);
    expect(state('p-a')).toBe('true');
    fireEvent.click(screen.getByText('p-a'));
    expect(value().checked).toEqual([]);
  });

  it('offers auto-sync only at levels 0 and 1 on non-customized nodes; turning it on checks the subtree', () => {
    render(<Controlled />);
    expect(screen.queryByTestId('perm-sync-p-a')).not.toBeNull();
    expect(screen.queryByTestId('perm-sync-p-a.g1')).not.toBeNull();
    expect(screen.queryByTestId('perm-sync-p-a.g2')).toBeNull(); // customized
    expect(screen.queryByTestId('perm-sync-p-a.g1.p1')).toBeNull(); // level 2
    expect(screen.queryByTestId('perm-sync-p-z')).toBeNull(); // disabled
    fireEvent.click(screen.getByTestId('perm-sync-p-a.g1'));
    expect(value()).toEqual({ checked: ['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add', 'b-p1-del', 'p-a.g1.p2'], autoSync: ['p-a.g1'] });
    expect(row('p-a.g1').dataset.autoSync).toBe('true');
    // unchecking the node removes its auto-sync
    fireEvent.click(row('p-a.g1').querySelector('input[type=checkbox]')!);
    expect(value()).toEqual({ checked: ['p-a'], autoSync: [] });
  });

  it('explains auto-sync in a tooltip', async () => {
    render(<Controlled />);
    fireEvent.mouseEnter(screen.getByTestId('perm-sync-p-a.g1').parentElement!);
    expect(await screen.findByText('Pages the platform adds later under p-a.g1 are granted automatically.')).toBeTruthy();
  });

  it("'Select all' on a page (level 2) checks the page and all its buttons", () => {
    render(<Controlled />);
    expect(screen.queryByTestId('perm-all-p-a.g1')).toBeNull();
    expect(screen.queryByTestId('perm-all-p-a.g1.p2')).toBeNull(); // no buttons
    fireEvent.click(screen.getByTestId('perm-all-p-a.g1.p1'));
    expect(value().checked).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add', 'b-p1-del']);
    expect(state('p-a.g1.p1')).toBe('true');
  });
});

describe('PermissionTree keyboard', () => {
  it('arrows move between visible rows, and open and close', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByText('before'));
    await user.tab();
    expect(document.activeElement).toBe(tree());
    expect(focusedRow()).toBe('perm-p-a');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedRow()).toBe('perm-p-a.g1.p1');
    await user.keyboard('{ArrowRight}');
    expect(row('p-a.g1.p1').getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByTestId('perm-b-p1-add')).not.toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe('perm-b-p1-add');
    await user.keyboard('{ArrowLeft}');
    expect(focusedRow()).toBe('perm-p-a.g1.p1');
    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByTestId('perm-b-p1-add')).toBeNull();
    await user.keyboard('{ArrowUp}');
    expect(focusedRow()).toBe('perm-p-a.g1');
    // the focused row is shown
    expect(row('p-a.g1').style.outline).toContain('solid');
    expect(row('p-a').style.outline).toBe('');
  });

  it('Enter checks, Space toggles', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    act(() => tree().focus());
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(value().checked).toEqual(['p-a', 'p-a.g1', 'p-a.g1.p1', 'b-p1-add', 'b-p1-del']);
    // Enter again keeps it checked
    await user.keyboard('{Enter}');
    expect(state('p-a.g1.p1')).toBe('true');
    await user.keyboard(' ');
    expect(value().checked).toEqual(['p-a', 'p-a.g1']);
    await user.keyboard(' ');
    expect(state('p-a.g1.p1')).toBe('true');
    // frozen: nothing happens
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focusedRow()).toBe('perm-p-a.g2.p3');
    const before = value();
    await user.keyboard('{Enter} ');
    expect(value()).toEqual(before);
  });

  it('Tab toggles auto-sync where it is offered, otherwise leaves; Shift+Tab always leaves', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    act(() => tree().focus());
    await user.keyboard('{ArrowDown}'); // p-a.g1, offers auto-sync
    await user.tab();
    expect(document.activeElement).toBe(tree());
    expect(value().autoSync).toEqual(['p-a.g1']);
    expect(state('p-a.g1')).toBe('true');
    await user.tab();
    expect(value().autoSync).toEqual([]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByText('before'));
    expect(value().autoSync).toEqual([]);
    act(() => tree().focus());
    await user.keyboard('{ArrowDown}'); // p-a.g1.p1, a page: no auto-sync
    expect(focusedRow()).toBe('perm-p-a.g1.p1');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByText('after'));
  });
});

describe('PermissionTree read-only and loading', () => {
  it('read-only: nothing changes on click or key, no toggles, auto-sync shown as a tag', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled readOnly onChange={onChange} initial={{ checked: ['p-a', 'p-a.g1', 'p-a.g1.p2'], autoSync: ['p-a.g1'] }} />);
    expect(screen.queryByTestId('perm-sync-p-a')).toBeNull();
    expect(screen.queryByTestId('perm-all-p-a.g1.p1')).toBeNull();
    expect(row('p-a.g1').textContent).toContain('Auto-sync');
    fireEvent.click(row('p-a').querySelector('input[type=checkbox]')!);
    fireEvent.click(screen.getByText('p-a.g1.p1'));
    act(() => tree().focus());
    await user.keyboard('{ArrowDown}{Enter} ');
    expect(focusedRow()).toBe('perm-p-a.g1');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByText('after'));
    expect(onChange).not.toHaveBeenCalled();
    expect(value()).toEqual({ checked: ['p-a', 'p-a.g1', 'p-a.g1.p2'], autoSync: ['p-a.g1'] });
  });

  it('shows the skeleton only when loading lasts more than 500 ms', () => {
    vi.useFakeTimers();
    const { rerender } = render(<PermissionTree tree={[]} value={empty} loading />);
    expect(TREE_SKELETON_DELAY_MS).toBe(500);
    expect(screen.queryByTestId('perm-tree-skeleton')).toBeNull();
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByTestId('perm-tree-skeleton')).toBeNull();
    expect(screen.getByTestId('perm-tree-loading')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.getByTestId('perm-tree-skeleton')).toBeTruthy();
    rerender(<PermissionTree tree={FIXTURE_TREE} value={empty} />);
    expect(screen.queryByTestId('perm-tree-skeleton')).toBeNull();
    expect(screen.getByTestId('perm-p-a')).toBeTruthy();
    // a quick reload never shows it
    rerender(<PermissionTree tree={FIXTURE_TREE} value={empty} loading />);
    act(() => vi.advanceTimersByTime(300));
    rerender(<PermissionTree tree={FIXTURE_TREE} value={empty} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('perm-tree-skeleton')).toBeNull();
  });
});
