import { bsa } from '@energy/contracts/refs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, renderPage, tableRows } from '../../../test/render-page';
import type { DeviceTemplateRow, PointTemplateRow, StationRow } from '../queries';
import BatteryTemplatePage from './battery-template-page';
import StationListPage from './station-list-page';

const station = {
  id: 5,
  code: 'SZ-01-BSA-09',
  name: 'Suzhou storage 2',
  mcid: '00000000-0000-0000-0000-000000000001',
  customerName: 'Sunrise Suzhou Plant',
  ouId: 3,
  ouName: 'Suzhou Plant Site',
  status: 'configured',
  ratedPowerKw: 500,
  capacityKwh: 1000,
  strategyVersion: 6,
  pcs: [{ deviceId: 11, code: 'SZ-01-PCS-09', name: 'PCS', ratedPowerKw: 500 }],
  meters: [],
  fcs: { deviceId: 12, code: 'SZ-01-FCS-09', name: 'FCS', online: true },
  online: true,
  createdAt: '2026-03-01T00:00:00.000Z',
} satisfies StationRow;

describeListPages([
  {
    name: 'storage stations',
    page: () => <StationListPage />,
    pageCode: 'p-bsa-station',
    buttonCodes: ['b-bsa-station-create', 'b-bsa-station-edit', 'b-bsa-station-export'],
    fixtures: [fixture(bsa.bsaList, [station])],
    // operating unit, customer, PCS and created start hidden (the list fits 1440 px with the sider open)
    headers: ['Code', 'Name', 'Status', 'Rated power (kW)', 'Capacity (kWh)', 'FCS'],
    rowText: ['SZ-01-BSA-09', 'Configured', 'SZ-01-FCS-09 (Online)'],
    buttons: ['station-create', 'station-edit', 'station-battery', 'station-status-menu', 'excel-export'],
    actionsWithoutCodes: true,
    alwaysButtons: ['station-battery'],
  },
]);

const points: PointTemplateRow = {
  id: 1,
  level: 'cell',
  name: 'LFP cell',
  latestVersion: 2,
  latestVersionId: 9,
  points: 4,
  updatedAt: '2026-03-01T00:00:00.000Z',
};
const device: DeviceTemplateRow = {
  id: 3,
  level: 'pack',
  name: '24-cell pack',
  childCount: 24,
  nominalVoltageV: 76.8,
  capacityAh: 280,
  pointVersionId: 8,
  pointTemplateName: 'Pack points',
  pointVersion: 1,
};

describe('battery templates', { timeout: 90_000 }, () => {
  const fixtures = [fixture(bsa.neoBsaPointTemplateAll, [points]), fixture(bsa.deviceBsaTemplateList, [device])];

  test('lists data-point templates with their latest version and device templates with theirs', async () => {
    renderPage(<BatteryTemplatePage />, { permissions: ['p-bsa-battery-template', 'b-bsa-battery-template-create'], fixtures });
    await waitFor(() => expect(tableRows()).toHaveLength(2), { timeout: 10_000 });
    expect(tableRows()[0]!.textContent).toContain('LFP cell');
    expect(tableRows()[0]!.textContent).toContain('v2');
    expect(tableRows()[1]!.textContent).toContain('24-cell pack');
    expect(tableRows()[1]!.textContent).toContain('Pack points v1');
    for (const id of ['points-create', 'points-new-version', 'device-template-create'])
      expect(screen.queryAllByTestId(id), id).not.toHaveLength(0);
  });

  test('a new version starts from the latest version’s points', async () => {
    const latest = {
      id: 1,
      level: 'cell' as const,
      name: 'LFP cell',
      latestVersion: 2,
      version: {
        id: 9,
        templateId: 1,
        version: 2,
        note: null,
        createdAt: '2026-03-01T00:00:00.000Z',
        points: [
          { key: 'voltage', name: 'Cell voltage', unit: 'V', min: 0, max: 5, ranges: [{ from: 0, to: 2.8, state: 'fault' as const }] },
          { key: 'temperature', name: 'Temperature', unit: '°C', min: -40, max: 120, ranges: [] },
          { key: 'soc', name: 'SOC', unit: '%', min: 0, max: 100, ranges: [] },
        ],
      },
    };
    renderPage(<BatteryTemplatePage />, {
      permissions: ['p-bsa-battery-template', 'b-bsa-battery-template-create'],
      fixtures: [...fixtures, fixture(bsa.edgeBsaPointTemplate, latest)],
    });
    await waitFor(() => expect(tableRows()).toHaveLength(2), { timeout: 10_000 });
    fireEvent.click(screen.getAllByTestId('points-new-version')[0]!);
    await waitFor(() => expect(screen.getByText(/Changes version v2/)).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByDisplayValue('0-2.8 fault')).toBeTruthy();
    expect(screen.getByDisplayValue('Cell voltage')).toBeTruthy();
  });

  test('without the create button code: no create buttons', async () => {
    renderPage(<BatteryTemplatePage />, { permissions: ['p-bsa-battery-template'], fixtures });
    await waitFor(() => expect(tableRows()).toHaveLength(2), { timeout: 10_000 });
    for (const id of ['points-create', 'points-new-version', 'device-template-create'])
      expect(screen.queryAllByTestId(id), id).toHaveLength(0);
  });
});
