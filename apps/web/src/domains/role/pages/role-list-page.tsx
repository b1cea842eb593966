import { Input, Tag } from 'antd';
import { role } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { ROLE_CREATE_PATH, roleDetailPath, roleEditPath } from '../paths';
import { roleKeys, type RoleRow } from '../queries';
import '../texts';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';

/** The tenant's roles: keyword filter, the list, and (with the button permissions) create, edit and delete. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const navigate = useNavigate();
  const columns: ListColumn<RoleRow>[] = [
    {
      key: 'name',
      title: t('role.name'),
      dataIndex: 'name',
      width: 180,
      showForce: true,
      render: (v: string, r) => <Link to={roleDetailPath(r.id)}>{v}</Link>,
    },
    { key: 'description', title: t('role.description'), dataIndex: 'description', width: 240 },
    {
      key: 'allOus',
      title: t('role.allOus'),
      dataIndex: 'allOus',
      width: 130,
      render: (v: boolean) => <Tag color={v ? 'blue' : undefined}>{v ? t('role.allOusOn') : t('role.allOusOff')}</Tag>,
    },
    { key: 'staffCount', title: t('role.staffCount'), dataIndex: 'staffCount', width: 90, align: 'right' },
    { key: 'permissionCount', title: t('role.permissionCount'), dataIndex: 'permissionCount', width: 110, align: 'right' },
    { key: 'created', title: t('role.created'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v, zone) },
  ];

  return (
    <EntityListPage<RoleRow, { keyword?: string }>
      title={<TitleInZone title={t('role.listTitle')} zone={zone} />}
      testId="role-list"
      cacheKey="role.list"
      queryKey={roleKeys.page}
      fetch={(body: ListBody<{ keyword?: string }>) => api(role.rolePage, body)}
      filters={[
        { name: 'keyword', label: t('role.keyword'), node: <Input allowClear maxLength={64} placeholder={t('role.keywordPlaceholder')} /> },
      ]}
      columns={columns}
      actionsWidth={180}
      actions={[
        { key: 'view', label: t('role.view'), testId: (r) => `role-view-${r.id}`, onClick: (r) => navigate(roleDetailPath(r.id)) },
        {
          key: 'edit',
          permission: 'b-role-edit',
          label: t('role.edit'),
          testId: (r) => `role-edit-${r.id}`,
          onClick: (r) => navigate(roleEditPath(r.id)),
        },
        {
          key: 'delete',
          permission: 'b-role-delete',
          label: t('role.delete'),
          testId: (r) => `role-delete-${r.id}`,
          danger: true,
          // the server refuses a role that staff still have, with a message naming how many: the client shows it
          confirm: {
            title: (r) => t('role.deleteTitle', { name: r.name }),
            content: t('role.deleteContent'),
            okText: t('role.delete'),
            testId: 'role-delete-confirm',
            run: (r) => api(role.roleDelete, { id: r.id }),
            done: (r) => t('role.deleted', { name: r.name }),
          },
        },
      ]}
      create={{ permission: 'b-role-create', label: t('role.create'), testId: 'role-create', onClick: () => navigate(ROLE_CREATE_PATH) }}
    />
  );
}
