import type { ReactNode } from 'react';
import { DatePicker, Input, Select } from 'antd';
import { alarm } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { FilterField } from '../../../shared/filter-form/filter-form';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { ALARM_EXPORT_MAX_ROWS, specPaging } from '../alarm-filter';
import { LevelTag } from '../components/level-tag';
import { StateTag } from '../components/state-tags';
import { ALARM_LEVELS } from '../levels';
import { alarmDetailPath } from '../paths';
import { formatAlarmTime } from '../push-format';
import { alarmKeys, type TenantWorkOrder } from '../queries';
import { toWorkOrderFilter, type WorkOrderFilter, type WorkOrderFormValues } from '../work-order-filter';
import '../texts';

/**
 * Every work order of the alarms the staff sees (issue 17), newest first: filters on the work order and its
 * alarm, the Excel export with its button, times in the tenant's zone, a link from each to its alarm.
 */
export default function WorkOrderListPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const all = t('alarm.all');

  const select = (options: { value: unknown; label: ReactNode }[], testId: string, multiple = false) => (
    <Select allowClear mode={multiple ? 'multiple' : undefined} placeholder={all} data-testid={testId} options={options as never} />
  );
  const fields: FilterField[] = [
    {
      name: 'keyword',
      label: t('alarm.workOrderList.keyword'),
      node: (
        <Input
          allowClear
          maxLength={100}
          placeholder={t('alarm.workOrderList.keywordPlaceholder')}
          data-testid="work-order-filter-keyword"
        />
      ),
    },
    {
      name: 'assignee',
      label: t('alarm.workOrderList.assignee'),
      node: (
        <Input
          allowClear
          maxLength={64}
          placeholder={t('alarm.workOrderList.assigneePlaceholder')}
          data-testid="work-order-filter-assignee"
        />
      ),
    },
    { name: 'range', label: t('alarm.workOrderList.createdRange'), span: 8, node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
    { name: 'ouId', label: t('alarm.ou'), node: <OuPicker allowClear placeholder={all} /> },
    {
      name: 'deviceCode',
      label: t('alarm.deviceCode'),
      node: <Input allowClear maxLength={64} placeholder={t('alarm.codePlaceholder')} data-testid="work-order-filter-device" />,
    },
    {
      name: 'alarmLevels',
      label: t('alarm.levels'),
      node: select(
        ALARM_LEVELS.map((l) => ({ value: l, label: <LevelTag level={l} /> })),
        'work-order-filter-levels',
        true,
      ),
    },
    {
      name: 'state',
      label: t('alarm.workOrderList.alarmState'),
      node: select(
        [0, 1].map((s) => ({ value: s, label: t(`alarm.states.${s}`) })),
        'work-order-filter-state',
      ),
    },
  ];

  const columns: ListColumn<TenantWorkOrder>[] = [
    {
      key: 'createdAt',
      title: t('alarm.workOrderList.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => formatAlarmTime(v, zone),
    },
    { key: 'title', title: t('alarm.workOrderList.orderTitle'), dataIndex: 'title', width: 200, showForce: true },
    { key: 'content', title: t('alarm.workOrderList.content'), dataIndex: 'content', width: 260 },
    {
      key: 'assignee',
      title: t('alarm.workOrderList.assignee'),
      dataIndex: 'assignee',
      width: 140,
      render: (v: string | null) => v || '-',
    },
    {
      key: 'alarm',
      title: t('alarm.workOrderList.alarm'),
      dataIndex: 'ruleName',
      width: 220,
      render: (v: string, r) => (
        <span>
          <LevelTag level={r.alarmLevel} />
          <Link to={alarmDetailPath(r.alarmId)} data-testid="work-order-alarm-link">
            {v}
          </Link>
        </span>
      ),
    },
    {
      key: 'device',
      title: t('alarm.device'),
      dataIndex: 'deviceName',
      width: 180,
      render: (v: string | null, r) => (v ? `${v}${r.deviceCode ? ` (${r.deviceCode})` : ''}` : '-'),
    },
    {
      key: 'alarmState',
      title: t('alarm.workOrderList.alarmState'),
      dataIndex: 'alarmState',
      width: 110,
      render: (v: number) => <StateTag state={v} />,
    },
    { key: 'createdBy', title: t('alarm.workOrderList.createdBy'), dataIndex: 'createdBy', width: 160 },
    {
      key: 'alarmTime',
      title: t('alarm.alarmTime'),
      dataIndex: 'alarmTime',
      width: 170,
      display: false,
      render: (v: string) => formatAlarmTime(v, zone),
    },
    { key: 'ou', title: t('alarm.ou'), dataIndex: 'ouName', width: 150, display: false, render: (v: string | null) => v ?? '-' },
  ];

  return (
    <EntityListPage<TenantWorkOrder, WorkOrderFilter, WorkOrderFormValues>
      title={<TitleInZone title={t('alarm.workOrderList.title')} zone={zone} />}
      testId="work-order-list"
      cacheKey="alarm.workOrders"
      queryKey={alarmKeys.workOrderList}
      fetch={(body: ListBody<WorkOrderFilter>) => api(alarm.alarmWorkOrderPage, specPaging(body))}
      toFilter={(v) => toWorkOrderFilter(v, zone)}
      filters={fields}
      columns={columns}
      actionsWidth={90}
      actions={[
        {
          key: 'alarm',
          label: t('alarm.workOrderList.openAlarm'),
          render: (r) => (
            <Link to={alarmDetailPath(r.alarmId)} data-testid="work-order-alarm">
              {t('alarm.workOrderList.openAlarm')}
            </Link>
          ),
        },
      ]}
      excel={{
        name: 'work-orders',
        exportRef: alarm.alarmWorkOrderExport,
        exportPermission: 'b-alarm-work-order-export',
        exportTestId: 'work-order-export',
        exportMaxRows: ALARM_EXPORT_MAX_ROWS,
      }}
    />
  );
}
