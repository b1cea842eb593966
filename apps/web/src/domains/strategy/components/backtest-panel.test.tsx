import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sampleStrategyForm } from '@energy/contracts/strategy-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BacktestPanel } from './backtest-panel';
import '../texts';

// ECharts needs a real canvas: the chart shows the series it was given instead
vi.mock('../../../shared/chart/themed-chart', () => ({
  ThemedChart: ({ option, ...rest }: { option: { series?: { name: string }[] } }) => (
    <div data-testid={(rest as { 'data-testid'?: string })['data-testid']}>{(option.series ?? []).map((s) => s.name).join('|')}</div>
  ),
}));

const T = { timeout: 30_000 };
afterEach(() => vi.unstubAllGlobals());

const answer = {
  bsaId: 2,
  date: '2026-02-28',
  timeZone: 'Asia/Shanghai',
  currency: 'CNY',
  stepMinutes: 15,
  strategy: { id: null, name: 'Plant_A-strategy', revision: null, version: 1 },
  station: { ratedPowerKw: 250, capacityKwh: 500, initialSocPct: 50, transformerKva: null },
  coverage: 1,
  points: [
    { ts: 0, time: '00:00', loadKw: 600, pvKw: 0, price: 0.3, gridBeforeKw: 600, gridAfterKw: 800, batteryKw: -200, socPct: 50, note: '' },
  ],
  figures: {
    peakDemandBeforeKw: 1210.04,
    peakDemandAfterKw: 980,
    chargedKwh: 812.5,
    dischargedKwh: 700,
    costBefore: 5234.5,
    costAfter: 4890.25,
    saving: 344.25,
    finalSocPct: 48,
  },
};

describe('BacktestPanel', () => {
  it('runs the unsaved form on the chosen past day and shows the figures and the chart', T, async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/v2/energy-storage-strategy/backtest');
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ code: 0, data: answer, msg: 'success' }), { status: 200 });
    });
    const form = sampleStrategyForm(1);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <BacktestPanel form={form} valid bsaId={2} />
        </App>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('backtest-run'));
    await waitFor(() => expect(screen.getByTestId('backtest-result')).toBeTruthy());
    const body = bodies[0] as { bsaId: number; date: string; strategy: { name: string; sections: unknown[] } };
    expect(body.bsaId).toBe(2);
    expect(body.date < new Date().toISOString().slice(0, 10)).toBe(true);
    expect(body.strategy.name).toBe('Plant_A-strategy');
    expect(body.strategy.sections).toHaveLength(4);
    expect(screen.getByTestId('backtest-peak-before').textContent).toContain('1210.0 kW');
    expect(screen.getByTestId('backtest-peak-after').textContent).toContain('980.0 kW');
    expect(screen.getByTestId('backtest-charged').textContent).toContain('812.5 kWh');
    expect(screen.getByTestId('backtest-cost-after').textContent).toContain('4,890.25');
    expect(screen.getByTestId('backtest-cost-after').textContent).toMatch(/CN¥|¥/);
    expect(screen.getByTestId('backtest-chart').textContent).toBe(
      'Grid power without storage|Grid power with the strategy|Battery power (+ discharge)|SOC',
    );
  });

  it('waits for a valid form', T, () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <BacktestPanel form={sampleStrategyForm(1)} valid={false} bsaId={2} />
        </App>
      </QueryClientProvider>,
    );
    expect((screen.getByTestId('backtest-run') as HTMLButtonElement).disabled).toBe(true);
  });
});
