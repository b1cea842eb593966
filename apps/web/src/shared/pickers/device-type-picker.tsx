import { TreeSelect, type TreeSelectProps } from 'antd';
import { device } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { DOMAIN_KEYS } from '../query-keys';

export type DeviceCategory = RefOutput<typeof device.deviceTypeTree>[number];
export type DeviceType = DeviceCategory['children'][number];

export const deviceTypeTreeKey = DOMAIN_KEYS.devices.of(device.deviceTypeTree);

/** The tenant's device categories and types (with their properties); changes rarely. */
export function useDeviceTypeTree() {
  return useQuery({ queryKey: deviceTypeTreeKey, queryFn: () => api(device.deviceTypeTree), staleTime: 5 * 60_000 });
}

/** The type tree as TreeSelect data: categories group the types and cannot be picked themselves. */
export const typeTreeData = (tree: DeviceCategory[]) =>
  tree.map((c) => ({
    value: `c-${c.id}`,
    title: c.name,
    selectable: false,
    children: c.children.map((x) => ({ value: x.id, title: x.name })),
  }));

/** One device type, chosen in the category tree (categories only group). */
export function DeviceTypePicker(props: Omit<TreeSelectProps<number>, 'treeData' | 'loading'>) {
  const tree = useDeviceTypeTree();
  return (
    <TreeSelect<number>
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={tree.isPending}
      treeData={typeTreeData(tree.data ?? [])}
      {...props}
    />
  );
}
