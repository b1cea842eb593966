import type { ChartOption } from '../../../shared/chart/chart-option';

/**
 * The outline's charts (pure: tested without a browser). The power curve: each 15 min's average power
 * (kW, from its energy) and the irradiance (W/m², second axis), at the station's local times.
 */
export function buildPowerOption(
  points: { ts: number; powerKw: number | null; irradianceWm2: number | null }[],
  timeOf: (ts: number) => string,
  labels: { power: string; irradiance: string },
  colors: { power: string; irradiance: string },
): ChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.power, labels.irradiance] },
    grid: { left: 56, right: 64, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => timeOf(p.ts)) },
    yAxis: [
      { type: 'value', name: labels.power },
      { type: 'value', name: labels.irradiance, splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.power,
        type: 'line',
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        itemStyle: { color: colors.power },
        data: points.map((p) => p.powerKw),
      },
      {
        name: labels.irradiance,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        itemStyle: { color: colors.irradiance },
        data: points.map((p) => p.irradianceWm2),
      },
    ],
  };
}

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
