import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CURRENT_USER_REFRESH_MS, shellKeys } from '../../../shared/current-staff';
import type { StaffPushOptions } from '../../../shared/realtime/stomp-client';
import { createAlarmLinks, SERVER_ALARM_NOT_CONFIGURED } from '../alarm-config';
import type { DeviceAlarmPush } from '../bell-cache';
import { AlarmBell } from './alarm-bell';
import { ALARM_NOTIFICATION_CONFIG } from './alarm-notifications';

// The STOMP connection is replaced by a handle on the handlers the bell gives it (the client itself is
// tested against a STOMP peer in shared/realtime); the test delivers pushes and reconnects through it.
const realtime = vi.hoisted(() => ({ opts: undefined as StaffPushOptions | undefined, stopped: 0 }));
vi.mock('../../../shared/realtime/stomp-client', () => ({
  startStaffPushes: (opts: StaffPushOptions) => {
    realtime.opts = opts;
    return { client: {}, stop: async () => void (realtime.stopped += 1) };
  },
}));

const STAFF_ID = 7;
const push = (alarmId: number, level = 0, extra: Partial<DeviceAlarmPush> = {}): DeviceAlarmPush => ({
  alarmId,
  deviceId: 100 + alarmId,
  deviceName: `Meter ${alarmId}`,
  alarmTime: `2026-03-01T08:${String(alarmId).padStart(2, '0')}:00.000Z`,
  ruleName: 'Over-voltage',
  level,
  readState: false,
  ...extra,
});

/** The server's side of the bell's calls, in memory: what each call was sent, and its answers. */
function bellServer(opts: { permissions?: string[]; pushes?: Record<number, DeviceAlarmPush[]>; unread?: number } = {}) {
  const pushes: Record<number, DeviceAlarmPush[]> = opts.pushes ?? {
    // 12 pushes of the highest level, newest first; alarm 12 is read already; the others empty
    0: Array.from({ length: 12 }, (_, i) => push(12 - i, 0, { readState: i === 1 })),
  };
  const calls: { url: string; body: unknown }[] = [];
  const refuseRead = new Set<number>();
  const state = { unread: opts.unread ?? 3 };
  const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, data, msg: 'success' }), { status: 200 });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, number>) : undefined;
    calls.push({ url, body });
    if (url.endsWith('/customer-user/current')) return ok({ staff: { id: STAFF_ID }, customerUser: {}, customer: {}, tenant: {} });
    if (url.endsWith('/staff/permission')) return ok(opts.permissions ?? ['p-alarm-record']);
    if (url.startsWith('/api/rule/device/alarm/log/statistics')) return ok({ unread: state.unread });
    if (url.endsWith('/cors/page-push-staff')) {
      const all = pushes[body!.level!] ?? [];
      const first = (body!.page! - 1) * body!.size!;
      return ok({ list: all.slice(first, first + body!.size!), total: all.length });
    }
    if (url.endsWith('/cors/readAlarmLog')) return ok(!refuseRead.has(body!.id!));
    if (url.endsWith('/cors/read-alarm')) return ok(!refuseRead.has(body!.id!));
    return new Response(JSON.stringify({ code: 40400, msg: `no route ${url}` }), { status: 404 });
  });
  return { calls, refuseRead, pushes, state, callsTo: (path: string) => calls.filter((c) => c.url.includes(path)) };
}

function renderBell(links = createAlarmLinks({}, { log: () => undefined, warn: () => undefined })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MemoryRouter>
          <AlarmBell links={links} />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
  return { client, ...view };
}

const bell = () => screen.getByTestId('alarm-bell');
const items = (level = 0) => within(screen.getByTestId(`alarm-bell-list-${level}`)).queryAllByTestId('alarm-bell-item');
const itemOf = (alarmId: number) => document.querySelector<HTMLElement>(`[data-testid="alarm-bell-item"][data-alarm-id="${alarmId}"]`)!;
const textOf = (p: DeviceAlarmPush) => `${p.deviceName} at ${dayjs(p.alarmTime).format('YYYY-MM-DD HH:mm:ss')} occurred ${p.ruleName}`;

async function openBell() {
  await userEvent.click(bell());
  await screen.findByTestId('alarm-bell-panel');
}

