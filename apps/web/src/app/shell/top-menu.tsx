import { useRef, useState } from 'react';
import { Col, Dropdown, Empty, Flex, Row, Typography, theme as antdTheme } from 'antd';
import type { MenuNode } from '@energy/contracts';
import type { ActiveMenu } from './menu-model';
import { MenuLink } from './menu-link';

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

/** The level-one items; each opens its panel of groups and pages on hover or click. */
export function TopMenu({ menu, active }: { menu: MenuNode[]; active: ActiveMenu }) {
  const { token } = antdTheme.useToken();
  const [open, setOpen] = useState<number | null>(null);
  const [shift, setShift] = useState(0);
  const nav = useRef<HTMLElement>(null);
  // every panel opens at the menu's left edge (a mega-menu), kept inside the window
  const place = (item: HTMLElement) => {
    const itemLeft = item.getBoundingClientRect().left;
    const navLeft = nav.current?.getBoundingClientRect().left ?? itemLeft;
    const left = Math.max(8, Math.min(navLeft, window.innerWidth - DROPDOWN_WIDTH - 8));
    setShift(left - itemLeft);
  };
  return (
    <nav ref={nav} aria-label="main" style={{ display: 'flex', gap: 4, overflowX: 'auto', scrollbarWidth: 'none' }}>
      {menu.map((top) => {
        const selected = active.top?.currentId === top.currentId;
        return (
          <Dropdown
            key={top.currentId}
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
                background: 'transparent',
                border: 'none',
                borderBottom: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
                color: selected ? token.colorPrimary : token.colorText,
                padding: '0 10px',
                height: 54,
                cursor: 'pointer',
                fontSize: 14,
                whiteSpace: 'nowrap',
              }}
            >
              {top.name}
            </button>
          </Dropdown>
        );
      })}
    </nav>
  );
}
