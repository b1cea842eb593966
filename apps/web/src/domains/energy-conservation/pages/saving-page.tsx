import { useMemo } from 'react';
import { Card, DatePicker, Empty, Flex, Progress, Select, Space, Statistic, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { energyConservation } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { PageTitle } from '../../../shared/page-title';
import { kwh, money, percent, savingKeys, useSavingCircuits, type Comparison } from '../queries';
import { buildSavingChartOption } from '../saving-chart-option';
import '../texts';

type Month = Comparison['months'][number];

/** A configured circuit's baseline against its energy per month of a year, the saving and its share. */
export default function SavingPage() {
  const { t } = useTranslation();
  const circuits = useSavingCircuits(true);
  const [params, setParams] = useSearchParams();
  const circuitId = Number(params.get('circuit')) || circuits.data?.[0]?.id || null;
  const year = params.get('year') ?? dayjs().format('YYYY');
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });
  const range = { from: `${year}-01`, to: `${year}-12` };
  const input = circuitId ? { circuitId, ...range } : null;
  const cmp = useQuery({
    queryKey: savingKeys.of(energyConservation.savingComparison, input ?? { circuitId: 0, ...range }),
    queryFn: () => api(energyConservation.savingComparison, input!),
    enabled: input !== null,
  });
  const pie = useQuery({
    queryKey: savingKeys.of(energyConservation.savingPie, range),
    queryFn: () => api(energyConservation.savingPie, range),
  });
  const data = cmp.data;
  const option = useMemo(
    () =>
      buildSavingChartOption(data?.months ?? [], {
        baseline: t('conservation.baseline'),
        actual: t('conservation.actual'),
        saved: t('conservation.saved'),
      }),
    [data, t],
  );
  const columns: TableColumnsType<Month> = [
    { title: t('conservation.month'), dataIndex: 'month', width: 100 },
    { title: t('conservation.driver'), key: 'driver', align: 'right', render: (_, r) => r.driver ?? '–' },
    { title: t('conservation.baseline'), key: 'baseline', align: 'right', render: (_, r) => kwh(r.baselineWh) },
    { title: t('conservation.actual'), key: 'actual', align: 'right', render: (_, r) => kwh(r.actualWh) },
    { title: t('conservation.saved'), key: 'saved', align: 'right', render: (_, r) => kwh(r.savingWh) },
    { title: t('conservation.costSaved'), key: 'cost', align: 'right', render: (_, r) => money(r.costSaving) },
    { title: t('conservation.rate'), key: 'rate', align: 'right', render: (_, r) => percent(r.rate) },
    { title: t('conservation.remark'), dataIndex: 'problem', render: (v: Month['problem']) => (v ? t(`conservation.problems.${v}`) : '') },
  ];

  return (
    <Flex vertical gap={16} data-testid="saving">
      <Card
        title={<PageTitle>{t('conservation.title')}</PageTitle>}
        extra={
          circuitId && (
            <Authorized code="b-energy-saving-export">
              <ExportButton
                exportRef={energyConservation.savingExport}
                filter={{ circuitId, time: year }}
                name="energy-saving"
                testId="saving-export"
              />
            </Authorized>
          )
        }
      >
        <Space wrap>
          <Select
            style={{ minWidth: 280 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('conservation.circuit')}
            loading={circuits.isPending}
            options={(circuits.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            value={circuitId ?? undefined}
            onChange={(v) => set({ circuit: String(v) })}
            data-testid="saving-circuit"
          />
          <DatePicker
            picker="year"
            allowClear={false}
            value={dayjs(`${year}-01-01`)}
            onChange={(d) => d && set({ year: d.format('YYYY') })}
          />
        </Space>
      </Card>
      {!circuitId ? (
        <Card>
          <Empty description={t('conservation.pick')} />
        </Card>
      ) : (
        <>
          <Card loading={cmp.isPending}>
            <Flex gap={32} wrap data-testid="saving-totals">
              <Statistic title={t('conservation.baseline')} value={kwh(data?.total.baselineWh ?? null)} />
              <Statistic title={t('conservation.actual')} value={kwh(data?.total.actualWh ?? null)} />
              <Statistic title={t('conservation.saved')} value={kwh(data?.total.savingWh ?? null)} />
              <Statistic title={t('conservation.costSaved')} value={money(data?.total.costSaving ?? null)} />
              <Statistic title={t('conservation.rate')} value={percent(data?.total.rate ?? null)} />
            </Flex>
          </Card>
          <Card>
            <ThemedChart option={option} empty={!data} loading={cmp.isFetching} height={320} data-testid="saving-chart" />
          </Card>
          <Card>
            <Table<Month>
              rowKey="month"
              size="small"
              bordered
              scroll={{ x: 'max-content' }}
              loading={cmp.isPending}
              columns={columns}
              dataSource={data?.months ?? []}
              pagination={false}
              data-testid="saving-table"
            />
          </Card>
        </>
      )}
      <Card title={t('conservation.share')} loading={pie.isPending} data-testid="saving-share">
        {pie.data && pie.data.slices.length === 0 && <Typography.Text type="secondary">{t('conservation.noShare')}</Typography.Text>}
        <Flex vertical gap={8}>
          {(pie.data?.slices ?? []).map((s) => (
            <Flex key={s.circuitId} gap={16} align="center">
              <Typography.Text style={{ width: 240 }} ellipsis>{`${s.circuitName} (${s.circuitCode})`}</Typography.Text>
              <Progress percent={Math.round(s.share * 10000) / 100} style={{ flex: 1 }} />
              <Typography.Text style={{ width: 140, textAlign: 'right' }}>{kwh(s.value)} kWh</Typography.Text>
            </Flex>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}
