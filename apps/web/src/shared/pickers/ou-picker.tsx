import { Select, type SelectProps } from 'antd';
import { ou } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { DOMAIN_KEYS } from '../query-keys';

export type OuChoice = RefOutput<typeof ou.ouList>[number];

/** The key of the OUs the staff sees: under the ou domain, so OU changes refresh every OU picker. */
export const ouListKey = DOMAIN_KEYS.ou.of(ou.ouList, {});

/** The OUs the acting staff sees (the only ones it may give a staff or a device): choices and filters. */
export function useOuList() {
  return useQuery({ queryKey: ouListKey, queryFn: () => api(ou.ouList, {}), staleTime: 5 * 60_000 });
}

export type OuPickerProps = Omit<SelectProps<number>, 'options' | 'loading'> & {
  /** The option text: the name (default), or 'name (code)'. */
  labelWith?: 'name' | 'code';
};

/** One OU of the staff's (or several with `mode="multiple"`), searchable by its text. */
export function OuPicker({ labelWith = 'name', ...props }: OuPickerProps) {
  const ous = useOuList();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={ous.isPending}
      options={(ous.data ?? []).map((o) => ({ value: o.id, label: labelWith === 'code' ? `${o.name} (${o.code})` : o.name }))}
      {...props}
    />
  );
}
