import { customer, role, staff } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { DOMAIN_KEYS } from '../../shared/query-keys';

export type StaffRow = RefOutput<typeof staff.staffPage>['list'][number];
export type Person = RefOutput<typeof customer.customerUserList>[number];

const keys = DOMAIN_KEYS.staff;

/** Query keys of the staff page (derived from the calls): everything under ['staff-admin'] is refetched after a change. */
export const staffKeys = {
  all: keys.all,
  page: keys.page(staff.staffPage),
  roles: keys.of(role.roleList, {}),
  people: (keyword: string) => keys.of(customer.customerUserList, { keyword: keyword || undefined }),
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
