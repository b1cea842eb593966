import { describe, expect, it } from 'vitest';
import { missesItsPair, toFormValues, toOuFields } from './ou-form';
import type { OuRow } from './queries';

const row: OuRow = {
  id: 7,
  code: 'SZ-01',
  name: 'Suzhou plant',
  typeId: 2,
  typeName: 'Factory',
  customerMcid: '00000000-0000-4000-8000-000000000001',
  customerName: 'Suzhou',
  districtAdcode: '320506',
  address: '88 Xinghu Street',
  lng: 120.6,
  lat: 31.3,
  memberCount: 1,
  assetCount: 2,
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('OU form', () => {
  it('round-trips an OU through the form', () => {
    const fields = toOuFields({ ...toFormValues(row), name: row.name } as Parameters<typeof toOuFields>[0]);
    expect(fields).toEqual({
      name: 'Suzhou plant',
      typeId: 2,
      customerMcid: row.customerMcid,
      districtAdcode: '320506',
      address: '88 Xinghu Street',
      lng: 120.6,
      lat: 31.3,
    });
  });

  it('trims texts and sends empty optional fields as null', () => {
    expect(
      toOuFields({
        name: '  New unit ',
        typeId: 1,
        customerMcid: row.customerMcid,
        districtAdcode: undefined,
        address: '   ',
        lng: undefined,
      }),
    ).toEqual({ name: 'New unit', typeId: 1, customerMcid: row.customerMcid, districtAdcode: null, address: null, lng: null, lat: null });
  });

  it('wants both coordinates or neither, and blames the missing one', () => {
    expect(missesItsPair(null, null)).toBe(false);
    expect(missesItsPair(undefined, null)).toBe(false);
    expect(missesItsPair(120, 31)).toBe(false);
    expect(missesItsPair(0, null)).toBe(false);
    expect(missesItsPair(null, 0)).toBe(true);
    expect(missesItsPair(undefined, 31)).toBe(true);
  });
});
