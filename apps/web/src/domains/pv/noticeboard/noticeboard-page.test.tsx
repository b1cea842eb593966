import { screen, waitFor, within } from '@testing-library/react';
import { pv } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fixture, pageOf, renderPage } from '../../../test/render-page';
import NoticeboardPage from './noticeboard-page';

const at = (clock: string) => Date.parse(`2026-06-10T${clock}:00+08:00`);
const fixtures = [
  fixture(pv.pvList, [
    { id: 5, code: 'SZ-PV-01', name: 'Suzhou rooftops', ouId: 1, stage: 'grid-connected', status: 'enabled', capacityKwp: 990 },
    { id: 6, code: 'SZ-PV-02', name: 'Carport (building)', ouId: 1, stage: 'construction', status: 'enabled', capacityKwp: 1200 },
  ]),
  fixture(pv.noticeboardInfo, {
    pvId: 5,
    code: 'SZ-PV-01',
    name: 'Suzhou rooftops',
    address: null,
    capacityKwp: 990,
    gridConnectionDate: '2024-06-28',
    timeZone: 'Asia/Shanghai',
    day: '2026-06-10',
    asOf: '2026-06-10T02:30:00.000Z',
    powerKw: 612.4,
    todayWh: 2_345_600,
    monthWh: 45_600_000,
    yearWh: 456_000_000,
    totalWh: 1_234_500_000,
    co2AvoidedKg: 704_035.35,
    curve: [{ ts: at('10:00'), powerKw: 600, irradiance: 650 }],
  }),
  fixture(pv.noticeboardIndicator, {
    day: '2026-06-10',
    generationWh: 2_345_600,
    irradiationWhM2: 2900,
    pr: 0.8167,
    prTempCorrected: 0.84,
    equivalentHours: 2.37,
  }),
  fixture(pv.noticeboardModuleData, {
    weatherStation: { deviceId: 9, code: 'SZ-01-ENV-01', name: 'Weather station', lastSeenAt: null },
    irradiance: 702,
    tempModule: 44.5,
    tempAmbient: 29,
    wind: 2,
    humidity: 60,
    curve: [{ ts: at('10:00'), irradiance: 650, tempModule: 43 }],
  }),
  fixture(pv.noticeboardDispersionDevices, {
    day: '2026-06-10',
    devices: [
      {
        inverterId: 11,
        code: 'INV-01',
        name: 'Inverter 1',
        rate: 0.085,
        className: 'fair',
        strings: 9,
        deadStrings: ['S07'],
        weakStrings: ['S03'],
      },
      { inverterId: 12, code: 'INV-02', name: 'Inverter 2', rate: null, className: null, strings: 0, deadStrings: [], weakStrings: [] },
    ],
  }),
  fixture(pv.noticeboardStringCurve, {
    inverterId: 11,
    day: '2026-06-10',
    strings: [{ stringId: 1, code: 'S01', capacityKwp: 11, points: [{ ts: at('10:00'), current: 9 }] }],
  }),
  fixture(pv.noticeboardDispersionCurve, { inverterId: 11, day: '2026-06-10', points: [{ ts: at('10:00'), rate: 0.08 }] }),
  fixture(pv.noticeboardDeviceInfo, {
    inverters: { online: 9, alarm: 0, fault: 1, offline: 0, 'no-device': 0 },
    strings: { online: 7, alarm: 1, fault: 0, offline: 0, 'no-device': 81 },
    meters: { online: 2, alarm: 0, fault: 0, offline: 0, 'no-device': 0 },
  }),
  fixture(pv.noticeboardAlarmWeek, { days: [{ day: '2026-06-10', total: 1, byLevel: [0, 1, 0, 0, 0] }] }),
  fixture(pv.noticeboardAlarmCount, { active: 1, activeByLevel: [0, 1, 0, 0, 0], raisedToday: 1 }),
  fixture(
    pv.noticeboardAlarmPage,
    pageOf([
      {
        id: 1,
        source: 'server',
        sceneType: 'PV_STRING_DEAD',
        level: 1,
        state: 0,
        ruleId: null,
        ruleName: 'Dead PV string',
        deviceId: 7,
        deviceCode: 'SZ-01-INV-01-S7',
        deviceName: 'String 7',
        deviceTypeName: 'PV string',
        ouId: 1,
        ouName: 'Suzhou',
        propertyId: null,
        propertyKey: null,
        propertyName: null,
        unit: null,
        condition: null,
        threshold: null,
        triggerValue: null,
        content: 'String S07 of INV-01 gives no current',
        alarmTime: '2026-06-10T02:00:00.000Z',
        recoverTime: null,
        recoveredBy: null,
        recoverRemark: null,
      } as never,
    ]),
  ),
];

describe('PV noticeboard', { timeout: 60_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  test('shows the first grid-connected station: figures, weather, dispersion faults, equipment and alarms', async () => {
    renderPage(<NoticeboardPage />, { permissions: ['p-pv-noticeboard'], fixtures });
    await waitFor(() => expect(screen.getByTestId('board-station-info').textContent).toContain('Suzhou rooftops'));
    // 612.4 kW; 2,345,600 Wh = 2,345.6 kWh; 45.6 MWh; PR 0.8167 = 81.7 %
    await waitFor(() => expect(screen.getByTestId('fig-power').textContent).toContain('612.4'));
    expect(screen.getByTestId('fig-today').textContent).toContain('2,345.6');
    expect(screen.getByTestId('fig-month').textContent).toContain('45.60');
    await waitFor(() => expect(screen.getByTestId('fig-pr').textContent).toContain('81.7'));
    expect(screen.getByTestId('fig-hours').textContent).toContain('2.37');
    // 704,035.35 kg = 704 t
    expect(screen.getByTestId('board-station-info').textContent).toContain('704');
    await waitFor(() => expect(screen.getByTestId('board-weather').textContent).toContain('702 W/m²'));
    expect(screen.getByTestId('board-weather').textContent).toContain('SZ-01-ENV-01');
    await waitFor(() => expect(screen.getByTestId('board-faults').textContent).toContain('Dead: S07'));
    expect(screen.getByTestId('board-faults').textContent).toContain('Weak: S03');
    await waitFor(() => expect(within(screen.getByTestId('board-devices-strings')).getByText('81')).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId('board-alarms').textContent).toContain('String S07 of INV-01 gives no current'));
    // times in the station's zone: 02:00 UTC is 10:00 in Shanghai
    expect(screen.getByTestId('board-alarms').textContent).toContain('2026-06-10 10:00:00');
    // the construction station is not offered
    expect(screen.getByTestId('board-station').textContent).toContain('SZ-PV-01');
  });

  test('says so when there is no grid-connected station', async () => {
    renderPage(<NoticeboardPage />, { permissions: ['p-pv-noticeboard'], fixtures: [fixture(pv.pvList, [])] });
    await waitFor(() => expect(screen.getByText('No grid-connected PV station yet')).toBeTruthy());
  });
});
