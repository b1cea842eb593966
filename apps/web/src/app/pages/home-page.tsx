import { Avatar, Card, Col, Empty, Flex, Row, Tag, Typography, theme as antdTheme } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/page-title';
import { MenuLink } from '../shell/menu-link';
import { useShellContext } from '../shell/shell-context';

/** The landing page of the current staff: who and where they are, and every area and page they can open. */
export default function HomePage() {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const { current, menu } = useShellContext();
  if (!current) return null;
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
                <Card title={top.name} extra={<Tag>{t('home.pages', { count: pages.length })}</Tag>} style={{ height: '100%' }}>
                  {top.children
                    .filter((g) => g.children.length > 0)
                    .map((group) => (
                      <div key={group.currentId} style={{ marginBottom: 10 }}>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {group.name}
                        </Typography.Text>
                        <Flex wrap gap="4px 14px">
                          {group.children.map((page) => (
                            <MenuLink key={page.currentId} node={page}>
                              {page.name}
                              {page.jumpType === 3 && <ExportOutlined style={{ marginLeft: 4, fontSize: 11 }} title={t('home.outside')} />}
                            </MenuLink>
                          ))}
                        </Flex>
                      </div>
                    ))}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
