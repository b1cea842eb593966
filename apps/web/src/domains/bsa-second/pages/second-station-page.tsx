import { useState } from 'react';
import { App as AntApp, Input, Select, Tag } from 'antd';
import { bsa } from '@energy/contracts';
import { bsaSecond } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { StationDrawer } from '../components/station-drawer';
import { secondKeys, type SecondRow } from '../queries';
import '../texts';

interface Filter {
  name?: string;
  status?: SecondRow['status'];
  edition?: 'first' | 'second';
}

const STATUS_COLORS: Record<SecondRow['status'], string> = {
  draft: 'default',
  configured: 'blue',
  enabled: 'green',
  disabled: 'orange',
  invalid: 'red',
};

/**
 * `/bsa/asset/second-edition`: the staff's stations with their edition (an OBS record makes a second-edition
 * station), FCS versions and cabinets; enable, disable and invalidate with the storage lifecycle's rules.
 */
export default function SecondStationPage() {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const [open, setOpen] = useState<number | null>(null);
  const next = (r: SecondRow, to: SecondRow['status']) => bsa.STATION_TRANSITIONS[r.status].includes(to);
  return (
    <EntityListPage<SecondRow, Filter>
      title={t('bsaSecond.stationsTitle')}
      testId="second-station-list"
      cacheKey="bsa-second.stations"
      queryKey={secondKeys.page}
      fetch={(body: ListBody<Filter>) => api(bsaSecond.page, body)}
      filters={[
        { name: 'name', label: t('bsaSecond.name'), node: <Input allowClear maxLength={64} /> },
        {
          name: 'status',
          label: t('bsaSecond.status'),
          node: <Select allowClear options={bsa.STATION_STATUSES.map((s) => ({ value: s, label: t(`bsaSecond.statuses.${s}`) }))} />,
        },
        {
          name: 'edition',
          label: t('bsaSecond.edition'),
          node: (
            <Select allowClear options={(['first', 'second'] as const).map((e) => ({ value: e, label: t(`bsaSecond.editions.${e}`) }))} />
          ),
        },
      ]}
      columns={[
        { key: 'code', title: t('bsaSecond.code'), dataIndex: 'code', width: 150, showForce: true },
        { key: 'name', title: t('bsaSecond.name'), dataIndex: 'name', width: 170 },
        {
          key: 'edition',
          title: t('bsaSecond.edition'),
          dataIndex: 'secondEdition',
          width: 100,
          render: (v: boolean) => <Tag color={v ? 'purple' : 'default'}>{t(`bsaSecond.editions.${v ? 'second' : 'first'}`)}</Tag>,
        },
        {
          key: 'status',
          title: t('bsaSecond.status'),
          dataIndex: 'status',
          width: 100,
          render: (v: SecondRow['status']) => (
            <Tag color={STATUS_COLORS[v]} data-testid="second-status" data-status={v}>
              {t(`bsaSecond.statuses.${v}`)}
            </Tag>
          ),
        },
        { key: 'ou', title: t('bsaSecond.ou'), dataIndex: 'ouName', width: 150, display: false },
        {
          key: 'fcs',
          title: t('bsaSecond.fcs'),
          width: 200,
          render: (_, r) => (r.fcs ? `${r.fcs.code} · ${r.fcs.softwareVersion ?? t('bsaSecond.unknown')}` : t('bsaSecond.none')),
        },
        { key: 'cabinets', title: t('bsaSecond.cabinets'), dataIndex: 'cabinets', width: 90, align: 'right' },
        { key: 'power', title: t('bsaSecond.ratedPower'), dataIndex: 'ratedPowerKw', width: 130, align: 'right', display: false },
        { key: 'capacity', title: t('bsaSecond.capacity'), dataIndex: 'capacityKwh', width: 130, align: 'right' },
      ]}
      excel={{ name: 'second-edition-stations', exportRef: bsaSecond.stationExport, exportPermission: 'b-bsa-second-edition-export' }}
      actionsWidth={260}
      actions={[
        { key: 'detail', label: t('bsaSecond.detail'), testId: 'second-detail', onClick: (r) => setOpen(r.id) },
        {
          key: 'enable',
          permission: 'b-bsa-second-edition-status',
          label: t('bsaSecond.enable'),
          testId: 'second-enable',
          hidden: (r) => !next(r, 'enabled'),
          onClick: async (r, ctx) => {
            await api(bsaSecond.enable, { id: r.id });
            await ctx.refresh();
          },
        },
        {
          key: 'disable',
          permission: 'b-bsa-second-edition-status',
          label: t('bsaSecond.disable'),
          testId: 'second-disable',
          hidden: (r) => !next(r, 'disabled'),
          onClick: async (r, ctx) => {
            await api(bsaSecond.disable, { id: r.id });
            await ctx.refresh();
          },
        },
        {
          key: 'invalidate',
          permission: 'b-bsa-second-edition-status',
          label: t('bsaSecond.invalidate'),
          testId: 'second-invalidate',
          danger: true,
          hidden: (r) => r.status === 'invalid',
          onClick: (r, ctx) =>
            modal.confirm({
              title: t('bsaSecond.invalidateConfirm', { code: r.code }),
              onOk: async () => {
                await api(bsaSecond.invalidation, { id: r.id });
                await ctx.refresh();
              },
            }),
        },
      ]}
    >
      {open !== null && <StationDrawer id={open} onClose={() => setOpen(null)} />}
    </EntityListPage>
  );
}
