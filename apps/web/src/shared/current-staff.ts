/**
 * The signed-in person and current staff as every page reads them: current user, profile, staff list,
 * permissions (`useHasPermission`). The shell (app/shell/shell-data.ts) adds its menu.
 */
import type { PermissionCode } from '@energy/contracts/catalogue-codes';
import { account, staff } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api/client';
import { shellKeys } from './shell-keys';

/** Current-user data is refreshed every 60 s (spec 000 section 9). */
export const CURRENT_USER_REFRESH_MS = 60_000;

export { shellKeys } from './shell-keys';

export function useCurrentUser(enabled = true) {
  return useQuery({
    queryKey: shellKeys.current,
    queryFn: () => api(staff.customerUserCurrent),
    refetchInterval: CURRENT_USER_REFRESH_MS,
    enabled,
  });
}

/** The person's own profile; works without a usable staff (settings pages). */
export function useProfile(enabled = true) {
  return useQuery({ queryKey: shellKeys.profile, queryFn: () => api(account.myProfile), enabled });
}

export function useStaffList(enabled = true) {
  return useQuery({ queryKey: shellKeys.staffList, queryFn: () => api(staff.staffList, {}), enabled });
}

export function usePermissions(enabled = true) {
  return useQuery({ queryKey: shellKeys.permissions, queryFn: () => api(staff.staffPermission), enabled });
}

/**
 * Is a permission code (page `p-...` or button `b-...`) granted to the current staff? A code the
 * catalogue lacks fails the type check; `null` (nothing needed) answers false.
 */
export function useHasPermission(code: PermissionCode | null): boolean {
  const { data } = usePermissions();
  return useMemo(() => code !== null && (data ?? []).includes(code), [data, code]);
}
