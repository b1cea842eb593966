import { Select, type SelectProps } from 'antd';
import { bsa } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { DOMAIN_KEYS } from '../query-keys';

export type StationChoice = RefOutput<typeof bsa.bsaList>[number];

/** The staff's storage stations (the bsa list call; needs the station page permission p-bsa-station). */
export function useStationList(enabled = true) {
  return useQuery({ queryKey: DOMAIN_KEYS.bsa.of(bsa.bsaList, {}), queryFn: () => api(bsa.bsaList, {}), enabled, staleTime: 60_000 });
}

/** One storage station of the staff's, by name. */
export function StationPicker(props: Omit<SelectProps<number>, 'options' | 'loading'>) {
  const stations = useStationList();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={stations.isPending}
      options={(stations.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      {...props}
    />
  );
}
