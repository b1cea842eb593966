import type { OrgNode } from '@energy/contracts';
import { customer } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

/** Query keys of the organisation page: everything under ['organization'] is refetched after a change. */
export const orgKeys = {
  all: ['organization'] as const,
  tree: ['organization', 'tree'] as const,
  levels: ['organization', 'levels'] as const,
  options: ['organization', 'options'] as const,
};

/** The tenant's organisation tree with level names and staff / OU counts. */
export function useOrganizationTree() {
  return useQuery({ queryKey: orgKeys.tree, queryFn: () => api(customer.organizationTree) });
}

/** The tenant's level names, level 1 first. */
export function useOrganizationLevels() {
  return useQuery({ queryKey: orgKeys.levels, queryFn: () => api(customer.organizationLevels) });
}

export interface OrgOption {
  value: string;
  title: string;
  children: OrgOption[];
}

/** The organisation tree as TreeSelect data: every organisation can be picked. */
const toOrgOptions = (nodes: readonly OrgNode[]): OrgOption[] =>
  nodes.map((n) => ({ value: n.mcid, title: n.name, children: toOrgOptions(n.children) }));

/**
 * The tenant's organisations as TreeSelect data (the organisation of a staff or an OU, and their filters).
 * Refetched after an organisation is added, renamed, moved or deleted.
 */
export function useOrgOptions() {
  return useQuery({
    queryKey: orgKeys.options,
    queryFn: async () => toOrgOptions(await api(customer.organizationWithCode)),
    staleTime: 5 * 60_000,
  });
}
