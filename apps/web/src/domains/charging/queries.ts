import { charging } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type StationRow = RefOutput<typeof charging.stationPage>['list'][number];
export type PileRow = RefOutput<typeof charging.pilePage>['list'][number];
export type SessionRow = RefOutput<typeof charging.sessionPage>['list'][number];
export type CostInfo = RefOutput<typeof charging.costInfoGet>;

const keys = domainKeys('charging');

/** Query keys of the charging pages: everything under ['charging'] is refetched after a change. */
export const chargingKeys = {
  all: keys.all,
  stations: keys.page(charging.stationPage),
  stationList: keys.of(charging.stationList, {}),
  piles: keys.page(charging.pilePage),
  sessions: keys.page(charging.sessionPage),
  cost: (stationId: number) => keys.of(charging.costInfoGet, { stationId }),
  dashboard: keys.of(charging.dashboardCharging, {}),
};

/** The staff's stations, for pickers. */
export function useStations() {
  return useQuery({ queryKey: chargingKeys.stationList, queryFn: () => api(charging.stationList, {}) });
}
