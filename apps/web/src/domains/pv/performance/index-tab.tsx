import { useMemo, useState } from 'react';
import { Alert, Card, Flex, Segmented, Select, Space, Statistic, theme as antdTheme } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ChartTableCards } from '../../../shared/chart/chart-table-cards';
import { ExportButton } from '../../../shared/excel/export-buttons';

import { pvKeys } from '../queries';
import { indexChartOption } from './chart-options';
import { fixed2, kwh, percent } from './format';
import type { PeriodProps } from './performance-page';

type Answer = RefOutput<typeof pv.performanceIndex>;
type Period = Answer['periods'][number];
type Level = Answer['level'];
type Resolution = 'day' | 'month' | 'year';

/** The indices of the station, an area or an inverter per day, month or year, with the period's totals. */
export function IndexTab({ pvId, from, to }: PeriodProps) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const [level, setLevel] = useState<Level>('station');
  const [targetId, setTargetId] = useState<number | undefined>();
  const [resolution, setResolution] = useState<Resolution>('day');
  const p = (k: string) => t(`pvPerf.${k}`);
  const areas = useQuery({
    queryKey: pvKeys.of(pv.pvAreaList, { pvId }),
    queryFn: () => api(pv.pvAreaList, { pvId }),
    enabled: level === 'area',
  });
  const inverters = useQuery({
    queryKey: pvKeys.of(pv.pvInverterList, { pvId }),
    queryFn: () => api(pv.pvInverterList, { pvId }),
    enabled: level === 'inverter',
  });
  const ready = level === 'station' || targetId !== undefined;
  const input = { pvId, level, resolution, from, to, ...(level === 'station' ? {} : { targetId }) };
  const index = useQuery({
    queryKey: pvKeys.of(pv.performanceIndex, input),
    queryFn: () => api(pv.performanceIndex, input),
    enabled: ready,
  });
  const data = index.data;
  const option = useMemo(
    () =>
      indexChartOption(
        data?.periods ?? [],
        { energy: p('energy'), pr: p('pr'), prTemp: p('prTemp') },
        { energy: token.colorPrimary, pr: token.colorSuccess, prTemp: token.colorWarning },
      ),
    [data, token, t],
  );
  const targets = level === 'area' ? (areas.data ?? []) : (inverters.data ?? []);
  const columns: TableColumnsType<Period> = [
    { title: p('period'), dataIndex: 'label', width: 110, fixed: 'left' },
    { title: p('energy'), key: 'e', align: 'right', render: (_, r) => kwh(r.generationWh) },
    { title: p('irradiation'), key: 'h', align: 'right', render: (_, r) => kwh(r.irradiationWhM2) },
    { title: p('pr'), key: 'pr', align: 'right', render: (_, r) => percent(r.pr) },
    { title: p('prTemp'), key: 'prt', align: 'right', render: (_, r) => percent(r.prTempCorrected) },
    { title: p('hours'), key: 'eh', align: 'right', render: (_, r) => fixed2(r.equivalentHours) },
    { title: p('yield'), key: 'y', align: 'right', render: (_, r) => fixed2(r.specificYieldKwhPerKwp) },
  ];
  return (
    <Flex vertical gap={16} data-testid="performance-index">
      <Card
        extra={
          ready && (
            <Authorized code="b-pv-performance-export">
              <ExportButton
                exportRef={pv.performanceExport}
                filter={{ table: 'index', ...input }}
                name="pv-performance-index"
                testId="index-export"
              />
            </Authorized>
          )
        }
        title={
          <Space wrap>
            <Segmented
              value={level}
              options={(['station', 'area', 'inverter'] as const).map((v) => ({ value: v, label: t(`pvPerf.level.${v}`) }))}
              onChange={(v) => {
                setLevel(v as Level);
                setTargetId(undefined);
              }}
              data-testid="index-level"
            />
            {level !== 'station' && (
              <Select
                style={{ minWidth: 200 }}
                placeholder={p('pickTarget')}
                value={targetId}
                options={targets.map((x) => ({ value: x.id, label: x.name }))}
                onChange={(v) => setTargetId(v)}
                data-testid="index-target"
              />
            )}
            <Segmented
              value={resolution}
              options={(['day', 'month', 'year'] as const).map((v) => ({ value: v, label: t(`pvPerf.resolution.${v}`) }))}
              onChange={(v) => setResolution(v as Resolution)}
              data-testid="index-resolution"
            />
          </Space>
        }
        loading={ready && index.isPending}
      >
        <Flex gap={32} wrap data-testid="index-totals">
          <Statistic title={p('pr')} value={percent(data?.total.pr)} />
          <Statistic title={p('prTemp')} value={percent(data?.total.prTempCorrected)} />
          <Statistic title={p('hours')} value={fixed2(data?.total.equivalentHours)} />
          <Statistic title={p('yield')} value={fixed2(data?.total.specificYieldKwhPerKwp)} />
          <Statistic title={p('energy')} value={kwh(data?.total.generationWh)} />
          <Statistic title={p('irradiation')} value={kwh(data?.total.irradiationWhM2)} />
          <Statistic title={p('capacity')} value={data?.capacityKwp ?? '-'} />
        </Flex>
        {data && <div style={{ marginTop: 8, color: token.colorTextSecondary }}>{t(`pvPerf.source.${data.energySource}`)}</div>}
        {data && data.total.irradiationWhM2 === null && (
          <Alert style={{ marginTop: 8 }} type="warning" showIcon message={p('noIrradiance')} />
        )}
      </Card>
      <ChartTableCards<Period>
        option={option}
        empty={!data || data.periods.length === 0}
        fetching={index.isFetching}
        pending={ready && index.isPending}
        chartTestId="index-chart"
        rowKey="label"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={data?.periods ?? []}
        pagination={false}
        data-testid="index-table"
      />
    </Flex>
  );
}
