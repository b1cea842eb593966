import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Checkbox, Empty, Skeleton, Switch, Tag, theme, Tooltip } from 'antd';
import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import type { PermissionNode } from '@energy/contracts';
import { useTranslation } from 'react-i18next';
import {
  autoSyncOffered,
  check,
  checkStates,
  indexTree,
  isExpanded,
  isFrozen,
  navigate,
  selectAllOffered,
  setAutoSync,
  toggle,
  toggleAutoSync,
  visibleKeys,
  type PermissionValue,
  type TreeIndex,
} from './permission-tree-model';
import './texts';

export type { PermissionValue } from './permission-tree-model';

/** Spec 000 §9: the skeleton shows only when loading lasts longer than this. */
export const TREE_SKELETON_DELAY_MS = 500;

export interface PermissionTreeProps {
  tree: PermissionNode[];
  value: PermissionValue;
  onChange?: (value: PermissionValue) => void;
  /** The same tree, but nothing changes on click or key, and no toggles. */
  readOnly?: boolean;
  loading?: boolean;
  'aria-label'?: string;
}

/** True once `on` has stayed true for `ms`. */
function useLateFlag(on: boolean, ms: number) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!on) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
  return on && late;
}

/** The focused key if its row is on screen, else its nearest shown ancestor, else the first row. */
function shownFocus(index: TreeIndex, visible: string[], focused: string | null) {
  for (let k = focused; k !== null; k = index.nodes.get(k)?.parent ?? null) if (visible.includes(k)) return k;
  return visible[0] ?? null;
}

const NAVIGATION_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'] as const;
const isNavigationKey = (key: string): key is (typeof NAVIGATION_KEYS)[number] => (NAVIGATION_KEYS as readonly string[]).includes(key);

/**
 * The permission tree (spec 000 §3, §4, §9), its rules in permission-tree-model.ts. One focusable
 * `role="tree"`; the focused row is its `aria-activedescendant`. Keys: ArrowUp/ArrowDown move,
 * ArrowRight/ArrowLeft open/close (then enter / go to the parent), Home/End, Enter checks, Space toggles,
 * Tab toggles auto-sync on a node that offers it and otherwise leaves the tree; Shift+Tab always leaves.
 */
