import { describe, expect, it } from 'vitest';
import { waterfallChartOption } from './chart-options';

describe('PV loss waterfall chart', () => {
  it('floats each measured loss under the level before it and ends on the energy on grid', () => {
    const o = waterfallChartOption(
      {
        theoreticalWh: 10_000,
        onGridWh: 7_500,
        steps: [
          { key: 'temperature', lossWh: 1_000 },
          { key: 'clipping', lossWh: null },
          { key: 'inverter', lossWh: 1_500 },
        ],
      },
      { theoretical: 'T', onGrid: 'G', step: (k) => k, energy: 'kWh' },
      { total: '#1', loss: '#2', gain: '#3' },
    ) as { xAxis: { data: string[] }; series: { data: (number | { value: number })[] }[] };
    expect(o.xAxis.data).toEqual(['T', 'temperature', 'inverter', 'G']);
    // bases: 0, 9 (10 − 1), 7.5 (9 − 1.5), 0; bars: 10, 1, 1.5, 7.5 kWh
    expect(o.series[0]!.data).toEqual([0, 9, 7.5, 0]);
    expect(o.series[1]!.data.map((d) => (d as { value: number }).value)).toEqual([10, 1, 1.5, 7.5]);
  });
});
