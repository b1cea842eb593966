import type { ChartOption } from '../../../shared/chart/chart-option';
import { zonedParts } from '../../../shared/zoned-time';

// The noticeboard's charts (pure: tested without a browser). Axis labels are the station's local
// clock; numbers are drawn large enough to read across a control room.

const FONT = 14;
const clock = (ts: number, zone: string) => {
  const p = zonedParts(ts, zone);
  return `${p.hour}:${p.minute}`;
};

/** Module temperature and irradiance through the day. */
export function moduleCurveOption(
  points: readonly { ts: number; irradiance: number | null; tempModule: number | null }[],
  zone: string,
  labels: { irradiance: string; tempModule: string },
  colors: { irradiance: string; tempModule: string },
): ChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { fontSize: FONT }, data: [labels.irradiance, labels.tempModule] },
    grid: { left: 56, right: 56, top: 56, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => clock(p.ts, zone)), axisLabel: { fontSize: FONT } },
    yAxis: [
      { type: 'value', name: 'W/m²', axisLabel: { fontSize: FONT } },
      { type: 'value', name: '°C', splitLine: { show: false }, axisLabel: { fontSize: FONT } },
    ],
    series: [
      {
        name: labels.irradiance,
        type: 'line',
        showSymbol: false,
        itemStyle: { color: colors.irradiance },
        data: points.map((p) => p.irradiance),
      },
      {
        name: labels.tempModule,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        itemStyle: { color: colors.tempModule },
        data: points.map((p) => p.tempModule),
      },
    ],
  };
}

export interface StringCurve {
  code: string;
  capacityKwp: number;
  points: readonly { ts: number; current: number | null }[];
}

/**
 * The strings' currents as a heat map: a row per string, a column per 15 minutes, the colour the current
 * normalised by the string's capacity (A per kWp) so strings of different sizes compare; a dead string is a
 * dark row while its neighbours are bright. Only the daylight columns (some string above 0) are drawn.
 */
export function stringHeatmapOption(strings: readonly StringCurve[], zone: string, colors: readonly string[], label: string): ChartOption {
  const times = [...new Set(strings.flatMap((s) => s.points.map((p) => p.ts)))].sort((a, b) => a - b);
  const column = new Map(times.map((ts, i) => [ts, i]));
  const lit = new Set<number>();
  const cells: [number, number, number][] = [];
  strings.forEach((s, row) => {
    for (const p of s.points) {
      if (p.current == null || s.capacityKwp <= 0) continue;
      const v = Math.round((p.current / s.capacityKwp) * 1000) / 1000;
      if (p.current > 0) lit.add(p.ts);
      cells.push([column.get(p.ts)!, row, v]);
    }
  });
  const shown = times.filter((ts) => lit.has(ts));
  const first = shown.length ? column.get(shown[0]!)! : 0;
  const last = shown.length ? column.get(shown[shown.length - 1]!)! : -1;
  const data = cells.filter(([x]) => x >= first && x <= last).map(([x, y, v]) => [x - first, y, v]);
  const max = Math.max(0.001, ...data.map((c) => c[2]!));
  return {
    animation: false,
    tooltip: { position: 'top' },
    grid: { left: 96, right: 24, top: 16, bottom: 72 },
    xAxis: { type: 'category', data: times.slice(first, last + 1).map((ts) => clock(ts, zone)), axisLabel: { fontSize: FONT } },
    yAxis: { type: 'category', data: strings.map((s) => s.code), axisLabel: { fontSize: FONT } },
    visualMap: {
      min: 0,
      max: Math.round(max * 1000) / 1000,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      text: [label, ''],
      inRange: { color: [...colors] },
      textStyle: { fontSize: FONT },
    },
    series: [{ name: label, type: 'heatmap', data, emphasis: { itemStyle: { borderWidth: 1 } } }],
  };
}

/** Each inverter's dispersion rate (%) as a bar coloured by its class. */
export function dispersionBarsOption(
  devices: readonly { code: string; rate: number | null; className: string | null }[],
  colorOf: (className: string | null) => string,
  label: string,
): ChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 56, right: 16, top: 24, bottom: 40 },
    xAxis: { type: 'category', data: devices.map((d) => d.code), axisLabel: { fontSize: FONT } },
    yAxis: { type: 'value', name: '%', axisLabel: { fontSize: FONT } },
    series: [
      {
        name: label,
        type: 'bar',
        data: devices.map((d) => ({
          value: d.rate == null ? null : Math.round(d.rate * 10000) / 100,
          itemStyle: { color: colorOf(d.className) },
        })),
      },
    ],
  };
}

/** One inverter's dispersion (%) per 15 minutes. */
export function dispersionCurveOption(
  points: readonly { ts: number; rate: number | null }[],
  zone: string,
  label: string,
  color: string,
): ChartOption {
  const lit = points.filter((p) => p.rate != null);
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: lit.map((p) => clock(p.ts, zone)), axisLabel: { fontSize: FONT } },
    yAxis: { type: 'value', name: '%', axisLabel: { fontSize: FONT } },
    series: [
      {
        name: label,
        type: 'line',
        showSymbol: false,
        itemStyle: { color },
        data: lit.map((p) => Math.round(p.rate! * 10000) / 100),
      },
    ],
  };
}

/** Alarms raised per day of the week, stacked by level (level 0 the most severe). */
export function alarmWeekOption(
  days: readonly { day: string; byLevel: readonly number[] }[],
  levelNames: readonly string[],
  levelColors: readonly string[],
): ChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { fontSize: FONT }, data: [...levelNames] },
    grid: { left: 40, right: 16, top: 72, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), axisLabel: { fontSize: FONT } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: FONT } },
    series: levelNames.map((name, level) => ({
      name,
      type: 'bar' as const,
      stack: 'alarms',
      itemStyle: { color: levelColors[level] },
      data: days.map((d) => d.byLevel[level] ?? 0),
    })),
  };
}
