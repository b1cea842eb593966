import { screen, waitFor } from '@testing-library/react';
import { device, ou } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf, renderPage, tableRows, TEST_USER } from '../../../test/render-page';
import type { DeviceRow } from '../queries';
import DeviceListPage from './device-list-page';

const row: DeviceRow = {
  id: 7,
  code: 'SZ-01-PV-01',
  name: 'Roof inverter',
  deviceTypeId: 3,
  deviceTypeKey: 'inverter',
  deviceTypeName: 'PV inverter',
  categoryKey: 'pv',
  isGateway: false,
  customerMcid: 'C1',
  customerName: 'Sunrise',
  tenantName: 'Sunrise Manufacturing',
  ouId: 1,
  ouName: 'Suzhou',
  gatewayId: null,
  gatewayName: null,
  location: null,
  ratedPowerKw: null,
  mqttUsername: null,
  credentialsIssuedAt: null,
  online: true,
  lastSeenAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
};

describeListPages([
  {
    name: 'device list',
    page: () => <DeviceListPage />,
    pageCode: 'p-settings-device',
    buttonCodes: ['b-device-create', 'b-device-edit', 'b-device-delete', 'b-device-credentials', 'b-device-import', 'b-device-export'],
    fixtures: [
      fixture(device.devicePage, pageOf([row])),
      fixture(device.deviceTypeTree, []),
      fixture(device.deviceOuList, [row]),
      fixture(ou.ouList, []),
    ],
    headers: ['Code', 'Name', 'Type', 'State / Last seen', 'Operating unit', 'Customer', 'Gateway', 'Created'],
    rowText: ['SZ-01-PV-01', 'Roof inverter', 'PV inverter', 'Suzhou'],
    buttons: ['device-create', 'device-edit', 'device-credentials', 'device-delete', 'excel-import', 'excel-template', 'excel-export'],
  },
]);

describe('device list for a service provider', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());
  test("channel staff see each device's tenant; a customer tenant's staff do not get the column", async () => {
    const fixtures = [fixture(device.devicePage, pageOf([row])), fixture(device.deviceTypeTree, []), fixture(ou.ouList, [])];
    const provider = { ...TEST_USER, staff: { ...TEST_USER.staff, sideType: 2 as const } };
    const view = renderPage(<DeviceListPage />, { permissions: ['p-settings-device'], fixtures, user: provider });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Tenant'));
    expect(tableRows()[0]!.textContent).toContain('Sunrise Manufacturing');
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<DeviceListPage />, { permissions: ['p-settings-device'], fixtures });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Tenant');
  });
});
