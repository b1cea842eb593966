import { bsa, bsaForecast } from '@energy/contracts/refs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fixture, renderPage, tableRows } from '../../../test/render-page';
import type { AlarmCount, AttentionRow, ChargingData, PowerForecast, RevenueForecast } from '../queries';
import ChargingDataPage from './charging-data-page';
import ForecastPage from './forecast-page';

const stations = [{ id: 7, code: 'SZ-01-BSA-01', name: 'Suzhou plant storage', status: 'enabled' as const, ouId: 3 }];
const times = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);
const power: PowerForecast = {
  bsaId: 7,
  date: '2026-06-15',
  timeZone: 'Asia/Shanghai',
  stepMinutes: 15,
  method: {
    weightRecent: 0.3,
    recentDays: 1,
    weekdayWeeks: 4,
    validationDays: 7,
    validationMaeKw: 36.2,
    naiveMaeKw: 140.4,
    historyDays: 30,
  },
  steps: times.map((time, i) => ({ ts: i, time, loadKw: 300, pvKw: 20 })),
};
const revenue: RevenueForecast = {
  bsaId: 7,
  date: '2026-06-15',
  timeZone: 'Asia/Shanghai',
  currency: 'CNY',
  stepMinutes: 15,
  strategy: { id: 3, name: 'Valley-peak', source: 'executing' },
  initialSocPct: 50,
  steps: times.map((time, i) => ({
    ts: i,
    time,
    kind: 'flat',
    price: 0.65,
    loadKw: 300,
    batteryKw: 0,
    gridBeforeKw: 300,
    gridAfterKw: 300,
    socPct: 50,
    chargeWh: 0,
    dischargeWh: 0,
  })),
  chargeWh: 200_000,
  dischargeWh: 300_000,
  chargeCost10k: 600_000,
  dischargeRevenue10k: 2_750_000,
  revenue10k: 2_150_000,
};
const count: AlarmCount = {
  total: 3,
  active: 1,
  levels: [0, 1, 2, 3, 4].map((level) => ({ level, total: level === 1 ? 3 : 0, active: level === 1 ? 1 : 0 })),
};
const watched: AttentionRow[] = [
  {
    bsaId: 7,
    code: 'SZ-01-BSA-01',
    name: 'Suzhou plant storage',
    ouName: 'Suzhou Plant Site',
    status: 'enabled',
    online: true,
    activeAlarms: 1,
    highestLevel: 1,
    createdAt: '2026-06-01T00:00:00.000Z',
  },
];
const charging: ChargingData = {
  bsaId: 7,
  timeZone: 'Asia/Shanghai',
  currency: 'CNY',
  timeResolution: 'day',
  rows: [
    { period: '2026-07-01', chargeWh: 12_345, dischargeWh: 7_250, chargeCost10k: 37_000, dischargeRevenue10k: 79_600, net10k: 42_600 },
    { period: '2026-07-02', chargeWh: 5_500, dischargeWh: 0, chargeCost10k: 16_500, dischargeRevenue10k: 0, net10k: -16_500 },
  ],
  totals: { chargeWh: 17_845, dischargeWh: 7_250, chargeCost10k: 53_500, dischargeRevenue10k: 79_600, net10k: 26_100 },
};

afterEach(() => vi.restoreAllMocks());

describe('storage forecast pages', () => {
  const forecastFixtures = [
    fixture(bsa.bsaListSimple, stations),
    fixture(bsaForecast.predictPower, power),
    fixture(bsaForecast.predictRevenue, revenue),
    fixture(bsa.bsaDataPrices, { bsaId: 7, date: '2026-06-15', timeZone: 'Asia/Shanghai', currency: 'CNY', stepMinutes: 15, steps: [] }),
    fixture(bsaForecast.alarmCount, count),
    fixture(bsaForecast.attention, (input) => (input.action === 'remove' ? [] : watched)),
  ];

  test('forecast: the method and its error, the revenue to the cent, alarms and the watch list with the overview page', async () => {
    const view = renderPage(<ForecastPage />, {
      permissions: ['p-bsa-forecast', 'p-bsa-overview'],
      fixtures: forecastFixtures,
      path: '/?bsa=7&date=2026-06-15',
    });
    await waitFor(() => expect(screen.getByTestId('bsa-forecast-method').textContent).toContain('36.2 kW'));
    expect(screen.getByTestId('bsa-forecast-method').textContent).toContain('140.4 kW');
    await waitFor(() => expect(screen.getByTestId('bsa-forecast-revenue').textContent).toContain('215.00 CNY'));
    expect(screen.getByTestId('bsa-forecast-revenue').textContent).toContain('Valley-peak (executing)');
    await waitFor(() => expect(screen.getByTestId('bsa-alarm-count').textContent).toContain('High'));
    await waitFor(() => expect(screen.getByTestId('bsa-watch').textContent).toContain('1 active alarm(s)'));
    expect(view.to(bsaForecast.predictPower)[0]!.body).toEqual({ bsaId: 7, date: '2026-06-15' });
    fireEvent.click(screen.getByTestId('bsa-watch-toggle'));
    await waitFor(() => expect(view.to(bsaForecast.attention).some((c) => (c.body as { action: string }).action === 'remove')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('bsa-watch').textContent).toContain('You watch no station yet'));
  });

  test('forecast: without the overview page no alarm or watch widget; a refused revenue says why', async () => {
    renderPage(<ForecastPage />, {
      permissions: ['p-bsa-forecast'],
      fixtures: [...forecastFixtures.filter((f) => f.ref !== bsaForecast.predictRevenue)],
      path: '/?bsa=7&date=2026-06-15',
    });
    await waitFor(() => expect(screen.getByTestId('bsa-forecast-revenue').textContent).toContain('The revenue cannot be forecast'));
    expect(screen.queryByTestId('bsa-alarm-count')).toBeNull();
    expect(screen.queryByTestId('bsa-watch')).toBeNull();
  });

  test('charging data: totals and days to the Wh and the cent, the export with its code', async () => {
    const view = renderPage(<ChargingDataPage />, {
      permissions: ['p-bsa-charging-data', 'b-bsa-charging-export'],
      fixtures: [fixture(bsa.bsaListSimple, stations), fixture(bsaForecast.getChargingData, charging)],
      path: '/?bsa=7&from=2026-07-01&to=2026-07-02',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(tableRows()[0]!.textContent).toContain('12.345');
    expect(tableRows()[0]!.textContent).toContain('7.96');
    expect(tableRows()[1]!.textContent).toContain('-1.65');
    expect(screen.getByTestId('bsa-charging-totals').textContent).toContain('2.61');
    expect(screen.getByTestId('bsa-charging-export')).toBeTruthy();
    expect(view.to(bsaForecast.getChargingData)[0]!.body).toEqual({
      bsaId: 7,
      timeResolution: 'day',
      from: '2026-07-01',
      to: '2026-07-02',
    });
  });

  test('charging data: no export without its code', async () => {
    renderPage(<ChargingDataPage />, {
      permissions: ['p-bsa-charging-data'],
      fixtures: [fixture(bsa.bsaListSimple, stations), fixture(bsaForecast.getChargingData, charging)],
      path: '/?bsa=7&from=2026-07-01&to=2026-07-02',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.queryByTestId('bsa-charging-export')).toBeNull();
  });
});
