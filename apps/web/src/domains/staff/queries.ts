import { customer, role, staff } from '@energy/contracts/refs';
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
  people: (keyword: string) => ['staff-admin', 'people', keyword] as const,
};

/** The tenant's roles by name, for the filter and the editor. */
export function useRoleOptions() {
  return useQuery({ queryKey: staffKeys.roles, queryFn: () => api(role.roleList, {}) });
}

/** People of the tenant (those with a staff account in it) matching a keyword, for 'existing person'. */
export function usePeople(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.people(keyword),
    queryFn: () => api(customer.customerUserList, { keyword: keyword || undefined }),
    enabled,
  });
}
