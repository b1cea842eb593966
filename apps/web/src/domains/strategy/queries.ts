import { strategy } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { DOMAIN_KEYS } from '../../shared/query-keys';

export type StrategyRow = RefOutput<typeof strategy.strategyPage>['list'][number];
export type StrategyDetail = RefOutput<typeof strategy.strategyDetail>;
export type DeliveryRow = RefOutput<typeof strategy.strategyDeliverLog>['list'][number];
export type DeliveryResult = DeliveryRow['result'];
export type BsaInfo = RefOutput<typeof strategy.strategyBsaInfo>;
export type StationExecuting = RefOutput<typeof strategy.strategyLocalExecuting>[number];
export type BacktestAnswer = RefOutput<typeof strategy.strategyBacktest>;

const keys = DOMAIN_KEYS.strategy;

/** Query keys of the strategy pages (derived from the calls): everything under ['strategy'] is refetched after a change. */
export const strategyKeys = {
  all: keys.all,
  page: keys.page(strategy.strategyPage),
  templates: [...keys.page(strategy.strategyPage), 'templates'] as const,
  log: keys.page(strategy.strategyDeliverLog),
  stations: keys.of(strategy.strategyLocalExecuting, {}),
  detail: (id: number) => keys.of(strategy.strategyDetail, { id }),
  bsaInfo: (bsaId: number) => keys.of(strategy.strategyBsaInfo, { bsaId }),
  bound: (id: number) => keys.of(strategy.strategyMcidList, { id }),
  customers: keys.of(strategy.strategyOrganizationWithCode),
};

/** The staff's stations with their version and what they execute (the station filter and chooser). */
export function useStations(enabled = true) {
  return useQuery({ queryKey: strategyKeys.stations, queryFn: () => api(strategy.strategyLocalExecuting, {}), enabled, staleTime: 60_000 });
}

export function useStrategyDetail(id: number | null) {
  return useQuery({
    queryKey: strategyKeys.detail(id ?? 0),
    queryFn: () => api(strategy.strategyDetail, { id: id! }),
    enabled: id !== null,
    retry: false,
  });
}

/** A station as the editor needs it (version, name, upper transformer meters). */
export function useBsaInfo(bsaId: number | null) {
  return useQuery({
    queryKey: strategyKeys.bsaInfo(bsaId ?? 0),
    queryFn: () => api(strategy.strategyBsaInfo, { bsaId: bsaId! }),
    enabled: bsaId !== null,
    retry: false,
  });
}
