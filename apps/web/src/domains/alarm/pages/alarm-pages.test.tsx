import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ThemeProvider } from '../../../shared/theme/theme-context';
import type { AlarmRow } from '../queries';
import AlarmDetailPage from './alarm-detail-page';
import AlarmRecordPage from './alarm-record-page';
import AlarmSignboardPage from './alarm-signboard-page';

const row = (id: number, extra: Partial<AlarmRow> = {}): AlarmRow => ({
  id,
  source: 'rule',
  sceneType: null,
  level: 1,
  state: 0,
  ruleId: 3,
  ruleName: 'Meter over 100',
  deviceId: 2,
  deviceCode: 'SZ-01-GM-01',
  deviceName: 'Grid meter',
  deviceTypeName: 'Grid connection meter',
  ouId: 1,
  ouName: 'Suzhou',
  propertyId: 45,
  propertyKey: 'p',
  propertyName: 'Active power',
  unit: 'kW',
  condition: 'GT',
  threshold: 100,
  triggerValue: 150,
  content: 'Active power 150 kW > 100 kW',
  alarmTime: '2026-03-01T08:00:00.000Z',
  recoverTime: null,
  recoveredBy: null,
  recoverRemark: null,
  read: false,
  workOrderCount: 0,
  ...extra,
});

/** The alarm calls of these pages, in memory, with what each was sent. */
function server(permissions: string[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, data, msg: 'success' }), { status: 200 });
  const page = (list: unknown[]) => ({ list, totalCount: list.length, pageSize: 20, pageOffset: 1 });
  const records = [row(1), row(2, { read: true, level: 0 })];
  const property = { id: 45, key: 'p', name: 'Active power', unit: 'kW', kind: 'instantaneous', triggering: true };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const path = url.split('?')[0]!;
    if (path.endsWith('/staff/permission')) return ok(permissions);
    if (path === '/api/v2/ou/list') return ok([{ id: 1, name: 'Suzhou' }]);
    if (path === '/api/rule/device/alarm/log/page') return ok(page(records));
    if (path === '/api/rule/device/alarm/log/batch/read') return ok({ read: 1 });
    if (path === '/api/rule/device/alarm/log/detail/1') return ok(row(1));
    if (path === '/api/rule/device/alarm/log/related/property/list/1') return ok([property]);
    if (path === '/api/rule/device/alarm/log/point-sthf-list/1')
      return ok({
        property,
        from: '2026-03-01T07:00:00.000Z',
        to: '2026-03-01T09:00:00.000Z',
        alarmTime: '2026-03-01T08:00:00.000Z',
        recoverTime: null,
        points: [{ ts: '2026-03-01T08:00:00.000Z', value: 150 }],
      });
    if (path === '/api/rule/device/alarm/log/related/property-value/list/1')
      return ok([{ ...property, value: 150, ts: '2026-03-01T08:00:00.000Z' }]);
    if (path === '/api/rule/device/alarm/log/workOrder/1') return ok([]);
    if (path === '/api/v2/alarm-fault-signboard/alarm-count')
      return ok({
        total: 2,
        active: 1,
        recovered: 1,
        byLevel: [0, 1, 2, 3, 4].map((level) => ({ level, total: level === 1 ? 2 : 0, active: level === 1 ? 1 : 0 })),
      });
    if (path === '/api/v2/alarm-fault-signboard/alarm-asset')
      return ok([
        {
          assetId: 2,
          assetCode: 'SZ-01-GM-01',
          assetName: 'Grid meter',
          assetType: 'meter',
          assetTypeName: 'Meter',
          ouName: 'Suzhou',
          online: true,
          activeCount: 1,
          highestLevel: 1,
        },
      ]);
    if (path === '/api/v2/alarm-fault-signboard/alarm-page')
      return ok(page([row(1), row(3, { state: 1, recoverTime: '2026-03-01T09:00:00.000Z' })]));
    return new Response(JSON.stringify({ code: 40400, msg: `no route ${url}` }), { status: 404 });
  });
  return { calls, records, to: (p: string) => calls.filter((c) => c.url.split('?')[0] === p) };
}

