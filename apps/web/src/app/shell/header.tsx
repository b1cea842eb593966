import { lazy, Suspense } from 'react';
import { Avatar, Button, Flex, Layout, Typography, theme as antdTheme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser, MenuNode } from '@energy/contracts';
import { useTheme } from '../../shared/theme/theme-context';
import { menuName, type ActiveMenu } from './menu-model';
import { MoreFlag } from './more-flag';
import { NavSearch } from './nav-search';
import { StaffSwitcher } from './staff-switcher';
import { ThemeSwitcher } from './theme-switcher';
import { TopMenu } from './top-menu';
import { UserMenu } from './user-menu';
import { WorkingTenantSwitcher } from './working-tenant';

// The bell, its notifications and the STOMP client load right after the shell, not with the first page.
const AlarmBell = lazy(() => import('../../domains/alarm/components/alarm-bell'));
/** Holds the bell's place while its chunk loads. */
const bellPlaceholder = <Button type="text" icon={<BellOutlined />} disabled aria-hidden tabIndex={-1} />;

/** The platform slogan when a tenant sets none (spec 000: the industrial internet platform). */
export const DEFAULT_SLOGAN = 'Industrial Internet Platform';

/** platformTitleType: 1 the platform name, 2 the navigation (active area) name, 3 both; the slogan when empty. */
export function platformTitle(current: CurrentUser | undefined, active: ActiveMenu, language: string): string {
  if (!current) return DEFAULT_SLOGAN;
  const { platformName, platformTitleType, platformSloganName } = current.staff;
  const nav = active.top && menuName(active.top, language);
  const title = platformTitleType === 2 ? nav : platformTitleType === 3 ? [platformName, nav].filter(Boolean).join(' | ') : platformName;
  return title || platformSloganName || DEFAULT_SLOGAN;
}

export function AppHeader({ current, menu, active }: { current: CurrentUser | undefined; menu: MenuNode[]; active: ActiveMenu }) {
  const { token } = antdTheme.useToken();
  const { i18n } = useTranslation();
  const { dark } = useTheme();
  const logo = current?.staff.iconUrl ?? current?.customer.logoUrl ?? null;
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 20,
      }}
    >
      <Link to="/" aria-label="home" data-testid="logo" style={{ display: 'flex', alignItems: 'center', gap: 10, flexShrink: 0 }}>
        {logo ? (
          <Avatar shape="square" size={32} src={logo} alt="" />
        ) : (
          <Avatar shape="square" size={32} style={{ background: token.colorPrimary }}>
            E
          </Avatar>
        )}
        <Typography.Text
          strong
          data-testid="platform-title"
          style={{ fontSize: 16, color: dark ? '#f0f3f7' : token.colorText, maxWidth: 'min(320px, 28vw)' }}
          ellipsis
        >
          {platformTitle(current, active, i18n.language)}
        </Typography.Text>
      </Link>
      <div style={{ flex: 1, minWidth: 0 }}>{current && <TopMenu menu={menu} active={active} />}</div>
      <Flex align="center" gap={10} style={{ flexShrink: 0 }}>
        {current && <NavSearch menu={menu} />}
        {current?.staff.sideType === 2 && <WorkingTenantSwitcher />}
        {current && <StaffSwitcher current={current} />}
        {current && (
          <Suspense fallback={bellPlaceholder}>
            <AlarmBell />
          </Suspense>
        )}
        <ThemeSwitcher />
        <UserMenu current={current} />
        <MoreFlag />
      </Flex>
    </Layout.Header>
  );
}
