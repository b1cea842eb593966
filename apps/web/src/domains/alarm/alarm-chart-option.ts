import type { ChartOption } from '../../shared/chart/chart-option';
import { escapeHtml } from '../../shared/chart/escape-html';
import { formatInZone } from '../../shared/zoned-time';

/**
 * The chart of an alarm's related properties around the alarm time, as an ECharts option (pure:
 * tested without a browser). A time axis over the window the server chose; one line per property, one
 * y axis per unit; the alarm time and the recovery as vertical lines, the active period as a shaded
 * area, and the rule's threshold as a horizontal line on the rule's own property.
 */

export interface AlarmChartSeries {
  property: { id: number; name: string; unit: string; triggering: boolean };
  points: { ts: string; value: number }[];
}

export interface AlarmChartLabels {
  alarm: string;
  recovered: string;
  active: string;
  threshold: string;
}

export interface AlarmChartInput {
  series: AlarmChartSeries[];
  /** The window drawn (from the point-sthf-list answer). */
  from: string;
  to: string;
  alarmTime: string;
  recoverTime: string | null;
  /** The rule's threshold, drawn on the triggering property. */
  threshold: number | null;
  labels: AlarmChartLabels;
  colors: { alarm: string; recovered: string };
  /** The tenant's zone: the axis and the tooltip say times in it, as the page does (not the browser's). */
  timeZone: string;
}

/** More points than this on a line: no symbols, and a zoom slider. */
const MANY_POINTS = 200;

export const seriesName = (p: { name: string; unit: string }) => (p.unit ? `${p.name} (${p.unit})` : p.name);

/** Does any series hold a point? */
export const hasPoints = (series: AlarmChartSeries[]) => series.some((s) => s.points.length > 0);

export function buildAlarmChartOption(input: AlarmChartInput): ChartOption {
  const { series, labels, colors, timeZone } = input;
  const alarmMs = Date.parse(input.alarmTime);
  const recoverMs = input.recoverTime ? Date.parse(input.recoverTime) : null;
  const fromMs = Date.parse(input.from);
  const toMs = Date.parse(input.to);
  const units = [...new Set(series.map((s) => s.property.unit))];
  const many = series.some((s) => s.points.length > MANY_POINTS);

  const timeMarks = {
    symbol: ['none', 'none'],
    silent: true,
    label: { formatter: '{b}', position: 'insideEndTop' as const },
    data: [
      { name: labels.alarm, xAxis: alarmMs, lineStyle: { color: colors.alarm, type: 'solid' as const, width: 2 } },
      ...(recoverMs === null
        ? []
        : [
            {
              name: labels.recovered,
              xAxis: recoverMs,
              lineStyle: { color: colors.recovered, type: 'solid' as const, width: 2 },
              // below the alarm's label, so the two never cover each other when they are close
              label: { position: 'insideEndBottom' as const },
            },
          ]),
    ],
  };
  const activeArea = {
    silent: true,
    itemStyle: { color: colors.alarm, opacity: 0.08 },
    label: { show: false },
    data: [[{ name: labels.active, xAxis: alarmMs }, { xAxis: recoverMs ?? toMs }]] as [
      { name: string; xAxis: number },
      { xAxis: number },
    ][],
  };
  const thresholdOn = input.threshold === null ? -1 : series.findIndex((s) => s.property.triggering);

  return {
    animation: false,
    grid: { left: 16, right: 24 + Math.max(0, units.length - 1) * 56, top: 48, bottom: many ? 56 : 16, containLabel: true },
    legend: { top: 0, data: series.map((s) => seriesName(s.property)) },
    tooltip: {
      trigger: 'axis',
      axisPointer: { label: { formatter: (p: { value: unknown }) => formatInZone(Number(p.value), timeZone) } },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as {
          axisValue: number;
          marker: string;
          seriesName: string;
          value: [number, number];
        }[];
        const head = list[0] ? formatInZone(list[0].axisValue, timeZone) : '';
        return [head, ...list.map((p) => `${p.marker}${escapeHtml(p.seriesName)}: <b>${p.value[1]}</b>`)].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      min: fromMs,
      max: toMs,
      // wall-clock times of the tenant's zone; the date too when the window spans more than a day
      axisLabel: { formatter: (v: number) => formatInZone(v, timeZone).slice(toMs - fromMs > 86_400_000 ? 5 : 11, 16) },
    },
    yAxis: (units.length > 0 ? units : ['']).map((unit, i) => ({
      type: 'value' as const,
      name: unit,
      scale: true,
      position: i === 0 ? ('left' as const) : ('right' as const),
      offset: i > 1 ? (i - 1) * 56 : 0,
      splitLine: { show: i === 0 },
    })),
    dataZoom: many ? [{ type: 'slider', height: 20, bottom: 8 }] : [],
    series: series.map((s, i) => ({
      type: 'line' as const,
      name: seriesName(s.property),
      yAxisIndex: Math.max(0, units.indexOf(s.property.unit)),
      showSymbol: s.points.length <= MANY_POINTS,
      symbolSize: 4,
      data: s.points.map((p) => [Date.parse(p.ts), p.value]),
      ...(i === 0 ? { markArea: activeArea } : {}),
      ...(i === 0 || i === thresholdOn
        ? {
            markLine: {
              ...timeMarks,
              data: [
                ...(i === 0 ? timeMarks.data : []),
                ...(i === thresholdOn
                  ? [{ name: labels.threshold, yAxis: input.threshold!, lineStyle: { color: colors.alarm, type: 'dashed' as const } }]
                  : []),
              ],
            },
          }
        : {}),
    })),
  };
}
