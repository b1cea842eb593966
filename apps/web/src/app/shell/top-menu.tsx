import { useLayoutEffect, useRef, useState } from 'react';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Col, Dropdown, Empty, Flex, Row, Typography, theme as antdTheme } from 'antd';
import type { MenuNode } from '@energy/contracts';
import type { ActiveMenu } from './menu-model';
import { MenuLink, useFollowLink } from './menu-link';

/** Dropdown panel constants of spec 000 section 9. */
export const DROPDOWN_WIDTH = 920;
export const DROPDOWN_GUTTER = 50;
/** Three groups per row: each group takes 8 of the 24 columns. */
export const DROPDOWN_GROUP_SPAN = 8;

function Panel({ top, shift, onNavigate }: { top: MenuNode; shift: number; onNavigate: () => void }) {
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
                {group.name}
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
  const follow = useFollowLink();
  const [open, setOpen] = useState<number | null>(null);
  const [shift, setShift] = useState(0);
  const { container, measure, count } = useFittingCount(menu);
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
  return (
    <div ref={container} style={{ position: 'relative', minWidth: 0, overflow: 'hidden' }}>
      <div
        ref={measure}
        aria-hidden
        style={{ position: 'absolute', visibility: 'hidden', pointerEvents: 'none', display: 'flex', height: 0 }}
      >
        {menu.map((top) => (
          <span key={top.currentId} style={{ ...itemStyle, display: 'inline-block' }}>
            {top.name}
          </span>
        ))}
      </div>
      <nav aria-label="main" style={{ display: 'flex', gap: 2 }}>
        {shown.map((top) => {
          const selected = active.top?.currentId === top.currentId;
          return (
            <Dropdown
              key={top.currentId}
              trigger={['hover', 'click']}
              open={open === top.currentId}
              onOpenChange={(next) => setOpen(next ? top.currentId : null)}
              popupRender={() => <Panel top={top} shift={shift} onNavigate={() => setOpen(null)} />}
              mouseEnterDelay={0.3}
              placement="bottomLeft"
              autoAdjustOverflow={false}
            >
              <button
                type="button"
                data-testid="top-menu-item"
                onMouseEnter={(e) => place(e.currentTarget)}
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
                {top.name}
              </button>
            </Dropdown>
          );
        })}
        {hidden.length > 0 && (
          <Dropdown
            trigger={['hover', 'click']}
            menu={{
              triggerSubMenuAction: 'click',
              items: hidden.map((top) => ({
                key: `top:${top.currentId}`,
                label: top.name,
                children: top.children.map((group) => ({
                  key: `group:${group.currentId}`,
                  type: 'group' as const,
                  label: group.name,
                  children: group.children.map((page) => ({ key: String(page.currentId), label: page.name })),
                })),
              })),
              onClick: ({ key }) => {
                const page = pages.get(key);
                if (page) follow(page);
              },
            }}
          >
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
          </Dropdown>
        )}
      </nav>
    </div>
  );
}
