import type { ReactNode } from 'react';
import { Input, Select, Tag } from 'antd';
import { charging } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { FilterField } from '../../../shared/filter-form/filter-form';
import { formatDateTime } from '../../../shared/format';
import { cleanFilter, type ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { chargingKeys, useRefreshOnChargingPush, useStations, type SessionRow } from '../queries';
import '../texts';

type Filter = { stationId?: number; pileId?: number; idTag?: string; status?: 'charging' | 'finished' };
const money = (v: number | null, digits: number) => (v === null ? '-' : v.toFixed(digits));

/** Charging sessions, newest first: filters, energy per band, cost to the cent, Excel export. */
export default function SessionListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  return <SessionList title={<TitleInZone title={t('charging.sessionsTitle')} zone={zone} />} testId="charging-session-list" />;
}

/**
 * The sessions list (the sessions page, and one pile's recent sessions on its detail page with `pileId`: the
 * filter and the Excel export are that pile's).
 */
export function SessionList({ title, testId, pileId }: { title: ReactNode; testId: string; pileId?: number }) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const stations = useStations();
  // a session that starts or stops shows without a reload
  useRefreshOnChargingPush(chargingKeys.sessions);
  const columns: ListColumn<SessionRow>[] = [
    { key: 'tx', title: t('charging.session.transaction'), dataIndex: 'transactionId', width: 110, showForce: true },
    { key: 'station', title: t('charging.station'), dataIndex: 'stationName', width: 160 },
    { key: 'pile', title: t('charging.session.pile'), dataIndex: 'pileCode', width: 120 },
    { key: 'gun', title: t('charging.session.gun'), dataIndex: 'connectorId', width: 70 },
    { key: 'idTag', title: t('charging.session.idTag'), dataIndex: 'idTag', width: 120, display: false },
    {
      key: 'status',
      title: t('charging.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: string) => <Tag color={v === 'charging' ? 'processing' : 'default'}>{t(`charging.session.${v}`)}</Tag>,
    },
    {
      key: 'start',
      title: t('charging.session.startedAt'),
      dataIndex: 'startedAt',
      width: 160,
      render: (v: string) => formatDateTime(v, zone),
    },
    {
      key: 'stop',
      title: t('charging.session.stoppedAt'),
      dataIndex: 'stoppedAt',
      width: 160,
      display: false,
      render: (v: string | null) => (v ? formatDateTime(v, zone) : '-'),
    },
    {
      key: 'duration',
      title: t('charging.session.duration'),
      dataIndex: 'durationSeconds',
      width: 110,
      // a session still charging counts up from its start (as of the list's last read; it is read again on every charging push)
      render: (v: number | null, r) => {
        const seconds = v ?? (r.status === 'charging' ? (Date.now() - Date.parse(r.startedAt)) / 1000 : null);
        return seconds === null ? '-' : Math.max(0, Math.round(seconds / 60));
      },
    },
    { key: 'energy', title: t('charging.session.energy'), dataIndex: 'energyWh', width: 110, render: (v: number) => (v / 1000).toFixed(3) },
    {
      key: 'bands',
      title: t('charging.cost.bands'),
      dataIndex: 'bands',
      width: 220,
      display: false,
      render: (_, r) => r.bands.map((b) => `${t(`charging.cost.kinds.${b.kind}`)} ${(b.energyWh / 1000).toFixed(3)}`).join(' · ') || '-',
    },
    {
      key: 'energyFee',
      title: t('charging.session.energyFee'),
      dataIndex: 'energyFee',
      width: 110,
      display: false,
      render: (v: number | null, r) => (v === null ? '-' : `${money(v, 2)} ${r.currency ?? ''}`),
    },
    {
      key: 'serviceFee',
      title: t('charging.session.serviceFee'),
      dataIndex: 'serviceFee',
      width: 110,
      display: false,
      render: (v: number | null, r) => (v === null ? '-' : `${money(v, 2)} ${r.currency ?? ''}`),
    },
    {
      key: 'cost',
      title: t('charging.session.cost'),
      dataIndex: 'cost',
      width: 110,
      render: (v: number | null, r) => (v === null ? '-' : `${money(v, 2)} ${r.currency ?? ''}`),
    },
    {
      key: 'reason',
      title: t('charging.session.stopReason'),
      dataIndex: 'stopReason',
      width: 130,
      display: false,
      render: (v: string | null) => (v ? t(`charging.session.reasons.${v}`, { defaultValue: v }) : '-'),
    },
  ];
  const stationFilter: FilterField = {
    name: 'stationId',
    label: t('charging.station'),
    node: (
      <Select
        allowClear
        placeholder={t('charging.all')}
        loading={stations.isPending}
        options={(stations.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      />
    ),
  };
  return (
    <EntityListPage<SessionRow, Filter>
      title={title}
      testId={testId}
      cacheKey={pileId === undefined ? 'charging.sessions' : 'charging.pile-sessions'}
      queryKey={chargingKeys.sessions}
      fetch={(body: ListBody<Filter>) => api(charging.sessionPage, body)}
      {...(pileId === undefined ? {} : { initialFilter: { pileId }, toFilter: (values: Filter) => ({ ...cleanFilter(values), pileId }) })}
      filters={[
        ...(pileId === undefined ? [stationFilter] : []),
        { name: 'idTag', label: t('charging.session.idTag'), node: <Input allowClear maxLength={20} /> },
        {
          name: 'status',
          label: t('charging.status'),
          node: (
            <Select
              allowClear
              placeholder={t('charging.all')}
              options={[
                { value: 'charging', label: t('charging.session.charging') },
                { value: 'finished', label: t('charging.session.finished') },
              ]}
            />
          ),
        },
      ]}
      columns={columns}
      excel={{ name: 'charging-sessions', exportRef: charging.sessionExport }}
    />
  );
}
