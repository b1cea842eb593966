import { useState } from 'react';
import { Drawer, Table, Tag } from 'antd';
import { circuit } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { circuitKeys } from '../queries';

type Record = RefOutput<typeof circuit.energyImportRecordPage>['list'][number];
const STATUS_COLOR = { running: 'processing', done: 'success', failed: 'error' } as const;

/** Past energy config imports: who, when, the file, its rows, the outcome and its first problems. */
export function EnergyImportRecords({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [page, setPage] = useState({ pageOffset: 1, pageSize: 10 });
  const records = useQuery({
    queryKey: circuitKeys.importRecords(page),
    queryFn: () => api(circuit.energyImportRecordPage, page),
  });
  return (
    <Drawer open width={820} title={t('circuit.energy.records')} onClose={onClose} data-testid="energy-import-records">
      <Table<Record>
        size="small"
        rowKey="jobId"
        loading={records.isPending}
        dataSource={records.data?.list ?? []}
        pagination={{
          current: page.pageOffset,
          pageSize: page.pageSize,
          total: records.data?.totalCount ?? 0,
          onChange: (pageOffset, pageSize) => setPage({ pageOffset, pageSize }),
        }}
        expandable={{
          rowExpandable: (r) => r.job.problems.length > 0,
          expandedRowRender: (r) => (
            <ul style={{ margin: 0 }}>
              {r.job.problems.map((p) => (
                <li key={`${p.row}|${p.column}|${p.message}`}>{t('circuit.energy.problem', p)}</li>
              ))}
            </ul>
          ),
        }}
        columns={[
          { title: t('circuit.energy.at'), dataIndex: 'createdAt', render: (v: string) => formatInZone(v, zone) },
          { title: t('circuit.energy.who'), dataIndex: 'staffCode' },
          { title: t('circuit.energy.file'), dataIndex: 'fileName' },
          { title: t('circuit.energy.rows'), dataIndex: 'rows', align: 'right' },
          {
            title: t('circuit.energy.status'),
            key: 'status',
            render: (_, r) => <Tag color={STATUS_COLOR[r.job.status]}>{t(`circuit.energy.statuses.${r.job.status}`)}</Tag>,
          },
          { title: t('circuit.energy.problems'), key: 'problems', align: 'right', render: (_, r) => r.job.problemCount },
        ]}
      />
    </Drawer>
  );
}
