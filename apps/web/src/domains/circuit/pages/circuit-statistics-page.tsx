import { useMemo } from 'react';
import { Card, DatePicker, Empty, Flex, Segmented, Select, Space, Statistic, Table, theme as antdTheme } from 'antd';
import type { TableColumnsType } from 'antd';
import { circuit } from '@energy/contracts/refs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Authorized } from '../../../shared/authorized';
import type { ChartOption } from '../../../shared/chart/chart-option';
import { ChartTableCards } from '../../../shared/chart/chart-table-cards';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { PageTitle } from '../../../shared/page-title';
import { useTenantZone } from '../../../shared/time-zone';
import { dayStartIn } from '../../../shared/zoned-time';
import { useCircuitTree } from '../queries';
import { CircuitPicker } from '../components/circuit-picker';
import { percent, shown, unitOf } from '../statistics-format';
import {
  useAnalysis,
  useDataTypes,
  useStatistics,
  type Analysis,
  type CircuitDataType,
  type StatResolution,
  type Statistics,
} from '../statistics-queries';
import '../statistics-texts';

const RESOLUTIONS: StatResolution[] = ['15m', 'hour', 'day', 'month'];
/** The longest range each resolution offers (the server refuses 15 minutes over 62 days). */
const MAX_DAYS: Record<StatResolution, number> = { '15m': 31, hour: 62, day: 366, month: 366 };

type Period = Statistics['periods'][number];
type AnalysisPeriod = Analysis['periods'][number];

