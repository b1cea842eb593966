import { energyConservation as ec } from '@energy/contracts/refs';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import type { Comparison, ConfigInfo, ConfigRow, DriverRow } from '../queries';
import BaselinePage from './baseline-page';
import SavingPage from './saving-page';

const version = {
  id: 11,
  configId: 4,
  circuitId: 2,
  action: 'create' as const,
  effectiveFrom: '2026-01',
  model: 'production' as const,
  baselineFrom: '2025-01',
  baselineTo: '2025-12',
  driverUnit: 't',
  auditA: null,
  auditB: null,
  price: 0.8123,
  remark: null,
  changes: ['effectiveFrom', 'model'],
  staffId: 1,
  staffName: 'Alice',
  createdAt: 1,
};
const config: ConfigRow = {
  id: 4,
  circuitId: 2,
  circuitCode: 'FD-1',
  circuitName: 'Workshop feeder',
  ouId: 5,
  ouName: 'Suzhou Plant Site',
  current: version,
  versions: 1,
  createdAt: 1,
  updatedAt: 1,
};
const info: ConfigInfo = { ...config, history: [version], fit: { a: 20_000_000, b: 150_000, r2: 0.991439, n: 12 }, fitProblem: null };
const driver: DriverRow = {
  id: 9,
  circuitId: 2,
  circuitCode: 'FD-1',
  circuitName: 'Workshop feeder',
  month: '2026-03',
  value: 125,
  updatedAt: 1,
};
const march = { baselineWh: 38_750_000, actualWh: 35_000_500, savingWh: 3_749_500, costSaving: 3045.7189, rate: 0.096761 };
const comparison: Comparison = {
  circuitId: 2,
  circuitCode: 'FD-1',
  circuitName: 'Workshop feeder',
  timeZone: 'Asia/Shanghai',
  months: [
    { month: '2026-03', driver: 125, versionId: 11, problem: null, ...march },
    {
      month: '2026-04',
      driver: null,
      versionId: 11,
      problem: 'no-driver',
      baselineWh: null,
      actualWh: 1,
      savingWh: null,
      costSaving: null,
      rate: null,
    },
  ],
  total: march,
};
const circuits = [{ id: 2, code: 'FD-1', name: 'Workshop feeder', ouId: 5, configId: 4 }];
const pie = {
  unit: 'Wh' as const,
  total: 3_749_500,
  slices: [{ circuitId: 2, circuitCode: 'FD-1', circuitName: 'Workshop feeder', value: 3_749_500, share: 1 }],
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('energy-conservation pages', { timeout: 60_000 }, () => {
  test('saving: totals, the months with the reason of a missing one, the share, the export with its code', async () => {
    const fixtures = [fixture(ec.circuitList, circuits), fixture(ec.savingComparison, comparison), fixture(ec.savingPie, pie)];
    const view = renderPage(<SavingPage />, {
      permissions: ['p-energy-saving', 'b-energy-saving-export'],
      fixtures,
      path: '/?circuit=2&year=2026',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.getByTestId('saving-totals').textContent).toContain('3,749.500');
    expect(screen.getByTestId('saving-totals').textContent).toContain('3,045.72');
    expect(tableRows()[1]!.textContent).toContain('No driver value this month');
    await waitFor(() => expect(screen.getByTestId('saving-share').textContent).toContain('Workshop feeder'));
    expect(screen.getByTestId('saving-export')).toBeTruthy();
    expect(view.to(ec.savingComparison)[0]!.body).toEqual({ circuitId: 2, from: '2026-01', to: '2026-12' });
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<SavingPage />, { permissions: ['p-energy-saving'], fixtures, path: '/?circuit=2&year=2026' });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.queryByTestId('saving-export')).toBeNull();
  });

  test('baseline: the configuration, its fit, driver values and log; editing only with the codes', async () => {
    const fixtures = [fixture(ec.configPage, pageOf([config])), fixture(ec.configInfo, info), fixture(ec.driverPage, pageOf([driver]))];
    const view = renderPage(<BaselinePage />, {
      permissions: [
        'p-energy-baseline',
        'b-energy-baseline-create',
        'b-energy-baseline-edit',
        'b-energy-baseline-delete',
        'b-energy-driver-edit',
      ],
      fixtures,
    });
    await waitFor(() => expect(screen.getByTestId('config-fit').textContent).toContain('R² = 0.991439'), { timeout: 5000 });
    expect(screen.getByTestId('config-fit').textContent).toContain('20000.000 kWh + 150.000 kWh');
    expect(screen.getByTestId('drivers').textContent).toContain('2026-03');
    expect(screen.getByTestId('config-log').textContent).toContain('Alice');
    expect(screen.getByTestId('config-create')).toBeTruthy();
    expect(screen.getByTestId('driver-add')).toBeTruthy();
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<BaselinePage />, { permissions: ['p-energy-baseline'], fixtures });
    await waitFor(() => expect(screen.getByTestId('config-fit').textContent).toContain('R²'), { timeout: 5000 });
    expect(screen.queryByTestId('config-create')).toBeNull();
    expect(screen.queryByTestId('driver-add')).toBeNull();
    expect(screen.queryByText('New version')).toBeNull();
  });

  test("baseline: an audit configuration shows the audit's typed-in line, in en-US", async () => {
    const audit = { ...version, model: 'audit' as const, auditA: 38_000, auditB: 28.5, changes: ['auditA', 'auditB'] };
    const row: ConfigRow = { ...config, current: audit };
    const fixtures = [
      fixture(ec.configPage, pageOf([row])),
      fixture(ec.configInfo, { ...row, history: [audit], fit: { a: 38_000_000, b: 28_500, r2: null, n: 0 }, fitProblem: null }),
      fixture(ec.driverPage, pageOf([driver])),
    ];
    renderPage(<BaselinePage />, { permissions: ['p-energy-baseline'], fixtures });
    await waitFor(() => expect(screen.getByTestId('config-fit').textContent).toContain('typed in from an energy audit'), { timeout: 5000 });
    expect(screen.getByTestId('config-fit').textContent).toContain('38000.000 kWh + 28.500 kWh × driver');
    expect(screen.getByTestId('config-fit').textContent).toContain('2025-01..2025-12');
    expect(screen.getByTestId('config-fit').textContent).toContain('Linear: coefficients of an energy audit');
  });
});
