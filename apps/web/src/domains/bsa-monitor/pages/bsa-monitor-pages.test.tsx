import { bsaMonitor } from '@energy/contracts/refs';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fixture, renderPage, tableRows } from '../../../test/render-page';
import { BATTERY_PATH, BMS_PATH, ENVIRONMENT_PATH, STATION_PATH } from '../paths';
import type {
  BatteryCurve,
  BatteryInfo,
  BmsData,
  Construction,
  Curve,
  Ems,
  Environment,
  History,
  Realtime,
  Statics,
  StationNow,
  StationTree,
} from '../queries';
import BatteryPage from './battery-page';
import BmsPage from './bms-page';
import EnvironmentPage from './environment-page';
import OverviewPage from './overview-page';
import StationPage from './station-page';

const tree: StationTree = [
  {
    mcid: 'm1',
    name: 'Sunrise',
    ous: [
      {
        id: 3,
        name: 'Suzhou Plant Site',
        stations: [{ id: 7, code: 'SZ-01-BSA-01', name: 'Suzhou plant storage', status: 'enabled', online: true }],
      },
    ],
  },
];
const totals = { chargeWh: 201_250, dischargeWh: 100_250, gridImportWh: 800, gridExportWh: 400 };
const realtime: Realtime = {
  bsaId: 7,
  code: 'SZ-01-BSA-01',
  name: 'Suzhou plant storage',
  status: 'enabled',
  online: true,
  ratedPowerKw: 250,
  capacityKwh: 500,
  powerKw: 120,
  socPct: 43,
  storedKwh: 215,
  state: 'discharging',
  pcs: [
    {
      deviceId: 1,
      code: 'SZ-01-PCS-01',
      online: true,
      ratedPowerKw: 250,
      powerKw: 120,
      socPct: 43,
      sohPct: 98.8,
      state: 2,
      reportedAt: null,
    },
  ],
  fcs: { deviceId: 2, code: 'SZ-01-FCS-01', online: true, runState: 1, mode: 1, strategyId: 0, reportedAt: null },
  date: '2026-03-10',
  today: { chargeWh: 750, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 },
};
const ems: Ems = {
  bsaId: 7,
  gridKw: -20,
  pvKw: 35.5,
  batteryKw: 120,
  loadKw: 135.5,
  socPct: 43,
  reportedAt: null,
  flows: [
    { from: 'pv', to: 'load', kw: 35.5 },
    { from: 'battery', to: 'load', kw: 100 },
    { from: 'battery', to: 'grid', kw: 20 },
  ],
};
const curve: Curve = {
  bsaId: 7,
  date: '2026-03-10',
  timeZone: 'Asia/Shanghai',
  currency: 'CNY',
  stepMinutes: 15,
  steps: [
    { ts: 0, time: '00:00', pcsPowerKw: -150, socPct: 41, chargeWh: 500, dischargeWh: 0, gridImportWh: 800, kind: 'valley', price: 0.3 },
  ],
  totals,
  chargeCost: 2_113_125,
  dischargeValue: 1_052_625,
};
const history: History = {
  bsaId: 7,
  timeZone: 'Asia/Shanghai',
  timeResolution: 'day',
  rows: [{ ts: 1, date: '2026-03-10', time: '', ...totals, pcsPowerKw: null, socPct: null }],
  totals,
};
const stationFixtures = [
  fixture(bsaMonitor.tenantCustomerTree, tree),
  fixture(bsaMonitor.neoBsaRealTimeData, realtime),
  fixture(bsaMonitor.neoBsaEms, ems),
  fixture(bsaMonitor.bsaOperatingCurve, curve),
  fixture(bsaMonitor.bsaDataData, history),
];

afterEach(() => vi.restoreAllMocks());

