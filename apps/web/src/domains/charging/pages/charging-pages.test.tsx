import { fireEvent, screen, waitFor } from '@testing-library/react';
import { charging, ou } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { emitDomainPush } from '../../../shared/realtime/domain-pushes';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import type { PileRow, SessionRow, StationRow } from '../queries';
import PileListPage from './pile-list-page';
import SessionListPage from './session-list-page';
import StationListPage from './station-list-page';

const station: StationRow = {
  id: 1,
  code: 'SZ-01-CS-01',
  name: 'Suzhou charging',
  mcid: 'C1',
  customerName: 'Sunrise Suzhou Plant',
  ouId: 1,
  ouName: 'Suzhou',
  address: '1 Test Road',
  status: 'enabled',
  pileCount: 2,
  gunCount: 4,
  createdAt: '2026-03-01T00:00:00.000Z',
};
const pile: PileRow = {
  id: 3,
  stationId: 1,
  stationName: 'Suzhou charging',
  ouId: 1,
  code: 'SZ-CP-01',
  name: 'Pile 1',
  vendor: 'ACME',
  model: 'DC120',
  serialNumber: null,
  ratedPowerKw: 120,
  currentType: 'DC',
  ocppIdentity: 'SZ-CP-01',
  credentialsIssuedAt: null,
  online: true,
  lastSeenAt: null,
  firmwareVersion: '1.0',
  status: 'Available',
  guns: [
    {
      id: 5,
      pileId: 3,
      pileCode: 'SZ-CP-01',
      stationId: 1,
      stationName: 'Suzhou charging',
      number: 1,
      type: 'GBT_DC',
      ratedPowerKw: 120,
      status: 'Charging',
      errorCode: null,
      statusAt: null,
      transactionId: 9,
      session: {
        transactionId: 9,
        idTag: 'CARD-1',
        startedAt: '2026-11-19T23:30:00.000Z',
        energyWh: 15_000,
        powerW: 19_012,
        lastMeterAt: '2026-11-20T00:15:00.000Z',
      },
    },
    {
      id: 6,
      pileId: 3,
      pileCode: 'SZ-CP-01',
      stationId: 1,
      stationName: 'Suzhou charging',
      number: 2,
      type: 'GBT_DC',
      ratedPowerKw: 60,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      statusAt: null,
      transactionId: null,
      session: null,
    },
  ],
  createdAt: '2026-03-01T00:00:00.000Z',
};
const session: SessionRow = {
  id: 9,
  transactionId: 9,
  stationId: 1,
  stationName: 'Suzhou charging',
  pileId: 3,
  pileCode: 'SZ-CP-01',
  connectorId: 1,
  idTag: 'CARD-1',
  status: 'finished',
  startedAt: '2026-11-19T23:30:00.000Z',
  stoppedAt: '2026-11-20T00:20:00.000Z',
  durationSeconds: 3000,
  meterStartWh: 1_000_000,
  meterStopWh: 1_016_789,
  energyWh: 16_789,
  stopReason: 'EVDisconnected',
  currency: 'CNY',
  bands: [{ kind: 'valley', price: 0.3, energyWh: 10_247, energyFee: 3.0741 }],
  energyFee: 7.3264,
  serviceFee: 7.6675,
  cost: 14.99,
};

