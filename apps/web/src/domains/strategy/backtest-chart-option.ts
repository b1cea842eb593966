import type { ChartOption } from '../../shared/chart/chart-option';

/** What the chart needs of a backtest answer. */
export interface BacktestSeries {
  points: { time: string; gridBeforeKw: number; gridAfterKw: number; batteryKw: number; socPct: number }[];
}

export interface BacktestLabels {
  gridBefore: string;
  gridAfter: string;
  battery: string;
  soc: string;
  power: string;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The backtest chart (pure: tested without a browser): grid power before (dashed) and after the
 * strategy and the battery power (+ discharge) on the kW axis, the SOC on a second 0..100 % axis.
 */
export function buildBacktestChartOption(answer: BacktestSeries, labels: BacktestLabels): ChartOption {
  const times = answer.points.map((p) => p.time);
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.gridBefore, labels.gridAfter, labels.battery, labels.soc] },
    grid: { left: 56, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: times, boundaryGap: false },
    yAxis: [
      { type: 'value', name: labels.power },
      { type: 'value', name: '%', min: 0, max: 100, splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.gridBefore,
        type: 'line',
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        data: answer.points.map((p) => round1(p.gridBeforeKw)),
      },
      { name: labels.gridAfter, type: 'line', showSymbol: false, data: answer.points.map((p) => round1(p.gridAfterKw)) },
      {
        name: labels.battery,
        type: 'line',
        step: 'end',
        showSymbol: false,
        areaStyle: { opacity: 0.15 },
        data: answer.points.map((p) => round1(p.batteryKw)),
      },
      { name: labels.soc, type: 'line', yAxisIndex: 1, showSymbol: false, smooth: true, data: answer.points.map((p) => round1(p.socPct)) },
    ],
  };
}
