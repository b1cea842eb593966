import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { alarm, ou } from '@energy/contracts/refs';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import type { TenantWorkOrder } from '../queries';
import { dayStartIn } from '../../../shared/zoned-time';
import { toWorkOrderFilter } from '../work-order-filter';
import WorkOrderListPage from './work-order-list-page';

const row: TenantWorkOrder = {
  id: 7,
  alarmId: 12,
  title: 'Replace a module',
  content: 'Rack 2 of the PCS',
  assignee: 'Service team',
  createdBy: 'Alice Chen (SR-ALICE)',
  createdAt: '2026-03-01T20:00:00.000Z',
  alarmLevel: 1,
  alarmState: 0,
  alarmTime: '2026-03-01T19:30:00.000Z',
  ruleName: 'SOC under 20',
  deviceId: 4,
  deviceCode: 'SZ-01-PCS-01',
  deviceName: 'Storage PCS',
  ouName: 'Suzhou',
};
const fixtures = [fixture(alarm.alarmWorkOrderPage, pageOf([row])), fixture(ou.ouList, [{ id: 1, name: 'Suzhou' }] as never)];

describeListPages([
  {
    name: 'work orders',
    page: () => <WorkOrderListPage />,
    pageCode: 'p-alarm-work-order',
    buttonCodes: ['b-alarm-work-order-export'],
    fixtures,
    headers: ['Raised at', 'Title', 'Content', 'Assignee', 'Alarm', 'Device', 'Alarm state', 'Raised by'],
    rowText: ['Replace a module', 'Rack 2 of the PCS', 'Service team', 'SOC under 20', 'Storage PCS (SZ-01-PCS-01)', 'Active'],
    buttons: ['work-order-export'],
    actionsWithoutCodes: true,
    alwaysButtons: ['work-order-alarm'],
  },
]);

// the browser in New York, the tenant (TEST_USER) in Shanghai: 13 hours apart, another day
describe('the work-order list in the tenant zone', { timeout: 30_000 }, () => {
  beforeAll(() => void vi.stubEnv('TZ', 'America/New_York'));
  afterAll(() => void vi.unstubAllEnvs());
  afterEach(() => vi.restoreAllMocks());

  test("times in the tenant's zone, a link to each alarm, the filter sent as the page call's query", async () => {
    const page = renderPage(<WorkOrderListPage />, { permissions: ['p-alarm-work-order'], fixtures });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await waitFor(() => expect(tableRows()[0]!.textContent).toContain('2026-03-02 04:00:00'));
    expect(tableRows()[0]!.textContent).not.toContain('2026-03-01 15:00:00');
    expect(screen.getByTestId('times-in').textContent).toBe('Times in Asia/Shanghai');
    expect(screen.getByTestId('work-order-alarm-link').getAttribute('href')).toBe('/device/alarm/record/detail/12');
    expect(screen.getByTestId('work-order-alarm').getAttribute('href')).toBe('/device/alarm/record/detail/12');

    await userEvent.type(screen.getByTestId('work-order-filter-keyword'), '  rack ');
    await userEvent.type(screen.getByTestId('work-order-filter-assignee'), 'service');
    await userEvent.click(screen.getByTestId('filter-query'));
    await waitFor(() => expect(page.to(alarm.alarmWorkOrderPage).length).toBeGreaterThan(1));
    const query = new URLSearchParams(page.to(alarm.alarmWorkOrderPage).at(-1)!.url.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ keyword: 'rack', assignee: 'service', page: '1', size: '20' });
  });
});

describe('the work-order filter', () => {
  test("a picked range is whole days of the tenant's zone, whatever the browser's", async () => {
    const dayjs = (await import('dayjs')).default;
    expect(new Date(dayStartIn('2026-03-02', 'Asia/Shanghai')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(new Date(dayStartIn('2026-03-02', 'UTC')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    // New York changes to summer time on 8 March 2026: that day starts at 05:00 UTC, the next at 04:00
    expect(new Date(dayStartIn('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(dayStartIn('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(
      toWorkOrderFilter(
        { keyword: ' x ', assignee: '', alarmLevels: [2, 0], state: null, range: [dayjs('2026-03-01'), dayjs('2026-03-02')] },
        'Asia/Shanghai',
      ),
    ).toEqual({
      keyword: 'x',
      alarmLevels: [0, 2],
      createdStartTime: '2026-02-28T16:00:00.000Z',
      createdEndTime: '2026-03-02T15:59:59.999Z',
    });
  });
});
