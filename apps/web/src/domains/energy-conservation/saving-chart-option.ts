import type { ChartOption } from '../../shared/chart/chart-option';

/** The saving chart (pure): baseline and actual energy per month as bars (kWh), the saving as a line. */
export function buildSavingChartOption(
  months: { month: string; baselineWh: number | null; actualWh: number | null; savingWh: number | null }[],
  labels: { baseline: string; actual: string; saved: string },
): ChartOption {
  const kwh = (wh: number | null) => (wh == null ? null : wh / 1000);
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: [labels.baseline, labels.actual, labels.saved] },
    grid: { left: 72, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: months.map((m) => m.month) },
    yAxis: { type: 'value', name: 'kWh' },
    series: [
      { name: labels.baseline, type: 'bar', data: months.map((m) => kwh(m.baselineWh)) },
      { name: labels.actual, type: 'bar', data: months.map((m) => kwh(m.actualWh)) },
      { name: labels.saved, type: 'line', data: months.map((m) => kwh(m.savingWh)) },
    ],
  };
}
