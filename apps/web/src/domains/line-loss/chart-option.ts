import type { ChartOption } from '../../shared/chart/chart-option';
import { rateValue } from './format';

export interface LossChartPeriods {
  periods: { label: string; inputWh: number; outputWh: number; lossWh: number; rate: number | null }[];
}

/**
 * The line-loss chart (pure: tested without a browser): input, the outputs' sum and the loss per period
 * as bars in kWh, and the rate in percent as a line on a second axis.
 */
export function buildLossChartOption(
  answer: LossChartPeriods,
  labels: { input: string; output: string; loss: string; rate: string },
  colors: { input: string; output: string; loss: string; rate: string },
): ChartOption {
  const kwh = (wh: number) => wh / 1000;
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: [labels.input, labels.output, labels.loss, labels.rate] },
    grid: { left: 72, right: 64, top: 40, bottom: 56 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'category', data: answer.periods.map((p) => p.label) },
    yAxis: [
      { type: 'value', name: 'kWh' },
      { type: 'value', name: '%', splitLine: { show: false } },
    ],
    series: [
      { name: labels.input, type: 'bar', itemStyle: { color: colors.input }, data: answer.periods.map((p) => kwh(p.inputWh)) },
      { name: labels.output, type: 'bar', itemStyle: { color: colors.output }, data: answer.periods.map((p) => kwh(p.outputWh)) },
      { name: labels.loss, type: 'bar', itemStyle: { color: colors.loss }, data: answer.periods.map((p) => kwh(p.lossWh)) },
      {
        name: labels.rate,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: true,
        itemStyle: { color: colors.rate },
        data: answer.periods.map((p) => rateValue(p.rate)),
      },
    ],
  };
}
