import { DatePicker, Input, Select, Tag } from 'antd';
import { audit } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { FilterField } from '../../../shared/filter-form/filter-form';
import { DOMAIN_KEYS } from '../../../shared/query-keys';
import type { ListColumn } from '../../../shared/table/list-table';
import { toAuditBody, type AuditFilter } from '../audit-filter';
import { StaffSelect } from '../components/staff-select';
import '../texts';
import { TitleInZone, formatInZone, useTenantZone } from '../../../shared/time-zone';

type AuditRow = RefOutput<typeof audit.auditLogPage>['list'][number];
type AuditBody = ReturnType<typeof toAuditBody>;

/** Who changed what, when, and with which outcome; exportable (Excel or CSV) with the export permission. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  // the staff filter searches the staff page call, which needs the staff page
  const seesStaff = useHasPermission('p-settings-staff');

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
          options={(['ok', 'error'] as const).map((v) => ({ value: v, label: t(`audit.${v}`) }))}
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
      render: (v: string) => formatInZone(v, zone),
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
    <EntityListPage<AuditRow, AuditBody, AuditFilter>
      title={<TitleInZone title={t('audit.title')} zone={zone} />}
      testId="audit-log"
      cacheKey="audit-log"
      queryKey={DOMAIN_KEYS.audit.page(audit.auditLogPage)}
      fetch={(body) => api(audit.auditLogPage, body)}
      toFilter={toAuditBody}
      filters={fields}
      columns={columns}
      excel={{ name: 'audit-log', exportRef: audit.auditLogExport, exportPermission: 'b-audit-export', exportTestId: 'audit-export' }}
    />
  );
}
