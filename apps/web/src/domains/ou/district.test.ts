import { describe, expect, it } from 'vitest';
import { collectPages } from './collect-pages';
import { adcodePrefix, districtChain, districtPath, type DistrictItem } from './district';

// a slice of the shipped table: Jiangsu has cities, Shanghai's districts sit straight under it
const rows: (DistrictItem & { parent: string | null })[] = [
  { adcode: '320000', name: 'Jiangsu', level: 'province', parent: null },
  { adcode: '310000', name: 'Shanghai', level: 'province', parent: null },
  { adcode: '320500', name: 'Suzhou', level: 'city', parent: '320000' },
  { adcode: '320200', name: 'Wuxi', level: 'city', parent: '320000' },
  { adcode: '320506', name: 'Wuzhong', level: 'district', parent: '320500' },
  { adcode: '310115', name: 'Pudong', level: 'district', parent: '310000' },
];

function loader() {
  const calls: (string | undefined)[] = [];
  const load = async (parent?: string) => {
    calls.push(parent);
    return rows.filter((r) => r.parent === (parent ?? null)).map(({ parent: _p, ...d }) => d);
  };
  return { load, calls };
}

describe('districts', () => {
  it('reads the significant part of an adcode', () => {
    expect(adcodePrefix('320000')).toBe('32');
    expect(adcodePrefix('320500')).toBe('3205');
    expect(adcodePrefix('320506')).toBe('320506');
    expect(adcodePrefix('100000')).toBe('10');
  });

  it('walks province, city and district, one level per call', async () => {
    const { load, calls } = loader();
    const chain = await districtChain('320506', load);
    expect(districtPath(chain)).toBe('Jiangsu / Suzhou / Wuzhong');
    expect(calls).toEqual([undefined, '320000', '320500']);
  });

  it('finds a district straight under its province, and a province or city itself', async () => {
    expect(districtPath(await districtChain('310115', loader().load))).toBe('Shanghai / Pudong');
    expect(districtPath(await districtChain('320000', loader().load))).toBe('Jiangsu');
    expect(districtPath(await districtChain('320200', loader().load))).toBe('Jiangsu / Wuxi');
  });

  it('gives nothing for an adcode the table does not hold', async () => {
    expect(await districtChain('440300', loader().load)).toEqual([]);
    expect(await districtChain('320599', loader().load)).toEqual([]);
  });
});

describe('collectPages', () => {
  const all = Array.from({ length: 250 }, (_, i) => i + 1);
  const fetchPage = async (pageOffset: number, pageSize: number) => ({
    list: all.slice((pageOffset - 1) * pageSize, pageOffset * pageSize),
    totalCount: all.length,
  });

  it('reads every page until the total', async () => {
    expect(await collectPages(fetchPage, 100)).toEqual(all);
  });

  it('stops at a short page, and after maxPages', async () => {
    let calls = 0;
    const counting = async (p: number, s: number) => {
      calls++;
      return { ...(await fetchPage(p, s)), totalCount: 10_000 }; // a total that overstates
    };
    expect(await collectPages(counting, 100)).toHaveLength(250);
    expect(calls).toBe(3);
    expect(await collectPages(fetchPage, 10, 2)).toEqual(all.slice(0, 20));
  });
});
