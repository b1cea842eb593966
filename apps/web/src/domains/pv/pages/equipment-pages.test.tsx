import { fireEvent, screen, waitFor } from '@testing-library/react';
import { device, pv } from '@energy/contracts/refs';
import { describe, expect, test } from 'vitest';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import InverterListPage from './inverter-list-page';
import ModuleListPage from './module-list-page';
import StringListPage from './string-list-page';

const head = {
  pvId: 5,
  pvName: 'Suzhou rooftop',
  createdAt: '2026-01-01T00:00:00.000Z',
  deviceId: 9,
  deviceCode: 'SZ-01-INV-01',
  deviceName: 'PV inverter 1',
};
const stations = [
  {
    id: 5,
    code: 'SZ-PV-01',
    name: 'Suzhou rooftop',
    ouId: 1,
    stage: 'grid-connected' as const,
    status: 'enabled' as const,
    capacityKwp: 1000,
  },
];
const tree = [
  {
    key: 'ou-1',
    type: 'ou' as const,
    id: 1,
    name: 'Suzhou Plant Site',
    children: [{ key: 'station-5', type: 'station' as const, id: 5, name: 'Suzhou rooftop', children: [] }],
  },
];
const common = [fixture(pv.pvList, stations), fixture(pv.pvTree, tree), fixture(device.deviceOuList, [])];
const inverter = {
  ...head,
  id: 1,
  code: 'INV-001',
  name: 'Inverter 1',
  areaId: 2,
  areaName: 'Roof A',
  model: 'SG110CX',
  ratedAcKw: 110,
  mpptCount: 4,
  stringCount: 16,
};

describeListPages([
  {
    name: 'PV inverter list',
    page: () => <InverterListPage />,
    pageCode: 'p-pv-inverter',
    buttonCodes: ['b-pv-inverter-create', 'b-pv-inverter-edit', 'b-pv-inverter-delete', 'b-pv-inverter-import', 'b-pv-inverter-export'],
    fixtures: [...common, fixture(pv.pvInverterPage, pageOf([inverter]))],
    // area, model and MPPT count start hidden (the list fits 1440 px with the sider open)
    headers: ['Station', 'Code', 'Name', 'Rated AC power (kW)', 'Strings', 'Telemetry device'],
    rowText: ['Suzhou rooftop', 'INV-001', '110', 'SZ-01-INV-01'],
    buttons: ['pv-inverter-create', 'pv-inverter-edit', 'pv-inverter-bind', 'pv-inverter-delete', 'excel-template'],
  },
  {
    name: 'PV string list',
    page: () => <StringListPage />,
    pageCode: 'p-pv-string',
    buttonCodes: ['b-pv-string-create', 'b-pv-string-edit', 'b-pv-string-delete', 'b-pv-string-import', 'b-pv-string-export'],
    fixtures: [
      ...common,
      fixture(
        pv.pvStringPage,
        pageOf([
          {
            ...head,
            id: 3,
            code: 'INV-001-S01',
            name: 'String 1',
            inverterId: 1,
            inverterCode: 'INV-001',
            mpptInput: 1,
            moduleModel: 'LR5',
            moduleCount: 20,
            capacityKwp: 11,
          },
        ]),
      ),
    ],
    // MPPT input, module model and module count start hidden
    headers: ['Station', 'Code', 'Name', 'Inverter', 'Capacity (kWp)', 'Telemetry device'],
    rowText: ['INV-001-S01', 'INV-001', '11'],
    buttons: ['pv-string-create', 'pv-string-edit', 'pv-string-delete'],
  },
  {
    name: 'PV module list',
    page: () => <ModuleListPage />,
    pageCode: 'p-pv-module',
    buttonCodes: ['b-pv-module-create', 'b-pv-module-edit', 'b-pv-module-delete', 'b-pv-module-import', 'b-pv-module-export'],
    fixtures: [
      ...common,
      fixture(
        pv.pvModulePage,
        pageOf([
          { ...head, id: 4, code: 'MOD-1', model: 'LR5-550', areaId: null, areaName: null, ratedWp: 550, count: 1800, capacityKwp: 990 },
        ]),
      ),
    ],
    // area and rated power start hidden
    headers: ['Station', 'Code', 'Model', 'Count', 'Capacity (kWp)', 'Telemetry device'],
    rowText: ['MOD-1', 'LR5-550', '990'],
    buttons: ['pv-module-create', 'pv-module-edit', 'pv-module-delete'],
  },
]);

describe('equipment Excel buttons', { timeout: 60_000 }, () => {
  test('import and export appear once a station is chosen in the filter', async () => {
    renderPage(<InverterListPage />, {
      permissions: ['p-pv-inverter', 'b-pv-inverter-import', 'b-pv-inverter-export'],
      fixtures: [...common, fixture(pv.pvInverterPage, pageOf([inverter]))],
    });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.queryByTestId('excel-export')).toBeNull();
    expect(screen.queryByTestId('excel-import')).toBeNull();
    fireEvent.mouseDown(screen.getByTestId('pv-equipment-station').querySelector('input') ?? screen.getByTestId('pv-equipment-station'));
    // the tree shows the station under its OU
    await waitFor(() => expect(document.querySelector('.ant-select-tree [title="Suzhou Plant Site"]')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-select-tree [title="Suzhou rooftop"]')!);
    fireEvent.click(screen.getByTestId('filter-query'));
    await waitFor(() => expect(screen.getByTestId('excel-export')).toBeTruthy());
    expect(screen.getByTestId('excel-import')).toBeTruthy();
  });
});
