import { fireEvent, screen, waitFor } from '@testing-library/react';
import { charging, ou } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { emitDomainPush } from '../../../shared/realtime/domain-pushes';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import type { SessionRow } from '../queries';
import { pile, session, station } from './charging-fixtures';
import PileListPage from './pile-list-page';
import SessionListPage from './session-list-page';
import StationListPage from './station-list-page';

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
    // each station's energy and revenue per day: a read, no button code
    alwaysButtons: ['station-energy'],
    actionsWithoutCodes: true,
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

describe('charging pile page, live', { timeout: 60_000 }, () => {
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
