import { useCallback, useEffect, useRef, useState } from 'react';
import { Layout, Menu, Tooltip, theme as antdTheme } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { MenuNode } from '@energy/contracts';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuLink, useMenuName } from './menu-link';
import { pathOnly, selectedKeyOf } from './menu-model';

import { SIDE_MENU_WIDTH, SIDER_COLLAPSED_WIDTH, SIDER_HANDLE_WIDTH, SIDER_IDLE_MS, SIDER_WIDTH } from './sider-size';

export { SIDE_MENU_WIDTH, SIDER_COLLAPSED_WIDTH, SIDER_IDLE_MS, SIDER_WIDTH };
const HOVER_DELAY_MS = 300;

const keyOf = (page: MenuNode) => (page.jumpType === 3 ? `outside:${page.key}` : selectedKeyOf(pathOnly(page)));

/**
 * The groups and pages of the active level-one item. Preference AUTO (1): collapses after 2 s without
 * mouse activity over it, expands on hover over the handle or by clicking it. OPEN (2): always open, no
 * handle. HIDE (3): no sider.
 */
export function AppSider({ top, preference }: { top: MenuNode; preference: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  const name = useMenuName();
  const { token } = antdTheme.useToken();
  const location = useLocation();
  const auto = preference === 1;
  const [collapsed, setCollapsed] = useState(false);
  const idle = useRef<number | undefined>(undefined);
  const hover = useRef<number | undefined>(undefined);

  const stopIdle = () => window.clearTimeout(idle.current);
  const armIdle = useCallback(() => {
    window.clearTimeout(idle.current);
    if (auto) idle.current = window.setTimeout(() => setCollapsed(true), SIDER_IDLE_MS);
  }, [auto]);

  useEffect(() => {
    setCollapsed(false);
    armIdle();
    return () => {
      window.clearTimeout(idle.current);
      window.clearTimeout(hover.current);
    };
  }, [armIdle]);

  if (preference === 3) return null;

  const items = top.children.map((group) => ({
    key: `group:${group.key}`,
    type: 'group' as const,
    label: name(group),
    children: group.children.map((page) => ({ key: keyOf(page), label: <MenuLink node={page} /> })),
  }));
  const width = auto ? SIDER_WIDTH : SIDE_MENU_WIDTH;

  return (
    <div style={{ position: 'relative', display: 'flex' }} data-testid="sider-wrap">
      <Layout.Sider
        data-testid="sider"
        data-collapsed={collapsed ? '1' : '0'}
        width={width}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        trigger={null}
        collapsible={auto}
        style={{
          borderRight: collapsed ? 'none' : `1px solid ${token.colorBorderSecondary}`,
          overflow: 'auto',
          height: 'calc(100vh - 56px)',
          position: 'sticky',
          top: 56,
        }}
        onMouseEnter={stopIdle}
        onMouseMove={stopIdle}
        onMouseLeave={armIdle}
      >
        <Menu
          mode="inline"
          selectedKeys={[selectedKeyOf(location.pathname)]}
          items={items}
          style={{ borderInlineEnd: 'none', paddingTop: 8 }}
        />
      </Layout.Sider>
      {auto && (
        <Tooltip title={collapsed ? t('sider.expand') : t('sider.collapse')} placement="right">
          <button
            type="button"
            data-testid="sider-handle"
            aria-label={collapsed ? t('sider.expand') : t('sider.collapse')}
            onClick={() => {
              setCollapsed((c) => !c);
              armIdle();
            }}
            onMouseEnter={() => {
              window.clearTimeout(hover.current);
              if (collapsed) hover.current = window.setTimeout(() => setCollapsed(false), HOVER_DELAY_MS);
              stopIdle();
            }}
            onMouseLeave={() => {
              window.clearTimeout(hover.current);
              armIdle();
            }}
            style={{
              position: 'sticky',
              top: 'calc(50vh - 24px)',
              alignSelf: 'flex-start',
              marginTop: 'calc(50vh - 80px)',
              width: SIDER_HANDLE_WIDTH,
              height: 48,
              padding: 0,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderLeft: 'none',
              borderRadius: '0 6px 6px 0',
              background: token.colorBgContainer,
              color: token.colorTextSecondary,
              cursor: 'pointer',
              fontSize: 10,
            }}
          >
            {collapsed ? <RightOutlined /> : <LeftOutlined />}
          </button>
        </Tooltip>
      )}
    </div>
  );
}
