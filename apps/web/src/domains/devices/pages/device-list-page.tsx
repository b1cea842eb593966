import { useState } from 'react';
import { App as AntApp, Input } from 'antd';
import { device } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { MODAL_WIDTH } from '../../../shared/modal';
import { DevicePicker } from '../../../shared/pickers/device-picker';
import { DeviceTypePicker } from '../../../shared/pickers/device-type-picker';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { CredentialsDialog, type IssuedCredentials } from '../components/credentials-dialog';
import { DeviceFormDialog } from '../components/device-form-dialog';
import { OnlineState } from '../components/online-state';
import { deviceDetailPath } from '../paths';
import { deviceKeys, type DeviceRow } from '../queries';
import '../texts';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { useCurrentUser } from '../../../shared/current-staff';

type Filter = Partial<Record<'code' | 'name', string> & Record<'deviceTypeId' | 'ouId' | 'gatewayId', number>>;

/** The staff's devices: filters, the list, Excel in and out, and (with the button permissions) create, edit, delete and MQTT credentials. */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  // a service provider's staff may work in several linked tenants at once (the header's switcher): say whose
  const channel = useCurrentUser().data?.staff.sideType === 2;
  const { modal } = AntApp.useApp();
  const [issued, setIssued] = useState<{ name: string; credentials: IssuedCredentials } | null>(null);
  const all = t('devices.all');
  const label = (d: DeviceRow) => `${d.code} ${d.name}`;
  const issue = async (d: DeviceRow, refresh: () => Promise<void>) => {
    setIssued({ name: label(d), credentials: await api(device.deviceCredentialsIssue, { id: d.id }) });
    void refresh();
  };
  const link = (id: number, text: string, testId?: string) => (
    <Link to={deviceDetailPath(id)} data-testid={testId}>
      {text}
    </Link>
  );

  const columns: ListColumn<DeviceRow>[] = [
    {
      key: 'code',
      title: t('devices.code'),
      dataIndex: 'code',
      width: 160,
      showForce: true,
      render: (v: string, r) => link(r.id, v, 'device-link'),
    },
    { key: 'name', title: t('devices.name'), dataIndex: 'name', width: 190 },
    { key: 'type', title: t('devices.type'), dataIndex: 'deviceTypeName', width: 160 },
    {
      key: 'state',
      title: `${t('devices.state')} / ${t('devices.lastSeen')}`,
      dataIndex: 'online',
      width: 230,
      render: (_, r) => <OnlineState online={r.online} lastSeenAt={r.lastSeenAt} />,
    },
    { key: 'ou', title: t('devices.ou'), dataIndex: 'ouName', width: 150 },
    ...(channel
      ? [{ key: 'tenant', title: t('devices.tenant'), dataIndex: 'tenantName', width: 180 } satisfies ListColumn<DeviceRow>]
      : []),
    { key: 'customer', title: t('devices.customer'), dataIndex: 'customerName', width: 160 },
    {
      key: 'gateway',
      title: t('devices.gateway'),
      dataIndex: 'gatewayName',
      width: 140,
      render: (v: string | null, r) => (r.gatewayId ? link(r.gatewayId, v ?? '') : '-'),
    },
    { key: 'created', title: t('devices.created'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v, zone) },
  ];

  return (
    <EntityListPage<DeviceRow, Filter>
      title={<TitleInZone title={t('devices.listTitle')} zone={zone} />}
      testId="device-list"
      cacheKey="devices.list"
      queryKey={deviceKeys.page}
      fetch={(body: ListBody<Filter>) => api(device.devicePage, body)}
      filters={[
        { name: 'code', label: t('devices.code'), node: <Input allowClear maxLength={64} placeholder={t('devices.codePlaceholder')} /> },
        { name: 'name', label: t('devices.name'), node: <Input allowClear maxLength={128} placeholder={t('devices.namePlaceholder')} /> },
        {
          name: 'deviceTypeId',
          label: t('devices.type'),
          node: <DeviceTypePicker allowClear placeholder={all} data-testid="filter-type" />,
        },
        { name: 'ouId', label: t('devices.ou'), node: <OuPicker allowClear placeholder={all} /> },
        { name: 'gatewayId', label: t('devices.gateway'), node: <DevicePicker gateways allowClear placeholder={all} /> },
      ]}
      columns={columns}
      actionsWidth={230}
      actions={[
        { key: 'edit', permission: 'b-device-edit', label: t('devices.edit'), testId: 'device-edit', onClick: (r, ctx) => ctx.edit(r) },
        {
          key: 'credentials',
          permission: 'b-device-credentials',
          label: t('devices.credentials.short'),
          testId: 'device-credentials',
          onClick: (d, ctx) =>
            d.mqttUsername
              ? modal.confirm({
                  width: MODAL_WIDTH.confirm,
                  title: t('devices.credentials.reissueConfirm', { name: label(d) }),
                  okText: t('devices.credentials.issue'),
                  cancelText: t('common.cancel'),
                  onOk: () => issue(d, ctx.refresh),
                })
              : void issue(d, ctx.refresh).catch(() => undefined),
        },
        {
          key: 'delete',
          permission: 'b-device-delete',
          label: t('devices.delete'),
          testId: 'device-delete',
          danger: true,
          confirm: {
            title: (d) => t('devices.deleteConfirm', { name: label(d) }),
            okText: t('devices.delete'),
            testId: 'device-delete-confirm',
            run: (d) => api(device.deviceDelete, { id: d.id }),
            done: (d) => t('devices.deleted', { name: d.code }),
          },
        },
      ]}
      create={{ permission: 'b-device-create', label: t('devices.create'), testId: 'device-create' }}
      dialog={(row, close) => <DeviceFormDialog open editing={row} onClose={close} />}
      excel={{
        name: 'devices',
        exportRef: device.deviceExport,
        importRef: device.deviceImport,
        templateRef: device.deviceTemplate,
        exportPermission: 'b-device-export',
        importPermission: 'b-device-import',
      }}
    >
      <CredentialsDialog name={issued?.name ?? ''} issued={issued?.credentials ?? null} onClose={() => setIssued(null)} />
    </EntityListPage>
  );
}
