import { charging } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';
import { onDomainPush } from '../../shared/realtime/domain-pushes';

export type StationRow = RefOutput<typeof charging.stationPage>['list'][number];
export type PileRow = RefOutput<typeof charging.pilePage>['list'][number];
export type SessionRow = RefOutput<typeof charging.sessionPage>['list'][number];
export type CostInfo = RefOutput<typeof charging.costInfoGet>;
export type DailyStatistics = RefOutput<typeof charging.dailyStatistics>;

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
  pile: (id: number) => keys.of(charging.pileDetail, { id }),
  daily: (target: DailyTarget) => keys.of(charging.dailyStatistics, { ...target, days: DAILY_DAYS }),
};

/** The staff's stations, for pickers. */
export function useStations() {
  return useQuery({ queryKey: chargingKeys.stationList, queryFn: () => api(charging.stationList, {}) });
}

/** The charts' span: the last 30 local days. */
const DAILY_DAYS = 30;
/** Whose days: a station or one pile. */
export type DailyTarget = { stationId: number } | { pileId: number };

/** A pile with its guns' states (the detail page; read again on every charging push). */
export function usePile(id: number, enabled = true) {
  return useQuery({ queryKey: chargingKeys.pile(id), queryFn: () => api(charging.pileDetail, { id }), enabled, retry: false });
}

/** Energy and revenue per local day of the last 30 days of a station or a pile (docs/charging.md, "Energy per day"). */
export function useDailyStatistics(target: DailyTarget | null) {
  return useQuery({
    queryKey: chargingKeys.daily(target ?? { stationId: 0 }),
    queryFn: () => api(charging.dailyStatistics, { ...target!, days: DAILY_DAYS }),
    enabled: target !== null,
  });
}

/** A pushed change is read after this pause, so a burst of pushes costs one request. */
export const PILE_PUSH_DEBOUNCE_MS = 500;

/**
 * Live lists: the server pushes a pile's or a session's change over STOMP (docs/charging.md) and the open page
 * reads its list again, once per burst.
 */
export function useRefreshOnChargingPush(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onDomainPush('charging', () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
      }, PILE_PUSH_DEBOUNCE_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, key]);
}
