import type { ChartOption } from '../../../shared/chart/chart-option';

export interface CurveAnswer {
  buckets: { ts: number; irradiance: number | null; qualifying: boolean; ratePercent: number | null }[];
  strings: { id: number; code: string; currents: (number | null)[] }[];
}

/**
 * A day of one inverter (pure: tested without a browser): each string's 15 min current as a line, the
 * dispersion of the qualifying buckets as a dashed line on a second axis. `label` formats a bucket's start
 * in the station's zone.
 */
export function buildCurveOption(
  curve: CurveAnswer,
  labels: { current: string; rate: string },
  colors: { rate: string },
  label: (ts: number) => string,
): ChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', data: [...curve.strings.map((s) => s.code), labels.rate] },
    grid: { left: 56, right: 56, top: 64, bottom: 32 },
    xAxis: { type: 'category', data: curve.buckets.map((b) => label(b.ts)) },
    yAxis: [
      { type: 'value', name: labels.current },
      { type: 'value', name: labels.rate, splitLine: { show: false } },
    ],
    series: [
      ...curve.strings.map((s) => ({ name: s.code, type: 'line' as const, showSymbol: false, data: s.currents })),
      {
        name: labels.rate,
        type: 'line' as const,
        yAxisIndex: 1,
        showSymbol: false,
        lineStyle: { type: 'dashed' as const },
        itemStyle: { color: colors.rate },
        data: curve.buckets.map((b) => b.ratePercent),
      },
    ],
  };
}

/** antd tag colours of the classes: the first green, the last red, those between from blue to orange. */
export function classColor(index: number | null, count: number): string | undefined {
  if (index == null) return undefined;
  if (index === 0) return 'success';
  if (index >= count - 1) return 'error';
  return ['processing', 'warning', 'orange', 'volcano'][index - 1] ?? 'warning';
}
