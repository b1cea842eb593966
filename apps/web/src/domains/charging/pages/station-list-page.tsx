import { useState } from 'react';
import { Drawer, Input, Tag } from 'antd';
import { charging } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { DailyEnergyChart } from '../components/daily-energy-chart';
import { StationFormDialog } from '../components/station-form-dialog';
import { chargingKeys, type StationRow } from '../queries';
import '../texts';

type Filter = { name?: string; ouId?: number };

/** The staff's charging stations: filters, the list, create, edit, enable/disable, delete, and each one's energy and revenue per day. */
export default function StationListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [charting, setCharting] = useState<StationRow | null>(null);
  const columns: ListColumn<StationRow>[] = [
    { key: 'code', title: t('charging.code'), dataIndex: 'code', width: 140, showForce: true },
    { key: 'name', title: t('charging.name'), dataIndex: 'name', width: 200 },
    {
      key: 'status',
      title: t('charging.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`charging.${v}`)}</Tag>,
    },
    { key: 'piles', title: t('charging.piles'), dataIndex: 'pileCount', width: 90 },
    { key: 'guns', title: t('charging.guns'), dataIndex: 'gunCount', width: 90 },
    { key: 'ou', title: t('charging.ou'), dataIndex: 'ouName', width: 160 },
    { key: 'customer', title: t('charging.customer'), dataIndex: 'customerName', width: 160, display: false },
    {
      key: 'address',
      title: t('charging.address'),
      dataIndex: 'address',
      width: 200,
      display: false,
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'created',
      title: t('charging.created'),
      dataIndex: 'createdAt',
      width: 160,
      display: false,
      render: (v: string) => formatDateTime(v, zone),
    },
  ];
  return (
    <EntityListPage<StationRow, Filter>
      title={<TitleInZone title={t('charging.stationsTitle')} zone={zone} />}
      testId="charging-station-list"
      cacheKey="charging.stations"
      queryKey={chargingKeys.stations}
      fetch={(body: ListBody<Filter>) => api(charging.stationPage, body)}
      filters={[
        { name: 'name', label: t('charging.name'), node: <Input allowClear maxLength={128} placeholder={t('charging.namePlaceholder')} /> },
        { name: 'ouId', label: t('charging.ou'), node: <OuPicker allowClear placeholder={t('charging.all')} /> },
      ]}
      columns={columns}
      actionsWidth={280}
      actions={[
        {
          key: 'energy',
          label: t('charging.daily.open'),
          testId: 'station-energy',
          onClick: (r) => setCharting(r),
        },
        {
          key: 'edit',
          permission: 'b-charging-station-edit',
          label: t('charging.edit'),
          testId: 'station-edit',
          onClick: (r, ctx) => ctx.edit(r),
        },
        {
          key: 'status',
          permission: 'b-charging-station-edit',
          label: (r) => t(r.status === 'enabled' ? 'charging.disable' : 'charging.enable'),
          testId: 'station-status',
          onClick: async (r, ctx) => {
            await api(charging.stationStatusChange, { id: r.id, status: r.status === 'enabled' ? 'disabled' : 'enabled' });
            await ctx.refresh();
          },
        },
        {
          key: 'delete',
          permission: 'b-charging-station-delete',
          label: t('charging.delete'),
          testId: 'station-delete',
          danger: true,
          confirm: {
            title: (r) => t('charging.deleteStation', { name: `${r.code} ${r.name}` }),
            okText: t('charging.delete'),
            testId: 'station-delete-confirm',
            run: (r) => api(charging.stationDelete, { id: r.id }),
            done: (r) => t('charging.deleted', { name: r.code }),
          },
        },
      ]}
      create={{ permission: 'b-charging-station-create', label: t('charging.create'), testId: 'station-create' }}
      dialog={(row, close) => <StationFormDialog editing={row} onClose={close} />}
    >
      <Drawer
        open={charting !== null}
        onClose={() => setCharting(null)}
        size="large"
        destroyOnHidden
        title={charting ? t('charging.daily.stationTitle', { name: charting.name }) : ''}
      >
        {charting && <DailyEnergyChart target={{ stationId: charting.id }} />}
      </Drawer>
    </EntityListPage>
  );
}
