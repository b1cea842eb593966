import { Card, Flex, Table, Tag } from 'antd';
import { bsaSecond } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { secondKeys } from '../queries';

/** What each FCS reports it runs, and the hardware versions with the software they run. */
export function VersionsPanel() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const software = useQuery({
    queryKey: secondKeys.software,
    queryFn: () => api(bsaSecond.softwareVersionList, {}),
    refetchInterval: 10_000,
  });
  const hardware = useQuery({ queryKey: secondKeys.hardware, queryFn: () => api(bsaSecond.hardwareVersionList), refetchInterval: 10_000 });
  const unknown = t('bsaSecond.unknown');
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap>
        <Card size="small" title={t('bsaSecond.softwareVersion')} style={{ minWidth: 320 }}>
          <Table
            size="small"
            rowKey={(r) => r.softwareVersion ?? ''}
            pagination={false}
            data-testid="software-versions"
            dataSource={software.data?.versions ?? []}
            columns={[
              { key: 'v', title: t('bsaSecond.softwareVersion'), render: (_, r) => r.softwareVersion ?? unknown },
              { key: 'n', title: t('bsaSecond.fcsCount'), dataIndex: 'fcs', width: 80 },
            ]}
          />
        </Card>
        <Card size="small" title={t('bsaSecond.hardwareVersion')} style={{ minWidth: 420 }}>
          <Table
            size="small"
            rowKey={(r) => r.hardwareVersion ?? ''}
            pagination={false}
            data-testid="hardware-versions"
            dataSource={hardware.data ?? []}
            columns={[
              { key: 'h', title: t('bsaSecond.hardwareVersion'), render: (_, r) => r.hardwareVersion ?? unknown },
              { key: 'n', title: t('bsaSecond.fcsCount'), dataIndex: 'fcs', width: 80 },
              { key: 's', title: t('bsaSecond.softwareVersion'), render: (_, r) => r.softwareVersions.map((v) => <Tag key={v}>{v}</Tag>) },
            ]}
          />
        </Card>
      </Flex>
      <Table
        size="small"
        rowKey="deviceId"
        data-testid="fcs-versions"
        loading={software.isPending}
        pagination={false}
        dataSource={software.data?.fcs ?? []}
        columns={[
          { key: 'code', title: t('bsaSecond.fcs'), dataIndex: 'code', width: 160 },
          { key: 'station', title: t('bsaSecond.station'), width: 160, render: (_, r) => r.station?.code ?? '-' },
          { key: 'sw', title: t('bsaSecond.softwareVersion'), width: 140, render: (_, r) => r.softwareVersion ?? unknown },
          { key: 'hw', title: t('bsaSecond.hardwareVersion'), width: 140, render: (_, r) => r.hardwareVersion ?? unknown },
          { key: 'at', title: t('bsaSecond.reportedAt'), render: (_, r) => (r.reportedAt ? formatInZone(r.reportedAt, zone) : '-') },
        ]}
      />
    </Flex>
  );
}
