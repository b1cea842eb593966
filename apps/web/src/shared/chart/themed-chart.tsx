import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Empty, Spin, theme as antdTheme } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './chart-option';
import { chartThemeOf } from './chart-theme';

/** Whether this browser gives a 2D canvas context, which ECharts' canvas renderer needs (asked once). */
let drawable: boolean | undefined;
function canDraw(): boolean {
  drawable ??= (() => {
    try {
      return document.createElement('canvas').getContext('2d') !== null;
    } catch {
      return false;
    }
  })();
  return drawable;
}

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
        try {
          if (!canDraw()) throw new Error('no 2D canvas');
          instance = echarts.init(box.current, themeRef.current);
        } catch {
          // no 2D canvas here (a browser that blocks it, or jsdom): the failed state, not a broken page
          setFailed(true);
          return;
        }
        observer = new ResizeObserver(() => instance?.resize());
        observer.observe(box.current);
        setChart(instance);
      },
      () => !disposed && setFailed(true),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      try {
        instance?.dispose();
      } catch {
        // a chart whose canvas never had a context has nothing to free
      }
      setChart(null);
    };
  }, [empty]);

  useEffect(() => {
    chart?.setTheme(chartTheme);
  }, [chart, chartTheme]);

  useEffect(() => {
    try {
      chart?.setOption(option, { notMerge: true });
    } catch {
      // drawing needs a 2D canvas context (see init): without one the chart says it failed
      setFailed(true);
    }
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
