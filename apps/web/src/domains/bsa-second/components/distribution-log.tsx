import { App as AntApp, Input, Select, Typography } from 'antd';
import { bsaSecond as contract } from '@energy/contracts';
import { bsaSecond } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { secondKeys, type FirmwareState, type TargetRow } from '../queries';
import { StateTag } from './state-tag';

interface Filter {
  state?: FirmwareState;
  softwareVersion?: string;
  distributionId?: number;
}

/** Every target of every distribution, newest first, with a retry of the failed ones and the export. */
export function DistributionLog() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const zone = useTenantZone();
  return (
    <EntityListPage<TargetRow, Filter>
      title={t('bsaSecond.logTab')}
      testId="distribution-log"
      cacheKey="bsa-second.distribution-log"
      queryKey={secondKeys.log}
      fetch={(body: ListBody<Filter>) => api(bsaSecond.distributeLogList, body)}
      filters={[
        {
          name: 'state',
          label: t('bsaSecond.state'),
          node: <Select allowClear options={contract.FIRMWARE_STATES.map((s) => ({ value: s, label: t(`bsaSecond.states.${s}`) }))} />,
        },
        { name: 'softwareVersion', label: t('bsaSecond.toVersion'), node: <Input allowClear maxLength={32} /> },
      ]}
      columns={[
        { key: 'distribution', title: t('bsaSecond.distributionId'), dataIndex: 'distributionId', width: 100 },
        { key: 'fcs', title: t('bsaSecond.fcs'), dataIndex: 'fcsCode', width: 150, showForce: true },
        { key: 'station', title: t('bsaSecond.station'), dataIndex: 'stationCode', width: 150, render: (v: string | null) => v ?? '-' },
        { key: 'package', title: t('bsaSecond.package'), dataIndex: 'fileName', width: 160, display: false },
        { key: 'from', title: t('bsaSecond.fromVersion'), dataIndex: 'fromVersion', width: 90, render: (v: string | null) => v ?? '-' },
        { key: 'to', title: t('bsaSecond.toVersion'), dataIndex: 'softwareVersion', width: 90 },
        { key: 'attempt', title: t('bsaSecond.attempt'), dataIndex: 'attempt', width: 80 },
        {
          key: 'state',
          title: t('bsaSecond.state'),
          dataIndex: 'state',
          width: 110,
          render: (v: FirmwareState, r) => <StateTag state={v} testId={`log-state-${r.id}`} />,
        },
        {
          key: 'reason',
          title: t('bsaSecond.reason'),
          dataIndex: 'reason',
          width: 200,
          render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '-'),
        },
        { key: 'created', title: t('bsaSecond.started'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatInZone(v, zone) },
        {
          key: 'finished',
          title: t('bsaSecond.finished'),
          dataIndex: 'finishedAt',
          width: 170,
          render: (v: string | null) => (v ? formatInZone(v, zone) : '-'),
        },
      ]}
      actionsWidth={90}
      actions={[
        {
          key: 'retry',
          permission: 'b-bsa-firmware-distribute',
          label: t('bsaSecond.retry'),
          testId: 'log-retry',
          hidden: (r) => r.state !== 'failed' || r.fcsDeviceId === null,
          onClick: async (r, ctx) => {
            await api(bsaSecond.distribute, { distributionId: r.distributionId, fcsDeviceIds: [r.fcsDeviceId!] });
            void message.success(t('bsaSecond.retried'));
            await ctx.refresh();
          },
        },
      ]}
      excel={{ name: 'firmware-distribution-log', exportRef: bsaSecond.distributeLogExport, exportPermission: 'b-bsa-firmware-export' }}
    />
  );
}
