import { App as AntApp, Button, Dropdown, Input, Select, Space, Tag } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { staff } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { EntityListPage, type EntityListContext } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { MODAL_WIDTH } from '../../../shared/modal';
import { CustomerPicker } from '../../../shared/pickers/customer-picker';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { StaffFormDialog } from '../components/staff-form-dialog';
import { staffKeys, useRoleOptions, type StaffRow } from '../queries';
import { STAFF_STATUSES, STATUS_COLOR, statusActions, type StaffStatusValue } from '../staff-form';
import '../texts';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';

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
  const zone = useTenantZone();
  const { modal, message } = AntApp.useApp();
  const ownStaffId = useCurrentUser().data?.staff.id;
  const roles = useRoleOptions();
  const statusName = (s: StaffStatusValue) => t(`staff.status${s}`);
  const all = t('staffAdmin.all');

  const askStatus = (r: StaffRow, status: StaffStatusValue, ctx: EntityListContext<StaffRow, Filter>) =>
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
            return ctx.refresh();
          },
          () => undefined,
        ),
    });
  const statusMenu = (r: StaffRow, ctx: EntityListContext<StaffRow, Filter>) => (
    <Dropdown
      trigger={['click']}
      menu={{
        items: statusActions(r, ownStaffId).map((s) => ({
          key: String(s),
          danger: s !== 0,
          label: <span data-testid={`staff-status-${r.id}-${s}`}>{t(`staffAdmin.statusAction.${s}`)}</span>,
        })),
        onClick: ({ key }) => askStatus(r, Number(key) as StaffStatusValue, ctx),
      }}
    >
      <Button type="link" size="small" data-testid={`staff-status-${r.id}`}>
        {t('staffAdmin.changeStatus')} <DownOutlined />
      </Button>
    </Dropdown>
  );

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
    { key: 'created', title: t('staffAdmin.created'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v, zone) },
  ];

  return (
    <EntityListPage<StaffRow, Filter>
      title={<TitleInZone title={t('staffAdmin.listTitle')} zone={zone} />}
      testId="staff-list"
      cacheKey="staff.list"
      queryKey={staffKeys.page}
      fetch={(body: ListBody<Filter>) => api(staff.staffPage, body)}
      filters={[
        {
          name: 'keyword',
          label: t('staffAdmin.keyword'),
          node: <Input allowClear maxLength={64} placeholder={t('staffAdmin.keywordPlaceholder')} />,
        },
        {
          name: 'status',
          label: t('staffAdmin.status'),
          node: <Select allowClear placeholder={all} options={STAFF_STATUSES.map((s) => ({ value: s, label: statusName(s) }))} />,
        },
        {
          name: 'roleId',
          label: t('staffAdmin.role'),
          node: (
            <Select
              allowClear
              placeholder={all}
              showSearch={{ optionFilterProp: 'label' }}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          ),
        },
        { name: 'customerMcid', label: t('staffAdmin.customer'), node: <CustomerPicker allowClear placeholder={all} /> },
        { name: 'ouId', label: t('staffAdmin.ous'), node: <OuPicker allowClear placeholder={all} /> },
      ]}
      columns={columns}
      actionsWidth={140}
      actions={[
        {
          key: 'edit',
          permission: 'b-staff-edit',
          label: t('staffAdmin.edit'),
          testId: (r) => `staff-edit-${r.id}`,
          onClick: (r, c) => c.edit(r),
        },
        {
          key: 'status',
          permission: 'b-staff-status',
          label: t('staffAdmin.changeStatus'),
          hidden: (r) => statusActions(r, ownStaffId).length === 0,
          render: statusMenu,
        },
      ]}
      create={{ permission: 'b-staff-create', label: t('staffAdmin.create'), testId: 'staff-create' }}
      dialog={(row, close) => <StaffFormDialog editing={row} ownStaffId={ownStaffId} onClose={close} />}
    />
  );
}
