import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandRow, LogRow } from '../queries';
import { SendDialog } from './send-dialog';

const T = { timeout: 60_000 };
const BASE = '/api/v2/bsa-remote-control';

const command: CommandRow = {
  id: 3,
  name: 'Set PCS power',
  deviceType: 'pcs',
  action: 'set-power',
  minValue: -300,
  maxValue: 300,
  unit: 'kW',
  options: null,
  description: null,
  sends: 0,
  updatedBy: 'Alice',
  updatedAt: '2026-03-01T00:00:00.000Z',
};
const device = {
  deviceId: 7,
  code: 'WX-01-PCS-01',
  name: 'PCS 1',
  deviceType: 'pcs',
  bsaId: 2,
  bsaCode: 'WX-01-BSA-01',
  bsaName: 'Wuxi plant storage',
  ratedPowerKw: 250,
  online: true,
};
const logRow = (status: LogRow['status'], requestId: string): LogRow => ({
  id: 9,
  requestId,
  commandId: 3,
  commandName: 'Set PCS power',
  action: 'set-power',
  deviceType: 'pcs',
  bsaId: 2,
  bsaCode: 'WX-01-BSA-01',
  bsaName: 'Wuxi plant storage',
  deviceId: 7,
  deviceCode: 'WX-01-PCS-01',
  deviceName: 'PCS 1',
  value: 80,
  unit: 'kW',
  valueLabel: null,
  status,
  reason: null,
  operatorCode: 'SR-ALICE',
  operatorName: 'Alice',
  requestedAt: '2026-03-01T00:00:00.000Z',
  answeredAt: status === 'pending' ? null : '2026-03-01T00:00:01.000Z',
});

/** The server's answers, scripted by path; every request is recorded. */
function serve(answers: Record<string, (body: Record<string, unknown>) => unknown>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.split('?')[0]!;
    const body = init.body ? JSON.parse(String(init.body)) : {};
    calls.push({ path, body });
    return new Response(JSON.stringify({ code: 0, data: answers[path]!(body), msg: 'success' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** Opens the Select with this test id and clicks the option with this text. */
async function choose(testId: string, text: string) {
  fireEvent.mouseDown(screen.getByTestId(testId).querySelector('.ant-select-selector') ?? screen.getByTestId(testId));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

afterEach(() => vi.unstubAllGlobals());

describe('SendDialog', () => {
  it('shows the range the PCS allows, sends with the password and one request id, and follows the status', T, async () => {
    let polls = 0;
    const calls = serve({
      [`${BASE}/bsa-list`]: () => [
        { id: 2, code: 'WX-01-BSA-01', name: 'Wuxi plant storage', status: 'enabled', ouId: 1, pcs: 1, fcs: true, online: true },
      ],
      [`${BASE}/command/device-list`]: () => [device],
      [`${BASE}/command/get-device`]: () => ({ command, device, range: { min: -250, max: 250, unit: 'kW' }, blocked: null }),
      [`${BASE}/command/send`]: (b) => ({ ...logRow('pending', b.requestId as string), repeated: false }),
      [`${BASE}/log/page`]: (b) => ({
        list: [logRow(++polls < 2 ? 'pending' : 'acknowledged', b.requestId as string)],
        totalCount: 1,
        pageSize: 10,
        pageOffset: 1,
      }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <SendDialog command={command} onClose={() => undefined} />
        </App>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/bsa-list'))).toBe(true));
    await choose('remote-send-station', 'Wuxi plant storage (WX-01-BSA-01)');
    await choose('remote-send-device', 'PCS 1 (WX-01-PCS-01)');
    expect((await screen.findByTestId('remote-send-range')).textContent).toBe('Allowed: -250 … 250 kW');

    // no value, then no password: asked for, nothing sent
    fireEvent.click(screen.getByTestId('remote-send-submit'));
    expect(await screen.findByText('Enter the value')).toBeTruthy();
    const input = screen.getByTestId('remote-send-value');
    fireEvent.change(input.tagName === 'INPUT' ? input : input.querySelector('input')!, { target: { value: '80' } });
    await new Promise((resolve) => setTimeout(resolve, 450)); // the confirm button acts once per 400 ms
    fireEvent.click(screen.getByTestId('remote-send-submit'));
    expect(await screen.findByText('Enter your operation password')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/command/send'))).toBe(false);

    fireEvent.change(screen.getByTestId('remote-send-password'), { target: { value: '246810' } });
    await new Promise((resolve) => setTimeout(resolve, 450));
    fireEvent.click(screen.getByTestId('remote-send-submit'));
    await waitFor(() => expect(screen.getByTestId('remote-send-status').getAttribute('data-status')).toBe('pending'));
    const sent = calls.find((c) => c.path.endsWith('/command/send'))!.body;
    expect(sent).toMatchObject({ commandId: 3, deviceId: 7, value: 80, operationPassword: '246810' });
    expect(sent.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(screen.getByTestId('remote-send-status').getAttribute('data-status')).toBe('acknowledged'), {
      timeout: 8000,
    });
    // the status was followed by the send's own request id
    expect(calls.filter((c) => c.path.endsWith('/log/page')).every((c) => c.body.requestId === sent.requestId)).toBe(true);
  });
});
