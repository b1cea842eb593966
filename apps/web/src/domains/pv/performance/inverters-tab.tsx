import { Card, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { pvKeys } from '../queries';
import { fixed2, kwh, percent } from './format';
import type { PeriodProps } from './performance-page';

type Row = RefOutput<typeof pv.performanceInverterExpression>['rows'][number];

/** Each inverter's AC and DC energy, efficiency, equivalent hours and PR over the period, ranked by equivalent hours. */
export function InvertersTab({ pvId, from, to }: PeriodProps) {
  const { t } = useTranslation();
  const p = (k: string) => t(`pvPerf.${k}`);
  const input = { pvId, from, to };
  const answer = useQuery({
    queryKey: pvKeys.of(pv.performanceInverterExpression, input),
    queryFn: () => api(pv.performanceInverterExpression, input),
  });
  const columns: TableColumnsType<Row> = [
    { title: p('rank'), dataIndex: 'rank', width: 70, fixed: 'left' },
    { title: p('code'), dataIndex: 'code', width: 110 },
    { title: p('name'), dataIndex: 'name' },
    { title: p('area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '-' },
    { title: p('capacity'), dataIndex: 'capacityKwp', align: 'right' },
    { title: p('eAc'), key: 'ac', align: 'right', render: (_, r) => kwh(r.eAcWh) },
    { title: p('eDc'), key: 'dc', align: 'right', render: (_, r) => kwh(r.eDcWh) },
    { title: p('efficiency'), key: 'eff', align: 'right', render: (_, r) => percent(r.efficiency) },
    { title: p('hours'), key: 'eh', align: 'right', render: (_, r) => fixed2(r.equivalentHours) },
    { title: p('pr'), key: 'pr', align: 'right', render: (_, r) => percent(r.pr) },
  ];
  return (
    <Card
      extra={
        <Authorized code="b-pv-performance-export">
          <ExportButton
            exportRef={pv.performanceExport}
            filter={{ table: 'inverters', ...input }}
            name="pv-inverter-ranking"
            testId="inverters-export"
          />
        </Authorized>
      }
    >
      <Table<Row>
        size="small"
        rowKey="inverterId"
        loading={answer.isPending}
        columns={columns}
        dataSource={answer.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="inverters-table"
      />
    </Card>
  );
}