export function PermissionTree({ tree, value, onChange, readOnly, loading, 'aria-label': ariaLabel }: PermissionTreeProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const baseId = useId();
  const container = useRef<HTMLDivElement>(null);
  const index = useMemo(() => indexTree(tree), [tree]);
  const positions = useMemo(() => new Map(index.order.map((k, i) => [k, i])), [index]);
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [focused, setFocused] = useState<string | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  const states = useMemo(() => checkStates(index, value.checked), [index, value.checked]);
  const synced = useMemo(() => new Set(value.autoSync), [value.autoSync]);
  const visible = useMemo(() => visibleKeys(index, choices), [index, choices]);
  const active = shownFocus(index, visible, focused);
  const skeleton = useLateFlag(!!loading, TREE_SKELETON_DELAY_MS);
  const rowId = (key: string) => `${baseId}-row-${positions.get(key)}`;

  const activeRowId = active ? rowId(active) : null;
  useEffect(() => {
    if (hasFocus && activeRowId) document.getElementById(activeRowId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeRowId, hasFocus]);

  if (loading) {
    return skeleton ? (
      <div data-testid="perm-tree-skeleton">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    ) : (
      <div data-testid="perm-tree-loading" aria-busy="true" style={{ minHeight: 160 }} />
    );
  }

  const change = (next: PermissionValue) => {
    if (!readOnly && next !== value) onChange?.(next);
  };
  const flip = (key: string) => setChoices(new Map(choices).set(key, !isExpanded(index, key, choices)));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!active || e.altKey || e.ctrlKey || e.metaKey) return;
    if (isNavigationKey(e.key)) {
      e.preventDefault();
      const next = navigate(index, choices, active, e.key);
      setChoices(next.choices);
      setFocused(next.focused);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      change(check(index, value, active));
    } else if (e.key === ' ') {
      e.preventDefault();
      change(toggle(index, value, active));
    } else if (e.key === 'Tab' && !e.shiftKey && !readOnly && autoSyncOffered(index.nodes.get(active)!.node)) {
      e.preventDefault();
      change(toggleAutoSync(index, value, active));
    }
  };

  const row = (key: string) => {
    const { node, depth, parent, children } = index.nodes.get(key)!;
    const siblings = parent === null ? index.roots : index.nodes.get(parent)!.children;
    const state = states.get(key) ?? 'false';
    const frozen = isFrozen(node);
    const open = isExpanded(index, key, choices);
    const isActive = key === active;
    const offered = autoSyncOffered(node);
    const toggleCheck = () => {
      if (!frozen) change(toggle(index, value, key));
    };
    return (
      <div
        key={key}
        id={rowId(key)}
        role="treeitem"
        data-testid={`perm-${key}`}
        data-auto-sync={synced.has(key) ? 'true' : 'false'}
        aria-checked={state}
        aria-level={depth + 1}
        aria-setsize={siblings.length}
        aria-posinset={siblings.indexOf(key) + 1}
        aria-expanded={children.length > 0 ? open : undefined}
        aria-disabled={frozen || undefined}
        onMouseDown={(e) => {
          // the tree keeps the focus: its children (checkbox, switch) never take it
          e.preventDefault();
          container.current?.focus();
          setFocused(key);
        }}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          minHeight: 32,
          paddingLeft: depth * 24 + 4,
          paddingRight: 8,
          borderRadius: token.borderRadiusSM,
          color: frozen ? token.colorTextDisabled : undefined,
          background: isActive && hasFocus ? token.controlItemBgHover : undefined,
          outline: isActive && hasFocus ? `2px solid ${token.colorPrimary}` : undefined,
          outlineOffset: -2,
        }}
      >
        <span
          aria-hidden
          onClick={() => children.length > 0 && flip(key)}
          style={{ width: 16, cursor: children.length > 0 ? 'pointer' : undefined, color: token.colorTextSecondary }}
        >
          {children.length > 0 && (open ? <CaretDownOutlined /> : <CaretRightOutlined />)}
        </span>
        <Checkbox tabIndex={-1} checked={state === 'true'} indeterminate={state === 'mixed'} disabled={frozen} onChange={toggleCheck} />
        <span title={node.description || undefined} onClick={toggleCheck} style={{ cursor: frozen || readOnly ? undefined : 'pointer' }}>
          {node.title}
        </span>
        {/* a disabled node (e.g. one the editing staff may not grant) is greyed; only a frozen one says so */}
        {node.freeze && (
          <Tooltip title={t('permTree.frozenHint')}>
            <Tag>{t('permTree.frozen')}</Tag>
          </Tooltip>
        )}
        {offered && !readOnly && (
          <Tooltip title={t('permTree.autoSyncHint', { title: node.title })}>
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, marginLeft: 'auto', color: token.colorTextSecondary }}>
              <Switch
                size="small"
                tabIndex={-1}
                checked={synced.has(key)}
                aria-label={`${t('permTree.autoSync')} ${node.title}`}
                data-testid={`perm-sync-${key}`}
                onChange={(on) => change(setAutoSync(index, value, key, on))}
              />
              {t('permTree.autoSync')}
            </span>
          </Tooltip>
        )}
        {readOnly && synced.has(key) && <Tag color="processing">{t('permTree.autoSync')}</Tag>}
        {!readOnly && selectAllOffered(index, key) && (
          <Button
            type="link"
            size="small"
            tabIndex={-1}
            title={t('permTree.selectAllHint')}
            data-testid={`perm-all-${key}`}
            onClick={() => change(check(index, value, key))}
          >
            {t('permTree.selectAll')}
          </Button>
        )}
      </div>
    );
  };

  return (
    <div
      ref={container}
      role="tree"
      tabIndex={0}
      aria-label={ariaLabel ?? t('permTree.label')}
      aria-describedby={`${baseId}-keys`}
      aria-activedescendant={hasFocus && active ? rowId(active) : undefined}
      data-testid="perm-tree"
      onKeyDown={onKeyDown}
      onFocus={() => setHasFocus(true)}
      onBlur={() => setHasFocus(false)}
      style={{
        outline: hasFocus && !active ? `2px solid ${token.colorPrimary}` : 'none',
        userSelect: 'none',
      }}
    >
      <span id={`${baseId}-keys`} hidden>
        {t('permTree.keys')}
      </span>
      {visible.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('permTree.empty')} /> : visible.map(row)}
    </div>
  );
}
