import { useCallback } from 'react';
import { ou, staff } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { collectPages } from './collect-pages';
import { districtChain, districtPath, type DistrictItem } from './district';
import { ouListKey } from '../../shared/pickers/ou-picker';
import { DOMAIN_KEYS } from '../../shared/query-keys';

export { useOuList } from '../../shared/pickers/ou-picker';

export type OuRow = RefOutput<typeof ou.ouPage>['list'][number];

const keys = DOMAIN_KEYS.ou;

/** Query keys of the OU page (derived from the calls): everything under ['ou'] is refetched after a change. */
export const ouKeys = {
  all: keys.all,
  page: keys.page(ou.ouPage),
  types: keys.of(ou.ouTypeList),
  list: ouListKey,
  members: (id: number) => keys.of(ou.ouMembers, { id }),
  assets: (id: number) => keys.of(ou.ouAssets, { id }),
  staff: keys.page(staff.staffPage),
};

/** Districts never change while the app runs: kept apart from ['ou'] so OU changes do not refetch them. */
const districtKeys = {
  children: (parent?: string) => ['location', 'districts', parent ?? ''] as const,
  path: (adcode: string) => ['location', 'district-path', adcode] as const,
};

/** The tenant's OU types. */
export function useOuTypes() {
  return useQuery({ queryKey: ouKeys.types, queryFn: () => api(ou.ouTypeList), staleTime: 5 * 60_000 });
}

/** Children of a district (the provinces without a parent), each list loaded once. */
export function useDistrictLoader() {
  const queryClient = useQueryClient();
  return useCallback(
    (parentAdcode?: string): Promise<DistrictItem[]> =>
      queryClient.fetchQuery({
        queryKey: districtKeys.children(parentAdcode),
        queryFn: () => api(ou.locationDistrict, parentAdcode ? { parentAdcode } : {}),
        staleTime: Infinity,
      }),
    [queryClient],
  );
}

/** The chain of districts down to an adcode ([] when unknown). */
export function useDistrictChain(adcode: string | null | undefined) {
  const load = useDistrictLoader();
  return useQuery({
    queryKey: districtKeys.path(adcode ?? ''),
    queryFn: () => districtChain(adcode!, load),
    enabled: !!adcode,
    staleTime: Infinity,
  });
}

/** The display path of an adcode ('Jiangsu / Suzhou / Wuzhong'), or the adcode while it loads or when unknown. */
export function useDistrictName(adcode: string | null | undefined) {
  const chain = useDistrictChain(adcode);
  return chain.data?.length ? districtPath(chain.data) : (adcode ?? '');
}

/** Every staff account of the tenant (the staff page call, page by page): the choices for OU members. */
export function useAllStaff(enabled: boolean) {
  return useQuery({
    queryKey: ouKeys.staff,
    queryFn: () => collectPages((pageOffset, pageSize) => api(staff.staffPage, { pageOffset, pageSize })),
    enabled,
  });
}
