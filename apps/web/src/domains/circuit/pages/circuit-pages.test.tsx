import { circuit, device } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fixture, renderPage, tableRows } from '../../../test/render-page';
import type { AccountRow, CircuitRow, CostList, TreeNode } from '../queries';
import { i18n } from '../../../shared/i18n';
import { EnergyConfigDrawer } from '../components/energy-config-drawer';
import CircuitManagePage from './circuit-manage-page';
import PeakValleyPage from './peak-valley-page';
import PricePage from './price-page';

const zero = { wh: 0, cost: 0 };
const band = (start: string, end: string, kind: 'sharp' | 'peak' | 'flat' | 'valley' | 'deepValley', price: number) => ({
  start,
  end,
  kind,
  price,
});
const account: AccountRow = {
  id: 3,
  code: 'ACC-1',
  name: 'Suzhou utility contract',
  ouId: 5,
  ouName: 'Suzhou Plant Site',
  currency: 'CNY',
  circuitCount: 4,
  prices: [
    {
      accountId: 3,
      effectiveFrom: '2026-01-01',
      demandPricePerKwMonth: 40.5,
      updatedAt: '2026-01-01T00:00:00.000Z',
      seasons: [
        { name: 'Summer', months: [6, 7, 8], bands: [band('00:00', '08:00', 'valley', 0.3), band('08:00', '24:00', 'peak', 1.05)] },
        {
          name: 'Other',
          months: [1, 2, 3, 4, 5, 9, 10, 11, 12],
          bands: [band('00:00', '12:00', 'deepValley', 0.2), band('12:00', '24:00', 'sharp', 1.25)],
        },
      ],
    },
  ],
};
const node = (id: number, code: string, type: TreeNode['type'], children: TreeNode[] = []): TreeNode => ({
  id,
  nodeType: 'circuit',
  code,
  name: `Circuit ${code}`,
  type,
  bindDevice: false,
  children,
});
const tree = [node(1, 'IN-1', 'incoming', [node(2, 'FD-1', 'feeder')])];
const row: CircuitRow = {
  id: 2,
  code: 'FD-1',
  name: 'Workshop feeder',
  type: 'feeder',
  ouId: 5,
  ouName: 'Suzhou Plant Site',
  parentId: 1,
  parentName: 'Incoming line 1',
  distributionCabinetId: null,
  distributionCabinetName: null,
  accountId: 3,
  accountName: 'Suzhou utility contract',
  ownAccount: false,
  ratedCurrentA: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  meters: [
    { deviceId: 7, code: 'MTR-A', name: 'A', deviceType: 'feeder-meter', sign: 1, online: true },
    { deviceId: 8, code: 'MTR-C', name: 'C', deviceType: 'feeder-meter', sign: -1, online: true },
  ],
};
const figures = {
  wh: 109152,
  cost: 78.6804,
  unpricedWh: 0,
  bands: { sharp: { wh: 9096, cost: 12.2796 }, peak: zero, flat: zero, valley: zero, deepValley: zero },
};
const cost: CostList = {
  circuitId: 2,
  timeZone: 'Asia/Shanghai',
  currency: 'CNY',
  timeResolution: 'day',
  periods: [
    { ts: 1, label: '2026-06-01', ...figures },
    { ts: 2, label: '2026-06-02', ...figures },
  ],
  months: [{ month: '2026-06', maxDemandW: 12548, maxDemandAt: 1, demandPricePerKwMonth: 42, demandCharge: 527.016 }],
  total: { ...figures, wh: 218304, cost: 157.3608, demandCharge: 527.016, total: 684.3768 },
};

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('circuit pages', { timeout: 60_000 }, () => {
  test('circuit management: the tree, the rows with added and subtracted meters, the buttons the codes allow', async () => {
    const fixtures = [fixture(circuit.circuitTree, tree), fixture(circuit.circuitList, [row])];
    const view = renderPage(<CircuitManagePage />, {
      permissions: ['p-circuit-manage', 'b-circuit-create', 'b-circuit-edit', 'b-circuit-delete', 'b-circuit-export'],
      fixtures,
    });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]!.textContent).toContain('Workshop feeder');
    expect(tableRows()[0]!.textContent).toContain('+ MTR-A');
    expect(tableRows()[0]!.textContent).toContain('− MTR-C');
    expect(tableRows()[0]!.textContent).toContain('Suzhou utility contract (from a parent circuit)');
    expect(screen.getAllByTestId('circuit-node')).toHaveLength(2);
    expect(screen.getByTestId('circuit-create')).toBeTruthy();
    expect(screen.getByTestId('circuit-export')).toBeTruthy();
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<CircuitManagePage />, { permissions: ['p-circuit-manage'], fixtures });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.queryByTestId('circuit-create')).toBeNull();
    expect(screen.queryByTestId('circuit-export')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
  });

  test('prices: the account, its version with each season’s bands drawn, editing only with the code', async () => {
    const fixtures = [fixture(circuit.accountList, [account])];
    const view = renderPage(<PricePage />, { permissions: ['p-circuit-price', 'b-circuit-price-edit'], fixtures });
    await waitFor(() => expect(screen.getAllByTestId('price-version')).toHaveLength(1));
    expect(screen.getAllByTestId('band-bar')).toHaveLength(2);
    expect(screen.getByTestId('price-version').textContent).toContain('Summer');
    expect(screen.getByTestId('price-version').textContent).toContain('40.5');
    expect(screen.getByTestId('version-create')).toBeTruthy();
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<PricePage />, { permissions: ['p-circuit-price'], fixtures });
    await waitFor(() => expect(screen.getAllByTestId('price-version')).toHaveLength(1));
    expect(screen.queryByTestId('version-create')).toBeNull();
    expect(screen.queryByTestId('account-create')).toBeNull();
  });

  test('peak and valley: totals, the periods and the export with its code', async () => {
    const fixtures = [fixture(circuit.circuitTree, tree), fixture(circuit.costListCall, cost)];
    const view = renderPage(<PeakValleyPage />, {
      permissions: ['p-circuit-peak-valley', 'b-circuit-peak-valley-export'],
      fixtures,
      path: '/?circuit=2&month=2026-06',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.getByTestId('cost-totals').textContent).toContain('684.38');
    expect(screen.getByTestId('cost-band-sharp').textContent).toContain('12.28');
    expect(screen.getByTestId('cost-export')).toBeTruthy();
    expect(view.to(circuit.costListCall)[0]!.body).toMatchObject({ circuitId: 2, timeResolution: 'day' });
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<PeakValleyPage />, { permissions: ['p-circuit-peak-valley'], fixtures, path: '/?circuit=2&month=2026-06' });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.queryByTestId('cost-export')).toBeNull();
  });
});

