import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pv } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { fixture, pageOf, renderPage } from '../../../test/render-page';
import { pvModule } from '../pv.module';
import { dayPowerOption } from '../charts/day-power-option';
import { buildEnergyOption } from './outline-chart-options';
import OutlinePage from './outline-page';
import type { OutlineNode, OutlineSummary } from './outline-queries';
import PvHomeCard from './pv-home-card';

const summary: OutlineSummary = {
  pvId: 5,
  pvName: 'Suzhou rooftop',
  capacityKwp: 990,
  timeZone: 'Asia/Shanghai',
  day: '2026-11-03',
  powerKw: 412.34,
  powerAt: '2026-11-03T05:00:00.000Z',
  irradianceWm2: 640,
  energyWh: { today: 2_890_000, month: 3_790_000, year: 42_900_000, total: 44_900_000 },
  equivalentHours: { today: 2.92, month: 3.83, year: 43.33, total: 45.35 },
  irradiationKwhM2: { today: 3.6, month: 4.85 },
  pr: { today: 0.8, month: 0.7794 },
  co2AvoidedKg: { today: 1648.167, month: 2161.437, year: 24465.87, total: 25606.47 },
  emissionFactorKgPerKwh: 0.5703,
  income: { today: 1242.7, month: 1629.7, currency: 'CNY', unpricedWh: 0 },
};
const node = (
  kind: OutlineNode['kind'],
  id: number,
  code: string,
  state: OutlineNode['state'],
  children: OutlineNode[] = [],
): OutlineNode => ({
  key: `${kind}:${id}`,
  kind,
  id,
  code,
  name: code,
  deviceId: state === 'no-device' || state === null ? null : id + 100,
  state,
  states: null,
  children,
});
const tree: OutlineNode = {
  ...node('station', 5, 'SZ-PV-01', null),
  name: 'Suzhou rooftop',
  states: { online: 2, fault: 1, 'no-device': 1 },
  children: [
    {
      ...node('area', 1, 'East roof', null),
      states: { fault: 1, online: 1, 'no-device': 1 },
      children: [node('inverter', 11, 'INV-01', 'fault', [node('string', 21, 'S01', 'online'), node('string', 22, 'S02', 'no-device')])],
    },
    node('meter', 31, 'PVM-01', 'online'),
  ],
};
const fixtures = [
  fixture(pv.pvList, [
    { id: 5, code: 'SZ-PV-01', name: 'Suzhou rooftop', ouId: 1, stage: 'grid-connected', status: 'enabled', capacityKwp: 990 },
  ]),
  fixture(pv.pvOutlineSummary, summary),
  fixture(pv.pvOutlinePower, { day: '2026-11-03', timeZone: 'Asia/Shanghai', capacityKwp: 990, peakKw: 480, points: [] }),
  fixture(pv.pvOutlineDataStatistics, {
    period: 'month',
    timeZone: 'Asia/Shanghai',
    points: [{ label: '2026-11-03', energyWh: 2_890_000, equivalentHours: 2.92, co2AvoidedKg: 1648.167 }],
    totalWh: 2_890_000,
  }),
  fixture(pv.pvOutlinePerformance, {
    month: '2026-11',
    capacityKwp: 990,
    days: [],
    total: { energyWh: 0, irradiationKwhM2: null, equivalentHours: 0, pr: null },
  }),
  fixture(pv.pvOutlineIndicators, [
    { key: 'capacity', value: 990, unit: 'kWp' },
    { key: 'inverters', value: 10, unit: '' },
  ]),
  fixture(pv.pvOutlineDeviceTree, tree),
  fixture(pv.pvOutlineAttention, []),
  fixture(pv.pvOutlineRecent, {
    deviceId: 131,
    code: 'PVM-01',
    name: 'PVM-01',
    online: true,
    lastSeenAt: '2026-11-03T05:00:00.000Z',
    values: [{ key: 'p', name: 'Active power', unit: 'kW', kind: 'instantaneous', ts: 1, value: 412.34 }],
  }),
  fixture(pv.pvOutlineAreaStrings, pageOf([])),
  fixture(pv.pvOutlineAlarmCount, { total: 0, active: 0, levels: [0, 1, 2, 3, 4].map((level) => ({ level, total: 0, active: 0 })) }),
  fixture(pv.pvOutlineAlarmDevices, []),
  fixture(pv.pvOutlineAlarmPage, pageOf([])),
];

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en-US'));
});

