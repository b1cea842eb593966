import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { fixture, pageOf, renderPage, tableRows } from '../../../test/render-page';
import PerformancePage from './performance-page';

const figures = {
  generationWh: 170_320,
  irradiationWhM2: 6440,
  pr: 0.8014,
  prTempCorrected: 0.8612,
  equivalentHours: 5.16,
  specificYieldKwhPerKwp: 5.16,
};
const index: RefOutput<typeof pv.performanceIndex> = {
  pvId: 5,
  level: 'station',
  targetId: null,
  targetName: 'Suzhou rooftop',
  capacityKwp: 33,
  timeZone: 'Asia/Shanghai',
  energySource: 'generation-meter',
  periods: [{ label: '2026-06-10', ...figures }],
  total: { label: 'total', ...figures },
};
const loss: RefOutput<typeof pv.performanceLossAnalysis> = {
  theoreticalWh: 212_520,
  onGridWh: 170_320,
  steps: [
    { key: 'irradiance', lossWh: 1320, measured: true, why: null },
    { key: 'temperature', lossWh: 14_784, measured: true, why: null },
    { key: 'downtime', lossWh: 0, measured: true, why: null },
    { key: 'dc-mismatch', lossWh: 15_516, measured: true, why: 'string mismatch and dispersion, soiling, DC cabling' },
    { key: 'inverter', lossWh: 8950, measured: true, why: null },
    { key: 'clipping', lossWh: null, measured: false, why: 'needs each inverter’s DC power above its AC rating' },
    { key: 'ac', lossWh: 1630, measured: true, why: null },
    { key: 'grid-limitation', lossWh: null, measured: false, why: 'needs the curtailment set-points' },
  ],
};
const fixtures = [
  fixture(pv.pvList, [
    { id: 5, code: 'SZ-PV-01', name: 'Suzhou rooftop', ouId: 1, stage: 'grid-connected', status: 'enabled', capacityKwp: 33 },
  ]),
  fixture(pv.performanceIndex, index),
  fixture(pv.performanceLossAnalysis, loss),
  fixture(pv.performanceInverterExpression, {
    irradiationWhM2: 6440,
    rows: [
      {
        rank: 1,
        inverterId: 1,
        code: 'A',
        name: 'Inverter A',
        areaName: 'Roof',
        capacityKwp: 22,
        ratedAcKw: 20,
        eAcWh: 115_700,
        eDcWh: 120_600,
        efficiency: 0.9594,
        equivalentHours: 5.26,
        pr: 0.8166,
      },
    ],
  }),
  fixture(
    pv.performanceConfigPage,
    pageOf([
      {
        pvId: 5,
        pvCode: 'SZ-PV-01',
        pvName: 'Suzhou rooftop',
        capacityKwp: 33,
        gammaPctPerK: -0.35,
        referenceTempC: 25,
        minIrradianceWm2: 50,
        configured: false,
        updatedBy: null,
        updatedAt: null,
      },
    ]),
  ),
];

describe('PV performance page', { timeout: 60_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en-US');
  });

  test('shows the station’s PR, corrected PR and equivalent hours, with the export button', async () => {
    renderPage(<PerformancePage />, {
      permissions: ['p-pv-performance', 'b-pv-performance-export'],
      fixtures,
      path: '/?pv=5&from=2026-06-10&to=2026-06-10',
    });
    await waitFor(() => expect(screen.getByTestId('index-totals').textContent).toContain('80.14 %'));
    expect(screen.getByTestId('index-totals').textContent).toContain('86.12 %');
    expect(screen.getByTestId('index-totals').textContent).toContain('5.16');
    expect(screen.getByText('Energy from the generation meters')).toBeTruthy();
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]!.textContent).toContain('170.320');
    expect(screen.getByTestId('index-export')).toBeTruthy();
  });

  test('draws the losses with the steps it cannot measure named', async () => {
    renderPage(<PerformancePage />, {
      permissions: ['p-pv-performance'],
      fixtures,
      path: '/?pv=5&from=2026-06-10&to=2026-06-10&tab=losses',
    });
    await waitFor(() => expect(screen.getByTestId('loss-on-grid').textContent).toBe('170.320'));
    expect(screen.getByText('Temperature')).toBeTruthy();
    expect(screen.getAllByText('Not measured')).toHaveLength(2);
  });

  test('ranks the inverters; the config needs its button to be edited; in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    const view = renderPage(<PerformancePage />, {
      permissions: ['p-pv-performance'],
      fixtures,
      path: '/?pv=5&from=2026-06-10&to=2026-06-10&tab=inverters',
    });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]!.textContent).toContain('95.94 %');
    expect(screen.queryByTestId('inverters-export')).toBeNull();
    fireEvent.click(screen.getByTestId('performance-tab-config'));
    await waitFor(() => expect(screen.getByText('默认值')).toBeTruthy());
    expect(screen.queryByTestId('config-edit-5')).toBeNull();
    view.unmount();
    renderPage(<PerformancePage />, { permissions: ['p-pv-performance', 'b-pv-performance-config'], fixtures, path: '/?pv=5&tab=config' });
    await waitFor(() => expect(screen.getByTestId('config-edit-5')).toBeTruthy());
  });
});
