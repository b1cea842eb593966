import { describe, expect, test } from 'vitest';
import { alarmWeekOption, dispersionBarsOption, stringHeatmapOption } from './board-charts';

const q = (hh: number, mm: number) => Date.parse(`2026-06-10T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`);

describe('noticeboard charts', () => {
  test('the heat map normalises each string by its capacity and keeps only the daylight columns', () => {
    const option = stringHeatmapOption(
      [
        // 11 kWp: 0 at 06:00 (night), 5.5 A at 06:15 = 0.5 A/kWp, 11 A at 06:30 = 1 A/kWp
        {
          code: 'S1',
          capacityKwp: 11,
          points: [
            { ts: q(6, 0), current: 0 },
            { ts: q(6, 15), current: 5.5 },
            { ts: q(6, 30), current: 11 },
          ],
        },
        // 5.5 kWp: 2.75 A = 0.5 A/kWp; a dead string's 0 is drawn (dark), not dropped
        {
          code: 'S2',
          capacityKwp: 5.5,
          points: [
            { ts: q(6, 0), current: 0 },
            { ts: q(6, 15), current: 2.75 },
            { ts: q(6, 30), current: 0 },
          ],
        },
      ],
      'Asia/Shanghai',
      ['#000', '#fff'],
      'A/kWp',
    );
    expect((option.xAxis as { data: string[] }).data).toEqual(['06:15', '06:30']);
    expect((option.yAxis as { data: string[] }).data).toEqual(['S1', 'S2']);
    const series = option.series as { data: number[][] }[];
    expect(series[0]!.data).toEqual([
      [0, 0, 0.5],
      [1, 0, 1],
      [0, 1, 0.5],
      [1, 1, 0],
    ]);
    expect((option.visualMap as { max: number }).max).toBe(1);
  });

  test('dispersion bars are in percent and coloured by class', () => {
    const option = dispersionBarsOption(
      [
        { code: 'INV-01', rate: 0.1234, className: 'poor' },
        { code: 'INV-02', rate: null, className: null },
      ],
      (c) => (c === 'poor' ? 'orange' : 'grey'),
      'Dispersion',
    );
    expect((option.series as { data: { value: number | null; itemStyle: { color: string } }[] }[])[0]!.data).toEqual([
      { value: 12.34, itemStyle: { color: 'orange' } },
      { value: null, itemStyle: { color: 'grey' } },
    ]);
  });

  test('the week of alarms stacks one series per level', () => {
    const option = alarmWeekOption(
      [
        { day: '2026-06-09', byLevel: [0, 1, 0, 0, 0] },
        { day: '2026-06-10', byLevel: [2, 0, 0, 0, 1] },
      ],
      ['L0', 'L1', 'L2', 'L3', 'L4'],
      ['r', 'o', 'b', 'g', 'x'],
    );
    const series = option.series as { name: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['L0', [0, 2]],
      ['L1', [1, 0]],
      ['L2', [0, 0]],
      ['L3', [0, 0]],
      ['L4', [0, 1]],
    ]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['06-09', '06-10']);
  });
});
