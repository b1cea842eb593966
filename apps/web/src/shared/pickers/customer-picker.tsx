import { TreeSelect, type TreeSelectProps } from 'antd';
import type { OrgNode } from '@energy/contracts';
import { customer } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { DOMAIN_KEYS } from '../query-keys';

export interface CustomerOption {
  value: string;
  title: string;
  children: CustomerOption[];
}

/** The organisation tree as TreeSelect data: every organisation (customer) can be picked. */
export const toCustomerOptions = (nodes: readonly OrgNode[]): CustomerOption[] =>
  nodes.map((n) => ({ value: n.mcid, title: n.name, children: toCustomerOptions(n.children) }));

/** Under the organisation domain: adding, renaming, moving or deleting an organisation refreshes it. */
export const customerOptionsKey = DOMAIN_KEYS.organization.of(customer.organizationWithCode);

/** The tenant's organisations (customers) as TreeSelect data: the organisation of a staff or an OU, and their filters. */
export function useCustomerOptions() {
  return useQuery({
    queryKey: customerOptionsKey,
    queryFn: async () => toCustomerOptions(await api(customer.organizationWithCode)),
    staleTime: 5 * 60_000,
  });
}

/** One organisation (customer) by its mcid, from the tenant's tree, searchable by name. */
export function CustomerPicker(props: Omit<TreeSelectProps<string>, 'treeData' | 'loading'>) {
  const orgs = useCustomerOptions();
  return (
    <TreeSelect<string>
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={orgs.isPending}
      treeData={orgs.data ?? []}
      {...props}
    />
  );
}