beforeEach(() => {
  realtime.opts = undefined;
  realtime.stopped = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the alarm bell', { timeout: 20_000 }, () => {
  test('badge with the unread count; five tabs by level in their colours', async () => {
    bellServer();
    renderBell();
    await waitFor(() => expect(bell().getAttribute('data-unread')).toBe('3'));
    await openBell();
    const tabs = [0, 1, 2, 3, 4].map((l) => screen.getByTestId(`alarm-bell-tab-${l}`));
    expect(tabs.map((t) => t.textContent)).toEqual(['Highest', 'High', 'Middle', 'Low', 'Lowest']);
    expect(tabs.map((t) => ['red', 'gold', 'blue', 'green'].find((c) => t.classList.contains(`ant-tag-${c}`)) ?? 'default')).toEqual([
      'red',
      'gold',
      'blue',
      'green',
      'default',
    ]);
  });

  test('items read "[device] at [time] occurred [rule]", 10 a page, the next page when scrolled to the end', async () => {
    const server = bellServer();
    renderBell();
    await openBell();
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(within(items()[0]!).getByTestId('alarm-bell-item-text').textContent).toBe(textOf(push(12)));
    expect(server.callsTo('page-push-staff').map((c) => c.body)).toEqual([{ level: 0, page: 1, size: 10 }]);
    expect(screen.getByTestId('alarm-bell-list-0').style.height).toBe('300px');

    const list = screen.getByTestId('alarm-bell-list-0');
    Object.defineProperties(list, { scrollHeight: { value: 1000 }, clientHeight: { value: 300 } });
    list.scrollTop = 690;
    fireEvent.scroll(list);
    await waitFor(() => expect(items()).toHaveLength(12));
    expect(server.callsTo('page-push-staff').map((c) => c.body)).toEqual([
      { level: 0, page: 1, size: 10 },
      { level: 0, page: 2, size: 10 },
    ]);
    expect(screen.getByText('No more pushes')).toBeTruthy();
  });

  test('an empty level says "no alarm pushes yet"; the footer links to all alarm records', async () => {
    bellServer();
    renderBell();
    await openBell();
    await userEvent.click(screen.getByTestId('alarm-bell-tab-1'));
    expect(await within(screen.getByTestId('alarm-bell-list-1')).findByText('no alarm pushes yet')).toBeTruthy();
    const all = screen.getByTestId('alarm-bell-all');
    expect(all.textContent).toBe('view all alarm records');
    expect(all.getAttribute('href')).toBe('/device/alarm/record');
  });

  test('view links to the detail route; "confirm read" turns into "read" once the server says true', async () => {
    const server = bellServer();
    server.refuseRead.add(10);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('data-unread')).toBe('3'));
    await openBell();
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(within(itemOf(12)).getByTestId('alarm-bell-view').getAttribute('href')).toBe('/device/alarm/record/detail/12');
    // alarm 11 is read already
    expect(within(itemOf(11)).getByTestId('alarm-bell-read').textContent).toBe('read');
    expect(within(itemOf(11)).queryByTestId('alarm-bell-confirm-read')).toBeNull();

    const confirm = within(itemOf(12)).getByTestId('alarm-bell-confirm-read');
    expect(confirm.textContent).toBe('confirm read');
    await userEvent.click(confirm);
    await waitFor(() => expect(within(itemOf(12)).getByTestId('alarm-bell-read').textContent).toBe('read'));
    expect(server.callsTo('readAlarmLog').map((c) => c.body)).toEqual([{ id: 12 }]);
    expect(bell().getAttribute('data-unread')).toBe('2');

    // the server answers false: the action stays
    await userEvent.click(within(itemOf(10)).getByTestId('alarm-bell-confirm-read'));
    await waitFor(() => expect(server.callsTo('readAlarmLog')).toHaveLength(2));
    expect(within(itemOf(10)).getByTestId('alarm-bell-confirm-read')).toBeTruthy();
    expect(bell().getAttribute('data-unread')).toBe('2');
  });
});

