import { Suspense, type ReactNode } from 'react';
import { Avatar, Col, Empty, Flex, Row, Tag, Typography, theme as antdTheme } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/current-staff';
import { PageTitle } from '../../shared/page-title';
import { domainModules } from '../domain-modules';
import { MenuLink, useMenuName } from '../shell/menu-link';
import { useShellContext } from '../shell/shell-context';

/**
 * An area's card, drawn from the theme's tokens as antd Card draws a bordered card with a title and an
 * extra (same sizes, borders and colours): antd Card brings Tabs, Menu and Dropdown (~14 KB gzip) into
 * the signed-in first page (docs/web-shell.md: what the first page loads).
 */
function AreaCard({ title, extra, children }: { title: ReactNode; extra: ReactNode; children: ReactNode }) {
  const { token } = antdTheme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <div
      style={{
        boxSizing: 'border-box',
        position: 'relative',
        height: '100%',
        background: token.colorBgContainer,
        border,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          minHeight: token.fontSizeLG * token.lineHeightLG + token.padding * 2,
          marginBottom: -1,
          padding: `0 ${token.paddingLG}px`,
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
          fontSize: token.fontSizeLG,
          borderBottom: border,
          borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
        }}
      >
        <div style={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>{title}</div>
        <div style={{ marginInlineStart: 'auto', color: token.colorText, fontWeight: 400, fontSize: token.fontSize }}>{extra}</div>
      </div>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </div>
  );
}

/** The landing page of the current staff: who and where they are, and every area and page they can open. */
export default function HomePage() {
  const { t } = useTranslation();
  const name = useMenuName();
  const { token } = antdTheme.useToken();
  const { current, menu } = useShellContext();
  const permissions = usePermissions().data;
  if (!current) return null;
  // the domains' cards the staff may see (each loads its own code: docs/web-shell.md, "Home cards")
  const cards = domainModules.flatMap((m) => m.homeCards ?? []).filter((c) => permissions?.includes(c.permission));
  const areas = (menu ?? []).filter((top) => top.children.some((g) => g.children.length > 0));
  return (
    <div data-testid="home-page">
      <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
        <Avatar size={56} src={current.customerUser.headPicUrl ?? undefined} style={{ background: token.colorPrimary }}>
          {current.customerUser.name.slice(0, 1)}
        </Avatar>
        <div>
          <PageTitle level={3}>{t('home.welcome', { name: current.customerUser.name })}</PageTitle>
          <Typography.Text type="secondary">
            {t('home.subtitle', { staff: current.staff.staffCode, tenant: current.tenant.name, role: current.staff.roleName ?? '—' })}
          </Typography.Text>
        </div>
      </Flex>
      {cards.length > 0 && (
        <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
          {cards.map((card) => (
            <Col key={card.key} xs={24} md={12} xl={8} data-testid={`home-card-${card.key}`}>
              <Suspense fallback={null}>{card.element}</Suspense>
            </Col>
          ))}
        </Row>
      )}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('home.areas')}
      </Typography.Title>
      {areas.length === 0 ? (
        <Empty description={t('home.noAreas')} />
      ) : (
        <Row gutter={[16, 16]}>
          {areas.map((top) => {
            const pages = top.children.flatMap((g) => g.children);
            return (
              <Col key={top.currentId} xs={24} md={12} xl={8} data-testid="home-area">
                <AreaCard title={name(top)} extra={<Tag>{t('home.pages', { count: pages.length })}</Tag>}>
                  {top.children
                    .filter((g) => g.children.length > 0)
                    .map((group) => (
                      <div key={group.currentId} style={{ marginBottom: 10 }}>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {name(group)}
                        </Typography.Text>
                        <Flex wrap gap="4px 14px">
                          {group.children.map((page) => (
                            <MenuLink key={page.currentId} node={page}>
                              {name(page)}
                              {page.jumpType === 3 && <ExportOutlined style={{ marginLeft: 4, fontSize: 11 }} title={t('home.outside')} />}
                            </MenuLink>
                          ))}
                        </Flex>
                      </div>
                    ))}
                </AreaCard>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
