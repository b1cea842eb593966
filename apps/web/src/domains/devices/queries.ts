import { device, ou } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export type DeviceRow = RefOutput<typeof device.devicePage>['list'][number];
export type DeviceDetail = RefOutput<typeof device.deviceDetail>;
export type DeviceCategory = RefOutput<typeof device.deviceTypeTree>[number];
export type DeviceType = DeviceCategory['children'][number];

/** Query keys of the device pages: everything under ['devices'] is refetched after a change. */
export const deviceKeys = {
  all: ['devices'] as const,
  typeTree: ['devices', 'type-tree'] as const,
  ous: ['devices', 'ous'] as const,
  gateways: ['devices', 'gateways'] as const,
  page: ['devices', 'page'] as const,
  detail: (id: number) => ['devices', 'detail', id] as const,
  recent: (id: number) => ['devices', 'recent', id] as const,
  series: (...parts: unknown[]) => ['devices', 'series', ...parts] as const,
};

/** The tenant's categories and types (with their properties); changes rarely. */
export function useDeviceTypeTree() {
  return useQuery({ queryKey: deviceKeys.typeTree, queryFn: () => api(device.deviceTypeTree), staleTime: 5 * 60_000 });
}

/** The operating units the staff sees: the device filters and the OU of a device. */
export function useOus() {
  return useQuery({ queryKey: deviceKeys.ous, queryFn: () => api(ou.ouList, {}), staleTime: 5 * 60_000 });
}

/** The staff's gateway devices: the choices for a device's gateway. */
export function useGateways(enabled = true) {
  return useQuery({
    queryKey: deviceKeys.gateways,
    queryFn: async () => (await api(device.deviceOuList, {})).filter((d) => d.isGateway),
    enabled,
  });
}
