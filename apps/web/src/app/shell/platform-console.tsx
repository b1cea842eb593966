import { Button, Flex, Layout, Menu, Result, theme, Typography } from 'antd';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { useProfile } from '../../shared/current-staff';
import { StafflessPages } from '../../shared/entity-list/permissions';
import { PageSpinner } from '../../shared/page-spinner';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';
import '../../domains/platform/console/texts';

const TenantListPage = lazy(() => import('../../domains/platform/console/tenant-list-page'));
const ChannelLinkPage = lazy(() => import('../../domains/platform/console/channel-link-page'));
const CataloguePage = lazy(() => import('../../domains/platform/console/catalogue-page'));

/** The console's pages, under /platform (outside the staff shell: a platform administrator has no staff). */
export const CONSOLE_PAGES = [
  { path: 'tenants', key: 'tenants', element: <TenantListPage /> },
  { path: 'channel-links', key: 'links', element: <ChannelLinkPage /> },
  { path: 'catalogue', key: 'catalogue', element: <CataloguePage /> },
] as const;

/**
 * The platform console (docs/platform-console.md): its own header (title, pages, theme, the person's
 * menu) for platform administrators; anyone else is told it is not for them.
 */
export function PlatformConsole() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const profile = useProfile();
  const location = useLocation();
  const navigate = useNavigate();
  if (!profile.data) return <PageSpinner />;
  if (!profile.data.platformAdmin) {
    return (
      <Result
        status="403"
        title={t('console.forbidden')}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('console.backHome')}
          </Button>
        }
      />
    );
  }
  const selected = CONSOLE_PAGES.find((p) => location.pathname.startsWith(`/platform/${p.path}`));
  return (
    <StafflessPages.Provider value={true}>
      <Layout style={{ minHeight: '100vh' }} data-testid="platform-console">
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 24,
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: 24,
          }}
        >
          <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
            {t('console.title')}
          </Typography.Title>
          <Menu
            mode="horizontal"
            style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
            selectedKeys={selected ? [selected.path] : []}
            items={CONSOLE_PAGES.map((p) => ({
              key: p.path,
              label: <span data-testid={`console-menu-${p.path}`}>{t(`console.${p.key}`)}</span>,
            }))}
            onClick={({ key }) => void navigate(`/platform/${key}`)}
          />
          <Flex align="center" gap={12}>
            <ThemeSwitcher />
            <UserMenu current={undefined} />
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<PageSpinner />}>
            <Routes>
              {CONSOLE_PAGES.map((p) => (
                <Route key={p.path} path={p.path} element={p.element} />
              ))}
              <Route path="*" element={<Navigate to="/platform/tenants" replace />} />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </StafflessPages.Provider>
  );
}
export default PlatformConsole;
