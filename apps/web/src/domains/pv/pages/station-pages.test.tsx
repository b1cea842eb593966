import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ou, pv } from '@energy/contracts/refs';
import { describe, expect, test } from 'vitest';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf, renderPage } from '../../../test/render-page';
import type { PvStationDetail, PvStationRow } from '../queries';
import StationDetailPage from './station-detail-page';
import StationListPage from './station-list-page';

const row: PvStationRow = {
  id: 5,
  code: 'SZ-PV-01',
  name: 'Suzhou rooftop',
  mcid: 'C1',
  customerName: 'Sunrise Suzhou Plant',
  ouId: 1,
  ouName: 'Suzhou Plant Site',
  address: null,
  districtAdcode: null,
  location: null,
  capacityKwp: 1000,
  gridConnectionDate: '2025-06-30',
  timeZone: 'Asia/Shanghai',
  stage: 'grid-connected',
  status: 'enabled',
  weatherStationId: null,
  weatherStationName: null,
  areaCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describeListPages([
  {
    name: 'PV station list',
    page: () => <StationListPage />,
    pageCode: 'p-pv-station',
    buttonCodes: ['b-pv-station-create', 'b-pv-station-edit'],
    fixtures: [fixture(pv.pvStationPage, pageOf([row])), fixture(ou.ouList, [])],
    // grid connection, areas and customer start hidden (the list fits 1440 px with the sider open)
    headers: ['Code', 'Name', 'Capacity (kWp)', 'Stage', 'Status', 'Operating unit'],
    rowText: ['SZ-PV-01', 'Suzhou rooftop', 'Grid-connected', 'Enabled'],
    buttons: ['pv-station-create', 'pv-station-edit', 'pv-station-status'],
  },
]);

describe('PV station detail', { timeout: 60_000 }, () => {
  const detail: PvStationDetail = { ...row, stages: [{ stage: 'planning', at: '2025-01-01T00:00:00.000Z', byName: 'Alice Chen' }] };
  const fixtures = [
    fixture(pv.pvStationDetail, detail),
    fixture(pv.pvAreaList, [{ id: 1, pvId: 5, name: 'East roof', capacityKwp: 600, sort: 1 }]),
    fixture(pv.gridConnectionPointList, []),
    fixture(pv.pvGetCostInfo, null),
    fixture(pv.pvOnlineWayLog, []),
    fixture(pv.pvIncomeWayLog, []),
    fixture(pv.pvInverterList, []),
    fixture(pv.pvStringList, []),
    fixture(pv.pvModuleList, []),
  ];
  test('shows the basic info and its tabs; the next-stage button only with the edit code', async () => {
    renderPage(<StationDetailPage />, { permissions: ['p-pv-station', 'b-pv-station-edit'], fixtures, path: '/pv/5', route: '/pv/:id' });
    await waitFor(() => expect(screen.getByTestId('pv-station-detail')).toBeTruthy());
    expect(screen.getByText('Suzhou rooftop')).toBeTruthy();
    for (const tab of ['Basic info', 'Areas', 'Grid points', 'Equipment', 'Cost and income', 'Stage'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Stage' }));
    await waitFor(() => expect(screen.getByTestId('pv-stage-next').textContent).toContain('Decommissioned'));
    fireEvent.click(screen.getByRole('tab', { name: 'Areas' }));
    await waitFor(() => expect(screen.getByText('East roof')).toBeTruthy());
    expect(screen.getByTestId('pv-area-add')).toBeTruthy();
  });
  test('without the edit code: read-only tabs', async () => {
    renderPage(<StationDetailPage />, { permissions: ['p-pv-station'], fixtures, path: '/pv/5', route: '/pv/:id' });
    await waitFor(() => expect(screen.getByTestId('pv-station-detail')).toBeTruthy());
    fireEvent.click(screen.getByRole('tab', { name: 'Stage' }));
    await waitFor(() => expect(screen.getByTestId('pv-stage')).toBeTruthy());
    expect(screen.queryByTestId('pv-stage-next')).toBeNull();
  });
});