/** Statistics of a circuit's data type per period: chart, table, total, export, and YoY / MoM of its energy. */
export default function CircuitStatisticsPage() {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const zone = useTenantZone();
  const tree = useCircuitTree();
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });
  const circuitId = Number(params.get('circuit')) || tree.data?.[0]?.id || null;
  const types = useDataTypes(circuitId);
  const dataType = (params.get('type') as CircuitDataType | null) ?? 'activeEnergy';
  const resolution = (RESOLUTIONS.includes(params.get('by') as StatResolution) ? params.get('by') : 'hour') as StatResolution;
  const start = params.get('from') ?? dayjs().subtract(6, 'day').format('YYYY-MM-DD');
  const end = params.get('to') ?? dayjs().format('YYYY-MM-DD');

  const range = useMemo(
    () => ({ from: dayStartIn(start, zone), to: dayStartIn(dayjs(end).add(1, 'day').format('YYYY-MM-DD'), zone) }),
    [start, end, zone],
  );
  const input = circuitId ? { circuitId, dataType, timeResolution: resolution, ...range } : null;
  const stats = useStatistics(input);
  const analysisBy = resolution === 'month' ? 'month' : 'day';
  const analysis = useAnalysis(
    circuitId && (resolution === 'day' || resolution === 'month') ? { circuitId, ...range, timeResolution: analysisBy } : null,
  );
  const info = types.data?.find((x) => x.key === dataType);
  const unit = unitOf(dataType, 'CNY');
  const label = t(`circuitStats.types.${dataType}`);

  const option = useMemo<ChartOption>(() => {
    const periods = stats.data?.periods ?? [];
    const bar = dataType === 'activeEnergy' || dataType === 'cost';
    const scale = dataType === 'activeEnergy' || dataType === 'activePower' || dataType === 'maxDemand' ? 1000 : 1;
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      grid: { left: 64, right: 24, top: 32, bottom: 56 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      xAxis: { type: 'category', data: periods.map((p) => p.label) },
      yAxis: { type: 'value', name: unit },
      series: [
        {
          name: label,
          type: bar ? 'bar' : 'line',
          showSymbol: false,
          itemStyle: { color: token.colorPrimary },
          data: periods.map((p) => (p.value == null ? null : p.value / scale)),
        },
      ],
    };
  }, [stats.data, dataType, unit, label, token.colorPrimary]);

  const columns: TableColumnsType<Period> = [
    { title: t('circuitStats.period'), dataIndex: 'label', width: 160 },
    { title: `${label}${unit ? ` (${unit})` : ''}`, key: 'value', align: 'right', render: (_, r) => shown(dataType, r.value) },
  ];
  const analysisColumns: TableColumnsType<AnalysisPeriod> = [
    { title: t('circuitStats.period'), dataIndex: 'label' },
    { title: `${t('circuitStats.types.activeEnergy')} (kWh)`, key: 'wh', align: 'right', render: (_, r) => shown('activeEnergy', r.wh) },
    { title: t('circuitStats.lastYear'), key: 'ly', align: 'right', render: (_, r) => shown('activeEnergy', r.lastYearWh) },
    { title: t('circuitStats.yoy'), key: 'yoy', align: 'right', render: (_, r) => percent(r.yoy) },
    { title: t('circuitStats.previous'), key: 'prev', align: 'right', render: (_, r) => shown('activeEnergy', r.previousWh) },
    { title: t('circuitStats.mom'), key: 'mom', align: 'right', render: (_, r) => percent(r.mom) },
  ];

  return (
    <Flex vertical gap={16} data-testid="circuit-statistics">
      <Card
        title={<PageTitle>{t('circuitStats.statistics')}</PageTitle>}
        extra={
          input && (
            <Authorized code="b-circuit-statistics-export">
              <ExportButton exportRef={circuit.statisticsExport} filter={input} name="circuit-statistics" testId="statistics-export" />
            </Authorized>
          )
        }
      >
        <Space wrap>
          <CircuitPicker
            value={circuitId}
            onChange={(v) => set({ circuit: String(v) })}
            placeholder={t('circuitStats.circuit')}
            testId="statistics-circuit"
          />
          <Select
            style={{ minWidth: 160 }}
            value={dataType}
            loading={types.isPending && circuitId !== null}
            options={(types.data ?? []).map((x) => ({ value: x.key, label: t(`circuitStats.types.${x.key}`) }))}
            onChange={(v) => set({ type: v })}
            data-testid="statistics-type"
          />
          <Segmented
            value={resolution}
            options={RESOLUTIONS.map((r) => ({ value: r, label: t(`circuitStats.resolutions.${r}`) }))}
            onChange={(v) => set({ by: String(v) })}
          />
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(start), dayjs(end)]}
            disabledDate={(d, { from }) => !!from && Math.abs(d.diff(from, 'day')) >= MAX_DAYS[resolution]}
            onChange={(v) => v?.[0] && v[1] && set({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
            data-testid="statistics-range"
          />
        </Space>
      </Card>
      {!circuitId ? (
        <Card>
          <Empty description={t('circuitStats.pick')} />
        </Card>
      ) : (
        <>
          <Card loading={stats.isPending}>
            <Statistic
              title={`${label} · ${t(`circuitStats.total.${info?.aggregation ?? 'sum'}`)}`}
              value={shown(dataType, stats.data?.total)}
              suffix={unit}
              data-testid="statistics-total"
            />
          </Card>
          <ChartTableCards<Period>
            option={option}
            empty={!stats.data || stats.data.periods.every((p) => p.value == null)}
            fetching={stats.isFetching}
            pending={stats.isPending}
            chartTestId="statistics-chart"
            rowKey="ts"
            columns={columns}
            dataSource={stats.data?.periods ?? []}
            pagination={{ pageSize: 24, showSizeChanger: false }}
            data-testid="statistics-table"
          />
          {analysis.data && (
            <Card title={t('circuitStats.analysis')}>
              <Table<AnalysisPeriod>
                rowKey="label"
                size="small"
                columns={analysisColumns}
                dataSource={analysis.data.periods}
                pagination={{ pageSize: 31, showSizeChanger: false }}
                data-testid="statistics-analysis"
              />
            </Card>
          )}
        </>
      )}
    </Flex>
  );
}
