import { useState } from 'react';
import { App as AntApp, Button, Input, Select, Space, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { device } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Authorized } from '../../../app/shell/permission';
import { useHasPermission } from '../../../app/shell/shell-data';
import { api } from '../../../shared/api/client';
import { confirmDelete } from '../../../shared/confirm-delete';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { MODAL_WIDTH } from '../../../shared/modal';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { CredentialsDialog, type IssuedCredentials } from '../components/credentials-dialog';
import { DeviceFormDialog, typeTreeData } from '../components/device-form-dialog';
import { OnlineState } from '../components/online-state';
import { deviceDetailPath } from '../paths';
import { useOuList } from '../../ou/queries';
import { deviceKeys, useDeviceTypeTree, useGateways, type DeviceRow } from '../queries';
import '../texts';
import { formatDateTime } from '../../../shared/format';

interface Filter {
  code?: string;
  name?: string;
  deviceTypeId?: number;
  ouId?: number;
  gatewayId?: number;
}

/** The staff's devices: filters, the list, and (with the button permissions) create, edit, delete and MQTT credentials. */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const list = useListQuery({ queryKey: deviceKeys.page, fetch: (body: ListBody<Filter>) => api(device.devicePage, body) });
  const [dialog, setDialog] = useState<{ editing?: DeviceRow } | null>(null);
  const [issued, setIssued] = useState<{ name: string; credentials: IssuedCredentials } | null>(null);
  const tree = useDeviceTypeTree();
  const ous = useOuList();
  const gateways = useGateways();
  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });
  const canEdit = useHasPermission('b-device-edit');
  const canIssue = useHasPermission('b-device-credentials');
  const canDelete = useHasPermission('b-device-delete');

  const remove = (d: DeviceRow) =>
    confirmDelete(modal, {
      title: t('devices.deleteConfirm', { name: `${d.code} ${d.name}` }),
      okText: t('devices.delete'),
      cancelText: t('common.cancel'),
      testId: 'device-delete-confirm',
      onConfirm: async () => {
        await api(device.deviceDelete, { id: d.id });
        void message.success(t('devices.deleted', { name: d.code }));
        await refresh();
      },
    });

  const issue = async (d: DeviceRow) => {
    const credentials = await api(device.deviceCredentialsIssue, { id: d.id });
    setIssued({ name: `${d.code} ${d.name}`, credentials });
    void refresh();
  };
  const askIssue = (d: DeviceRow) => {
    if (!d.mqttUsername) return void issue(d).catch(() => undefined);
    modal.confirm({
      width: MODAL_WIDTH.confirm,
      title: t('devices.credentials.reissueConfirm', { name: `${d.code} ${d.name}` }),
      okText: t('devices.credentials.issue'),
      cancelText: t('common.cancel'),
      onOk: () => issue(d),
    });
  };

  const columns: ListColumn<DeviceRow>[] = [
    {
      key: 'code',
      title: t('devices.code'),
      dataIndex: 'code',
      width: 160,
      showForce: true,
      render: (v: string, r) => (
        <Link to={deviceDetailPath(r.id)} data-testid="device-link">
          {v}
        </Link>
      ),
    },
    { key: 'name', title: t('devices.name'), dataIndex: 'name', width: 190 },
    { key: 'type', title: t('devices.type'), dataIndex: 'deviceTypeName', width: 160 },
    {
      key: 'state',
      title: `${t('devices.state')} / ${t('devices.lastSeen')}`,
      dataIndex: 'online',
      width: 230,
      render: (_: boolean, r) => <OnlineState online={r.online} lastSeenAt={r.lastSeenAt} />,
    },
    { key: 'ou', title: t('devices.ou'), dataIndex: 'ouName', width: 150 },
    { key: 'customer', title: t('devices.customer'), dataIndex: 'customerName', width: 160 },
    {
      key: 'gateway',
      title: t('devices.gateway'),
      dataIndex: 'gatewayName',
      width: 140,
      render: (v: string | null, r) => (r.gatewayId ? <Link to={deviceDetailPath(r.gatewayId)}>{v}</Link> : '-'),
    },
    {
      key: 'created',
      title: t('devices.created'),
      dataIndex: 'createdAt',
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
  ];
  // the action column only for a staff with at least one of its buttons (the code links to the detail)
  if (canEdit || canIssue || canDelete)
    columns.push({
      key: 'actions',
      title: t('devices.actions'),
      width: 230,
      fixed: 'right',
      showForce: true,
      showComplete: true,
      render: (_, r) => (
        <Space size={0} wrap={false}>
          <Authorized code="b-device-edit">
            <Button type="link" size="small" data-testid="device-edit" onClick={() => setDialog({ editing: r })}>
              {t('devices.edit')}
            </Button>
          </Authorized>
          <Authorized code="b-device-credentials">
            <Button type="link" size="small" data-testid="device-credentials" onClick={() => askIssue(r)}>
              {t('devices.credentials.short')}
            </Button>
          </Authorized>
          <Authorized code="b-device-delete">
            <Button type="link" size="small" danger data-testid="device-delete" onClick={() => remove(r)}>
              {t('devices.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    });

  return (
    <ListPage title={t('devices.listTitle')} testId="device-list">
      <FilterForm<Filter>
        fields={[
          { name: 'code', label: t('devices.code'), node: <Input allowClear maxLength={64} placeholder={t('devices.codePlaceholder')} /> },
          { name: 'name', label: t('devices.name'), node: <Input allowClear maxLength={128} placeholder={t('devices.namePlaceholder')} /> },
          {
            name: 'deviceTypeId',
            label: t('devices.type'),
            node: (
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                placeholder={t('devices.all')}
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={typeTreeData(tree.data ?? [])}
                data-testid="filter-type"
              />
            ),
          },
          {
            name: 'ouId',
            label: t('devices.ou'),
            node: (
              <Select
                allowClear
                placeholder={t('devices.all')}
                showSearch={{ optionFilterProp: 'label' }}
                options={(ous.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            ),
          },
          {
            name: 'gatewayId',
            label: t('devices.gateway'),
            node: (
              <Select
                allowClear
                placeholder={t('devices.all')}
                showSearch={{ optionFilterProp: 'label' }}
                options={(gateways.data ?? []).map((g) => ({ value: g.id, label: `${g.code} · ${g.name}` }))}
              />
            ),
          },
        ]}
        onQuery={list.query}
      />
      <ListTable<DeviceRow>
        cacheKey="devices.list"
        rowKey="id"
        columns={columns}
        {...list.table}
        toolbar={
          <Authorized code="b-device-create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid="device-create">
              {t('devices.create')}
            </Button>
          </Authorized>
        }
      />
      <DeviceFormDialog open={!!dialog} editing={dialog?.editing} onClose={() => setDialog(null)} />
      <CredentialsDialog name={issued?.name ?? ''} issued={issued?.credentials ?? null} onClose={() => setIssued(null)} />
    </ListPage>
  );
}
