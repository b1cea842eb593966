import type { ChartOption } from '../../../shared/chart/chart-option';

/** Energy bars (kWh) and equivalent hours (second axis) per label; or, with `pr`, the PR as the line. */
export function buildEnergyOption(
  points: { label: string; energyWh: number; line: number | null }[],
  labels: { energy: string; line: string },
  colors: { energy: string; line: string },
): ChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: [labels.energy, labels.line] },
    grid: { left: 64, right: 64, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => p.label) },
    yAxis: [
      { type: 'value', name: labels.energy },
      { type: 'value', name: labels.line, splitLine: { show: false } },
    ],
    series: [
      { name: labels.energy, type: 'bar', itemStyle: { color: colors.energy }, data: points.map((p) => p.energyWh / 1000) },
      { name: labels.line, type: 'line', yAxisIndex: 1, itemStyle: { color: colors.line }, data: points.map((p) => p.line) },
    ],
  };
}