describe('PV station outline', { timeout: 60_000 }, () => {
  test('shows the station’s figures, its device tree with states, and the strings’ export with its code', async () => {
    const view = renderPage(<OutlinePage />, { permissions: ['p-pv-outline', 'b-pv-outline-export'], fixtures });
    const figures = await screen.findByTestId('pv-outline-figures', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(figures).getByTestId('pv-outline-energy-today').textContent).toContain('2,890kWh'));
    expect(within(figures).getByTestId('pv-outline-energy-today').textContent).toContain('Energy on 2026-11-03'); // a past day
    expect(within(figures).getByTestId('pv-outline-energy-month').textContent).toContain('3,790kWh');
    expect(within(figures).getByTestId('pv-outline-energy-total').textContent).toContain('44.9MWh');
    expect(within(figures).getByTestId('pv-outline-power-now').textContent).toContain('412.3kW');
    expect(within(figures).getByTestId('pv-outline-co2').textContent).toContain('25.61t');
    expect(figures.textContent).toContain('80.0%'); // PR today
    expect(figures.textContent).toContain('1,242.70CNY');
    const treeCard = await screen.findByTestId('pv-outline-tree', {}, { timeout: 20_000 });
    await waitFor(() => expect(treeCard.textContent).toContain('INV-01'));
    expect(treeCard.textContent).toContain('PVM-01');
    expect(screen.getByTestId('pv-outline-indicators').textContent).toContain('990 kWp');
    expect(screen.getByTestId('pv-outline-strings-export')).toBeTruthy();
    // strings are one click away (their inverter is closed); picking the meter shows its latest values
    expect(within(treeCard).queryByText('S02')).toBeNull();
    fireEvent.click(within(treeCard).getByText('PVM-01'));
    await waitFor(() => expect(screen.getByTestId('pv-outline-recent').textContent).toContain('412.34'));
    expect(screen.getByTestId('pv-outline-recent').textContent).toContain('Active power (kW)');
    expect(screen.getByTestId('pv-outline-follow')).toBeTruthy();
    expect(view.calls.some((c) => c.url.endsWith('/api/v2/pv-outline/pv-summary-data'))).toBe(true);
  });

  test('in Chinese, and without the export code no export button', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    renderPage(<OutlinePage />, { permissions: ['p-pv-outline'], fixtures });
    const figures = await screen.findByTestId('pv-outline-figures', {}, { timeout: 20_000 });
    await waitFor(() => expect(figures.textContent).toContain('本月发电量'));
    expect(screen.queryByTestId('pv-outline-strings-export')).toBeNull();
  });

  test('draws power with irradiance, and energy with equivalent hours', () => {
    const power = dayPowerOption(
      [{ ts: 0, powerKw: 48, irradianceWm2: 600 }],
      () => '10:00',
      { power: 'P', irradiance: 'G' },
      { power: '#1', irradiance: '#2' },
    );
    expect((power.series as { data: unknown[] }[]).map((s) => s.data)).toEqual([[48], [600]]);
    const energy = buildEnergyOption(
      [{ label: '11-03', energyWh: 289_000, line: 2.89 }],
      { energy: 'E', line: 'h' },
      { energy: '#1', line: '#2' },
    );
    expect((energy.series as { data: unknown[] }[]).map((s) => s.data)).toEqual([[289], [2.89]]);
  });
});

describe('the PV card of the home page', () => {
  test('shows the staff’s stations, power now and energy', async () => {
    const view = renderPage(<PvHomeCard />, {
      permissions: ['p-pv-outline'],
      fixtures: [
        fixture(pv.dashboardPv, {
          stations: 3,
          capacityKwp: 4015,
          powerKw: 1234.56,
          energyWhToday: 8_765_432,
          energyWhMonth: 123_456_789,
          energyWhTotal: 987_654_321,
          co2AvoidedKgTotal: 563_259.26,
          equivalentHoursToday: 2.18,
        }),
      ],
    });
    const card = await screen.findByTestId('pv-home-card');
    await waitFor(() => expect(card.textContent).toContain('8,765.4kWh'));
    expect(card.textContent).toContain('123.46MWh');
    expect(card.textContent).toContain('1,234.6kW');
    expect(card.textContent).toContain('563.26t');
    expect(view.calls.some((c) => c.url.endsWith('/api/v2/portal/dashboard/pv'))).toBe(true);
  });

  test('is offered on the home page to staff who may open the outline', () => {
    expect(pvModule.homeCards?.map((c) => [c.key, c.permission])).toEqual([['pv', 'p-pv-outline']]);
  });
});
