import { useMemo } from 'react';
import { Alert, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from '../../../shared/chart/chart-option';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { useDailyStatistics, type DailyStatistics, type DailyTarget } from '../queries';
import '../texts';

/** kWh with three decimals from Wh; currency with two decimals from ten-thousandths (integers: no float sums). */
export const kwh = (wh: number) => (wh / 1000).toFixed(3);
export const currencyOf10k = (v: number) => (v / 10_000).toFixed(2);

/** The chart of the days: energy (kWh, bars, left axis) and revenue (line, right axis). */
export function dailyOption(data: DailyStatistics, labels: { energy: string; revenue: string }): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: data.days.map((d) => d.date.slice(5)) },
    yAxis: [
      { type: 'value', name: labels.energy },
      { type: 'value', name: labels.revenue, splitLine: { show: false } },
    ],
    series: [
      { name: labels.energy, type: 'bar', data: data.days.map((d) => Number(kwh(d.energyWh))) },
      { name: labels.revenue, type: 'line', yAxisIndex: 1, data: data.days.map((d) => Number(currencyOf10k(d.revenue10k))) },
    ],
  };
}

/**
 * Energy and revenue per local day of the last 30 days of a station or a pile, from the stored sessions
 * (`charging/statistics/daily`): a session across midnight is split by its meter values, revenue is the
 * finished sessions' costs shared by energy. ECharts loads with the first chart.
 */
export function DailyEnergyChart({ target, height = 300 }: { target: DailyTarget; height?: number }) {
  const { t } = useTranslation();
  const daily = useDailyStatistics(target);
  const data = daily.data;
  const currency = data?.currency ?? '';
  const labels = useMemo(
    () => ({ energy: t('charging.daily.energy'), revenue: `${t('charging.daily.revenue')}${currency ? ` (${currency})` : ''}` }),
    [t, currency],
  );
  const option = useMemo(() => (data ? dailyOption(data, labels) : {}), [data, labels]);
  if (daily.isError) return <Alert type="error" showIcon title={t('charging.daily.failed')} />;
  return (
    <div data-testid="charging-daily">
      <Space size={32} wrap style={{ marginBottom: 8 }}>
        <Statistic title={t('charging.daily.totalEnergy')} value={data ? kwh(data.totalEnergyWh) : '-'} />
        <Statistic
          title={t('charging.daily.totalRevenue')}
          value={data ? `${currencyOf10k(data.totalRevenue10k)} ${currency}`.trim() : '-'}
        />
      </Space>
      <ThemedChart
        option={option}
        loading={daily.isFetching}
        empty={!!data && data.totalEnergyWh === 0}
        height={height}
        data-testid="charging-daily-chart"
      />
      {data && (
        <Typography.Text type="secondary">
          {t('charging.daily.method', { zone: data.timeZone, from: data.days[0]?.date, to: data.days.at(-1)?.date })}
        </Typography.Text>
      )}
    </div>
  );
}
