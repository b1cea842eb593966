import { describe, expect, it } from 'vitest';
import { buildCurveOption, classColor } from './dispersion-chart-option';

describe('dispersion curve option', () => {
  it('draws a line per string and the rate on the second axis', () => {
    const option = buildCurveOption(
      {
        buckets: [
          { ts: 0, irradiance: 800, qualifying: true, ratePercent: 11.04 },
          { ts: 900_000, irradiance: 150, qualifying: false, ratePercent: null },
        ],
        strings: [{ id: 1, code: 'S1', currents: [8, 1.5] }],
      },
      { current: 'A', rate: '%' },
      { rate: 'red' },
      (ts) => String(ts / 60_000),
    );
    const series = option.series as { name: string; data: unknown[]; yAxisIndex?: number }[];
    expect(series.map((s) => s.name)).toEqual(['S1', '%']);
    expect(series[1]).toMatchObject({ yAxisIndex: 1, data: [11.04, null] });
    expect((option.xAxis as { data: string[] }).data).toEqual(['0', '15']);
  });

  it('colours the best class green and the worst red', () => {
    expect([0, 1, 2, 3].map((i) => classColor(i, 4))).toEqual(['success', 'processing', 'warning', 'error']);
    expect(classColor(null, 4)).toBeUndefined();
  });
});
