import { device } from '@energy/contracts/refs';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n';
import { fixture, renderPage } from '../../test/render-page';
import { HistoryFillNotice } from './history-fill-notice';

const filling = (percent: number) => fixture(device.dataPropertyHistoryFill, { filling: true, percent });

describe('the notice that history is still being written', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en-US');
  });

  it('says how far the fill is on a device page that charts history', async () => {
    const view = renderPage(<HistoryFillNotice />, { permissions: [], path: '/settings/asset/device/detail/7', fixtures: [filling(42)] });
    expect((await screen.findByTestId('history-fill-notice')).textContent).toContain('Demo history is still being written: 42 %');
    expect(view.to(device.dataPropertyHistoryFill)).toHaveLength(1);
  });

  it('in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPage(<HistoryFillNotice />, { permissions: [], path: '/device/alarm/record/detail/3', fixtures: [filling(7)] });
    expect((await screen.findByTestId('history-fill-notice')).textContent).toContain('演示历史数据仍在写入：7%');
  });

  it('says nothing once the history is written, nor on pages without charts', async () => {
    const done = renderPage(<HistoryFillNotice />, {
      permissions: [],
      path: '/settings/asset/device/detail/7',
      fixtures: [fixture(device.dataPropertyHistoryFill, { filling: false, percent: 100 })],
    });
    await vi.waitFor(() => expect(done.to(device.dataPropertyHistoryFill)).toHaveLength(1));
    expect(screen.queryByTestId('history-fill-notice')).toBeNull();
    done.unmount();

    const list = renderPage(<HistoryFillNotice />, { permissions: [], path: '/settings/asset/device', fixtures: [filling(42)] });
    await vi.waitFor(() => expect(list.to(device.dataPropertyHistoryFill)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('history-fill-notice')).toBeNull();
  });
});