describeListPages([
  {
    name: 'charging stations',
    page: () => <StationListPage />,
    pageCode: 'p-charging-station',
    buttonCodes: ['b-charging-station-create', 'b-charging-station-edit', 'b-charging-station-delete'],
    fixtures: [fixture(charging.stationPage, pageOf([station])), fixture(ou.ouList, [])],
    // customer, address and created are in the column settings, off by default: the list fits 1440 px with the sider open
    headers: ['Code', 'Name', 'Status', 'Piles', 'Guns', 'Operating unit'],
    rowText: ['SZ-01-CS-01', 'Suzhou charging', 'Enabled'],
    buttons: ['station-create', 'station-edit', 'station-status', 'station-delete'],
  },
  {
    name: 'charging piles',
    page: () => <PileListPage />,
    pageCode: 'p-charging-pile',
    buttonCodes: ['b-charging-pile-create', 'b-charging-pile-edit', 'b-charging-pile-delete', 'b-charging-pile-command'],
    fixtures: [fixture(charging.pilePage, pageOf([pile])), fixture(charging.stationList, [station])],
    headers: [
      'Code',
      'Station',
      'State / Last seen',
      'Guns',
      // name, rated power, AC / DC, vendor and model, OCPP identity and firmware are in the column settings, off by default
    ],
    rowText: ['SZ-CP-01', 'Online', '1 · Charging', '2 · Faulted'],
    buttons: ['pile-create', 'pile-command', 'pile-edit', 'pile-credentials', 'pile-delete'],
  },
  {
    name: 'charging sessions',
    page: () => <SessionListPage />,
    pageCode: 'p-charging-session',
    buttonCodes: [],
    fixtures: [fixture(charging.sessionPage, pageOf([session])), fixture(charging.stationList, [station])],
    headers: [
      'Transaction',
      'Station',
      'Pile',
      'Gun',
      'Status',
      'Started',
      'Duration (min)',
      'Energy (kWh)',
      // the ID tag, the stop time and reason, the energy per band and the two fees are in the column settings, off by default
      'Cost',
    ],
    rowText: ['Finished', '16.789', '14.99 CNY'],
    buttons: [],
    noActionColumn: true,
    alwaysButtons: ['excel-export'],
  },
]);

describe('charging pile page, live', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());
  test('a charging push makes the open page read its piles again: the gun shows its new state without a reload', async () => {
    let status: 'Available' | 'Charging' = 'Available';
    const answer = () => pageOf([{ ...pile, guns: [{ ...pile.guns[0]!, status, transactionId: null, session: null }] }]);
    renderPage(<PileListPage />, {
      permissions: ['p-charging-pile'],
      fixtures: [fixture(charging.pilePage, answer), fixture(charging.stationList, [station])],
    });
    await waitFor(() => expect(tableRows()[0]?.textContent).toContain('1 · Available'));
    status = 'Charging';
    emitDomainPush('charging', { stationId: 1, pileId: 3 });
    await waitFor(() => expect(tableRows()[0]?.textContent).toContain('1 · Charging'), { timeout: 5_000 });
  });

  test('a session still charging shows its minutes so far, and a stop pushed meanwhile shows without a reload', async () => {
    const startedAt = new Date(Date.now() - 37 * 60_000 - 10_000).toISOString();
    let row: SessionRow = { ...session, status: 'charging', startedAt, stoppedAt: null, durationSeconds: null, stopReason: null };
    renderPage(<SessionListPage />, {
      permissions: ['p-charging-session'],
      fixtures: [fixture(charging.sessionPage, () => pageOf([row])), fixture(charging.stationList, [station])],
    });
    // the duration is the seventh column (the stop time starts hidden); 37 min 10 s since the start when the test began: 37, or a little more on a slow machine (not "-")
    await waitFor(() => expect(Number(tableRows()[0]?.querySelectorAll('td')[6]?.textContent)).toBeGreaterThanOrEqual(37));
    expect(Number(tableRows()[0]?.querySelectorAll('td')[6]?.textContent)).toBeLessThanOrEqual(39);
    row = { ...session, durationSeconds: 3000 };
    emitDomainPush('charging', { stationId: 1, pileId: 3 });
    await waitFor(() => expect(tableRows()[0]?.textContent).toContain('Finished'), { timeout: 5_000 });
    expect(tableRows()[0]?.querySelectorAll('td')[6]?.textContent).toBe('50');
  });

  test("a gun's detail shows its session under way: energy so far and power now", async () => {
    renderPage(<PileListPage />, {
      permissions: ['p-charging-pile'],
      fixtures: [fixture(charging.pilePage, pageOf([pile])), fixture(charging.stationList, [station])],
    });
    await waitFor(() => expect(tableRows()[0]?.textContent).toContain('1 · Charging'));
    fireEvent.click(screen.getAllByTestId('gun-state')[0]!);
    await waitFor(() => expect(screen.getByTestId('gun-session')).toBeTruthy());
    expect(screen.getByTestId('gun-energy').textContent).toBe('15.000');
    expect(screen.getByTestId('gun-power').textContent).toBe('19.0');
    expect(screen.getByTestId('gun-detail').textContent).toContain('CARD-1');
  });
});
