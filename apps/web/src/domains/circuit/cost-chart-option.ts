import type { ChartOption } from '../../shared/chart/chart-option';
import type { BandKind } from './kinds';

export interface CostPeriods {
  periods: { label: string; bands: Record<BandKind, { wh: number; cost: number }> }[];
}

/**
 * The peak-and-valley chart (pure: tested without a browser): the cost of each period stacked by band,
 * and the energy per band as a line on a second axis (kWh).
 */
export function buildCostChartOption(
  answer: CostPeriods,
  kinds: readonly BandKind[],
  labels: { kind: Record<BandKind, string>; cost: string; energy: string },
  colors: Record<BandKind, string>,
): ChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: kinds.map((k) => labels.kind[k]) },
    grid: { left: 64, right: 64, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: answer.periods.map((p) => p.label) },
    yAxis: [
      { type: 'value', name: labels.cost },
      { type: 'value', name: labels.energy, splitLine: { show: false } },
    ],
    series: [
      ...kinds.map((k) => ({
        name: labels.kind[k],
        type: 'bar' as const,
        stack: 'cost',
        itemStyle: { color: colors[k] },
        data: answer.periods.map((p) => p.bands[k].cost),
      })),
      {
        name: labels.energy,
        type: 'line' as const,
        yAxisIndex: 1,
        showSymbol: false,
        data: answer.periods.map((p) => Math.round(kinds.reduce((s, k) => s + p.bands[k].wh, 0)) / 1000),
      },
    ],
  };
}
