import { useState, type Key, type ReactNode } from 'react';
import { App as AntApp, Button, DatePicker, Input, Select, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { alarm } from '@energy/contracts/refs';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Authorized } from '../../../shared/authorized';
import { useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { EntityListPage, type EntityListContext } from '../../../shared/entity-list/entity-list-page';
import type { FilterField } from '../../../shared/filter-form/filter-form';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { ALARM_EXPORT_MAX_ROWS, specPaging, toRecordFilter, type RecordFilter, type RecordFormValues } from '../alarm-filter';
import { alarmColumns } from '../components/alarm-columns';
import { LevelTag } from '../components/level-tag';
import { ReadTag } from '../components/state-tags';
import { ALARM_LEVELS } from '../levels';
import { alarmDetailPath } from '../paths';
import { alarmKeys, type AlarmRow } from '../queries';
import '../texts';

/** The alarm records of the staff's devices: filters, batch read and CSV export with their buttons, a link to each detail. */
export default function AlarmRecordPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const { message } = AntApp.useApp();
  const canRead = useHasPermission('b-alarm-record-read');
  const [selected, setSelected] = useState<number[]>([]);
  const all = t('alarm.all');

  const batchRead = useMutation({
    mutationFn: ({ ids }: { ids: number[]; ctx: EntityListContext<AlarmRow, RecordFilter> }) => api(alarm.alarmLogBatchRead, { ids }),
    onSuccess: async ({ read }, { ctx }) => {
      void message.success(t('alarm.record.batchReadDone', { n: read }));
      setSelected([]);
      await ctx.refresh();
    },
  });
  const select = (options: { value: unknown; label: ReactNode }[], testId?: string, multiple = false) => (
    <Select allowClear mode={multiple ? 'multiple' : undefined} placeholder={all} data-testid={testId} options={options as never} />
  );
  const fields: FilterField[] = [
    { name: 'ouId', label: t('alarm.ou'), node: <OuPicker allowClear placeholder={all} /> },
    {
      name: 'deviceCode',
      label: t('alarm.deviceCode'),
      node: <Input allowClear maxLength={64} placeholder={t('alarm.codePlaceholder')} data-testid="alarm-filter-code" />,
    },
    {
      name: 'deviceName',
      label: t('alarm.deviceName'),
      node: <Input allowClear maxLength={128} placeholder={t('alarm.namePlaceholder')} data-testid="alarm-filter-name" />,
    },
    {
      name: 'alarmLevels',
      label: t('alarm.levels'),
      node: select(
        ALARM_LEVELS.map((l) => ({ value: l, label: <LevelTag level={l} /> })),
        'alarm-filter-levels',
        true,
      ),
    },
    {
      name: 'state',
      label: t('alarm.state'),
      node: select(
        [0, 1].map((s) => ({ value: s, label: t(`alarm.states.${s}`) })),
        'alarm-filter-state',
      ),
    },
    { name: 'range', label: t('alarm.timeRange'), span: 8, node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
    {
      name: 'read',
      label: t('alarm.readState'),
      node: select(
        (['false', 'true'] as const).map((r) => ({ value: r, label: t(`alarm.readStates.${r}`) })),
        'alarm-filter-read',
      ),
    },
    {
      name: 'source',
      label: t('alarm.source'),
      node: select((['rule', 'server'] as const).map((s) => ({ value: s, label: t(`alarm.sources.${s}`) }))),
    },
  ];

  const columns: ListColumn<AlarmRow>[] = [
    ...alarmColumns(t, {
      device: { key: 'device', title: t('alarm.device') },
      renderRule: (v, r) => (
        <Link to={alarmDetailPath(r.id)} data-testid="alarm-record-link">
          {v}
        </Link>
      ),
      withValue: true,
      zone,
    }),
    { key: 'read', title: t('alarm.readState'), dataIndex: 'read', width: 90, render: (v: boolean) => <ReadTag read={v} /> },
    { key: 'ou', title: t('alarm.ou'), dataIndex: 'ouName', width: 150, display: false, render: (v: string | null) => v ?? '-' },
  ];

  return (
    <EntityListPage<AlarmRow, RecordFilter, RecordFormValues>
      title={<TitleInZone title={t('alarm.record.title')} zone={zone} />}
      testId="alarm-record-list"
      cacheKey="alarm.records"
      queryKey={alarmKeys.records}
      fetch={(body: ListBody<RecordFilter>) => api(alarm.alarmLogPage, specPaging(body))}
      toFilter={toRecordFilter}
      filters={fields}
      columns={columns}
      actionsWidth={90}
      actions={[
        {
          key: 'detail',
          label: t('alarm.detail'),
          render: (r) => (
            <Link to={alarmDetailPath(r.id)} data-testid="alarm-record-detail">
              {t('alarm.detail')}
            </Link>
          ),
        },
      ]}
      table={{
        rowSelection: canRead
          ? {
              selectedRowKeys: selected,
              onChange: (keys: Key[]) => setSelected(keys.map(Number)),
              getCheckboxProps: (r) => ({ disabled: r.read }),
            }
          : undefined,
      }}
      excel={{
        name: 'alarm-records',
        exportRef: alarm.alarmLogExport,
        exportPermission: 'b-alarm-record-export',
        exportTestId: 'alarm-export',
        exportMaxRows: ALARM_EXPORT_MAX_ROWS,
      }}
      toolbar={(ctx) => (
        <>
          {selected.length > 0 && <Typography.Text type="secondary">{t('alarm.record.selected', { n: selected.length })}</Typography.Text>}
          <Authorized code="b-alarm-record-read">
            <Button
              icon={<CheckOutlined />}
              disabled={selected.length === 0}
              loading={batchRead.isPending}
              onClick={() => batchRead.mutate({ ids: selected, ctx })}
              data-testid="alarm-batch-read"
            >
              {t('alarm.record.batchRead')}
            </Button>
          </Authorized>
        </>
      )}
    />
  );
}
