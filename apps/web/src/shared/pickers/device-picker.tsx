import { Select, type SelectProps } from 'antd';
import { device } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { DOMAIN_KEYS } from '../query-keys';

export type MyDevice = RefOutput<typeof device.deviceOuList>[number];

const myDevices = { queryKey: DOMAIN_KEYS.devices.of(device.deviceOuList, {}), queryFn: () => api(device.deviceOuList, {}) };
const onlyGateways = (list: MyDevice[]) => list.filter((d) => d.isGateway);

/** The devices in the staff's OUs (where devices can be moved into an OU from, the device pickers). */
export function useMyDevices(enabled = true) {
  return useQuery({ ...myDevices, enabled });
}

/** The staff's gateway devices (from the same call): the choices for a device's gateway. */
export function useGateways(enabled = true) {
  return useQuery({ ...myDevices, enabled, select: onlyGateways });
}

export type DevicePickerProps = Omit<SelectProps<number | null>, 'options' | 'loading'> & {
  /** Only gateways (a device's gateway, the gateway filter). */
  gateways?: boolean;
  /** A device that is not offered (the one being edited). */
  exclude?: number;
  /** A first option for 'none' (value null) with this text. */
  noneLabel?: string;
};

/** One of the staff's devices, 'code · name', searchable. */
export function DevicePicker({ gateways = false, exclude, noneLabel, ...props }: DevicePickerProps) {
  const list = useMyDevices();
  const shown = (gateways ? onlyGateways(list.data ?? []) : (list.data ?? [])).filter((d) => d.id !== exclude);
  const options = [
    ...(noneLabel ? [{ value: null, label: noneLabel }] : []),
    ...shown.map((d) => ({ value: d.id as number | null, label: `${d.code} · ${d.name}` })),
  ];
  return <Select<number | null> showSearch={{ optionFilterProp: 'label' }} loading={list.isPending} options={options} {...props} />;
}
