import { useState } from 'react';
import { Button, Select, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { strategy } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../app/shell/permission';
import { useHasPermission } from '../../../app/shell/shell-data';
import { api } from '../../../shared/api/client';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { formatDateTime } from '../../../shared/format';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { DeliverDialog, type DeliverTarget } from '../components/deliver-dialog';
import { DeliveryResultTag } from '../components/result-tag';
import { useStrategyRows } from '../components/use-strategy-rows';
import { strategyCreatePath } from '../paths';
import { strategyKeys, useStations, type StrategyRow } from '../queries';
import '../texts';

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
  const { navigate, toggle, remove, navButtons, columns: shared, filters } = useStrategyRows('strategy');
  const stations = useStations();
  const list = useListQuery({
    queryKey: strategyKeys.page,
    fetch: (body: ListBody<Filter>) => api(strategy.strategyPage, toBody(body)),
  });
  const [deliver, setDeliver] = useState<DeliverTarget | null>(null);
  const canCreate = useHasPermission('b-bsa-strategy-create');
  const canEdit = useHasPermission('b-bsa-strategy-edit');

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
            <span>{formatDateTime(v.requestedAt)}</span>
          </Space>
        ) : (
          t('strategy.delivery.none')
        ),
    },
    { ...shared.updatedBy, display: false },
    shared.updated,
    {
      key: 'actions',
      title: t('strategy.actions'),
      width: 360,
      fixed: 'right',
      showForce: true,
      showComplete: true,
      render: (_, r) => (
        <Space size={0} wrap={false}>
          {navButtons(r)}
          {canEdit && (
            <Tooltip title={r.executing && r.status === 'enabled' ? t('strategy.executive') : undefined}>
              <Button
                type="link"
                size="small"
                disabled={r.executing && r.status === 'enabled'}
                onClick={() => toggle(r)}
                data-testid="strategy-toggle"
              >
                {r.status === 'enabled' ? t('strategy.disable') : t('strategy.enable')}
              </Button>
            </Tooltip>
          )}
          <Authorized code="b-bsa-strategy-deliver">
            <Button
              type="link"
              size="small"
              disabled={r.status !== 'enabled'}
              onClick={() => setDeliver({ id: r.id, name: r.name, bsaName: r.bsaName })}
              data-testid="strategy-deliver"
            >
              {t('strategy.deliver')}
            </Button>
          </Authorized>
          <Authorized code="b-bsa-strategy-delete">
            <Button type="link" size="small" danger disabled={r.executing} onClick={() => remove(r)} data-testid="strategy-delete">
              {t('strategy.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <ListPage title={t('strategy.listTitle')} testId="strategy-list">
      <FilterForm<Filter>
        fields={[
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
        onQuery={list.query}
      />
      <ListTable<StrategyRow>
        cacheKey="strategy.list"
        rowKey="id"
        columns={columns}
        {...list.table}
        toolbar={
          canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(strategyCreatePath(list.filter.bsaId))}
              data-testid="strategy-create"
            >
              {t('strategy.create')}
            </Button>
          )
        }
      />
      <DeliverDialog target={deliver} onClose={() => setDeliver(null)} />
    </ListPage>
  );
}