describe('circuit energy config', { timeout: 60_000 }, () => {
  const meter = (deviceId: number, code: string, sign: 1 | -1) => ({
    deviceId,
    code,
    name: code,
    deviceType: 'feeder-meter',
    sign,
    online: true,
  });
  const detail: RefOutput<typeof circuit.energyConfigDetail> = {
    circuitId: 2,
    code: 'FD-1',
    name: 'Workshop feeder',
    ouId: 5,
    current: { counter: 'e_imp', effectiveFrom: '2026-03-02', until: null, meters: [meter(7, 'MTR-A', 1), meter(9, 'MTR-R', 1)] },
    versions: [
      { counter: 'e_imp', effectiveFrom: '2026-03-02', until: null, meters: [meter(7, 'MTR-A', 1), meter(9, 'MTR-R', 1)] },
      { counter: 'e_imp', effectiveFrom: null, until: '2026-03-02', meters: [meter(7, 'MTR-A', 1), meter(8, 'MTR-C', -1)] },
    ],
    log: [
      {
        id: 2,
        at: '2026-03-05T02:00:00.000Z',
        staffCode: 'alice',
        source: 'config',
        effectiveFrom: '2026-03-02',
        before: {
          counter: 'e_imp',
          meters: [
            { deviceId: 7, code: 'MTR-A', sign: 1 },
            { deviceId: 8, code: 'MTR-C', sign: -1 },
          ],
        },
        after: {
          counter: 'e_imp',
          meters: [
            { deviceId: 7, code: 'MTR-A', sign: 1 },
            { deviceId: 9, code: 'MTR-R', sign: 1 },
          ],
        },
      },
    ],
  };
  const fixtures = [fixture(circuit.energyConfigDetail, detail), fixture(device.deviceOuList, [])];

  // en-US in the dark theme (the default), zh-CN in the light one (the mxTheme cookie)
  for (const lang of ['en-US', 'zh-CN'] as const)
    test(`the drawer shows the configs with their dates and the change log (${lang})`, async () => {
      await act(() => i18n.changeLanguage(lang));
      if (lang === 'zh-CN') document.cookie = 'mxTheme=light; path=/';
      const view = renderPage(<EnergyConfigDrawer row={row} onClose={() => {}} />, {
        permissions: ['p-circuit-manage', 'b-circuit-energy-config', 'b-circuit-rerun'],
        fixtures,
      });
      await waitFor(() => expect(screen.getByTestId('energy-config-versions').querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2));
      const versions = screen.getByTestId('energy-config-versions').textContent!;
      expect(versions).toContain('2026-03-02');
      expect(versions).toContain(lang === 'zh-CN' ? '一直' : 'Since always');
      expect(versions).toContain('− MTR-C');
      const log = screen.getByTestId('energy-config-log').textContent!;
      expect(log).toContain('alice');
      expect(log).toContain('2026-03-05');
      expect(log).toContain('+ MTR-R');
      expect(screen.getByTestId('energy-config-save')).toBeTruthy();
      expect(screen.getByTestId('energy-config-rerun')).toBeTruthy();
      expect(view.to(circuit.energyConfigDetail)[0]!.body).toEqual({ circuitId: 2 });
      expect(document.documentElement.style.colorScheme).toBe(lang === 'zh-CN' ? 'light' : 'dark');
      view.unmount();
      vi.restoreAllMocks();
      await act(() => i18n.changeLanguage('en-US'));
      document.cookie = 'mxTheme=; path=/; max-age=0';
    });

  test('without the codes: the configs and the log, no change, no rerun; the manage page offers the import with its code', async () => {
    const view = renderPage(<EnergyConfigDrawer row={row} onClose={() => {}} />, { permissions: ['p-circuit-manage'], fixtures });
    await waitFor(() => expect(screen.getByTestId('energy-config-log').querySelectorAll('tbody tr.ant-table-row')).toHaveLength(1));
    expect(screen.queryByTestId('energy-config-save')).toBeNull();
    expect(screen.queryByTestId('energy-config-rerun')).toBeNull();
    view.unmount();
    vi.restoreAllMocks();
    const page = [fixture(circuit.circuitTree, tree), fixture(circuit.circuitList, [row])];
    const manage = renderPage(<CircuitManagePage />, { permissions: ['p-circuit-manage', 'b-circuit-energy-import'], fixtures: page });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.getByTestId('excel-import')).toBeTruthy();
    expect(screen.getByTestId('excel-template')).toBeTruthy();
    expect(screen.getByTestId('energy-config-open')).toBeTruthy();
    manage.unmount();
    vi.restoreAllMocks();
    renderPage(<CircuitManagePage />, { permissions: ['p-circuit-manage'], fixtures: page });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.queryByTestId('excel-import')).toBeNull();
  });
});
