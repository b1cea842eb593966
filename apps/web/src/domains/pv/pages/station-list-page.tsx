import { Input, Select, Tag } from 'antd';
import { pv } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { StageTag } from '../components/stage-tag';
import { StationFormDialog } from '../components/station-form-dialog';
import { pvStationDetailPath } from '../paths';
import { PV_STAGES, pvKeys, type PvStage, type PvStationRow } from '../queries';
import '../texts';

type Filter = { keyword?: string; ouId?: number; stage?: PvStage; status?: 'enabled' | 'disabled' };

/** The staff's PV stations: filters, the list, create and edit, enable/disable; a station's code opens its detail. */
export default function StationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const all = t('pv.all');
  const columns: ListColumn<PvStationRow>[] = [
    {
      key: 'code',
      title: t('pv.code'),
      dataIndex: 'code',
      width: 150,
      showForce: true,
      render: (v: string, r) => (
        <Link to={pvStationDetailPath(r.id)} data-testid="pv-station-link">
          {v}
        </Link>
      ),
    },
    { key: 'name', title: t('pv.name'), dataIndex: 'name', width: 200 },
    {
      key: 'capacity',
      title: t('pv.capacity'),
      dataIndex: 'capacityKwp',
      width: 130,
      align: 'right',
      render: (v: number) => v.toLocaleString(),
    },
    { key: 'stage', title: t('pv.stage'), dataIndex: 'stage', width: 140, render: (v: PvStage) => <StageTag stage={v} /> },
    {
      key: 'status',
      title: t('pv.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: 'enabled' | 'disabled') => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`pv.statuses.${v}`)}</Tag>,
    },
    {
      key: 'gridDate',
      title: t('pv.gridDate'),
      dataIndex: 'gridConnectionDate',
      width: 130,
      display: false,
      render: (v: string | null) => v ?? '-',
    },
    { key: 'areas', title: t('pv.areas'), dataIndex: 'areaCount', width: 80, align: 'right', display: false },
    { key: 'ou', title: t('pv.ou'), dataIndex: 'ouName', width: 160 },
    { key: 'customer', title: t('pv.customer'), dataIndex: 'customerName', width: 180, display: false },
  ];

  return (
    <EntityListPage<PvStationRow, Filter>
      title={t('pv.stationsTitle')}
      testId="pv-station-list"
      cacheKey="pv.stations"
      queryKey={pvKeys.stationPage}
      fetch={(body: ListBody<Filter>) => api(pv.pvStationPage, body)}
      filters={[
        { name: 'keyword', label: t('pv.keyword'), node: <Input allowClear maxLength={128} placeholder={t('pv.keywordPlaceholder')} /> },
        { name: 'ouId', label: t('pv.ou'), node: <OuPicker allowClear placeholder={all} /> },
        {
          name: 'stage',
          label: t('pv.stage'),
          node: <Select allowClear placeholder={all} options={PV_STAGES.map((s) => ({ value: s, label: t(`pv.stages.${s}`) }))} />,
        },
        {
          name: 'status',
          label: t('pv.status'),
          node: (
            <Select
              allowClear
              placeholder={all}
              options={(['enabled', 'disabled'] as const).map((s) => ({ value: s, label: t(`pv.statuses.${s}`) }))}
            />
          ),
        },
      ]}
      columns={columns}
      actionsWidth={180}
      actions={[
        {
          key: 'edit',
          permission: 'b-pv-station-edit',
          label: t('pv.edit'),
          testId: 'pv-station-edit',
          disabled: (r) => (r.stage === 'decommissioned' ? t('pv.detail.readOnly') : false),
          onClick: (r, ctx) => ctx.edit(r),
        },
        {
          key: 'status',
          permission: 'b-pv-station-edit',
          label: (r) => (r.status === 'enabled' ? t('pv.disable') : t('pv.enable')),
          testId: 'pv-station-status',
          disabled: (r) => (r.stage === 'decommissioned' ? t('pv.detail.readOnly') : false),
          onClick: async (r, ctx) => {
            await api(pv.pvUpdateStatus, { id: r.id, status: r.status === 'enabled' ? 'disabled' : 'enabled' });
            await ctx.refresh();
          },
        },
      ]}
      create={{
        permission: 'b-pv-station-create',
        label: t('pv.create'),
        testId: 'pv-station-create',
      }}
      dialog={(row, close) => <StationFormDialog editing={row} onClose={close} key={row?.id ?? 'new'} />}
      table={{ onRow: (r) => ({ onDoubleClick: () => void navigate(pvStationDetailPath(r.id)) }) }}
      excel={{ name: 'pv-stations', exportRef: pv.pvStationExport, exportPermission: 'b-pv-station-export' }}
    />
  );
}
