import { useState } from 'react';
import { App as AntApp, Button, Dropdown, Input, Select, Space, Tag, TreeSelect } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { staff } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../app/shell/permission';
import { useCurrentUser } from '../../../app/shell/shell-data';
import { api } from '../../../shared/api/client';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { MODAL_WIDTH } from '../../../shared/modal';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { StaffFormDialog } from '../components/staff-form-dialog';
import { useOrgOptions } from '../../organization/queries';
import { useOuList } from '../../ou/queries';
import { staffKeys, useRoleOptions, type StaffRow } from '../queries';
import { STAFF_STATUSES, STATUS_COLOR, statusActions, type StaffStatusValue } from '../staff-form';
import '../texts';
import { formatDateTime } from '../../../shared/format';

interface Filter {
  keyword?: string;
  status?: StaffStatusValue;
  roleId?: number;
  customerMcid?: string;
  ouId?: number;
}

/** The tenant's staff accounts: filters, the list, and (with the button permissions) create, edit and status. */
export default function StaffListPage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const list = useListQuery({ queryKey: staffKeys.page, fetch: (body: ListBody<Filter>) => api(staff.staffPage, body) });
  const [dialog, setDialog] = useState<{ editing?: StaffRow } | null>(null);
  const ownStaffId = useCurrentUser().data?.staff.id;
  const roles = useRoleOptions();
  const ous = useOuList();
  const orgs = useOrgOptions();
  const statusName = (s: StaffStatusValue) => t(`staff.status${s}`);

  const askStatus = (r: StaffRow, status: StaffStatusValue) =>
    modal.confirm({
      width: MODAL_WIDTH.confirm,
      title: t(`staffAdmin.statusTitle.${status}`, { code: r.staffCode, name: r.name }),
      content: t(`staffAdmin.statusEffect.${status}`, { name: r.name }),
      okText: t(`staffAdmin.statusAction.${status}`),
      okButtonProps: { danger: status !== 0, 'data-testid': 'staff-status-confirm' },
      cancelText: t('common.cancel'),
      // a refusal is shown by the client; the confirm closes either way
      onOk: () =>
        api(staff.staffSetStatus, { id: r.id, status }).then(
          () => {
            void message.success(t('staffAdmin.statusChanged', { code: r.staffCode, status: statusName(status) }));
            return queryClient.invalidateQueries({ queryKey: staffKeys.all });
          },
          () => undefined,
        ),
    });

  const columns: ListColumn<StaffRow>[] = [
    { key: 'staffCode', title: t('staffAdmin.staffCode'), dataIndex: 'staffCode', width: 110, showForce: true },
    { key: 'username', title: t('staffAdmin.username'), dataIndex: 'username', width: 100 },
    { key: 'name', title: t('staffAdmin.name'), dataIndex: 'name', width: 100 },
    { key: 'customer', title: t('staffAdmin.customer'), dataIndex: 'customerName', width: 140 },
    {
      key: 'role',
      title: t('staffAdmin.role'),
      dataIndex: 'roleName',
      width: 120,
      render: (v: string | null) => v ?? t('staffAdmin.noRole'),
    },
    {
      key: 'ous',
      title: t('staffAdmin.ous'),
      dataIndex: 'ous',
      width: 180,
      showComplete: true,
      render: (v: StaffRow['ous']) =>
        v.length ? (
          <Space size={[0, 4]} wrap>
            {v.map((o) => (
              <Tag key={o.id}>{o.name}</Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      key: 'status',
      title: t('staffAdmin.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: StaffStatusValue) => <Tag color={STATUS_COLOR[v]}>{statusName(v)}</Tag>,
    },
    {
      key: 'created',
      title: t('staffAdmin.created'),
      dataIndex: 'createdAt',
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('staffAdmin.actions'),
      width: 140,
      fixed: 'right',
      showForce: true,
      render: (_, r) => {
        const next = statusActions(r, ownStaffId);
        return (
          <Space size={0} wrap={false}>
            <Authorized code="b-staff-edit">
              <Button type="link" size="small" data-testid={`staff-edit-${r.id}`} onClick={() => setDialog({ editing: r })}>
                {t('staffAdmin.edit')}
              </Button>
            </Authorized>
            {next.length > 0 && (
              <Authorized code="b-staff-status">
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: next.map((s) => ({
                      key: String(s),
                      danger: s !== 0,
                      label: <span data-testid={`staff-status-${r.id}-${s}`}>{t(`staffAdmin.statusAction.${s}`)}</span>,
                    })),
                    onClick: ({ key }) => askStatus(r, Number(key) as StaffStatusValue),
                  }}
                >
                  <Button type="link" size="small" data-testid={`staff-status-${r.id}`}>
                    {t('staffAdmin.changeStatus')} <DownOutlined />
                  </Button>
                </Dropdown>
              </Authorized>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <ListPage title={t('staffAdmin.listTitle')} testId="staff-list">
      <FilterForm<Filter>
        fields={[
          {
            name: 'keyword',
            label: t('staffAdmin.keyword'),
            node: <Input allowClear maxLength={64} placeholder={t('staffAdmin.keywordPlaceholder')} />,
          },
          {
            name: 'status',
            label: t('staffAdmin.status'),
            node: (
              <Select
                allowClear
                placeholder={t('staffAdmin.all')}
                options={STAFF_STATUSES.map((s) => ({ value: s, label: statusName(s) }))}
              />
            ),
          },
          {
            name: 'roleId',
            label: t('staffAdmin.role'),
            node: (
              <Select
                allowClear
                placeholder={t('staffAdmin.all')}
                showSearch={{ optionFilterProp: 'label' }}
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              />
            ),
          },
          {
            name: 'customerMcid',
            label: t('staffAdmin.customer'),
            node: (
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                placeholder={t('staffAdmin.all')}
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={orgs.data ?? []}
              />
            ),
          },
          {
            name: 'ouId',
            label: t('staffAdmin.ous'),
            node: (
              <Select
                allowClear
                placeholder={t('staffAdmin.all')}
                showSearch={{ optionFilterProp: 'label' }}
                options={(ous.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            ),
          },
        ]}
        onQuery={list.query}
      />
      <ListTable<StaffRow>
        cacheKey="staff.list"
        rowKey="id"
        columns={columns}
        {...list.table}
        toolbar={
          <Authorized code="b-staff-create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid="staff-create">
              {t('staffAdmin.create')}
            </Button>
          </Authorized>
        }
      />
      {dialog && <StaffFormDialog editing={dialog.editing} ownStaffId={ownStaffId} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
