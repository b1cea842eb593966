import { device } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { DOMAIN_KEYS } from '../../shared/query-keys';

export { useDeviceTypeTree, type DeviceCategory, type DeviceType } from '../../shared/pickers/device-type-picker';
export { useGateways, useMyDevices } from '../../shared/pickers/device-picker';

export type DeviceRow = RefOutput<typeof device.devicePage>['list'][number];

const keys = DOMAIN_KEYS.devices;

/** Query keys of the device pages (derived from the calls): everything under ['devices'] is refetched after a change. */
export const deviceKeys = {
  all: keys.all,
  page: keys.page(device.devicePage),
  detail: (id: number) => keys.of(device.deviceDetail, { id }),
  recent: (id: number) => keys.of(device.dataPropertyRecent, { deviceId: id }),
  series: (...parts: unknown[]) => [...keys.all, 'series', ...parts] as const,
};
