import { Button, Card, Descriptions, Flex, Result, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Authorized } from '../../../shared/authorized';
import { PageTitle } from '../../../shared/page-title';
import { PermissionTree } from '../../../shared/permission-tree/permission-tree';
import { BackLink } from '../components/back-link';
import { TreeBox } from '../components/tree-box';
import { roleEditPath } from '../paths';
import { usePermissionCatalogue, useRoleDetail } from '../queries';
import '../texts';

/** `/settings/org/role/detail/:id`: a role and its permissions, read-only. */
export default function RoleDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roleId = Number(useParams().id);
  const validId = Number.isInteger(roleId) && roleId > 0;
  const detail = useRoleDetail(validId ? roleId : null);
  const catalogue = usePermissionCatalogue();

  if (!validId || detail.isError) return <Result status="404" subTitle={t('role.notFound')} extra={<BackLink />} />;
  const r = detail.data;
  if (!r)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <Card data-testid="role-detail">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageTitle>{t('role.detailTitle', { name: r.name })}</PageTitle>
        <Space size="middle">
          <Authorized code="b-role-edit">
            <Button type="primary" onClick={() => void navigate(roleEditPath(r.id))} data-testid={`role-edit-${r.id}`}>
              {t('role.edit')}
            </Button>
          </Authorized>
          <BackLink />
        </Space>
      </Flex>
      <Descriptions column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('role.name')}>{r.name}</Descriptions.Item>
        <Descriptions.Item label={t('role.allOus')}>
          <Tag color={r.allOus ? 'blue' : undefined}>{r.allOus ? t('role.allOusOn') : t('role.allOusOff')}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('role.staffCount')}>{r.staffCount}</Descriptions.Item>
        <Descriptions.Item label={t('role.description')} span={3}>
          {r.description || '-'}
        </Descriptions.Item>
      </Descriptions>
      <TreeBox>
        <PermissionTree
          tree={catalogue.data ?? []}
          loading={catalogue.isPending}
          readOnly
          value={{ checked: r.permissionCodes, autoSync: r.autoSyncCodes }}
        />
      </TreeBox>
    </Card>
  );
}
