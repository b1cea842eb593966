import { navigation, staff } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../shared/api/client';
import { shellKeys, usePermissions } from '../../shared/current-staff';
import { isServedPath } from '../served-paths';
import { servedMenu, visibleMenu } from './menu-model';

export * from '../../shared/current-staff';

/** The navigation filtered by the navigation and permission lists. */
export function useMenu(enabled = true) {
  const nav = useQuery({ queryKey: shellKeys.navigation, queryFn: () => api(navigation.navigationList), enabled });
  const perms = usePermissions(enabled);
  const integrated = useQuery({ queryKey: shellKeys.integrated, queryFn: () => api(staff.staffIntegratedPermission), enabled });
  const menu = useMemo(
    () =>
      nav.data && perms.data && integrated.data
        ? servedMenu(visibleMenu(nav.data, { codes: perms.data, integrated: integrated.data }), isServedPath)
        : undefined,
    [nav.data, perms.data, integrated.data],
  );
  return { menu, isLoading: nav.isLoading || perms.isLoading || integrated.isLoading };
}
