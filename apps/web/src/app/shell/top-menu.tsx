import { cloneElement, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Col, Empty, Flex, Row, Typography, theme as antdTheme } from 'antd';
import type { MenuNode } from '@energy/contracts';
import { deferredLoaded, Dropdown, useDeferredOpen, whenDeferredLoaded } from './lazy-antd';
import type { ActiveMenu } from './menu-model';
import { MenuLink, useFollowLink, useMenuName } from './menu-link';

/** Dropdown panel constants of spec 000 section 9. */
export const DROPDOWN_WIDTH = 920;
export const DROPDOWN_GUTTER = 50;
/** Three groups per row: each group takes 8 of the 24 columns. */
export const DROPDOWN_GROUP_SPAN = 8;

function Panel({ top, shift, onNavigate }: { top: MenuNode; shift: number; onNavigate: () => void }) {
  const name = useMenuName();
  const { token } = antdTheme.useToken();
  return (
    <div
      data-testid="menu-panel"
      style={{
        boxSizing: 'border-box',
        width: DROPDOWN_WIDTH,
        maxWidth: '96vw',
        marginLeft: shift,
        padding: '20px 28px',
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      {top.children.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Row gutter={[DROPDOWN_GUTTER, 16]}>
          {top.children.map((group) => (
            <Col span={DROPDOWN_GROUP_SPAN} key={group.currentId} data-testid="menu-panel-group">
              <Typography.Text
                type="secondary"
                strong
                style={{ display: 'block', marginBottom: 8, borderBottom: `1px solid ${token.colorBorderSecondary}`, paddingBottom: 4 }}
              >
                {name(group)}
              </Typography.Text>
              <Flex vertical gap={6}>
                {group.children.map((page) => (
                  <MenuLink key={page.currentId} node={page} onNavigate={onNavigate} />
                ))}
              </Flex>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}

const itemStyle = { padding: '0 8px', height: 54, fontSize: 14, whiteSpace: 'nowrap' } as const;
const MORE_WIDTH = 56;
/** The panels open after the pointer rests this long on an item (the Dropdown's mouseEnterDelay). */
const OPEN_DELAY_MS = 300;

/**
 * How many level-one items fit: measured from an invisible copy of the row, re-counted when the header
 * resizes. The rest go under a 'more' button, so a 1280 px laptop still reaches every area.
 */
function useFittingCount(menu: MenuNode[]) {
  const container = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(menu.length);
  useLayoutEffect(() => {
    const box = container.current;
    if (!box) return;
    const recount = () => {
      const widths = [...(measure.current?.children ?? [])].map((el) => (el as HTMLElement).offsetWidth + 2);
      const available = box.clientWidth;
      const total = widths.reduce((a, b) => a + b, 0);
      if (total <= available) return setCount(widths.length);
      let used = MORE_WIDTH;
      let fit = 0;
      while (fit < widths.length && used + widths[fit]! <= available) used += widths[fit++]!;
      setCount(fit);
    };
    recount();
    const observer = new ResizeObserver(recount);
    observer.observe(box);
    return () => observer.disconnect();
  }, [menu]);
  return { container, measure, count };
}

/** The level-one items; each opens its panel of groups and pages on hover or click (or Enter). */
export function TopMenu({ menu, active }: { menu: MenuNode[]; active: ActiveMenu }) {
  const { token } = antdTheme.useToken();
  const { t } = useTranslation();
  const name = useMenuName();
  const follow = useFollowLink();
  const [open, setOpen] = useState<number | null>(null);
  const [shift, setShift] = useState(0);
  const { container, measure, count } = useFittingCount(menu);
  const more = useDeferredOpen();
  // The Dropdowns load right after the first render; an item hovered or clicked before they are there
  // opens its panel once they are, as the Dropdown would have (after its delay for a hover).
  const hovered = useRef<{ id: number; since: number } | null>(null);
  useEffect(() => {
    if (deferredLoaded()) return;
    let live = true;
    let timer: number | undefined;
    void whenDeferredLoaded().then(() => {
      const hover = hovered.current;
      if (!live || !hover) return;
      const wait = Math.max(0, OPEN_DELAY_MS - (Date.now() - hover.since));
      timer = window.setTimeout(() => {
        if (live && hovered.current?.id === hover.id) setOpen(hover.id);
      }, wait);
    });
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, []);
  // a click on an item's stand-in (its Suspense fallback) opens its panel once the Dropdown is there
  const openWhenLoaded = (id: number) => void whenDeferredLoaded().then(() => setOpen(id));
  // every panel opens at the menu's left edge (a mega-menu), kept inside the window
  const place = (item: HTMLElement) => {
    const itemLeft = item.getBoundingClientRect().left;
    const navLeft = container.current?.getBoundingClientRect().left ?? itemLeft;
    const left = Math.max(8, Math.min(navLeft, window.innerWidth - DROPDOWN_WIDTH - 8));
    setShift(left - itemLeft);
  };
  const shown = menu.slice(0, count);
  const hidden = menu.slice(count);
  const pages = new Map(hidden.flatMap((top) => top.children.flatMap((g) => g.children)).map((p) => [String(p.currentId), p]));
  const moreButton = (
    <button
      type="button"
      data-testid="top-menu-more"
      aria-label={t('header.more')}
      style={{
        ...itemStyle,
        width: MORE_WIDTH - 4,
        background: 'transparent',
        border: 'none',
        color: token.colorText,
        cursor: 'pointer',
      }}
    >
      <EllipsisOutlined />
    </button>
  );
  return (
    <div ref={container} style={{ position: 'relative', minWidth: 0, overflow: 'hidden' }}>
      <div
        ref={measure}
        aria-hidden
        style={{ position: 'absolute', visibility: 'hidden', pointerEvents: 'none', display: 'flex', height: 0 }}
      >
        {menu.map((top) => (
          <span key={top.currentId} style={{ ...itemStyle, display: 'inline-block' }}>
            {name(top)}
          </span>
        ))}
      </div>
      <nav aria-label="main" style={{ display: 'flex', gap: 2 }}>
        {shown.map((top) => {
          const selected = active.top?.currentId === top.currentId;
          const item = (
            <button
              type="button"
              data-testid="top-menu-item"
              onMouseEnter={(e) => {
                place(e.currentTarget);
                hovered.current = { id: top.currentId, since: Date.now() };
              }}
              onMouseLeave={() => {
                hovered.current = null;
              }}
              onFocus={(e) => place(e.currentTarget)}
              data-key={top.key}
              aria-current={selected ? 'true' : undefined}
              style={{
                ...itemStyle,
                background: 'transparent',
                border: 'none',
                borderBottom: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
                color: selected ? token.colorPrimary : token.colorText,
                cursor: 'pointer',
              }}
            >
              {name(top)}
            </button>
          );
          // the item alone until the Dropdown's chunk is there (right after the first render)
          return (
            <Suspense key={top.currentId} fallback={cloneElement(item, { onClick: () => openWhenLoaded(top.currentId) })}>
              <Dropdown
                trigger={['hover', 'click']}
                open={open === top.currentId}
                onOpenChange={(next) => setOpen(next ? top.currentId : null)}
                popupRender={() => <Panel top={top} shift={shift} onNavigate={() => setOpen(null)} />}
                mouseEnterDelay={OPEN_DELAY_MS / 1000}
                placement="bottomLeft"
                autoAdjustOverflow={false}
              >
                {item}
              </Dropdown>
            </Suspense>
          );
        })}
        {hidden.length > 0 && (
          <Suspense fallback={cloneElement(moreButton, { onClick: more.openWhenLoaded })}>
            <Dropdown
              trigger={['hover', 'click']}
              open={more.open}
              onOpenChange={more.onOpenChange}
              menu={{
                triggerSubMenuAction: 'click',
                items: hidden.map((top) => ({
                  key: `top:${top.currentId}`,
                  label: name(top),
                  children: top.children.map((group) => ({
                    key: `group:${group.currentId}`,
                    type: 'group' as const,
                    label: name(group),
                    children: group.children.map((page) => ({ key: String(page.currentId), label: name(page) })),
                  })),
                })),
                onClick: ({ key }) => {
                  const page = pages.get(key);
                  if (page) follow(page);
                },
              }}
            >
              {moreButton}
            </Dropdown>
          </Suspense>
        )}
      </nav>
    </div>
  );
}
