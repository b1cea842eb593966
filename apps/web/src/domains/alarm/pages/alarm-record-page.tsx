import { useState, type Key } from 'react';
import { App as AntApp, Button, DatePicker, Input, Select, Space, Typography } from 'antd';
import { CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import { alarm } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Authorized } from '../../../app/shell/permission';
import { useHasPermission } from '../../../app/shell/shell-data';
import { api } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download';
import { FilterForm, type FilterField } from '../../../shared/filter-form/filter-form';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { useOuList } from '../../ou/queries';
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
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const ous = useOuList();
  const canRead = useHasPermission('b-alarm-record-read');
  const list = useListQuery({
    queryKey: alarmKeys.records,
    fetch: (body: ListBody<RecordFilter>) => api(alarm.alarmLogPage, specPaging(body)),
    toFilter: toRecordFilter,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);

  const batchRead = useMutation({
    mutationFn: (ids: number[]) => api(alarm.alarmLogBatchRead, { ids }),
    onSuccess: async ({ read }) => {
      void message.success(t('alarm.record.batchReadDone', { n: read }));
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    },
  });

  const exportCsv = async () => {
    const total = list.page.data?.totalCount ?? 0;
    if (total > ALARM_EXPORT_MAX_ROWS) void message.warning(t('alarm.record.exportTooMany', { n: ALARM_EXPORT_MAX_ROWS }));
    setExporting(true);
    try {
      await downloadFile(alarm.alarmLogExport, list.filter, `alarm-records-${dayjs().format('YYYY-MM-DD')}.csv`);
    } finally {
      setExporting(false);
    }
  };

  const fields: FilterField[] = [
    {
      name: 'ouId',
      label: t('alarm.ou'),
      node: (
        <Select
          allowClear
          placeholder={t('alarm.all')}
          showSearch={{ optionFilterProp: 'label' }}
          options={(ous.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        />
      ),
    },
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
      node: (
        <Select
          mode="multiple"
          allowClear
          placeholder={t('alarm.all')}
          data-testid="alarm-filter-levels"
          options={ALARM_LEVELS.map((l) => ({ value: l, label: <LevelTag level={l} /> }))}
        />
      ),
    },
    {
      name: 'state',
      label: t('alarm.state'),
      node: (
        <Select
          allowClear
          placeholder={t('alarm.all')}
          data-testid="alarm-filter-state"
          options={[0, 1].map((s) => ({ value: s, label: t(`alarm.states.${s}`) }))}
        />
      ),
    },
    { name: 'range', label: t('alarm.timeRange'), span: 8, node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
    {
      name: 'read',
      label: t('alarm.readState'),
      node: (
        <Select
          allowClear
          placeholder={t('alarm.all')}
          data-testid="alarm-filter-read"
          options={(['false', 'true'] as const).map((r) => ({ value: r, label: t(`alarm.readStates.${r}`) }))}
        />
      ),
    },
    {
      name: 'source',
      label: t('alarm.source'),
      node: (
        <Select
          allowClear
          placeholder={t('alarm.all')}
          options={(['rule', 'server'] as const).map((s) => ({ value: s, label: t(`alarm.sources.${s}`) }))}
        />
      ),
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
    }),
    { key: 'read', title: t('alarm.readState'), dataIndex: 'read', width: 90, render: (v: boolean) => <ReadTag read={v} /> },
    { key: 'ou', title: t('alarm.ou'), dataIndex: 'ouName', width: 150, display: false, render: (v: string | null) => v ?? '-' },
    {
      key: 'actions',
      title: t('alarm.actions'),
      width: 90,
      fixed: 'right',
      showForce: true,
      render: (_, r) => (
        <Link to={alarmDetailPath(r.id)} data-testid="alarm-record-detail">
          {t('alarm.detail')}
        </Link>
      ),
    },
  ];

  return (
    <ListPage title={t('alarm.record.title')} testId="alarm-record-list">
      <FilterForm<RecordFormValues> fields={fields} onQuery={list.query} />
      <ListTable<AlarmRow>
        cacheKey="alarm.records"
        rowKey="id"
        columns={columns}
        {...list.table}
        rowSelection={
          canRead
            ? {
                selectedRowKeys: selected,
                onChange: (keys: Key[]) => setSelected(keys.map(Number)),
                getCheckboxProps: (r) => ({ disabled: r.read }),
              }
            : undefined
        }
        toolbar={
          <Space>
            {selected.length > 0 && (
              <Typography.Text type="secondary">{t('alarm.record.selected', { n: selected.length })}</Typography.Text>
            )}
            <Authorized code="b-alarm-record-read">
              <Button
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                loading={batchRead.isPending}
                onClick={() => batchRead.mutate(selected)}
                data-testid="alarm-batch-read"
              >
                {t('alarm.record.batchRead')}
              </Button>
            </Authorized>
            <Authorized code="b-alarm-record-export">
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="alarm-export">
                {t('alarm.record.export')}
              </Button>
            </Authorized>
          </Space>
        }
      />
    </ListPage>
  );
}
