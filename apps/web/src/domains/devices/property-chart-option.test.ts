import { describe, expect, it } from 'vitest';
import { buildPropertyChartOption, hasData, type PropertySeries } from './property-chart-option';
import { formatBucket } from './format';

const labels = { avg: 'Average', band: 'Min – max', min: 'Min', max: 'Max', value: 'Value', increase: 'Energy', counter: 'Counter' };
const T0 = Date.UTC(2026, 0, 1, 0, 0); // 08:00 in Shanghai
const Q = 900_000;

const power: PropertySeries = {
  key: 'p',
  name: 'Active power',
  unit: 'kW',
  kind: 'instantaneous',
  points: [
    { ts: T0, avg: 10, min: -5, max: 20, last: 12, count: 3 },
    { ts: T0 + Q, avg: null, min: null, max: null, last: null, count: 0 },
    { ts: T0 + 2 * Q, avg: 1.5, min: 1.2, max: 1.9, last: 1.9, count: 3 },
  ],
};
const energy: PropertySeries = {
  key: 'e_imp',
  name: 'Imported energy',
  unit: 'kWh',
  kind: 'cumulative',
  points: [
    { ts: T0, increase: 4.5, last: 1004.5 },
    { ts: T0 + Q, increase: null, last: null },
  ],
};
const state: PropertySeries = {
  key: 'status',
  name: 'Operating state',
  unit: '',
  kind: 'state',
  points: [{ ts: T0, avg: 0.5, min: 0, max: 1, last: 1, count: 2 }],
};

type Series = {
  type: string;
  name: string;
  data: (number | null)[];
  stack?: string;
  stackStrategy?: string;
  step?: string;
  areaStyle?: unknown;
};
const build = (series: PropertySeries, interval: '15m' | '1d' = '15m') => {
  const option = buildPropertyChartOption({ series, interval, timeZone: 'Asia/Shanghai', labels, color: '#1f8fff' });
  return { option, series: option.series as Series[], xAxis: option.xAxis as { data: string[] } };
};
const tooltipAt = (option: ReturnType<typeof build>['option'], i: number) =>
  (option.tooltip as { formatter: (p: unknown) => string }).formatter([{ dataIndex: i }]);

describe('property chart option', () => {
  it('instantaneous: avg line over a min-max band stacked across signs; empty buckets stay gaps', () => {
    const { option, series, xAxis } = build(power);
    expect(series.map((s) => s.type)).toEqual(['line', 'line', 'line']);
    const [lower, band, avg] = series;
    expect(lower!.data).toEqual([-5, null, 1.2]);
    expect(band!.data).toEqual([25, null, 0.7]);
    expect(lower!.stack).toBe('band');
    expect(band!.stack).toBe('band');
    expect(band!.stackStrategy).toBe('all');
    expect(band!.areaStyle).toBeTruthy();
    expect(avg!.name).toBe('Average');
    expect(avg!.data).toEqual([10, null, 1.5]);
    // bucket names in the tenant's zone, not the browser's
    expect(xAxis.data).toEqual(['08:00', '08:15', '08:30']);
    expect(tooltipAt(option, 0)).toContain('2026-01-01 08:00');
    expect(tooltipAt(option, 0)).toContain('Max: <b>20 kW</b>');
    expect(tooltipAt(option, 1)).toContain('Average: <b>-</b>');
  });

  it('cumulative: the increase per bucket as bars, the counter in the tooltip', () => {
    const { option, series } = build(energy, '1d');
    expect(series).toHaveLength(1);
    expect(series[0]!.type).toBe('bar');
    expect(series[0]!.data).toEqual([4.5, null]);
    expect(tooltipAt(option, 0)).toContain('2026-01-01');
    expect(tooltipAt(option, 0)).toContain('Counter: <b>1,004.5 kWh</b>');
  });

  it('state: the value at the end of each bucket as a step line', () => {
    const { series } = build(state);
    expect(series).toHaveLength(1);
    expect(series[0]!.step).toBe('end');
    expect(series[0]!.data).toEqual([1]);
  });

  it('adds a zoom slider only for long series', () => {
    expect(build(power).option.dataZoom).toEqual([]);
    const long: PropertySeries = { ...energy, points: Array.from({ length: 200 }, (_, i) => ({ ts: T0 + i * Q, increase: 1, last: i })) };
    expect((build(long).option.dataZoom as unknown[]).length).toBe(1);
  });

  it('knows when there is nothing to draw', () => {
    expect(hasData(power)).toBe(true);
    expect(hasData({ ...energy, points: [{ ts: T0, increase: null, last: null }] })).toBe(false);
    expect(hasData(undefined)).toBe(false);
  });

  it('names buckets by resolution', () => {
    expect(formatBucket(T0, '1y', 'Asia/Shanghai')).toBe('2026');
    expect(formatBucket(T0, '1mo', 'Asia/Shanghai')).toBe('2026-01');
    expect(formatBucket(T0, '1d', 'UTC', 'long')).toBe('2026-01-01');
    expect(formatBucket(T0 - 1, '1d', 'UTC', 'long')).toBe('2025-12-31');
    expect(formatBucket(T0, '15m', 'UTC', 'time')).toBe('01-01'); // midnight names its day
    expect(formatBucket(T0, '15m', 'Asia/Shanghai')).toBe('01-01\n08:00');
    expect(formatBucket(T0, '1h', 'Not/AZone', 'long')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });
});
