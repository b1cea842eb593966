import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { fixture, renderPage, tableRows } from '../../../test/render-page';
import DispersionPage from './dispersion-page';

type Unit = RefOutput<typeof pv.dispersionPvDevicePage>['list'][number];

const CLASSES = [
  { name: 'good', upperPercent: 5 },
  { name: 'fair', upperPercent: 10 },
  { name: 'poor', upperPercent: 20 },
  { name: 'bad', upperPercent: null },
];
const unit: Unit = {
  key: '11',
  inverterId: 11,
  inverterCode: 'INV-01',
  inverterName: 'Inverter 01',
  areaId: 3,
  areaName: 'East roof',
  mpptInput: null,
  status: 'analysed',
  ratePercent: 8.42,
  className: 'fair',
  classIndex: 1,
  stringsTotal: 9,
  stringsCounted: 8,
  deadStrings: [{ id: 107, code: 'S07' }],
  weakStrings: [{ id: 103, code: 'S03', relativePercent: 78.4 }],
  buckets: 180,
};
const tree = [
  {
    key: 'ou-1',
    type: 'ou' as const,
    id: 1,
    name: 'Suzhou Plant Site',
    children: [
      {
        key: 'station-5',
        type: 'station' as const,
        id: 5,
        name: 'Suzhou rooftop',
        children: [{ key: 'area-3', type: 'area' as const, id: 3, name: 'East roof', children: [] }],
      },
    ],
  },
];
const figure = (id: number, code: string, state: 'normal' | 'weak' | 'dead') => ({
  id,
  code,
  name: code,
  mpptInput: 1,
  capacityKwp: 11,
  deviceId: id,
  state,
  meanCurrentA: state === 'dead' ? null : 7.1,
  normalisedCurrent: state === 'dead' ? null : 0.645,
  relativePercent: state === 'dead' ? null : state === 'weak' ? 78.4 : 100,
  qualifyingBuckets: 180,
  deadBuckets: state === 'dead' ? 180 : 0,
});
const fixtures = [
  fixture(pv.dispersionPvWithArea, tree),
  fixture(pv.dispersionPvDevicePage, {
    list: [unit],
    totalCount: 1,
    pageSize: 20,
    pageOffset: 1,
    classes: CLASSES,
    timeZone: 'Asia/Shanghai',
  }),
  fixture(pv.dispersionGetAnalysisConfig, {
    stationId: 5,
    stationCode: 'SZ-PV-01',
    stationName: 'Suzhou rooftop',
    isDefault: true,
    updatedAt: null,
    updatedBy: null,
    irradianceThreshold: 200,
    deadRatioPercent: 2,
    weakRatioPercent: 90,
    grouping: 'inverter',
    windowHours: 24,
    excludedCount: 0,
  }),
  fixture(pv.dispersionPvDeviceList, {
    inverterId: 11,
    inverterCode: 'INV-01',
    inverterName: 'Inverter 01',
    stationId: 5,
    units: [unit],
    strings: [figure(101, 'S01', 'normal'), figure(103, 'S03', 'weak'), figure(107, 'S07', 'dead')],
    curve: { day: '2026-11-27', timeZone: 'Asia/Shanghai', buckets: [], strings: [] },
  }),
];

describe('PV string dispersion page', { timeout: 60_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en-US');
  });

  test('shows the first station’s inverters with rate, class, dead and weak strings, and the curve drawer', async () => {
    const page = renderPage(<DispersionPage />, {
      permissions: ['p-pv-dispersion', 'b-pv-dispersion-config', 'b-pv-dispersion-export'],
      fixtures,
    });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    const row = tableRows()[0]!;
    expect(row.textContent).toContain('INV-01');
    expect(row.textContent).toContain('8.42 %');
    expect(row.textContent).toContain('Fair');
    expect(screen.getByTestId('dead-11-S07')).toBeTruthy();
    expect(screen.getByTestId('weak-11-S03').textContent).toContain('78 %');
    expect(screen.getByTestId('dispersion-config')).toBeTruthy();
    expect(screen.getByTestId('excel-export')).toBeTruthy();
    // the page asked for the first station of the tree
    expect(page.to(pv.dispersionPvDevicePage)[0]!.body).toMatchObject({ stationId: 5 });
    fireEvent.click(screen.getByTestId('curve-INV-01'));
    await waitFor(() => expect(screen.getByTestId('dispersion-strings').textContent).toContain('S07'));
    expect(screen.getByTestId('dispersion-strings').textContent).toContain('Dead');
    expect(page.unanswered()).toEqual([]);
  });

  test('without the button codes: no configuration, no export; texts in zh-CN', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPage(<DispersionPage />, { permissions: ['p-pv-dispersion'], fixtures });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(tableRows()[0]!.textContent).toContain('较好');
    expect(screen.getByText('组串离散率')).toBeTruthy();
    expect(screen.queryByTestId('dispersion-config')).toBeNull();
    expect(screen.queryByTestId('excel-export')).toBeNull();
  });
});
