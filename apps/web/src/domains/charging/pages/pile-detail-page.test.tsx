import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { charging } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { emitDomainPush } from '../../../shared/realtime/domain-pushes';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import type { DailyStatistics, PileRow } from '../queries';
import { pile, session, station } from './charging-fixtures';
import PileDetailPage from './pile-detail-page';
import StationListPage from './station-list-page';

// the server's answer for the worked example of charging-detail.test.ts (pile 1, three days)
const daily: DailyStatistics = {
  stationId: 1,
  pileId: 3,
  timeZone: 'Asia/Shanghai',
  currency: 'CNY',
  days: [
    { date: '2026-11-20', sessions: 1, energyWh: 10_062, revenue10k: 97_300 },
    { date: '2026-11-21', sessions: 1, energyWh: 13_227, revenue10k: 136_900 },
    { date: '2026-11-22', sessions: 0, energyWh: 0, revenue10k: 0 },
  ],
  totalEnergyWh: 23_289,
  totalRevenue10k: 234_200,
};
const route = { path: '/charging/asset/pile/detail/3', route: '/charging/asset/pile/detail/:id' };
const fixtures = (answer: () => PileRow = () => pile) => [
  fixture(charging.pileDetail, answer),
  fixture(charging.dailyStatistics, daily),
  fixture(charging.sessionPage, pageOf([session])),
  fixture(charging.stationList, [station]),
];

describe('charging pile detail page', { timeout: 90_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18n.changeLanguage('en-US'));
    document.cookie = 'mxTheme=; path=/; max-age=0';
  });

  // en-US in the dark theme (the default), zh-CN in the light one (the mxTheme cookie)
  for (const lang of ['en-US', 'zh-CN'] as const)
    test(`shows the pile, its guns, the session under way, its days and its sessions (${lang})`, async () => {
      await act(() => i18n.changeLanguage(lang));
      if (lang === 'zh-CN') document.cookie = 'mxTheme=light; path=/';
      const view = renderPage(<PileDetailPage />, {
        permissions: ['p-charging-pile', 'p-charging-session', 'b-charging-pile-command'],
        fixtures: fixtures(),
        ...route,
      });
      await waitFor(() => expect(screen.getByTestId('charging-pile-detail')).toBeTruthy());
      const head = screen.getByTestId('charging-pile-detail').textContent!;
      for (const text of ['Pile 1', 'SZ-CP-01', 'ACME', 'DC120', '120', 'DC', '1.0', 'Suzhou charging']) expect(head).toContain(text);
      expect(head).toContain(lang === 'zh-CN' ? '在线' : 'Online');
      expect(head).toContain(lang === 'zh-CN' ? '最近心跳' : 'Last heartbeat');
      const guns = screen.getByTestId('pile-guns');
      expect(guns.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2);
      expect(guns.textContent).toContain('GroundFailure');
      expect(screen.getByTestId('gun-energy-so-far').textContent).toBe('15.000');
      expect(screen.getByTestId('gun-session-summary').textContent).toContain('CARD-1');
      // the pile's days: 23.289 kWh and 23.42 CNY in all
      await waitFor(() => expect(screen.getByTestId('charging-daily').textContent).toContain('23.289'));
      expect(screen.getByTestId('charging-daily').textContent).toContain('23.42 CNY');
      expect(view.to(charging.dailyStatistics)[0]!.body).toEqual({ pileId: 3, days: 30 });
      // its sessions, filtered to the pile (the Excel export takes the same filter)
      await waitFor(() => expect(screen.getByTestId('pile-sessions').querySelectorAll('tbody tr.ant-table-row')).toHaveLength(1));
      expect(view.to(charging.sessionPage)[0]!.body).toMatchObject({ pileId: 3 });
      expect(screen.getByTestId('excel-export')).toBeTruthy();
      expect(screen.getByTestId('pile-command')).toBeTruthy();
      expect(document.documentElement.style.colorScheme).toBe(lang === 'zh-CN' ? 'light' : 'dark');
      view.unmount();
    });

  test("a charging push reads the pile again: the gun's new state shows without a reload; the tag opens the gun's detail", async () => {
    let status: 'Available' | 'Charging' = 'Available';
    const answer = () => ({
      ...pile,
      guns: [{ ...pile.guns[0]!, status, ...(status === 'Available' ? { transactionId: null, session: null } : {}) }],
    });
    renderPage(<PileDetailPage />, { permissions: ['p-charging-pile'], fixtures: fixtures(answer), ...route });
    await waitFor(() => expect(screen.getByTestId('gun-state').getAttribute('data-status')).toBe('Available'));
    status = 'Charging';
    emitDomainPush('charging', { stationId: 1, pileId: 3 });
    await waitFor(() => expect(screen.getByTestId('gun-state').getAttribute('data-status')).toBe('Charging'), { timeout: 5_000 });
    fireEvent.click(screen.getByTestId('gun-state'));
    await waitFor(() => expect(screen.getByTestId('gun-session')).toBeTruthy());
    expect(screen.getByTestId('gun-power').textContent).toBe('19.0');
    // without the codes: no commands, no sessions list
    expect(screen.queryByTestId('pile-command')).toBeNull();
    expect(screen.queryByTestId('pile-sessions')).toBeNull();
  });

  test("another tenant's or a missing pile: not found", async () => {
    renderPage(<PileDetailPage />, { permissions: ['p-charging-pile'], fixtures: [], ...route });
    await waitFor(() => expect(document.body.textContent).toContain('No such pile'));
  });

  test("the stations page opens a station's energy and revenue per day", async () => {
    const view = renderPage(<StationListPage />, {
      permissions: ['p-charging-station'],
      fixtures: [fixture(charging.stationPage, pageOf([station])), fixture(charging.dailyStatistics, { ...daily, pileId: null })],
    });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('station-energy'));
    await waitFor(() => expect(screen.getByTestId('charging-daily').textContent).toContain('23.42 CNY'));
    expect(view.to(charging.dailyStatistics)[0]!.body).toEqual({ stationId: 1, days: 30 });
  });
});
