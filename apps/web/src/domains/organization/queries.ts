import { customer } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { customerOptionsKey } from '../../shared/pickers/customer-picker';
import { DOMAIN_KEYS } from '../../shared/query-keys';

const keys = DOMAIN_KEYS.organization;

/** Query keys of the organisation page (derived from the calls): everything under ['organization'] is refetched after a change. */
export const orgKeys = {
  all: keys.all,
  tree: keys.of(customer.organizationTree),
  levels: keys.of(customer.organizationLevels),
  options: customerOptionsKey,
};

/** The tenant's organisation tree with level names and staff / OU counts. */
export function useOrganizationTree() {
  return useQuery({ queryKey: orgKeys.tree, queryFn: () => api(customer.organizationTree) });
}

/** The tenant's level names, level 1 first. */
export function useOrganizationLevels() {
  return useQuery({ queryKey: orgKeys.levels, queryFn: () => api(customer.organizationLevels) });
}
