import type { GlobalToken } from 'antd';

/** The antd tokens a chart theme is made of (a subset of the theme's design tokens). */
export type ChartTokens = Pick<
  GlobalToken,
  | 'colorPrimary'
  | 'colorSuccess'
  | 'colorWarning'
  | 'colorError'
  | 'purple'
  | 'cyan'
  | 'magenta'
  | 'gold'
  | 'colorText'
  | 'colorTextSecondary'
  | 'colorTextTertiary'
  | 'colorBorder'
  | 'colorBorderSecondary'
  | 'colorBgElevated'
  | 'colorFillSecondary'
  | 'fontFamily'
  | 'fontSize'
>;

/** The series colours: the theme's primary first, then its status colours and a few presets. */
export function chartPalette(t: ChartTokens): string[] {
  return [t.colorPrimary, t.colorSuccess, t.colorWarning, t.purple, t.cyan, t.magenta, t.colorError, t.gold];
}

/**
 * An ECharts theme from the antd tokens of the current theme: text, axes, split lines, tooltip and
 * palette, so a chart looks like the antd components around it and follows a theme switch.
 */
export function chartThemeOf(t: ChartTokens) {
  const axis = {
    axisLine: { show: true, lineStyle: { color: t.colorBorder } },
    axisTick: { show: true, lineStyle: { color: t.colorBorder } },
    axisLabel: { color: t.colorTextSecondary },
    splitLine: { show: true, lineStyle: { color: t.colorBorderSecondary } },
    splitArea: { show: false },
    nameTextStyle: { color: t.colorTextSecondary },
  };
  return {
    color: chartPalette(t),
    backgroundColor: 'transparent',
    textStyle: { color: t.colorText, fontFamily: t.fontFamily, fontSize: t.fontSize - 2 },
    title: { textStyle: { color: t.colorText }, subtextStyle: { color: t.colorTextSecondary } },
    legend: { textStyle: { color: t.colorTextSecondary }, inactiveColor: t.colorTextTertiary },
    tooltip: {
      backgroundColor: t.colorBgElevated,
      borderColor: t.colorBorder,
      textStyle: { color: t.colorText },
      axisPointer: { lineStyle: { color: t.colorTextTertiary }, crossStyle: { color: t.colorTextTertiary } },
    },
    categoryAxis: { ...axis, splitLine: { show: false } },
    valueAxis: axis,
    timeAxis: { ...axis, splitLine: { show: false } },
    logAxis: axis,
    dataZoom: {
      textStyle: { color: t.colorTextSecondary },
      borderColor: t.colorBorder,
      fillerColor: t.colorFillSecondary,
      handleStyle: { color: t.colorPrimary, borderColor: t.colorPrimary },
      dataBackground: { lineStyle: { color: t.colorBorder }, areaStyle: { color: t.colorFillSecondary } },
    },
    line: { symbol: 'none', smooth: false },
  };
}
