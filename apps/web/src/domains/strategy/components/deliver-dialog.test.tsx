import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage } from './test-utils';
import { DeliverDialog } from './deliver-dialog';

const T = { timeout: 30_000 };

const row = (result: string, reason: string | null = null) => ({
  id: 7,
  strategyId: 3,
  strategyName: 'Plant_A',
  kind: 'strategy',
  action: 'deliver',
  bsaId: 2,
  bsaName: 'Wuxi plant storage',
  revision: 1,
  version: 2,
  operator: { staffId: 1, staffCode: 'SR-ALICE', name: 'Alice Chen' },
  requestedAt: '2026-03-01T08:00:00.000Z',
  answeredAt: result === 'pending' ? null : '2026-03-01T08:00:02.000Z',
  result,
  reason,
});

/** The server's answers, scripted by path; every request is recorded. */
function serve(answers: Record<string, (body: unknown) => unknown>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.split('?')[0]!;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const data = answers[path]!(body);
    return new Response(JSON.stringify({ code: 0, data, msg: 'success' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <DeliverDialog target={{ id: 3, name: 'Plant_A', bsaName: 'Wuxi plant storage' }} onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DeliverDialog', () => {
  it('asks for the operation password, delivers with it, then follows the log until the FCS answers', T, async () => {
    let polls = 0;
    const calls = serve({
      '/api/v2/energy-storage-strategy/deliver': () => row('pending'),
      '/api/v2/energy-storage-strategy/deliver/log': () => ({
        list: [row(++polls < 2 ? 'pending' : 'accepted')],
        totalCount: 1,
        pageSize: 20,
        pageOffset: 1,
      }),
    });
    renderDialog();
    // Enter with no password: asked for, nothing sent
    fireEvent.keyDown(await screen.findByTestId('deliver-password'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Enter your operation password')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByTestId('deliver-password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('deliver-submit'));
    await waitFor(() => expect(screen.getByTestId('deliver-result').getAttribute('data-result')).toBe('pending'));
    expect(calls[0]).toEqual({ path: '/api/v2/energy-storage-strategy/deliver', body: { id: 3, operationPassword: '246810' } });
    await waitFor(() => expect(screen.getByTestId('deliver-result').getAttribute('data-result')).toBe('accepted'), { timeout: 8000 });
    expect(screen.getByText('The FCS accepted the strategy.')).toBeTruthy();
    expect(calls.slice(1).every((c) => c.path.endsWith('/deliver/log') && (c.body as { strategyId: number }).strategyId === 3)).toBe(true);
  });

  it('shows a rejection with the FCS reason, in Chinese', T, async () => {
    serve({
      '/api/v2/energy-storage-strategy/deliver': () => row('pending'),
      '/api/v2/energy-storage-strategy/deliver/log': () => ({
        list: [row('rejected', 'version mismatch')],
        totalCount: 1,
        pageSize: 20,
        pageOffset: 1,
      }),
    });
    await inLanguage('zh-CN', async () => {
      renderDialog();
      fireEvent.change(await screen.findByTestId('deliver-password'), { target: { value: '246810' } });
      fireEvent.click(screen.getByTestId('deliver-submit'));
      await waitFor(() => expect(screen.getByTestId('deliver-result').getAttribute('data-result')).toBe('rejected'), { timeout: 8000 });
      expect(screen.getByText('FCS拒绝了该策略。')).toBeTruthy();
      expect(screen.getByText('原因: version mismatch')).toBeTruthy();
    });
  });
});
