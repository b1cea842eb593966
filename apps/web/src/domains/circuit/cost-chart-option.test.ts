import { describe, expect, it } from 'vitest';
import { buildCostChartOption } from './cost-chart-option';
import { BAND_KINDS, type BandKind } from './kinds';

const zero = { wh: 0, cost: 0 };
const bands = (patch: Partial<Record<BandKind, { wh: number; cost: number }>>) =>
  ({ sharp: zero, peak: zero, flat: zero, valley: zero, deepValley: zero, ...patch }) as Record<BandKind, { wh: number; cost: number }>;

describe('peak-and-valley chart', () => {
  it('stacks the cost of each band per period and draws the energy in kWh on a second axis', () => {
    const option = buildCostChartOption(
      {
        periods: [
          { label: '2026-06-01', bands: bands({ peak: { wh: 40932, cost: 42.9786 }, valley: { wh: 9096, cost: 3.1836 } }) },
          { label: '2026-06-02', bands: bands({ sharp: { wh: 11096, cost: 14.9796 } }) },
        ],
      },
      BAND_KINDS,
      { kind: { sharp: 'S', peak: 'P', flat: 'F', valley: 'V', deepValley: 'D' }, cost: 'CNY', energy: 'kWh' },
      { sharp: 'red', peak: 'orange', flat: 'blue', valley: 'green', deepValley: 'cyan' },
    );
    const series = option.series as { name: string; stack?: string; data: number[]; yAxisIndex?: number; itemStyle?: { color: string } }[];
    expect(series.map((s) => s.name)).toEqual(['S', 'P', 'F', 'V', 'D', 'kWh']);
    expect(series[1]).toMatchObject({ stack: 'cost', data: [42.9786, 0], itemStyle: { color: 'orange' } });
    expect(series[0]!.data).toEqual([0, 14.9796]);
    // 40932 + 9096 Wh = 50.028 kWh; 11096 Wh = 11.096 kWh
    expect(series[5]).toMatchObject({ yAxisIndex: 1, data: [50.028, 11.096] });
  });
});
