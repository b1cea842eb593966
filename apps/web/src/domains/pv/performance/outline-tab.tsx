import { useState } from 'react';
import { Card, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { pvKeys } from '../queries';
import { PagedTable } from './paged-table';
import { fixed2, kwh, percent } from './format';

type Row = RefOutput<typeof pv.performanceOutlinePage>['list'][number];

/** The stations the staff sees with their capacity, energy, equivalent hours and PR over the period. */
export function OutlineTab({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const p = (k: string) => t(`pvPerf.${k}`);
  const [keyword, setKeyword] = useState<string | undefined>();
  const [paging, setPaging] = useState({ pageOffset: 1, pageSize: 20 });
  const input = { ...paging, from, to, ...(keyword ? { keyword } : {}) };
  const page = useQuery({
    queryKey: pvKeys.of(pv.performanceOutlinePage, input),
    queryFn: () => api(pv.performanceOutlinePage, input),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<Row> = [
    { title: p('code'), dataIndex: 'code', width: 120, fixed: 'left' },
    { title: p('name'), dataIndex: 'name' },
    { title: p('capacity'), dataIndex: 'capacityKwp', align: 'right' },
    { title: p('energy'), key: 'e', align: 'right', render: (_, r) => kwh(r.generationWh) },
    { title: p('irradiation'), key: 'h', align: 'right', render: (_, r) => kwh(r.irradiationWhM2) },
    { title: p('hours'), key: 'eh', align: 'right', render: (_, r) => fixed2(r.equivalentHours) },
    { title: p('pr'), key: 'pr', align: 'right', render: (_, r) => percent(r.pr) },
    { title: p('prTemp'), key: 'prt', align: 'right', render: (_, r) => percent(r.prTempCorrected) },
  ];
  return (
    <Card
      title={
        <Input.Search
          allowClear
          style={{ maxWidth: 280 }}
          placeholder={`${p('code')} / ${p('name')}`}
          onSearch={(v) => {
            setKeyword(v || undefined);
            setPaging((x) => ({ ...x, pageOffset: 1 }));
          }}
          data-testid="outline-keyword"
        />
      }
      extra={
        <Authorized code="b-pv-performance-export">
          <ExportButton
            exportRef={pv.performanceExport}
            filter={{ table: 'outline', from, to, ...(keyword ? { keyword } : {}) }}
            name="pv-performance"
            testId="outline-export"
          />
        </Authorized>
      }
    >
      <PagedTable<Row>
        columns={columns}
        page={page.data}
        pending={page.isPending}
        paging={paging}
        onPaging={setPaging}
        testId="outline-table"
      />
    </Card>
  );
}
