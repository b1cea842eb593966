import { screen, waitFor } from '@testing-library/react';
import { alarm } from '@energy/contracts/refs';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import type { AlarmRow } from '../queries';
import AlarmRecordPage from './alarm-record-page';

const row: AlarmRow = {
  id: 1,
  source: 'rule',
  sceneType: null,
  level: 1,
  state: 1,
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
  alarmTime: '2026-03-01T20:00:00.000Z',
  recoverTime: '2026-03-01T20:30:05.000Z',
  recoveredBy: 'auto',
  recoverRemark: null,
  read: true,
  workOrderCount: 0,
};

// the browser in New York, the tenant (TEST_USER) in Shanghai: 13 hours apart, another day
beforeAll(() => void vi.stubEnv('TZ', 'America/New_York'));
afterAll(() => void vi.unstubAllEnvs());
afterEach(() => vi.restoreAllMocks());

describe('alarm records in the tenant zone', { timeout: 30_000 }, () => {
  test("times in the tenant's zone, not the browser's, and the page says which", async () => {
    renderPage(<AlarmRecordPage />, { permissions: ['p-alarm-record'], fixtures: [fixture(alarm.alarmLogPage, pageOf([row]))] });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await waitFor(() => expect(tableRows()[0]!.textContent).toContain('2026-03-02 04:00:00'));
    expect(tableRows()[0]!.textContent).toContain('2026-03-02 04:30:05');
    expect(tableRows()[0]!.textContent).not.toContain('2026-03-01 15:00:00');
    expect(screen.getByTestId('times-in').textContent).toBe('Times in Asia/Shanghai');
  });
});
