import { describe, expect, test } from 'vitest';
import { buildAlarmChartOption, hasPoints, type AlarmChartInput } from './alarm-chart-option';

const base: AlarmChartInput = {
  series: [
    {
      property: { id: 1, name: 'Voltage', unit: 'V', triggering: true },
      points: [
        { ts: '2026-03-01T07:30:00.000Z', value: 230 },
        { ts: '2026-03-01T08:00:00.000Z', value: 255 },
      ],
    },
    { property: { id: 2, name: 'Power', unit: 'kW', triggering: false }, points: [{ ts: '2026-03-01T08:00:00.000Z', value: 12 }] },
  ],
  from: '2026-03-01T07:00:00.000Z',
  to: '2026-03-01T10:00:00.000Z',
  alarmTime: '2026-03-01T08:00:00.000Z',
  recoverTime: '2026-03-01T09:00:00.000Z',
  threshold: 250,
  labels: { alarm: 'Alarm', recovered: 'Recovered', active: 'Active', threshold: 'Threshold' },
  colors: { alarm: '#f00', recovered: '#0f0' },
  timeZone: 'Asia/Shanghai',
};
const ms = (iso: string) => Date.parse(iso);
type AnySeries = {
  name: string;
  yAxisIndex: number;
  data: [number, number][];
  markLine?: { data: Record<string, unknown>[] };
  markArea?: { data: unknown[][] };
};

describe('alarm chart option', () => {
  test('a line per property on a time axis over the window, one y axis per unit', () => {
    const o = buildAlarmChartOption(base) as unknown as {
      xAxis: { type: string; min: number; max: number };
      yAxis: { name: string; position: string }[];
      series: AnySeries[];
    };
    expect(o.xAxis).toMatchObject({ type: 'time', min: ms(base.from), max: ms(base.to) });
    expect(o.yAxis.map((y) => [y.name, y.position])).toEqual([
      ['V', 'left'],
      ['kW', 'right'],
    ]);
    expect(o.series.map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['Voltage (V)', 0],
      ['Power (kW)', 1],
    ]);
    expect(o.series[0]!.data).toEqual([
      [ms('2026-03-01T07:30:00.000Z'), 230],
      [ms('2026-03-01T08:00:00.000Z'), 255],
    ]);
  });

  test('the alarm time and the recovery marked, the active period shaded, the threshold on the rule property', () => {
    const o = buildAlarmChartOption(base) as unknown as { series: AnySeries[] };
    const marks = o.series[0]!.markLine!.data;
    expect(marks).toEqual([
      expect.objectContaining({ name: 'Alarm', xAxis: ms(base.alarmTime) }),
      expect.objectContaining({ name: 'Recovered', xAxis: ms(base.recoverTime!) }),
      expect.objectContaining({ name: 'Threshold', yAxis: 250 }),
    ]);
    expect(o.series[0]!.markArea!.data).toEqual([[{ name: 'Active', xAxis: ms(base.alarmTime) }, { xAxis: ms(base.recoverTime!) }]]);
    expect(o.series[1]!.markLine).toBeUndefined();
  });

  test('an active alarm is shaded to the end of the window; the threshold follows the rule property wherever it is', () => {
    const o = buildAlarmChartOption({ ...base, recoverTime: null, series: [base.series[1]!, base.series[0]!] }) as unknown as {
      series: AnySeries[];
    };
    expect(o.series[0]!.markLine!.data.map((d) => d.name)).toEqual(['Alarm']);
    expect(o.series[0]!.markArea!.data[0]).toEqual([{ name: 'Active', xAxis: ms(base.alarmTime) }, { xAxis: ms(base.to) }]);
    expect(o.series[1]!.markLine!.data.map((d) => d.name)).toEqual(['Threshold']);
  });

  test('hasPoints', () => {
    expect(hasPoints(base.series)).toBe(true);
    expect(hasPoints([{ ...base.series[0]!, points: [] }])).toBe(false);
  });

  test("the axis and the tooltip say times in the tenant's zone, whatever the browser's", () => {
    const o = buildAlarmChartOption(base) as unknown as {
      xAxis: { axisLabel: { formatter: (v: number) => string } };
      tooltip: { formatter: (p: unknown) => string };
    };
    // 08:00 UTC is 16:00 in Shanghai
    expect(o.xAxis.axisLabel.formatter(ms('2026-03-01T08:00:00.000Z'))).toBe('16:00');
    const tip = o.tooltip.formatter([
      { axisValue: ms('2026-03-01T08:00:00.000Z'), marker: '', seriesName: 'Voltage (V) <b>', value: [0, 255] },
    ]);
    expect(tip).toContain('2026-03-01 16:00:00');
    expect(tip).toContain('Voltage (V) &#60;b&#62;');
    // a window over a day long shows the date too
    const long = buildAlarmChartOption({ ...base, to: '2026-03-03T10:00:00.000Z' }) as unknown as typeof o;
    expect(long.xAxis.axisLabel.formatter(ms('2026-03-01T08:00:00.000Z'))).toBe('03-01 16:00');
  });
});
