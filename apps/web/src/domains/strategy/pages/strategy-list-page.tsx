import { useState } from 'react';
import { App as AntApp, Button, Input, Select, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { strategy } from '@energy/contracts/refs';
import { STRATEGY_VERSION_NAMES } from '@energy/contracts/strategy-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Authorized } from '../../../app/shell/permission';
import { useHasPermission } from '../../../app/shell/shell-data';
import { api } from '../../../shared/api/client';
import { confirmDelete } from '../../../shared/confirm-delete';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { formatDateTime } from '../../../shared/format';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { DeliverDialog, type DeliverTarget } from '../components/deliver-dialog';
import { DeliveryResultTag } from '../components/result-tag';
import { strategyCopyPath, strategyCreatePath, strategyEditPath, strategyViewPath } from '../paths';
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
  const { modal, message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stations = useStations();
  const list = useListQuery({
    queryKey: strategyKeys.page,
    fetch: (body: ListBody<Filter>) => api(strategy.strategyPage, toBody(body)),
  });
  const [deliver, setDeliver] = useState<DeliverTarget | null>(null);
  const canCreate = useHasPermission('b-bsa-strategy-create');
  const canEdit = useHasPermission('b-bsa-strategy-edit');
  const refresh = () => queryClient.invalidateQueries({ queryKey: strategyKeys.all });

  const setStatus = async (r: StrategyRow, status: 'enabled' | 'disabled') => {
    await api(strategy.strategyUpdateStatus, { id: r.id, status });
    void message.success(t(status === 'enabled' ? 'strategy.enabled' : 'strategy.disabled', { name: r.name }));
    await refresh();
  };
  const remove = (r: StrategyRow) =>
    confirmDelete(modal, {
      title: t('strategy.deleteConfirm', { name: r.name }),
      okText: t('strategy.delete'),
      cancelText: t('common.cancel'),
      testId: 'strategy-delete-confirm',
      onConfirm: async () => {
        await api(strategy.strategyUpdateStatus, { id: r.id, status: 'deleted' });
        void message.success(t('strategy.deleted', { name: r.name }));
        await refresh();
      },
    });

  const columns: ListColumn<StrategyRow>[] = [
    {
      key: 'name',
      title: t('strategy.name'),
      dataIndex: 'name',
      width: 200,
      showForce: true,
      render: (v: string, r) => (
        <Link to={strategyViewPath(r.id)} data-testid="strategy-link">
          {v}
        </Link>
      ),
    },
    { key: 'kind', title: t('strategy.kind'), dataIndex: 'kind', width: 110, render: (v: StrategyRow['kind']) => t(`strategy.kinds.${v}`) },
    { key: 'station', title: t('strategy.station'), dataIndex: 'bsaName', width: 150 },
    { key: 'customer', title: t('strategy.customer'), dataIndex: 'customerName', width: 150, display: false },
    { key: 'version', title: t('strategy.version'), dataIndex: 'versionName', width: 80 },
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
    { key: 'updatedBy', title: t('strategy.updatedBy'), width: 120, render: (_, r) => r.updatedBy.name, display: false },
    { key: 'updated', title: t('strategy.updated'), dataIndex: 'updatedAt', width: 160, render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('strategy.actions'),
      width: 360,
      fixed: 'right',
      showForce: true,
      showComplete: true,
      render: (_, r) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => void navigate(strategyViewPath(r.id))} data-testid="strategy-view">
            {t('strategy.view')}
          </Button>
          <Authorized code="b-bsa-strategy-edit">
            <Button type="link" size="small" onClick={() => void navigate(strategyEditPath(r.id))} data-testid="strategy-edit">
              {t('strategy.edit')}
            </Button>
          </Authorized>
          <Authorized code="b-bsa-strategy-create">
            <Button type="link" size="small" onClick={() => void navigate(strategyCopyPath(r.id))} data-testid="strategy-copy">
              {t('strategy.copy')}
            </Button>
          </Authorized>
          {canEdit && (
            <Tooltip title={r.executing && r.status === 'enabled' ? t('strategy.executive') : undefined}>
              <Button
                type="link"
                size="small"
                disabled={r.executing && r.status === 'enabled'}
                onClick={() => void setStatus(r, r.status === 'enabled' ? 'disabled' : 'enabled').catch(() => undefined)}
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
          {
            name: 'name',
            label: t('strategy.name'),
            node: <Input allowClear maxLength={64} placeholder={t('strategy.namePlaceholder')} />,
          },
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
          {
            name: 'version',
            label: t('strategy.version'),
            node: (
              <Select
                allowClear
                placeholder={t('strategy.all')}
                options={Object.entries(STRATEGY_VERSION_NAMES).map(([v, name]) => ({ value: Number(v), label: name }))}
                data-testid="filter-version"
              />
            ),
          },
          {
            name: 'status',
            label: t('strategy.status'),
            node: (
              <Select
                allowClear
                placeholder={t('strategy.all')}
                options={(['enabled', 'disabled'] as const).map((s) => ({ value: s, label: t(`strategy.statuses.${s}`) }))}
                data-testid="filter-status"
              />
            ),
          },
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
