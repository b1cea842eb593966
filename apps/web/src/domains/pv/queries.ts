import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type PvStationRow = RefOutput<typeof pv.pvStationPage>['list'][number];
export type PvStationDetail = RefOutput<typeof pv.pvStationDetail>;
export type PvStage = PvStationRow['stage'];
export const PV_STAGES: readonly PvStage[] = ['planning', 'construction', 'grid-connected', 'decommissioned'];

const keys = domainKeys('pv');

/** Query keys of the PV pages: everything under ['pv'] is refetched after a change. */
export const pvKeys = {
  all: keys.all,
  stationPage: keys.page(pv.pvStationPage),
  station: (id: number) => keys.of(pv.pvStationDetail, { id }),
  of: keys.of,
};

/** The stations the staff sees (pickers and filters). */
export function usePvList() {
  return useQuery({ queryKey: keys.of(pv.pvList, {}), queryFn: () => api(pv.pvList, {}) });
}

/** One station with its stage log. */
export function usePvStation(id: number, enabled = true) {
  return useQuery({ queryKey: pvKeys.station(id), queryFn: () => api(pv.pvStationDetail, { id }), enabled });
}

/** OU → station → area of the stations the staff sees. */
export function usePvTree() {
  return useQuery({ queryKey: keys.of(pv.pvTree, {}), queryFn: () => api(pv.pvTree, {}) });
}
