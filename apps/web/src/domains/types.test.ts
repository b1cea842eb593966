import { describe, expect, it } from 'vitest';
import type { Authorized } from '../shared/authorized';
import type { useHasPermission } from '../shared/current-staff';
import type { RoutePath, ShellRoute } from './types';

describe('shell route types', () => {
  it('take catalogue page paths, paths under them and create/edit routes beside them, and nothing else', () => {
    const paths: RoutePath[] = [
      '/settings/asset/device',
      '/settings/asset/device/detail/:id',
      '/bsa/strategy/create',
      '/bsa/strategy/edit/7',
    ];
    // @ts-expect-error a page path the catalogue lacks
    const typo: RoutePath = '/settings/asset/devce';
    // @ts-expect-error beside a page, only create / detail / edit / view / copy
    const stray: RoutePath = '/settings/asset/anything';
    // @ts-expect-error a route opens with a page code, not a button code or a typo
    const route: ShellRoute = { path: '/settings/asset/device', permission: 'b-device-create', element: null };
    // @ts-expect-error useHasPermission takes catalogue codes only
    const asked: Parameters<typeof useHasPermission>[0] = 'b-devce-create';
    // @ts-expect-error so does <Authorized code>
    const shown: Parameters<typeof Authorized>[0]['code'] = 'b-ou-edt';
    const granted: Parameters<typeof Authorized>[0]['code'] = 'b-ou-edit';
    expect([asked, shown, granted]).toHaveLength(3);
    expect(paths).toHaveLength(4);
    expect([typo, stray, route.path]).toHaveLength(3);
  });
});
