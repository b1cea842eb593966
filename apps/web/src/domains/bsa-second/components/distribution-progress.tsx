import { Card, Table, Typography } from 'antd';
import { bsaSecond } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { secondKeys, type Distribution, type TargetRow } from '../queries';
import { StateTag } from './state-tag';

/** How often a distribution under way is asked again (the FCS reports each state over MQTT). */
export const PROGRESS_POLL_MS = 1000;

const done = (rows: TargetRow[]) => rows.length > 0 && rows.every((r) => r.state === 'updated' || r.state === 'failed');

/** A distribution's targets with their live state: polled every second until each is updated or failed. */
export function DistributionProgress({ distribution }: { distribution: Distribution }) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const targets = useQuery({
    queryKey: [...secondKeys.log, { distributionId: distribution.id, live: true }],
    queryFn: async () => (await api(bsaSecond.distributeLogList, { distributionId: distribution.id, pageSize: 100, pageOffset: 1 })).list,
    refetchInterval: (q) => (q.state.data && done(q.state.data) ? false : PROGRESS_POLL_MS),
  });
  const rows = targets.data ?? distribution.targets;
  return (
    <Card
      size="small"
      data-testid="distribution-progress"
      title={t('bsaSecond.distribution', {
        id: distribution.id,
        version: distribution.softwareVersion,
        sha: `${distribution.sha256.slice(0, 12)}…`,
      })}
    >
      <Table<TargetRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        onRow={(r) => ({ 'data-testid': `target-${r.fcsCode}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'fcs', title: t('bsaSecond.fcs'), dataIndex: 'fcsCode', width: 160 },
          { key: 'station', title: t('bsaSecond.station'), dataIndex: 'stationCode', width: 160, render: (v: string | null) => v ?? '-' },
          { key: 'from', title: t('bsaSecond.fromVersion'), dataIndex: 'fromVersion', width: 100, render: (v: string | null) => v ?? '-' },
          { key: 'attempt', title: t('bsaSecond.attempt'), dataIndex: 'attempt', width: 80 },
          {
            key: 'state',
            title: t('bsaSecond.state'),
            dataIndex: 'state',
            width: 120,
            render: (v: TargetRow['state'], r) => <StateTag state={v} testId={`target-state-${r.fcsCode}`} />,
          },
          {
            key: 'reason',
            title: t('bsaSecond.reason'),
            dataIndex: 'reason',
            render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '-'),
          },
          {
            key: 'updated',
            title: t('bsaSecond.reportedAt'),
            dataIndex: 'updatedAt',
            width: 170,
            render: (v: string) => formatInZone(v, zone),
          },
        ]}
      />
    </Card>
  );
}
