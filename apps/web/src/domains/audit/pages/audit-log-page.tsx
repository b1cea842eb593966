import { useState } from 'react';
import { App as AntApp, Button, DatePicker, Input, Select, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { audit } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../app/shell/permission';
import { useHasPermission } from '../../../app/shell/shell-data';
import { api, ApiError, send } from '../../../shared/api/client';
import { FilterForm, type FilterField } from '../../../shared/filter-form/filter-form';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { toAuditBody, type AuditFilter } from '../audit-filter';
import { StaffSelect } from '../components/staff-select';
import '../texts';

type AuditRow = RefOutput<typeof audit.auditLogPage>['list'][number];

/** Who changed what, when, and with which outcome; exportable as CSV with the export permission. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  // the staff filter searches the staff page call, which needs the staff page
  const seesStaff = useHasPermission('p-settings-staff');
  const list = useListQuery({ queryKey: ['audit', 'page'], fetch: (body) => api(audit.auditLogPage, body), toFilter: toAuditBody });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const res = await send(audit.auditLogExport.method, audit.auditLogExport.path, JSON.stringify(list.filter));
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { msg?: string } | null;
        throw new ApiError('http', res.status, null, body?.msg || t('errors.requestFailed'));
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `audit-log-${dayjs().format('YYYY-MM-DD')}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : t('errors.requestFailed'));
    } finally {
      setExporting(false);
    }
  };

  const fields: FilterField[] = [
    { name: 'range', label: t('audit.range'), span: 8, node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
    ...(seesStaff ? [{ name: 'staff', label: t('audit.staff'), node: <StaffSelect /> }] : []),
    {
      name: 'call',
      label: t('audit.call'),
      node: <Input allowClear maxLength={200} placeholder={t('audit.callPlaceholder')} data-testid="audit-filter-call" />,
    },
    {
      name: 'outcome',
      label: t('audit.outcome'),
      node: (
        <Select
          allowClear
          placeholder={t('audit.all')}
          options={[
            { value: 'ok', label: t('audit.ok') },
            { value: 'error', label: t('audit.error') },
          ]}
        />
      ),
    },
  ];

  const columns: ListColumn<AuditRow>[] = [
    {
      key: 'at',
      title: t('audit.at'),
      dataIndex: 'at',
      width: 170,
      showForce: true,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    { key: 'user', title: t('audit.user'), dataIndex: 'username', width: 120 },
    { key: 'staff', title: t('audit.staff'), dataIndex: 'staffCode', width: 120 },
    { key: 'call', title: t('audit.call'), dataIndex: 'call', width: 300 },
    { key: 'target', title: t('audit.target'), dataIndex: 'target', width: 200 },
    {
      key: 'outcome',
      title: t('audit.outcome'),
      dataIndex: 'outcome',
      width: 100,
      render: (v: 'ok' | 'error') => <Tag color={v === 'ok' ? 'green' : 'red'}>{t(`audit.${v}`)}</Tag>,
    },
    { key: 'code', title: t('audit.code'), dataIndex: 'code', width: 90 },
    { key: 'ip', title: t('audit.ip'), dataIndex: 'ip', width: 130 },
    { key: 'duration', title: t('audit.duration'), dataIndex: 'durationMs', width: 120, align: 'right' },
  ];

  return (
    <ListPage title={t('audit.title')} testId="audit-log">
      <FilterForm<AuditFilter> fields={fields} onQuery={list.query} />
      <ListTable<AuditRow>
        cacheKey="audit-log"
        rowKey="id"
        columns={columns}
        {...list.table}
        toolbar={
          <Authorized code="b-audit-export">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="audit-export">
              {t('audit.export')}
            </Button>
          </Authorized>
        }
      />
    </ListPage>
  );
}
