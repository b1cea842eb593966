import type { ResampleInterval } from '@energy/contracts';
import type { ChartOption } from '../../shared/chart/chart-option';
import { formatBucket, formatValue } from './format';
import { escapeHtml } from '../../shared/chart/escape-html';

/**
 * The chart of one data property, as an ECharts option (pure: tested without a browser).
 * Instantaneous: the average as a line over a min–max band. State: the value at the end of each
 * bucket as a step line. Cumulative: the increase per bucket (energy) as bars.
 */

export interface PropertyHead {
  key: string;
  name: string;
  unit: string;
  kind: 'instantaneous' | 'cumulative' | 'state';
}
export interface InstantaneousBucket {
  ts: number;
  avg: number | null;
  max: number | null;
  min: number | null;
  last: number | null;
  count: number;
}
export interface CumulativeBucket {
  ts: number;
  increase: number | null;
  last: number | null;
}
export type PropertySeries =
  | (PropertyHead & { kind: 'instantaneous' | 'state'; points: InstantaneousBucket[] })
  | (PropertyHead & { kind: 'cumulative'; points: CumulativeBucket[] });

export interface ChartLabels {
  avg: string;
  band: string;
  min: string;
  max: string;
  value: string;
  increase: string;
  counter: string;
}

/** Does the series hold at least one value to draw? */
export function hasData(series: PropertySeries | undefined): boolean {
  if (!series) return false;
  return series.kind === 'cumulative'
    ? series.points.some((p) => p.increase !== null)
    : series.points.some((p) => p.avg !== null || p.last !== null);
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** A category axis of bucket names keeps every bucket (empty ones too) evenly spaced, in the tenant's zone. */
export function buildPropertyChartOption(input: {
  series: PropertySeries;
  interval: ResampleInterval;
  timeZone: string;
  labels: ChartLabels;
  /** The theme's primary colour: the line, its band and the bars share it. */
  color: string;
}): ChartOption {
  const { series, interval, timeZone, labels, color } = input;
  const first = series.points[0]?.ts ?? 0;
  const last = series.points[series.points.length - 1]?.ts ?? 0;
  const style = last - first <= 36 * 3_600_000 ? 'time' : 'short';
  const names = series.points.map((p) => formatBucket(p.ts, interval, timeZone, style));
  const longNames = series.points.map((p) => formatBucket(p.ts, interval, timeZone, 'long'));
  const many = series.points.length > 150;
  const row = (label: string, v: number | null) => `<div>${escapeHtml(label)}: <b>${escapeHtml(formatValue(v, series.unit))}</b></div>`;
  const tooltipOf = (lines: (i: number) => string) => ({
    trigger: 'axis' as const,
    formatter: (params: unknown) => {
      const i = (Array.isArray(params) ? (params[0] as { dataIndex: number }) : (params as { dataIndex: number })).dataIndex;
      return `<div>${longNames[i]}</div>${lines(i)}`;
    },
  });
  const base: ChartOption = {
    animation: false,
    grid: { left: 16, right: 24, top: 40, bottom: many ? 56 : 16 },
    xAxis: { type: 'category', data: names, boundaryGap: series.kind === 'cumulative' },
    yAxis: { type: 'value', name: series.unit, scale: series.kind !== 'cumulative' },
    dataZoom: many ? [{ type: 'slider', height: 20, bottom: 8 }] : [],
  };

  if (series.kind === 'cumulative') {
    const points = series.points;
    return {
      ...base,
      tooltip: tooltipOf((i) => row(labels.increase, points[i]!.increase) + row(labels.counter, points[i]!.last)),
      legend: { data: [labels.increase], top: 0 },
      series: [{ type: 'bar', name: labels.increase, data: points.map((p) => p.increase), itemStyle: { color }, barMaxWidth: 32 }],
    };
  }

  const points = series.points;
  if (series.kind === 'state') {
    return {
      ...base,
      yAxis: { type: 'value', minInterval: 1, scale: true },
      tooltip: tooltipOf((i) => row(labels.value, points[i]!.last)),
      legend: { data: [labels.value], top: 0 },
      series: [
        {
          type: 'line',
          name: labels.value,
          step: 'end',
          showSymbol: false,
          data: points.map((p) => p.last),
          lineStyle: { color },
          itemStyle: { color },
        },
      ],
    };
  }

  // the band: an invisible line at min, and max - min stacked on it and filled ('all' stacks across signs)
  const band = points.map((p) => (p.min === null || p.max === null ? null : round(p.max - p.min)));
  return {
    ...base,
    tooltip: tooltipOf((i) => row(labels.avg, points[i]!.avg) + row(labels.min, points[i]!.min) + row(labels.max, points[i]!.max)),
    legend: { data: [labels.avg, labels.band], top: 0 },
    series: [
      {
        type: 'line',
        name: labels.band,
        data: points.map((p) => (p.min === null || p.max === null ? null : p.min)),
        stack: 'band',
        stackStrategy: 'all',
        showSymbol: false,
        lineStyle: { opacity: 0 },
        itemStyle: { color },
        silent: true,
      },
      {
        type: 'line',
        name: labels.band,
        data: band,
        stack: 'band',
        stackStrategy: 'all',
        showSymbol: false,
        lineStyle: { opacity: 0 },
        areaStyle: { color, opacity: 0.18 },
        itemStyle: { color },
        silent: true,
      },
      {
        type: 'line',
        name: labels.avg,
        data: points.map((p) => p.avg),
        showSymbol: false,
        lineStyle: { color, width: 2 },
        itemStyle: { color },
      },
    ],
  };
}
