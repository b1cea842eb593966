import type { ChartOption } from '../../../shared/chart/chart-option';

/** One 15 min point of a station's day: average power, irradiance and (optionally) module temperature. */
export interface DayPowerPoint {
  ts: number;
  powerKw: number | null;
  irradianceWm2: number | null;
  tempModuleC?: number | null;
}

/**
 * A station's day (pure: tested without a browser), drawn alike on the outline, the performance page and
 * the noticeboard: the generation power (kW, an area) and the plane-of-array irradiance (W/m², a line on a
 * second axis), and the module temperature as a dashed line when a label and a colour are given for it.
 * `fontSize` enlarges the legend and axis labels (the noticeboard is read across a room).
 */
export function dayPowerOption(
  points: readonly DayPowerPoint[],
  timeOf: (ts: number) => string,
  labels: { power: string; irradiance: string; temp?: string },
  colors: { power: string; irradiance: string; temp?: string },
  fontSize?: number,
): ChartOption {
  const text = fontSize ? { fontSize } : undefined;
  const withTemp = labels.temp !== undefined && colors.temp !== undefined;
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: text, data: [labels.power, labels.irradiance, ...(withTemp ? [labels.temp!] : [])] },
    grid: { left: 64, right: 64, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => timeOf(p.ts)), axisLabel: text },
    yAxis: [
      { type: 'value', name: 'kW', axisLabel: text },
      { type: 'value', name: 'W/m²', splitLine: { show: false }, axisLabel: text },
    ],
    series: [
      {
        name: labels.power,
        type: 'line',
        showSymbol: false,
        areaStyle: { opacity: 0.2 },
        itemStyle: { color: colors.power },
        data: points.map((p) => p.powerKw),
      },
      {
        name: labels.irradiance,
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        itemStyle: { color: colors.irradiance },
        data: points.map((p) => p.irradianceWm2),
      },
      ...(withTemp
        ? [
            {
              name: labels.temp!,
              type: 'line' as const,
              yAxisIndex: 1,
              showSymbol: false,
              lineStyle: { type: 'dashed' as const },
              itemStyle: { color: colors.temp! },
              data: points.map((p) => p.tempModuleC ?? null),
            },
          ]
        : []),
    ],
  };
}
