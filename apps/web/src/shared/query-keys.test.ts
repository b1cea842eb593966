import { device, ou } from '@energy/contracts/refs';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { domainKeys, queryKeyOf } from './query-keys';

describe('query keys', () => {
  test('queryKeyOf is the path, then the input when there is one', () => {
    expect(queryKeyOf(ou.ouList)).toStrictEqual(['/api/v2/ou/list']);
    expect(queryKeyOf(device.deviceDetail, { id: 7 })).toStrictEqual(['/api/v2/device/detail', { id: 7 }]);
  });

  test("a domain's keys sit under its prefix; a page prefix plus the body is the call's key", () => {
    const keys = domainKeys('devices');
    expect(keys.all).toStrictEqual(['devices']);
    expect(keys.of(device.deviceDetail, { id: 7 })).toStrictEqual(['devices', '/api/v2/device/detail', { id: 7 }]);
    const body = { pageSize: 20, pageOffset: 1 };
    expect([...keys.page(device.devicePage), body]).toStrictEqual(keys.of(device.devicePage, body));
  });

  test("invalidating a domain's prefix marks its queries stale and leaves other domains alone", async () => {
    const client = new QueryClient();
    const devices = domainKeys('devices');
    const ous = domainKeys('ou');
    client.setQueryData(devices.of(device.deviceDetail, { id: 1 }), 'd');
    client.setQueryData(ous.of(ou.ouList), 'o');
    await client.invalidateQueries({ queryKey: devices.all });
    expect(client.getQueryState(devices.of(device.deviceDetail, { id: 1 }))!.isInvalidated).toBe(true);
    expect(client.getQueryState(ous.of(ou.ouList))!.isInvalidated).toBe(false);
  });
});
