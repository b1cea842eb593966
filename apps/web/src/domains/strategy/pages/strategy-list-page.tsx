import { useState } from 'react';
import { Select, Space, Tag } from 'antd';
import { strategy } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { DeliverDialog, type DeliverTarget } from '../components/deliver-dialog';
import { DeliveryResultTag } from '../components/result-tag';
import { useStrategyRows } from '../components/use-strategy-rows';
import { strategyCreatePath } from '../paths';
import { strategyKeys, useStations, type StrategyRow } from '../queries';
import '../texts';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';

interface Filter {
  name?: string;
  bsaId?: number;
  version?: number;
  status?: 'enabled' | 'disabled';
  kind?: 'strategy' | 'fieldStrategy';
}

/** Station strategies (and field strategies): both kinds unless the filter picks one. */
const toBody = (f: ListBody<Filter>) => ({
  ...f,
  kinds: f.kind ? undefined : (['strategy', 'fieldStrategy'] as ('strategy' | 'fieldStrategy')[]),
});

/**
 * `/bsa/strategy/list`: the stations' strategies with filters station, version, status and kind, and the
 * actions create, edit, copy, view, enable/disable, delete and deliver, each only with its b- code
 * (the server checks them again). Rows: `data-row-key` = the strategy id; action test ids
 * `strategy-<action>`.
 */
export default function StrategyListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const { navigate, actions, columns: shared, filters } = useStrategyRows('strategy');
  // the stations this staff's strategies run on (the strategy call; the station picker's bsa list needs the station page)
  const stations = useStations();
  const [deliver, setDeliver] = useState<DeliverTarget | null>(null);

  const columns: ListColumn<StrategyRow>[] = [
    shared.name(200),
    { key: 'kind', title: t('strategy.kind'), dataIndex: 'kind', width: 110, render: (v: StrategyRow['kind']) => t(`strategy.kinds.${v}`) },
    { key: 'station', title: t('strategy.station'), dataIndex: 'bsaName', width: 150 },
    { key: 'customer', title: t('strategy.customer'), dataIndex: 'customerName', width: 150, display: false },
    shared.version(80),
    {
      key: 'status',
      title: t('strategy.status'),
      dataIndex: 'status',
      width: 150,
      render: (v: StrategyRow['status'], r) => (
        <Space size={4}>
          <Tag color={v === 'enabled' ? 'green' : 'default'} data-testid="strategy-status" data-status={v}>
            {t(`strategy.statuses.${v}`)}
          </Tag>
          {r.executing && (
            <Tag color="blue" data-testid="strategy-executing">
              {t('strategy.executive')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'dates',
      title: t('strategy.dates'),
      dataIndex: 'executiveTimes',
      width: 200,
      render: (v: StrategyRow['executiveTimes']) => (v ? `${v[0]} ~ ${v[1]}` : '-'),
    },
    {
      key: 'lastDelivery',
      title: t('strategy.lastDelivery'),
      dataIndex: 'lastDelivery',
      width: 210,
      render: (v: StrategyRow['lastDelivery']) =>
        v ? (
          <Space size={4}>
            <DeliveryResultTag result={v.result} testId="strategy-last-delivery" />
            <span>{formatDateTime(v.requestedAt, zone)}</span>
          </Space>
        ) : (
          t('strategy.delivery.none')
        ),
    },
    { ...shared.updatedBy, display: false },
    shared.updated,
  ];

  return (
    <EntityListPage<StrategyRow, Filter>
      title={<TitleInZone title={t('strategy.listTitle')} zone={zone} />}
      testId="strategy-list"
      cacheKey="strategy.list"
      queryKey={strategyKeys.page}
      fetch={(body: ListBody<Filter>) => api(strategy.strategyPage, toBody(body))}
      filters={[
        filters.name,
        {
          name: 'bsaId',
          label: t('strategy.station'),
          node: (
            <Select
              allowClear
              placeholder={t('strategy.all')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(stations.data ?? []).map((s) => ({ value: s.bsaId, label: s.bsaName }))}
              data-testid="filter-station"
            />
          ),
        },
        filters.version,
        filters.status,
        {
          name: 'kind',
          label: t('strategy.kind'),
          node: (
            <Select
              allowClear
              placeholder={t('strategy.all')}
              options={(['strategy', 'fieldStrategy'] as const).map((k) => ({ value: k, label: t(`strategy.kinds.${k}`) }))}
              data-testid="filter-kind"
            />
          ),
        },
      ]}
      columns={columns}
      actionsWidth={360}
      actions={actions([
        {
          key: 'deliver',
          permission: 'b-bsa-strategy-deliver',
          label: t('strategy.deliver'),
          testId: 'strategy-deliver',
          disabled: (r) => r.status !== 'enabled',
          onClick: (r) => setDeliver({ id: r.id, name: r.name, bsaName: r.bsaName }),
        },
      ])}
      create={{
        permission: 'b-bsa-strategy-create',
        label: t('strategy.create'),
        testId: 'strategy-create',
        onClick: (ctx) => void navigate(strategyCreatePath(ctx.filter.bsaId)),
      }}
    >
      <DeliverDialog target={deliver} onClose={() => setDeliver(null)} />
    </EntityListPage>
  );
}
