import { customer } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** Query keys of the organisation page: everything under ['organization'] is refetched after a change. */
export const orgKeys = {
  all: ['organization'] as const,
  tree: ['organization', 'tree'] as const,
  levels: ['organization', 'levels'] as const,
};

/** The tenant's organisation tree with level names and staff / OU counts. */
export function useOrganizationTree() {
  return useQuery({ queryKey: orgKeys.tree, queryFn: () => api(customer.organizationTree) });
}

/** The tenant's level names, level 1 first. */
export function useOrganizationLevels() {
  return useQuery({ queryKey: orgKeys.levels, queryFn: () => api(customer.organizationLevels) });
}
