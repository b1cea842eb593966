import { device } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export type DeviceRow = RefOutput<typeof device.devicePage>['list'][number];
export type DeviceCategory = RefOutput<typeof device.deviceTypeTree>[number];
export type DeviceType = DeviceCategory['children'][number];

/** Query keys of the device pages: everything under ['devices'] is refetched after a change. */
export const deviceKeys = {
  all: ['devices'] as const,
  typeTree: ['devices', 'type-tree'] as const,
  mine: ['devices', 'mine'] as const,
  page: ['devices', 'page'] as const,
  detail: (id: number) => ['devices', 'detail', id] as const,
  recent: (id: number) => ['devices', 'recent', id] as const,
  series: (...parts: unknown[]) => ['devices', 'series', ...parts] as const,
};

/** The tenant's categories and types (with their properties); changes rarely. */
export function useDeviceTypeTree() {
  return useQuery({ queryKey: deviceKeys.typeTree, queryFn: () => api(device.deviceTypeTree), staleTime: 5 * 60_000 });
}

const myDevices = { queryKey: deviceKeys.mine, queryFn: () => api(device.deviceOuList, {}) };
type MyDevice = RefOutput<typeof device.deviceOuList>[number];
const onlyGateways = (list: MyDevice[]) => list.filter((d) => d.isGateway);

/** The devices in the staff's OUs: where devices can be moved into an OU from. */
export function useMyDevices(enabled: boolean) {
  return useQuery({ ...myDevices, enabled });
}

/** The staff's gateway devices (from the same call): the choices for a device's gateway. */
export function useGateways(enabled = true) {
  return useQuery({ ...myDevices, enabled, select: onlyGateways });
}
