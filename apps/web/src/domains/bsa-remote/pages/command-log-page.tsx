import { DatePicker, Select } from 'antd';
import { bsaRemote } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import { cleanFilter, type ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { RemoteStatusTag, valueText } from '../components/status-tag';
import { REMOTE_STATUSES, remoteKeys, useRemoteStations, type LogRow, type RemoteAction, type RemoteStatus } from '../queries';
import '../texts';

interface FormValues {
  bsaId?: number;
  deviceId?: number;
  status?: RemoteStatus;
  range?: [Dayjs, Dayjs] | null;
}
interface Filter {
  bsaId?: number;
  deviceId?: number;
  status?: RemoteStatus;
  from?: string;
  to?: string;
}

/** The date range as whole days: from the first day's start to the day after the last (exclusive). */
export function toRemoteLogFilter({ range, ...rest }: FormValues): Filter {
  return cleanFilter({
    ...rest,
    from: range?.[0]?.startOf('day').toISOString(),
    to: range?.[1]?.add(1, 'day').startOf('day').toISOString(),
  });
}

/**
 * `/bsa/asset/remote-control-log`: every command sent, with station, device, value, status, the device's
 * answer, operator and times; Excel export of the filtered log (`b-bsa-remote-log-export`). Rows:
 * `data-row-key` = the log id, status tag `remote-log-status`.
 */
export default function CommandLogPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const stations = useRemoteStations();
  const devices = useQuery({ queryKey: [...remoteKeys.all, 'log-devices'], queryFn: () => api(bsaRemote.logDeviceList, {}) });
  const columns: ListColumn<LogRow>[] = [
    {
      key: 'time',
      title: t('bsaRemote.log.time'),
      dataIndex: 'requestedAt',
      width: 160,
      showForce: true,
      render: (v: string) => formatDateTime(v, zone),
    },
    { key: 'station', title: t('bsaRemote.log.station'), dataIndex: 'bsaName', width: 160 },
    { key: 'device', title: t('bsaRemote.log.device'), dataIndex: 'deviceCode', width: 150 },
    {
      key: 'command',
      title: t('bsaRemote.log.command'),
      dataIndex: 'commandName',
      width: 180,
      render: (v: string, r) => `${v} · ${t(`bsaRemote.actions.${r.action as RemoteAction}`)}`,
    },
    { key: 'value', title: t('bsaRemote.log.value'), width: 110, render: (_, r) => valueText(r) },
    {
      key: 'status',
      title: t('bsaRemote.log.status'),
      dataIndex: 'status',
      width: 130,
      render: (v: RemoteStatus) => <RemoteStatusTag status={v} testId="remote-log-status" />,
    },
    { key: 'reason', title: t('bsaRemote.log.reason'), dataIndex: 'reason', width: 240, render: (v: string | null) => v ?? '-' },
    { key: 'operator', title: t('bsaRemote.log.operator'), width: 150, render: (_, r) => `${r.operatorName} (${r.operatorCode})` },
    {
      key: 'answered',
      title: t('bsaRemote.log.answered'),
      dataIndex: 'answeredAt',
      width: 160,
      render: (v: string | null) => (v ? formatDateTime(v, zone) : '-'),
    },
  ];
  return (
    <EntityListPage<LogRow, Filter, FormValues>
      title={<TitleInZone title={t('bsaRemote.logTitle')} zone={zone} />}
      testId="remote-log-list"
      cacheKey="bsa-remote.log"
      queryKey={remoteKeys.log}
      fetch={(body: ListBody<Filter>) => api(bsaRemote.logPage, body)}
      toFilter={toRemoteLogFilter}
      filters={[
        {
          name: 'bsaId',
          label: t('bsaRemote.log.station'),
          node: (
            <Select
              allowClear
              placeholder={t('bsaRemote.all')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(stations.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          ),
        },
        {
          name: 'deviceId',
          label: t('bsaRemote.log.device'),
          node: (
            <Select
              allowClear
              placeholder={t('bsaRemote.all')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(devices.data ?? []).map((d) => ({ value: d.deviceId, label: `${d.code} (${d.bsaName})` }))}
            />
          ),
        },
        {
          name: 'status',
          label: t('bsaRemote.log.status'),
          node: (
            <Select
              allowClear
              placeholder={t('bsaRemote.all')}
              options={REMOTE_STATUSES.map((s) => ({ value: s, label: t(`bsaRemote.statuses.${s}`) }))}
            />
          ),
        },
        { name: 'range', label: t('bsaRemote.log.time'), span: 8, node: <DatePicker.RangePicker style={{ width: '100%' }} /> },
      ]}
      columns={columns}
      excel={{ name: 'remote-command-log', exportRef: bsaRemote.logExport, exportPermission: 'b-bsa-remote-log-export' }}
    />
  );
}
