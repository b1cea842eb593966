import { DatePicker, Select, Tag } from 'antd';
import { strategy } from '@energy/contracts/refs';
import { strategyVersionName } from '@energy/contracts/strategy-rules';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import { cleanFilter, type ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { DeliveryResultTag } from '../components/result-tag';
import { strategyViewPath, templateViewPath } from '../paths';
import { strategyKeys, useStations, type DeliveryResult, type DeliveryRow } from '../queries';
import '../texts';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';

interface FormValues {
  bsaId?: number;
  result?: DeliveryResult;
  range?: [Dayjs, Dayjs] | null;
}
interface Filter {
  bsaId?: number;
  result?: DeliveryResult;
  from?: string;
  to?: string;
}

const RESULTS: DeliveryResult[] = ['pending', 'accepted', 'rejected', 'timeout'];

/** The date range as whole days: from the first day's start to the day after the last (exclusive). */
export function toLogFilter({ range, ...rest }: FormValues): Filter {
  return cleanFilter({
    ...rest,
    from: range?.[0]?.startOf('day').toISOString(),
    to: range?.[1]?.add(1, 'day').startOf('day').toISOString(),
  });
}

/**
 * Can the strategy get back what this row sent (`history/data/update`)? A delivery (a stop sent no body)
 * of a strategy that still exists (a deleted one's rows keep only its name).
 */
export const restorable = (r: DeliveryRow) =>
  r.action === 'deliver' && r.strategyId !== null && r.kind !== 'template' && r.revision !== null;

/**
 * `/bsa/strategy/deliver-log`: every delivery (and stop) with operator, time, strategy, revision,
 * version and the FCS's result. Rows: `data-row-key` = the delivery id, result tag `deliver-log-result`.
 * A delivery of a strategy that still exists offers "Restore this version" (`deliver-log-restore`, with
 * b-bsa-strategy-edit): after a confirm (`deliver-log-restore-confirm`) the strategy gets the body it sent
 * as a new revision; nothing goes to the station until it is delivered.
 */
export default function DeliverLogPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const stations = useStations();
  const columns: ListColumn<DeliveryRow>[] = [
    {
      key: 'time',
      title: t('strategy.log.time'),
      dataIndex: 'requestedAt',
      width: 160,
      showForce: true,
      render: (v: string) => formatDateTime(v, zone),
    },
    {
      key: 'operator',
      title: t('strategy.log.operator'),
      width: 150,
      render: (_, r) => (
        <span data-testid="deliver-log-operator">
          {r.operator.name} ({r.operator.staffCode})
        </span>
      ),
    },
    { key: 'station', title: t('strategy.log.station'), dataIndex: 'bsaName', width: 150 },
    {
      key: 'strategy',
      title: t('strategy.log.strategy'),
      dataIndex: 'strategyName',
      width: 200,
      render: (v: string, r) =>
        r.strategyId ? <Link to={r.kind === 'template' ? templateViewPath(r.strategyId) : strategyViewPath(r.strategyId)}>{v}</Link> : v,
    },
    {
      key: 'action',
      title: t('strategy.log.action'),
      dataIndex: 'action',
      width: 90,
      render: (v: DeliveryRow['action']) => <Tag>{t(`strategy.log.actions.${v}`)}</Tag>,
    },
    {
      key: 'version',
      title: t('strategy.log.version'),
      width: 110,
      render: (_, r) => (
        <span data-testid="deliver-log-version">
          {r.version === null ? '-' : (strategyVersionName(r.version) ?? r.version)}
          {r.revision !== null ? ` · r${r.revision}` : ''}
        </span>
      ),
    },
    {
      key: 'result',
      title: t('strategy.log.result'),
      dataIndex: 'result',
      width: 100,
      render: (v: DeliveryResult) => <DeliveryResultTag result={v} testId="deliver-log-result" />,
    },
    {
      key: 'answered',
      title: t('strategy.log.answered'),
      dataIndex: 'answeredAt',
      width: 160,
      render: (v: string | null) => (v ? formatDateTime(v, zone) : '-'),
    },
    { key: 'reason', title: t('strategy.log.detail'), dataIndex: 'reason', width: 220, render: (v: string | null) => v ?? '-' },
  ];

  return (
    <EntityListPage<DeliveryRow, Filter, FormValues>
      title={<TitleInZone title={t('strategy.deliverLogTitle')} zone={zone} />}
      testId="deliver-log-list"
      cacheKey="strategy.deliver-log"
      queryKey={strategyKeys.log}
      fetch={(body: ListBody<Filter>) => api(strategy.strategyDeliverLog, body)}
      toFilter={toLogFilter}
      filters={[
        {
          name: 'bsaId',
          label: t('strategy.log.station'),
          node: (
            <Select
              allowClear
              placeholder={t('strategy.all')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(stations.data ?? []).map((s) => ({ value: s.bsaId, label: s.bsaName }))}
            />
          ),
        },
        {
          name: 'result',
          label: t('strategy.log.result'),
          node: (
            <Select
              allowClear
              placeholder={t('strategy.all')}
              options={RESULTS.map((r) => ({ value: r, label: t(`strategy.delivery.${r}`) }))}
            />
          ),
        },
        { name: 'range', label: t('strategy.log.time'), span: 8, node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
      ]}
      columns={columns}
      actionsWidth={170}
      actions={[
        {
          key: 'restore',
          // restoring edits the strategy (as update does): the edit button of its kind; templates are never delivered
          permission: 'b-bsa-strategy-edit',
          label: t('strategy.log.restore'),
          testId: 'deliver-log-restore',
          hidden: (r) => !restorable(r),
          confirm: {
            title: (r) => t('strategy.log.restoreTitle', { name: r.strategyName, revision: r.revision }),
            content: (r) => (
              <span data-testid="deliver-log-restore-text">{t('strategy.log.restoreContent', { revision: r.revision })}</span>
            ),
            okText: t('strategy.log.restoreOk'),
            testId: 'deliver-log-restore-confirm',
            run: (r) => api(strategy.strategyHistoryDataUpdate, { id: r.strategyId!, deliveryId: r.id }),
            done: (r) => t('strategy.log.restored', { name: r.strategyName, revision: r.revision }),
          },
        },
      ]}
    />
  );
}
