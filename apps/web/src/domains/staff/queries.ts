import type { OrgNode } from '@energy/contracts';
import { customer, ou, role, staff } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export type StaffRow = RefOutput<typeof staff.staffPage>['list'][number];
export type Person = RefOutput<typeof customer.customerUserList>[number];

/** Query keys of the staff page: everything under ['staff-admin'] is refetched after a change. */
export const staffKeys = {
  all: ['staff-admin'] as const,
  page: ['staff-admin', 'page'] as const,
  roles: ['staff-admin', 'roles'] as const,
  ous: ['staff-admin', 'ous'] as const,
  orgTree: ['staff-admin', 'org-tree'] as const,
  people: (keyword: string) => ['staff-admin', 'people', keyword] as const,
};

/** The tenant's roles by name, for the filter and the editor. */
export function useRoleOptions() {
  return useQuery({ queryKey: staffKeys.roles, queryFn: () => api(role.roleList, {}) });
}

/** The OUs the acting staff sees: the only ones it may give (the server refuses others). */
export function useOuOptions() {
  return useQuery({ queryKey: staffKeys.ous, queryFn: () => api(ou.ouList, {}), staleTime: 5 * 60_000 });
}

/** The tenant's organisation tree (customers), for the customer filter and field. */
export function useOrgTree() {
  return useQuery({ queryKey: staffKeys.orgTree, queryFn: () => api(customer.organizationWithCode), staleTime: 5 * 60_000 });
}

/** People of the tenant (those with a staff account in it) matching a keyword, for 'existing person'. */
export function usePeople(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.people(keyword),
    queryFn: () => api(customer.customerUserList, { keyword: keyword || undefined }),
    enabled,
  });
}

export interface OrgTreeOption {
  value: string;
  title: string;
  children: OrgTreeOption[];
}

/** The organisation tree as TreeSelect data: every customer can be picked. */
export const orgTreeData = (nodes: readonly OrgNode[]): OrgTreeOption[] =>
  nodes.map((n) => ({ value: n.mcid, title: n.name, children: orgTreeData(n.children) }));
