import { catalogue, role } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { DOMAIN_KEYS } from '../../shared/query-keys';
import { useCurrentUser } from '../../shared/current-staff';

export type RoleRow = RefOutput<typeof role.rolePage>['list'][number];

const keys = DOMAIN_KEYS.role;

/** Query keys of the role pages (derived from the calls): everything under ['role'] is refetched after a change. */
export const roleKeys = {
  all: keys.all,
  page: keys.page(role.rolePage),
  detail: (id: number) => keys.of(role.roleDetail, { id }),
  tree: keys.of(catalogue.permissionTree),
};

/** The platform permission catalogue; changes only with the platform. */
export function usePermissionCatalogue() {
  return useQuery({ queryKey: roleKeys.tree, queryFn: () => api(catalogue.permissionTree), staleTime: 10 * 60_000 });
}

export function useRoleDetail(id: number | null | undefined) {
  return useQuery({ queryKey: roleKeys.detail(id ?? 0), queryFn: () => api(role.roleDetail, { id: id! }), enabled: !!id });
}

/**
 * The acting staff's own role: whether it sees every OU (only then may it give a role every OU) and
 * which nodes it auto-syncs (only under those may it auto-sync). A staff without a role has neither.
 */
export function useOwnRole() {
  const current = useCurrentUser();
  const roleId = current.data?.staff.roleId ?? null;
  const own = useRoleDetail(roleId);
  return {
    isPending: current.isPending || (roleId !== null && own.isPending),
    roleId,
    allOus: own.data?.allOus ?? false,
    autoSync: own.data?.autoSyncCodes ?? [],
  };
}