describe('storage monitoring pages', { timeout: 90_000 }, () => {
  test('station monitoring: figures, power flow, PCS, the day’s money and the history with its export', async () => {
    renderPage(<StationPage />, {
      permissions: ['p-bsa-station-monitor', 'b-bsa-monitor-export'],
      fixtures: stationFixtures,
      path: STATION_PATH,
    });
    await waitFor(() => expect(screen.getByTestId('station-state').textContent).toContain('Discharging'), { timeout: 10_000 });
    expect(screen.getByTestId('flow-battery-grid').textContent).toContain('Battery → Grid: 20 kW');
    await waitFor(() => expect(screen.getByText(/211\.31 CNY/)).toBeTruthy());
    await waitFor(() =>
      expect(tableRows().some((r) => r.textContent?.includes('2026-03-10') && r.textContent.includes('201.25'))).toBe(true),
    );
    expect(tableRows().some((r) => r.textContent?.includes('SZ-01-PCS-01') && r.textContent.includes('Discharging'))).toBe(true);
    expect(screen.getByTestId('excel-export')).toBeTruthy();
  });

  test('BMS: the cells’ spread and the weakest cells named', async () => {
    const unit = (seq: number, voltage: number) => ({
      id: seq,
      code: `SZ-01-BSA-01-R01-P01-C${String(seq).padStart(2, '0')}`,
      name: null,
      parentId: 100,
      seq,
      values: { voltage, temperature: 25, soc: 60 },
      reportedAt: null,
    });
    const data: BmsData = {
      bsaId: 7,
      level: 'cell',
      points: [{ key: 'voltage', name: 'Cell voltage', unit: 'V' }],
      units: [unit(1, 3.301), unit(2, 3.101)],
      cells: {
        count: 2,
        reported: 2,
        voltage: {
          max: 3.301,
          maxCode: 'SZ-01-BSA-01-R01-P01-C01',
          min: 3.101,
          minCode: 'SZ-01-BSA-01-R01-P01-C02',
          spread: 0.2,
          avg: 3.201,
        },
        temperature: { max: 25, maxCode: 'x', min: 25, minCode: 'x', spread: 0, avg: 25 },
      },
      weakest: [{ id: 2, code: 'SZ-01-BSA-01-R01-P01-C02', voltageV: 3.101, temperatureC: 25 }],
    };
    const tabs = { bsaId: 7, tabs: [{ level: 'cell' as const, units: 2 }], stacks: [] };
    renderPage(<BmsPage />, {
      permissions: ['p-bsa-station-monitor'],
      fixtures: [
        fixture(bsaMonitor.tenantCustomerTree, tree),
        fixture(bsaMonitor.neoBsaGetBmsTab, tabs),
        fixture(bsaMonitor.neoBsaGetBmsData, data),
      ],
      path: `${BMS_PATH}?bsaId=7`,
    });
    expect((await screen.findByTestId('weak-cell', {}, { timeout: 10_000 })).textContent).toContain('SZ-01-BSA-01-R01-P01-C02');
    expect(screen.getByTestId('spread-voltage').textContent).toContain('0.2');
    expect(screen.getByTestId('bms-levels').textContent).toContain('Cells (2)');
    // cells may be looked at pack by pack
    expect(screen.getByTestId('bms-parent').textContent).toContain('Below: All');
  });

  test('environment: the humidity alarm', async () => {
    const env: Environment = {
      bsaId: 7,
      fcsCode: 'SZ-01-FCS-01',
      reportedAt: null,
      temperatureC: 27.4,
      humidityPct: 91.5,
      smoke: 0,
      water: 0,
      states: { temperature: 'normal', humidity: 'alarm', smoke: 'normal', water: 'normal' },
      state: 'alarm',
      date: '2026-03-10',
      steps: [{ ts: 0, time: '00:00', temperatureC: 27.4, humidityPct: 91.5 }],
    };
    renderPage(<EnvironmentPage />, {
      permissions: ['p-bsa-station-monitor'],
      fixtures: [fixture(bsaMonitor.tenantCustomerTree, tree), fixture(bsaMonitor.bsaEnvironmentalDetection, env)],
      path: ENVIRONMENT_PATH,
    });
    await waitFor(() => expect(screen.getByTestId('env-state-humidity').textContent).toContain('Alarm'), { timeout: 10_000 });
    expect(screen.getByTestId('env-smoke').textContent).toContain('Clear');
  });

  test('battery health: cycles, throughput and the structure', async () => {
    const info: BatteryInfo = {
      bsaId: 7,
      capacityKwh: 500,
      sohPct: 98.8,
      rackSohMinPct: 97.5,
      rackSohAvgPct: 97.8,
      chargeWh: 202_000,
      dischargeWh: 100_250,
      throughputWh: 302_250,
      cycles: 0.2,
      efficiencyPct: 49.63,
      firstDate: '2026-03-10',
    };
    const days: BatteryCurve = {
      bsaId: 7,
      days: [{ date: '2026-03-10', chargeWh: 201_250, dischargeWh: 100_250, cycles: 0.2, sohPct: 98.9 }],
    };
    const structure: Construction = {
      bsaId: 7,
      code: 'SZ-01-BSA-01',
      counts: { pcs: 1, gridMeters: 1, upperMeters: 1, fcs: 1, stacks: 1, racks: 2, packs: 24, cells: 576 },
      stacks: [{ id: 1, code: 'ST-01', name: 'Stack 1', pcsCode: 'SZ-01-PCS-01', racks: 2, packs: 24, cells: 576 }],
    };
    renderPage(<BatteryPage />, {
      permissions: ['p-bsa-station-monitor'],
      fixtures: [
        fixture(bsaMonitor.tenantCustomerTree, tree),
        fixture(bsaMonitor.batteryInfo, info),
        fixture(bsaMonitor.batteryInfoCurve, days),
        fixture(bsaMonitor.bsaConstruction, structure),
      ],
      path: BATTERY_PATH,
    });
    await waitFor(() => expect(screen.getByTestId('battery-throughput').textContent).toContain('302.25'), { timeout: 10_000 });
    expect(screen.getByTestId('battery-efficiency').textContent).toContain('49.63');
    await waitFor(() => expect(tableRows().some((r) => r.textContent?.includes('ST-01') && r.textContent.includes('576'))).toBe(true));
  });

  test('overview: the statistics and the stations with their figures, export with its code only', async () => {
    const statics: Statics = {
      stations: 2,
      online: 1,
      byStatus: { enabled: 2 },
      ratedPowerKw: 500,
      capacityKwh: 1000,
      date: '2026-03-10',
      today: { chargeWh: 750, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 },
      lifetime: totals,
    };
    const row: StationNow = {
      id: 7,
      code: 'SZ-01-BSA-01',
      name: 'Suzhou plant storage',
      status: 'enabled',
      ouId: 3,
      ouName: 'Suzhou Plant Site',
      online: true,
      ratedPowerKw: 250,
      capacityKwh: 500,
      powerKw: 120,
      socPct: 43,
      todayChargeWh: 750,
      todayDischargeWh: 0,
    };
    const gis = [{ ...row, address: 'Suzhou', lng: 120.6, lat: 31.3 }].map(
      ({ ouId: _o, powerKw: _p, socPct: _s, todayChargeWh: _c, todayDischargeWh: _d, ...g }) => g,
    );
    const fixtures = [
      fixture(bsaMonitor.bsaStatics, statics),
      fixture(bsaMonitor.bsaStaticsGis, gis),
      fixture(bsaMonitor.bsaDataList, [row]),
    ];
    const first = renderPage(<OverviewPage />, { permissions: ['p-bsa-overview', 'b-bsa-station-export'], fixtures });
    expect(await screen.findByText('SZ-01-BSA-01', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(tableRows()[0]!.textContent).toContain('120.6000, 31.3000'));
    expect(screen.getByTestId('statics-lifetimeCharge').textContent).toContain('201.25');
    expect(screen.getByTestId('excel-export')).toBeTruthy();
    first.unmount();
    vi.restoreAllMocks();
    renderPage(<OverviewPage />, { permissions: ['p-bsa-overview'], fixtures });
    expect(await screen.findByText('SZ-01-BSA-01', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('excel-export')).toBeNull();
  });
});
