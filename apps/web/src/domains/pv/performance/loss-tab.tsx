import { useMemo } from 'react';
import { Alert, Card, Flex, Table, Tag, Tooltip, theme as antdTheme } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { pvKeys } from '../queries';
import { waterfallChartOption } from './chart-options';
import { kwh, percent } from './format';
import type { PeriodProps } from './performance-page';

type Step = RefOutput<typeof pv.performanceLossAnalysis>['steps'][number];

/** The loss waterfall from the theoretical yield to the energy on grid; steps the data cannot measure are named as such. */
export function LossTab({ pvId, from, to }: PeriodProps) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const p = (k: string) => t(`pvPerf.${k}`);
  const input = { pvId, from, to };
  const loss = useQuery({ queryKey: pvKeys.of(pv.performanceLossAnalysis, input), queryFn: () => api(pv.performanceLossAnalysis, input) });
  const data = loss.data;
  const option = useMemo(
    () =>
      waterfallChartOption(
        data ?? { theoreticalWh: null, onGridWh: 0, steps: [] },
        { theoretical: p('theoretical'), onGrid: p('onGrid'), step: (k) => t(`pvPerf.steps.${k}`), energy: 'kWh' },
        { total: token.colorPrimary, loss: token.colorError, gain: token.colorSuccess },
      ),
    [data, token, t],
  );
  const theoretical = data?.theoreticalWh ?? null;
  const columns: TableColumnsType<Step> = [
    { title: p('step'), key: 'k', render: (_, s) => t(`pvPerf.steps.${s.key}`) },
    {
      title: p('loss'),
      key: 'l',
      align: 'right',
      render: (_, s) =>
        s.measured ? (
          kwh(s.lossWh)
        ) : (
          <Tooltip title={s.why}>
            <Tag>{p('notMeasured')}</Tag>
          </Tooltip>
        ),
    },
    {
      title: p('share'),
      key: 's',
      align: 'right',
      render: (_, s) => (s.measured && theoretical ? percent((s.lossWh ?? 0) / theoretical) : '-'),
    },
    { title: '', key: 'why', render: (_, s) => (s.measured ? (s.why ?? '') : s.why) },
  ];
  return (
    <Flex vertical gap={16} data-testid="performance-losses">
      {data && theoretical === null && <Alert type="warning" showIcon message={p('noIrradiance')} />}
      <Card loading={loss.isPending}>
        <ThemedChart option={option} empty={theoretical === null} loading={loss.isFetching} height={360} data-testid="loss-chart" />
      </Card>
      <Card>
        <Table<Step>
          size="small"
          rowKey="key"
          loading={loss.isPending}
          columns={columns}
          pagination={false}
          dataSource={data?.steps ?? []}
          summary={() =>
            data && theoretical !== null ? (
              <>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{p('theoretical')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {kwh(theoretical)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} colSpan={2} />
                </Table.Summary.Row>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{p('onGrid')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <span data-testid="loss-on-grid">{kwh(data.onGridWh)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {percent(data.onGridWh / theoretical)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} />
                </Table.Summary.Row>
              </>
            ) : null
          }
          data-testid="loss-table"
        />
      </Card>
    </Flex>
  );
}
