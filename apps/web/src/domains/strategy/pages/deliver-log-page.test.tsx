import { strategy } from '@energy/contracts/refs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import { inLanguage } from '../components/test-utils';
import type { DeliveryRow, StrategyDetail } from '../queries';
import DeliverLogPage from './deliver-log-page';

const T = { timeout: 60_000 };

const row = (id: number, over: Partial<DeliveryRow> = {}) =>
  ({
    id,
    requestedAt: '2026-03-01T00:00:00.000Z',
    operator: { staffId: 1, name: 'Alice', staffCode: 'S0001' },
    bsaId: 2,
    bsaName: 'Station A',
    strategyId: 11,
    strategyName: 'Peak shaving',
    kind: 'strategy',
    action: 'deliver',
    version: 2,
    revision: 1,
    result: 'accepted',
    answeredAt: '2026-03-01T00:00:02.000Z',
    reason: null,
    ...over,
  }) as DeliveryRow;

// a delivery of revision 1, a stop, a delivery of a strategy deleted since: only the first can be restored
const LOG = [
  row(31),
  row(32, { action: 'stop', revision: null, version: null }),
  row(33, { strategyId: null, strategyName: 'Gone', revision: 4 }),
];
const rowOf = (id: number) => tableRows().find((tr) => tr.getAttribute('data-row-key') === String(id))!;

function renderLog(permissions = ['p-bsa-deliver-log', 'b-bsa-strategy-edit']) {
  return renderPage(<DeliverLogPage />, {
    permissions,
    fixtures: [
      fixture(strategy.strategyDeliverLog, pageOf(LOG)),
      fixture(strategy.strategyLocalExecuting, []),
      fixture(strategy.strategyHistoryDataUpdate, { id: 11, name: 'Peak shaving', revision: 3 } as StrategyDetail),
    ],
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('delivery log: restore this version', () => {
  test('only a delivery of a strategy that still exists offers it; confirming restores it, nothing else is called', T, async () => {
    const s = renderLog();
    await waitFor(() => expect(tableRows()).toHaveLength(3), { timeout: 10_000 });
    expect(within(rowOf(31)).queryByTestId('deliver-log-restore')).not.toBeNull();
    expect(within(rowOf(32)).queryByTestId('deliver-log-restore')).toBeNull();
    expect(within(rowOf(33)).queryByTestId('deliver-log-restore')).toBeNull();

    // cancel: nothing sent
    fireEvent.click(within(rowOf(31)).getByTestId('deliver-log-restore'));
    expect(await screen.findAllByText('Restore revision 1 of Peak shaving?', {}, { timeout: 5000 })).not.toHaveLength(0);
    expect(screen.getByTestId('deliver-log-restore-text').textContent).toBe(
      "The strategy's current content is replaced by revision 1's, as a new revision. Nothing is sent to the station until you deliver it.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('deliver-log-restore-confirm')).toBeNull());
    expect(s.to(strategy.strategyHistoryDataUpdate)).toHaveLength(0);

    const before = s.to(strategy.strategyDeliverLog).length;
    fireEvent.click(within(rowOf(31)).getByTestId('deliver-log-restore'));
    fireEvent.click(await screen.findByTestId('deliver-log-restore-confirm', {}, { timeout: 5000 }));
    await waitFor(() => expect(s.to(strategy.strategyHistoryDataUpdate)).toHaveLength(1));
    expect(s.to(strategy.strategyHistoryDataUpdate)[0]!.body).toEqual({ id: 11, deliveryId: 31 });
    expect(
      await screen.findByText(
        'Peak shaving: revision 1 restored as a new revision. Deliver it to send it to the station.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    // the log is read again; no delivery was asked for
    await waitFor(() => expect(s.to(strategy.strategyDeliverLog).length).toBeGreaterThan(before));
    expect(s.to(strategy.strategyDeliver)).toHaveLength(0);
    expect(s.unanswered()).toEqual([]);
  });

  test('without the edit button there is no restore; the confirm speaks Chinese too', T, async () => {
    renderLog(['p-bsa-deliver-log']);
    await waitFor(() => expect(tableRows()).toHaveLength(3), { timeout: 10_000 });
    expect(screen.queryAllByTestId('deliver-log-restore')).toHaveLength(0);
    vi.restoreAllMocks();
    document.body.innerHTML = '';

    await inLanguage('zh-CN', async () => {
      renderLog();
      await waitFor(() => expect(tableRows()).toHaveLength(3), { timeout: 10_000 });
      expect(within(rowOf(31)).getByTestId('deliver-log-restore').textContent).toBe('恢复此版本');
      fireEvent.click(within(rowOf(31)).getByTestId('deliver-log-restore'));
      expect(await screen.findAllByText('恢复“Peak shaving”的第1版？', {}, { timeout: 5000 })).not.toHaveLength(0);
      expect(screen.getByTestId('deliver-log-restore-text').textContent).toContain('在您下发之前，不会向电站发送任何内容');
    });
  });
});
