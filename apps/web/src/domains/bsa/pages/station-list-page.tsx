import { useState } from 'react';
import { App as AntApp, Dropdown, Input, Select, Tag } from 'antd';
import { bsa as schemas } from '@energy/contracts';
import { bsa } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import { cleanFilter, type ListBody } from '../../../shared/list-page/use-list-query';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { useHasPermission } from '../../../shared/current-staff';
import { BatteryDrawer } from '../components/battery-drawer';
import { StationEditDialog } from '../components/station-extras';
import { StationWizard } from '../components/station-wizard';
import { bsaKeys, type StationRow, type StationStatus } from '../queries';
import '../texts';

type Filter = { name?: string; ouId?: number; statusFilter?: StationStatus };

const STATUSES = schemas.STATION_STATUSES;
const COLOURS: Record<StationStatus, string> = {
  draft: 'default',
  configured: 'processing',
  enabled: 'success',
  disabled: 'warning',
  invalid: 'error',
};

/** A station's status as a tag (antd's preset colours follow the theme). */
export function StatusTag({ status }: { status: StationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} data-testid="station-status">
      {t(`bsa.statuses.${status}`)}
    </Tag>
  );
}

/**
 * `/bsa/asset/station`: the staff's storage stations with their status, PCS and FCS; a draft continues in
 * the build wizard, a built station opens its battery (tree, bindings, templates), and the lifecycle's
 * next statuses are offered with the server's reason when one is refused.
 */
export default function StationListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('b-bsa-station-edit');
  const [wizard, setWizard] = useState<{ resumeId?: number } | null>(null);
  const [battery, setBattery] = useState<StationRow | null>(null);
  const [editing, setEditing] = useState<StationRow | null>(null);

  const change = (row: StationRow, to: 'enabled' | 'disabled' | 'invalid') =>
    modal.confirm({
      title: t('bsa.toConfirm', { action: t(`bsa.to.${to}`), code: row.code }),
      okText: t(`bsa.to.${to}`),
      okButtonProps: { danger: to === 'invalid' },
      onOk: async () => {
        await api(bsa.bsaUpdateStatus, { id: row.id, status: to });
        void message.success(t('bsa.statusChanged', { code: row.code, status: t(`bsa.statuses.${to}`) }));
        await queryClient.invalidateQueries({ queryKey: bsaKeys.all });
      },
    });

  const columns: ListColumn<StationRow>[] = [
    { key: 'code', title: t('bsa.code'), dataIndex: 'code', width: 150, showForce: true },
    { key: 'name', title: t('bsa.name'), dataIndex: 'name', width: 180 },
    { key: 'status', title: t('bsa.status'), dataIndex: 'status', width: 110, render: (v: StationStatus) => <StatusTag status={v} /> },
    { key: 'ou', title: t('bsa.ou'), dataIndex: 'ouName', width: 150, display: false },
    { key: 'customer', title: t('bsa.customer'), dataIndex: 'customerName', width: 160, display: false },
    { key: 'power', title: t('bsa.ratedPower'), dataIndex: 'ratedPowerKw', width: 130 },
    { key: 'capacity', title: t('bsa.capacity'), dataIndex: 'capacityKwh', width: 130 },
    { key: 'pcs', title: t('bsa.pcs'), width: 160, display: false, render: (_, r) => r.pcs.map((p) => p.code).join(', ') || '-' },
    {
      key: 'fcs',
      title: t('bsa.fcs'),
      width: 170,
      render: (_, r) => (r.fcs ? `${r.fcs.code} (${r.fcs.online ? t('bsa.online') : t('bsa.offline')})` : '-'),
    },
    {
      key: 'created',
      title: t('bsa.created'),
      dataIndex: 'createdAt',
      width: 160,
      display: false,
      render: (v: string) => formatDateTime(v, zone),
    },
  ];

  // the lifecycle's next statuses (configured comes by finishing the draft in the wizard)
  const next = (status: StationStatus) =>
    schemas.STATION_TRANSITIONS[status].filter((to) => to !== 'configured') as ('enabled' | 'disabled' | 'invalid')[];

  return (
    <>
      <EntityListPage<StationRow, Filter>
        title={<TitleInZone title={t('bsa.listTitle')} zone={zone} />}
        testId="station-list"
        cacheKey="bsa.station-list"
        queryKey={bsaKeys.list}
        // the station list is short and unpaged (bsa/list); the table pages it here
        fetch={async ({ pageSize, pageOffset, ...filter }: ListBody<Filter>) => {
          const rows = await api(bsa.bsaList, cleanFilter(filter));
          return { list: rows.slice((pageOffset - 1) * pageSize, pageOffset * pageSize), totalCount: rows.length };
        }}
        filters={[
          { name: 'name', label: t('bsa.name'), node: <Input allowClear maxLength={128} /> },
          { name: 'ouId', label: t('bsa.ou'), node: <OuPicker allowClear placeholder={t('bsa.all')} /> },
          {
            name: 'statusFilter',
            label: t('bsa.status'),
            node: (
              <Select allowClear placeholder={t('bsa.all')} options={STATUSES.map((s) => ({ value: s, label: t(`bsa.statuses.${s}`) }))} />
            ),
          },
        ]}
        columns={columns}
        actionsWidth={270}
        actions={[
          {
            key: 'resume',
            permission: 'b-bsa-station-create',
            label: t('bsa.resume'),
            testId: 'station-resume',
            hidden: (r) => r.status !== 'draft',
            onClick: (r) => setWizard({ resumeId: r.id }),
          },
          {
            key: 'edit',
            permission: 'b-bsa-station-edit',
            label: t('bsa.levels.edit'),
            testId: 'station-edit',
            // a draft is edited in the wizard; an invalid station no more
            hidden: (r) => r.status === 'draft' || r.status === 'invalid',
            onClick: (r) => setEditing(r),
          },
          {
            key: 'battery',
            label: t('bsa.battery'),
            testId: 'station-battery',
            hidden: (r) => r.status === 'draft',
            onClick: (r) => setBattery(r),
          },
          {
            key: 'status',
            label: t('bsa.changeStatus'),
            hidden: (r) => !canEdit || next(r.status).length === 0,
            render: (r) => (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: next(r.status).map((to) => ({
                    key: to,
                    label: t(`bsa.to.${to}`),
                    danger: to === 'invalid',
                    onClick: () => change(r, to),
                  })),
                }}
              >
                <a data-testid="station-status-menu">{t('bsa.changeStatus')}</a>
              </Dropdown>
            ),
          },
        ]}
        create={{ permission: 'b-bsa-station-create', label: t('bsa.create'), testId: 'station-create', onClick: () => setWizard({}) }}
        excel={{ name: 'storage-stations', exportRef: bsa.bsaExport, exportPermission: 'b-bsa-station-export' }}
      />
      {wizard && <StationWizard resumeId={wizard.resumeId} onClose={() => setWizard(null)} />}
      {battery && <BatteryDrawer station={battery} onClose={() => setBattery(null)} />}
      {editing && <StationEditDialog station={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
