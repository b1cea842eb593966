import { describe, expect, it } from 'vitest';
import { isServedPath } from './served-paths';

describe('served paths', () => {
  it('knows the pages the domains route, with their parameters, and not the catalogue pages not built yet', () => {
    expect(isServedPath('/settings/asset/device')).toBe(true);
    expect(isServedPath('/device/alarm/record')).toBe(true);
    expect(isServedPath('/')).toBe(true);
    expect(isServedPath('/settings/asset/device/not-a-route/deeper/still')).toBe(false);
    expect(isServedPath('/pv/asset/station')).toBe(true);
    expect(isServedPath('/pv/monitor/noticeboard')).toBe(true);
    // remote control of storage (issue 22)
    expect(isServedPath('/bsa/asset/remote-control')).toBe(true);
    expect(isServedPath('/bsa/asset/remote-control-log')).toBe(true);
  });
});
