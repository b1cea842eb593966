import { describe, expect, it } from 'vitest';
import { buildBacktestChartOption } from './backtest-chart-option';

const labels = { gridBefore: 'before', gridAfter: 'after', battery: 'battery', soc: 'SOC', power: 'kW' };

describe('backtest chart option', () => {
  it('draws grid before and after and battery power in kW, SOC on a 0..100 % axis', () => {
    const option = buildBacktestChartOption(
      {
        points: [
          { time: '00:00', gridBeforeKw: 500.04, gridAfterKw: 800, batteryKw: -300, socPct: 20 },
          { time: '00:15', gridBeforeKw: 900, gridAfterKw: 600, batteryKw: 300, socPct: 19.55 },
        ],
      },
      labels,
    );
    const series = option.series as { name: string; data: number[]; yAxisIndex?: number }[];
    expect(series.map((s) => s.name)).toEqual(['before', 'after', 'battery', 'SOC']);
    expect(series[0]!.data).toEqual([500, 900]);
    expect(series[2]!.data).toEqual([-300, 300]);
    expect(series[3]!.yAxisIndex).toBe(1);
    expect(series[3]!.data).toEqual([20, 19.6]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['00:00', '00:15']);
    expect((option.yAxis as { max?: number }[])[1]!.max).toBe(100);
  });
});
