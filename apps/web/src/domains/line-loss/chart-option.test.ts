import { describe, expect, test } from 'vitest';
import { buildLossChartOption } from './chart-option';

describe('line-loss chart option', () => {
  test('bars in kWh for input, outputs and loss; the rate in percent on the second axis, a gap without input', () => {
    const option = buildLossChartOption(
      {
        periods: [
          { label: '2026-06-01', inputWh: 120_500, outputWh: 116_644, lossWh: 3856, rate: 0.032 },
          { label: '2026-06-02', inputWh: 0, outputWh: 0, lossWh: 0, rate: null },
          { label: '2026-06-03', inputWh: 1000, outputWh: 1001, lossWh: -1, rate: -0.001 },
        ],
      },
      { input: 'In', output: 'Out', loss: 'Loss', rate: 'Rate' },
      { input: '#1', output: '#2', loss: '#3', rate: '#4' },
    );
    const series = option.series as { name: string; type: string; yAxisIndex?: number; data: (number | null)[] }[];
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex ?? 0])).toEqual([
      ['In', 'bar', 0],
      ['Out', 'bar', 0],
      ['Loss', 'bar', 0],
      ['Rate', 'line', 1],
    ]);
    expect(series[0]!.data).toEqual([120.5, 0, 1]);
    expect(series[1]!.data).toEqual([116.644, 0, 1.001]);
    expect(series[2]!.data).toEqual([3.856, 0, -0.001]);
    expect(series[3]!.data).toEqual([3.2, null, -0.1]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
  });
});
