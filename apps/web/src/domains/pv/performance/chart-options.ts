import type { ChartOption } from '../../../shared/chart/chart-option';
import { formatInZone } from '../../../shared/zoned-time';

// The performance page's charts (pure: tested without a browser). Energy in kWh, times in the station's zone.

const kwh = (wh: number) => Math.round(wh) / 1000;
/** HH:mm of a bucket in the zone. */
const hhmm = (ts: number, zone: string) => formatInZone(ts, zone).slice(11, 16);

/** Per period the energy as bars, PR and corrected PR as lines on a second axis. */
export function indexChartOption(
  periods: { label: string; generationWh: number; pr: number | null; prTempCorrected: number | null }[],
  labels: { energy: string; pr: string; prTemp: string },
  colors: { energy: string; pr: string; prTemp: string },
): ChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.energy, labels.pr, labels.prTemp] },
    grid: { left: 72, right: 56, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: periods.map((p) => p.label) },
    yAxis: [
      { type: 'value', name: labels.energy },
      { type: 'value', name: 'PR', min: 0, splitLine: { show: false } },
    ],
    series: [
      { name: labels.energy, type: 'bar', itemStyle: { color: colors.energy }, data: periods.map((p) => kwh(p.generationWh)) },
      {
        name: labels.pr,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: true,
        symbolSize: 8,
        itemStyle: { color: colors.pr },
        data: periods.map((p) => p.pr),
      },
      {
        name: labels.prTemp,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: true,
        symbolSize: 8,
        itemStyle: { color: colors.prTemp },
        data: periods.map((p) => p.prTempCorrected),
      },
    ],
  };
}

/** Several inverters' AC power on one chart. */
export function contrastChartOption(
  series: { code: string; name: string; points: { ts: number; value: number | null }[] }[],
  zone: string,
  unit: string,
): ChartOption {
  const axis = series[0]?.points.map((p) => hhmm(p.ts, zone)) ?? [];
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', data: series.map((s) => s.code) },
    grid: { left: 64, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: axis },
    yAxis: { type: 'value', name: unit },
    series: series.map((s) => ({ name: s.code, type: 'line', showSymbol: false, data: s.points.map((p) => p.value) })),
  };
}

/**
 * The loss waterfall: the theoretical yield, each measured step as a floating bar (an invisible base under
 * it: the level after the step), and the energy on grid. Unmeasured steps are left out of the chart (the
 * table names them).
 */
export function waterfallChartOption(
  answer: { theoreticalWh: number | null; onGridWh: number; steps: { key: string; lossWh: number | null }[] },
  labels: { theoretical: string; onGrid: string; step: (key: string) => string; energy: string },
  colors: { total: string; loss: string; gain: string },
): ChartOption {
  if (answer.theoreticalWh === null) return { series: [] };
  const names = [labels.theoretical];
  const base: number[] = [0];
  const bars: { value: number; itemStyle: { color: string } }[] = [
    { value: kwh(answer.theoreticalWh), itemStyle: { color: colors.total } },
  ];
  let level = answer.theoreticalWh;
  for (const s of answer.steps) {
    if (s.lossWh === null) continue;
    const after = level - s.lossWh;
    names.push(labels.step(s.key));
    base.push(kwh(Math.min(level, after)));
    bars.push({ value: kwh(Math.abs(s.lossWh)), itemStyle: { color: s.lossWh >= 0 ? colors.loss : colors.gain } });
    level = after;
  }
  names.push(labels.onGrid);
  base.push(0);
  bars.push({ value: kwh(answer.onGridWh), itemStyle: { color: colors.total } });
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 72, right: 24, top: 24, bottom: 64 },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: 20 } },
    yAxis: { type: 'value', name: labels.energy },
    series: [
      { type: 'bar', stack: 'w', itemStyle: { color: 'transparent' }, emphasis: { disabled: true }, tooltip: { show: false }, data: base },
      { name: labels.energy, type: 'bar', stack: 'w', data: bars },
    ],
  };
}
