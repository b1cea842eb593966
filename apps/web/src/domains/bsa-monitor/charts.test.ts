import { describe, expect, it } from 'vitest';
import { gisOption, heatMapOption } from './charts';
import type { BmsData, GisRow } from './queries';

describe('monitoring chart options', () => {
  it('places the stations at their coordinates, online apart from offline, with their codes', () => {
    const row = (code: string, lng: number | null, online: boolean): GisRow => ({
      id: 1,
      code,
      name: code,
      status: 'enabled',
      online,
      ouName: 'Site',
      address: null,
      lng,
      lat: lng === null ? null : 31.3,
      ratedPowerKw: 250,
      capacityKwh: 500,
    });
    const option = gisOption(
      [row('SZ', 120.6, true), row('WX', 120.3, false), row('NOWHERE', null, true)],
      { online: 'g', offline: 'x' },
      { online: 'On', offline: 'Off' },
    );
    const series = option.series as { name: string; data: unknown[][] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['On', [[120.6, 31.3, 500, 'SZ']]],
      ['Off', [[120.3, 31.3, 500, 'WX']]],
    ]);
  });

  it('draws a pack per row and a cell number per column, the scale from the cells’ min to max', () => {
    const unit = (id: number, pack: number, seq: number, voltage: number) => ({
      id,
      code: `S-R01-P0${pack}-C0${seq}`,
      name: null,
      parentId: pack,
      seq,
      values: { voltage },
      reportedAt: null,
    });
    const spread = { max: 3.3, maxCode: null, min: 2.95, minCode: null, spread: 0.35, avg: 3.2 };
    const data = {
      units: [unit(1, 1, 1, 3.3), unit(2, 1, 2, 2.95), unit(3, 2, 1, 3.2)],
      cells: { count: 3, reported: 3, voltage: spread, temperature: spread },
    } as unknown as BmsData;
    const option = heatMapOption(data, 'voltage', 'V');
    expect((option.yAxis as { data: string[] }).data).toEqual(['R01-P01', 'R01-P02']);
    expect((option.visualMap as { min: number; max: number }).min).toBe(2.95);
    expect((option.series as { data: unknown[] }[])[0]!.data).toEqual([
      [0, 0, 3.3],
      [1, 0, 2.95],
      [0, 1, 3.2],
    ]);
  });
});
