import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Empty, Spin, theme as antdTheme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './chart-option';
import { chartThemeOf } from './chart-theme';

export interface ThemedChartProps {
  option: ChartOption;
  /** Nothing to draw: shows antd's Empty instead of an empty grid. */
  empty?: boolean;
  /** A query is running: a spinner over the chart (the previous drawing stays). */
  loading?: boolean;
  height?: number;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * An ECharts chart in the colours of the current antd theme. ECharts is loaded on first use (a lazy
 * chunk); the chart follows a theme switch, resizes with its container and is disposed on unmount.
 */
export function ThemedChart({ option, empty = false, loading = false, height = 320, style, ...rest }: ThemedChartProps) {
  const { token } = antdTheme.useToken();
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [failed, setFailed] = useState(false);
  // keyed by content: a repaint only when the theme's colours really change
  const themeKey = useMemo(() => JSON.stringify(chartThemeOf(token)), [token]);
  const chartTheme = useMemo(() => JSON.parse(themeKey) as ReturnType<typeof chartThemeOf>, [themeKey]);
  const themeRef = useRef(chartTheme);
  themeRef.current = chartTheme;

  // create once the element is there (it is not while empty), dispose when it goes
  useEffect(() => {
    if (empty) return;
    let disposed = false;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    // ECharts (core and the parts registered in echarts-setup) is a lazy chunk: fetched for the first
    // chart, then kept by the module loader
    import('./echarts-setup').then(
      ({ echarts }) => {
        if (disposed || !box.current) return;
        instance = echarts.init(box.current, themeRef.current);
        observer = new ResizeObserver(() => instance?.resize());
        observer.observe(box.current);
        setChart(instance);
      },
      () => !disposed && setFailed(true),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
      setChart(null);
    };
  }, [empty]);

  useEffect(() => {
    chart?.setTheme(chartTheme);
  }, [chart, chartTheme]);

  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  if (empty || failed) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', ...style }} {...rest}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? t('errors.requestFailed') : undefined} />
      </div>
    );
  }
  return (
    <Spin spinning={loading || !chart}>
      <div ref={box} style={{ height, width: '100%', ...style }} {...rest} />
    </Spin>
  );
}
