import { describe, expect, it } from 'vitest';
import { buildReportChartOption } from './report-chart-option';

describe('PV report chart', () => {
  const answer = {
    periods: [
      { label: '2026-06-01', onGridWh: 1600, selfWh: 10_400, equivalentHours: 0.12, income: { total: 7.6056 } },
      { label: '2026-06-02', onGridWh: 0, selfWh: 0, equivalentHours: 0, income: null },
    ],
  };
  const labels = { self: 'Self', onGrid: 'On-grid', line: 'Hours', energy: 'kWh' };
  const colors = { self: '#1', onGrid: '#2', line: '#3' };

  it('stacks self-consumed and on-grid energy in kWh, the equivalent hours on a second axis', () => {
    const o = buildReportChartOption(answer, labels, colors, false) as {
      series: { data: number[]; stack?: string; yAxisIndex?: number }[];
    };
    expect(o.series[0]).toMatchObject({ stack: 'energy', data: [10.4, 0] });
    expect(o.series[1]).toMatchObject({ stack: 'energy', data: [1.6, 0] });
    expect(o.series[2]).toMatchObject({ yAxisIndex: 1, data: [0.12, 0] });
  });

  it('draws the income instead of the hours when income is shown', () => {
    const o = buildReportChartOption(answer, labels, colors, true) as { series: { data: number[] }[] };
    expect(o.series[2]!.data).toEqual([7.6056, 0]);
  });
});