function renderAt(path: string, routes: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <AntApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>{routes}</Routes>
          </MemoryRouter>
        </AntApp>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

const rows = () => [...document.querySelectorAll('tbody tr.ant-table-row')] as HTMLElement[];

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('alarm pages', { timeout: 30_000 }, () => {
  test('records: level tags, value against threshold, detail links; batch read and export need their buttons', async () => {
    const s = server(['p-alarm-record', 'b-alarm-record-read']);
    renderAt('/device/alarm/record', <Route path="/device/alarm/record" element={<AlarmRecordPage />} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(s.to('/api/rule/device/alarm/log/page')[0]!.url).toBe('/api/rule/device/alarm/log/page?page=1&size=20');
    expect(rows()[0]!.textContent).toContain('150 kW > 100 kW');
    expect(within(rows()[0]!).getByText('High').className).toContain('ant-tag-gold');
    expect(within(rows()[0]!).getByTestId('alarm-record-detail').getAttribute('href')).toBe('/device/alarm/record/detail/1');
    expect(screen.queryByTestId('alarm-export')).toBeNull();

    // a read row cannot be selected; the unread one is marked read in one call
    const boxes = rows().map((r) => r.querySelector<HTMLInputElement>('input[type=checkbox]')!);
    expect(boxes[1]!.disabled).toBe(true);
    await userEvent.click(boxes[0]!);
    await userEvent.click(screen.getByTestId('alarm-batch-read'));
    await waitFor(() => expect(s.to('/api/rule/device/alarm/log/batch/read')).toHaveLength(1));
    expect(s.to('/api/rule/device/alarm/log/batch/read')[0]!.url).toBe('/api/rule/device/alarm/log/batch/read?ids=1');
  });

  test('records: Query fetches again with the same filter, so an alarm raised since shows without a reload', async () => {
    const s = server(['p-alarm-record']);
    renderAt('/device/alarm/record', <Route path="/device/alarm/record" element={<AlarmRecordPage />} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    s.records.unshift(row(9, { ruleName: 'Raised just now' }));
    await userEvent.click(screen.getByTestId('filter-query'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]!.textContent).toContain('Raised just now');
    expect(s.to('/api/rule/device/alarm/log/page')).toHaveLength(2);
  });

  test('records: export with its button, batch read without', async () => {
    server(['p-alarm-record', 'b-alarm-record-export']);
    renderAt('/device/alarm/record', <Route path="/device/alarm/record" element={<AlarmRecordPage />} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('alarm-export')).toBeTruthy();
    expect(screen.queryByTestId('alarm-batch-read')).toBeNull();
    expect(rows()[0]!.querySelector('input[type=checkbox]')).toBeNull();
  });

  test('detail: fields, tags, chart card, values at the alarm time and work orders; mark read only with its button', async () => {
    server(['p-alarm-record']);
    renderAt('/device/alarm/record/detail/1', <Route path="/device/alarm/record/detail/:alarmId" element={<AlarmDetailPage />} />);
    const detail = await screen.findByTestId('alarm-detail');
    expect(within(detail).getByTestId('alarm-detail-level').textContent).toBe('High');
    expect(detail.textContent).toContain('Meter over 100');
    expect(detail.textContent).toContain('> 100 kW');
    await waitFor(() => expect(within(screen.getByTestId('alarm-values')).getByText('150 kW')).toBeTruthy());
    expect(await within(screen.getByTestId('alarm-work-orders')).findByText('No work orders yet')).toBeTruthy();
    expect(screen.getByTestId('alarm-chart')).toBeTruthy();
    expect(screen.queryByTestId('alarm-mark-read')).toBeNull();
    expect(screen.queryByTestId('alarm-readings-export')).toBeNull();
  });

  test('signboard: counts, assets, the alarm list; Recover only on active alarms and only with its button', async () => {
    const s = server(['p-alarm-signboard', 'b-alarm-fault-recover']);
    renderAt('/device/alarm/signboard', <Route path="/device/alarm/signboard" element={<AlarmSignboardPage />} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('signboard-level-1').textContent).toContain('1'));
    expect(screen.getAllByTestId('alarm-recover')).toHaveLength(1);
    await userEvent.click(await screen.findByTestId('signboard-asset'));
    await waitFor(() => expect(s.to('/api/v2/alarm-fault-signboard/alarm-page').at(-1)!.body).toEqual({ assetId: 2, page: 1, size: 20 }));
    expect(s.to('/api/v2/alarm-fault-signboard/alarm-count').at(-1)!.body).toEqual({ assetId: 2 });
  });
});