describe('live pushes', { timeout: 20_000 }, () => {
  test('the notification config of spec 000 §9', () => {
    expect(ALARM_NOTIFICATION_CONFIG).toMatchObject({ placement: 'bottomRight', bottom: 10, duration: 10, maxCount: 2 });
  });

  test('connects for the current staff, and stops when the bell goes (sign-out leaves the shell)', async () => {
    bellServer();
    const { unmount } = renderBell();
    await waitFor(() => expect(realtime.opts?.staffId).toBe(STAFF_ID));
    unmount();
    await waitFor(() => expect(realtime.stopped).toBe(1));
  });

  test('a device push: a notification at the bottom right with the item text and a view link, and at the top of its tab at once', async () => {
    bellServer();
    renderBell();
    await openBell();
    await waitFor(() => expect(items()).toHaveLength(10));
    await waitFor(() => expect(realtime.opts).toBeDefined());
    const fetches = vi.mocked(fetch).mock.calls.length;
    act(() => realtime.opts!.onDeviceAlarm(push(13)));

    const notice = await screen.findByTestId('alarm-notification');
    expect(notice.closest('.ant-notification-bottomRight')).toBeTruthy();
    // antd 6 places the list by a CSS variable: 10 px from the bottom
    expect((notice.closest('.ant-notification') as HTMLElement).style.getPropertyValue('--notification-bottom')).toBe('10px');
    expect(notice.textContent).toContain(textOf(push(13)));
    expect(within(notice).getByTestId('alarm-notification-view').getAttribute('href')).toBe('/device/alarm/record/detail/13');
    await waitFor(() => expect(items()[0]!.getAttribute('data-alarm-id')).toBe('13'));
    expect(items()).toHaveLength(11);
    expect(bell().getAttribute('data-unread')).toBe('4');
    // shown from the push itself: no call was needed
    expect(vi.mocked(fetch).mock.calls.length).toBe(fetches);
  });

  test('at most two notifications at once', async () => {
    bellServer();
    renderBell();
    await waitFor(() => expect(realtime.opts).toBeDefined());
    act(() => {
      realtime.opts!.onDeviceAlarm(push(21));
      realtime.opts!.onDeviceAlarm(push(22));
      realtime.opts!.onDeviceAlarm(push(23));
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('alarm-notification').map((n) => n.getAttribute('data-alarm-id'))).toEqual(['22', '23']),
    );
  });

  test('a server push: a notification, linked through the server alarm config of its scene, or unlinked with the console message', async () => {
    const log = vi.fn();
    bellServer();
    renderBell(
      createAlarmLinks(
        { serverAlarmConfig: [{ sceneType: 'DEVICE_OFFLINE', path: '/settings/asset/device/detail/{targetId}' }] },
        { log, warn: () => undefined },
      ),
    );
    await waitFor(() => expect(realtime.opts).toBeDefined());
    const server = { recordId: 5, name: 'Gateway 2', alarmTime: '2026-03-01T09:00:00.000Z', ruleName: 'Device offline', alarmLevel: 1 };
    act(() => realtime.opts!.onServerAlarm({ ...server, sceneType: 'DEVICE_OFFLINE', targetId: 31 }));
    const linked = await screen.findByTestId('server-alarm-notification');
    expect(linked.textContent).toContain(`Gateway 2 at ${dayjs(server.alarmTime).format('YYYY-MM-DD HH:mm:ss')} occurred Device offline`);
    expect(within(linked).getByTestId('server-alarm-notification-view').getAttribute('href')).toBe('/settings/asset/device/detail/31');
    expect(log).not.toHaveBeenCalled();

    act(() => realtime.opts!.onServerAlarm({ ...server, recordId: 6, sceneType: 'DATA_DELAYED', targetId: null }));
    await waitFor(() => expect(screen.getAllByTestId('server-alarm-notification')).toHaveLength(2));
    const unlinked = screen.getAllByTestId('server-alarm-notification').find((n) => n.getAttribute('data-record-id') === '6')!;
    expect(within(unlinked).queryByTestId('server-alarm-notification-view')).toBeNull();
    expect(log).toHaveBeenCalledWith(SERVER_ALARM_NOT_CONFIGURED, 'DATA_DELAYED');
  });

  test('a server push can be confirmed as read in its popup; a read one says read', async () => {
    const server = bellServer();
    renderBell();
    await waitFor(() => expect(realtime.opts).toBeDefined());
    const body = {
      name: 'Gateway 2',
      alarmTime: '2026-03-01T09:00:00.000Z',
      ruleName: 'Offline',
      alarmLevel: 1,
      sceneType: 'DEVICE_OFFLINE',
    };
    act(() => realtime.opts!.onServerAlarm({ ...body, recordId: 5, targetId: 31, readState: false }));
    const popup = await screen.findByTestId('server-alarm-notification');
    await userEvent.click(within(popup).getByTestId('server-alarm-notification-confirm-read'));
    await waitFor(() => expect(within(popup).getByTestId('server-alarm-notification-read').textContent).toBe('read'));
    expect(server.callsTo('/cors/read-alarm').map((c) => c.body)).toEqual([{ id: 5 }]);
    // the server answers false: the action stays
    server.refuseRead.add(6);
    act(() => realtime.opts!.onServerAlarm({ ...body, recordId: 6, targetId: 31, readState: false }));
    await waitFor(() => expect(screen.getAllByTestId('server-alarm-notification')).toHaveLength(2));
    const second = screen.getAllByTestId('server-alarm-notification').find((n) => n.getAttribute('data-record-id') === '6')!;
    await userEvent.click(within(second).getByTestId('server-alarm-notification-confirm-read'));
    await waitFor(() => expect(server.callsTo('/cors/read-alarm')).toHaveLength(2));
    expect(within(second).getByTestId('server-alarm-notification-confirm-read')).toBeTruthy();
  });

  test('a recovery marks the bell item recovered', async () => {
    bellServer();
    renderBell();
    await openBell();
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(within(itemOf(11)).queryByTestId('alarm-bell-recovered')).toBeNull();
    act(() => realtime.opts!.onDeviceAlarm(push(11, 0, { recoverTime: '2026-03-01T08:40:00.000Z' })));
    await waitFor(() => expect(within(itemOf(11)).getByTestId('alarm-bell-recovered').textContent).toBe('recovered'));
    expect(screen.queryByTestId('alarm-notification')).toBeNull();
  });

  test('a (re)connect refetches the bell: pushes sent while disconnected show up', async () => {
    const server = bellServer();
    renderBell();
    await openBell();
    await waitFor(() => expect(items()).toHaveLength(10));
    await waitFor(() => expect(realtime.opts).toBeDefined());
    expect(server.callsTo('page-push-staff')).toHaveLength(1);
    expect(server.callsTo('statistics')).toHaveLength(1);
    // while disconnected, alarm 14 was raised: its push never arrived
    server.pushes[0]!.unshift(push(14));
    server.state.unread = 4;
    act(() => realtime.opts!.onConnect());
    await waitFor(() => expect(items()[0]!.getAttribute('data-alarm-id')).toBe('14'));
    await waitFor(() => expect(bell().getAttribute('data-unread')).toBe('4'));
    expect(server.callsTo('page-push-staff')).toHaveLength(2);
    expect(server.callsTo('statistics')).toHaveLength(2);
  });

  test('the current-user data is refreshed every 60 s while the bell is mounted', async () => {
    bellServer();
    const { client, unmount } = renderBell();
    await waitFor(() => expect(realtime.opts).toBeDefined());
    const observers = () => client.getQueryCache().find({ queryKey: shellKeys.current })!.observers;
    expect(CURRENT_USER_REFRESH_MS).toBe(60_000);
    expect(observers().map((o) => o.options.refetchInterval)).toEqual([60_000]);
    unmount();
    expect(observers()).toHaveLength(0);
  });

  test('a staff without the alarm records page gets a dot for new pushes instead of a count', async () => {
    const server = bellServer({ permissions: [] });
    renderBell();
    await waitFor(() => expect(realtime.opts).toBeDefined());
    expect(server.callsTo('statistics')).toHaveLength(0);
    expect(document.querySelector('.ant-badge-dot')).toBeNull();
    act(() => realtime.opts!.onDeviceAlarm(push(30)));
    await waitFor(() => expect(document.querySelector('.ant-badge-dot')).toBeTruthy());
    await openBell();
    await waitFor(() => expect(document.querySelector('.ant-badge-dot')).toBeNull());
  });
});
