import { Suspense, useEffect, useMemo } from 'react';
import { Layout, theme as antdTheme } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import type { CurrentUser } from '@energy/contracts';
import { PageSpinner } from '../../shared/page-spinner';
import { embedding, isStaffExcluded } from '../navigation';
import { AppHeader, DEFAULT_SLOGAN } from './header';
import { HistoryFillNotice } from './history-fill-notice';
import type { ShellContext } from './shell-context';
import { activeMenuOf, breadcrumbsOf, menuName } from './menu-model';
import { useCurrentUser, useMenu } from './shell-data';
// the sider (antd Menu) and the breadcrumb (antd Dropdown and Menu) load right after the first render
import { AppSider, Breadcrumb } from './lazy-antd';
import { SIDE_MENU_WIDTH, SIDER_HANDLE_WIDTH, SIDER_WIDTH } from './sider-size';
import { useTranslation } from 'react-i18next';

/** The sider's place while its chunk loads: the same width, background and border, and the handle's room. */
function SiderStandIn({ preference }: { preference: 1 | 2 | 3 }) {
  const { token } = antdTheme.useToken();
  if (preference === 3) return null;
  const auto = preference === 1;
  return (
    <div style={{ position: 'relative', display: 'flex' }} aria-hidden>
      <Layout.Sider
        width={auto ? SIDER_WIDTH : SIDE_MENU_WIDTH}
        style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, height: 'calc(100vh - 56px)', position: 'sticky', top: 56 }}
      />
      {auto && <div style={{ width: SIDER_HANDLE_WIDTH }} />}
    </div>
  );
}

/** The browser tab title and favicon from the staff's platform settings. */
function usePlatformTab(current: CurrentUser | undefined, pageName: string | undefined) {
  useEffect(() => {
    // embedded, the base application owns the tab's title and icon
    if (embedding.embedded) return;
    const platform = current?.staff.platformName || current?.staff.platformSloganName || DEFAULT_SLOGAN;
    document.title = pageName ? `${pageName} - ${platform}` : platform;
    const icon = current?.staff.iconUrl;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    // an icon removed in the platform settings takes the browser's default back
    if (!icon) return void link?.remove();
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = icon;
  }, [current, pageName]);
}

/** Header, sider and content of every signed-in page. */
export function ShellLayout() {
  const location = useLocation();
  const excluded = isStaffExcluded(location.pathname);
  const current = useCurrentUser();
  const hasStaff = current.isSuccess;
  const { menu } = useMenu(hasStaff);
  const active = useMemo(() => activeMenuOf(menu ?? [], location.pathname, location.search), [menu, location.pathname, location.search]);
  const { t, i18n } = useTranslation();
  const crumbs = breadcrumbsOf(active, location.pathname, i18n.language);
  const { token } = antdTheme.useToken();
  usePlatformTab(current.data, active.page && menuName(active.page, i18n.language));

  // without a usable staff only the settings pages render (the API client sends the rest to staff selection)
  if (current.isLoading || (!hasStaff && !excluded)) return <PageSpinner />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader current={current.data} menu={menu ?? []} active={active} />
      <Layout hasSider>
        {hasStaff && active.top && (
          <Suspense fallback={<SiderStandIn preference={current.data!.customerUser.navigationPreference} />}>
            <AppSider top={active.top} preference={current.data!.customerUser.navigationPreference} />
          </Suspense>
        )}
        <Layout.Content style={{ padding: '12px 20px 24px', minWidth: 0 }}>
          {crumbs.length > 0 && (
            <Suspense fallback={<div style={{ height: token.fontSize * token.lineHeight, marginBottom: 12 }} />}>
              <Breadcrumb
                style={{ marginBottom: 12 }}
                items={[
                  { title: <Link to="/">{t('breadcrumb.home')}</Link> },
                  ...crumbs.map((c) => ({ title: c.href ? <Link to={c.href}>{c.title}</Link> : c.title })),
                ]}
              />
            </Suspense>
          )}
          {hasStaff && <HistoryFillNotice />}
          <div style={{ background: 'transparent', color: token.colorText }}>
            <Outlet context={{ current: current.data, menu } satisfies ShellContext} />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
