import { App as AntApp, Button, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { role } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Authorized } from '../../../app/shell/permission';
import { api } from '../../../shared/api/client';
import { confirmDelete } from '../../../shared/confirm-delete';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { ROLE_CREATE_PATH, roleDetailPath, roleEditPath } from '../paths';
import { roleKeys, type RoleRow } from '../queries';
import '../texts';
import { formatDateTime } from '../../../shared/format';

interface Filter {
  keyword?: string;
}

/** The tenant's roles: keyword filter, the list, and (with the button permissions) create, edit and delete. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListQuery({ queryKey: roleKeys.page, fetch: (body: ListBody<Filter>) => api(role.rolePage, body) });

  // the server refuses a role that staff still have, with a message naming how many: the client shows it
  const remove = (r: RoleRow) =>
    confirmDelete(modal, {
      title: t('role.deleteTitle', { name: r.name }),
      content: t('role.deleteContent'),
      okText: t('role.delete'),
      cancelText: t('common.cancel'),
      testId: 'role-delete-confirm',
      onConfirm: async () => {
        await api(role.roleDelete, { id: r.id });
        void message.success(t('role.deleted', { name: r.name }));
        await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      },
    });

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
    {
      key: 'created',
      title: t('role.created'),
      dataIndex: 'createdAt',
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('role.actions'),
      width: 180,
      fixed: 'right',
      showForce: true,
      render: (_, r) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" data-testid={`role-view-${r.id}`} onClick={() => navigate(roleDetailPath(r.id))}>
            {t('role.view')}
          </Button>
          <Authorized code="b-role-edit">
            <Button type="link" size="small" data-testid={`role-edit-${r.id}`} onClick={() => navigate(roleEditPath(r.id))}>
              {t('role.edit')}
            </Button>
          </Authorized>
          <Authorized code="b-role-delete">
            <Button type="link" size="small" danger data-testid={`role-delete-${r.id}`} onClick={() => remove(r)}>
              {t('role.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('role.listTitle')} testId="role-list">
      <FilterForm<Filter>
        fields={[
          {
            name: 'keyword',
            label: t('role.keyword'),
            node: <Input allowClear maxLength={64} placeholder={t('role.keywordPlaceholder')} />,
          },
        ]}
        onQuery={list.query}
      />
      <ListTable<RoleRow>
        cacheKey="role.list"
        rowKey="id"
        columns={columns}
        {...list.table}
        toolbar={
          <Authorized code="b-role-create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ROLE_CREATE_PATH)} data-testid="role-create">
              {t('role.create')}
            </Button>
          </Authorized>
        }
      />
    </ListPage>
  );
}
