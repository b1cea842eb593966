import type { ChartOption } from '../../../shared/chart/chart-option';

export interface ReportPeriods {
  periods: { label: string; onGridWh: number; selfWh: number; equivalentHours: number; income: { total: number } | null }[];
}

/**
 * The report's chart (pure: tested without a browser): per period the self-consumed and on-grid energy
 * stacked (their sum is the generation, kWh), and the equivalent hours (or, with income, the income) as a
 * line on a second axis.
 */
export function buildReportChartOption(
  answer: ReportPeriods,
  labels: { self: string; onGrid: string; line: string; energy: string },
  colors: { self: string; onGrid: string; line: string },
  withIncome: boolean,
): ChartOption {
  const kwh = (wh: number) => Math.round(wh) / 1000;
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: [labels.self, labels.onGrid, labels.line] },
    grid: { left: 72, right: 72, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: answer.periods.map((p) => p.label) },
    yAxis: [
      { type: 'value', name: labels.energy },
      { type: 'value', name: labels.line, splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.self,
        type: 'bar',
        stack: 'energy',
        itemStyle: { color: colors.self },
        data: answer.periods.map((p) => kwh(p.selfWh)),
      },
      {
        name: labels.onGrid,
        type: 'bar',
        stack: 'energy',
        itemStyle: { color: colors.onGrid },
        data: answer.periods.map((p) => kwh(p.onGridWh)),
      },
      {
        name: labels.line,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        itemStyle: { color: colors.line },
        data: answer.periods.map((p) => (withIncome ? (p.income?.total ?? 0) : p.equivalentHours)),
      },
    ],
  };
}
