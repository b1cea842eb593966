import { strategy } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';

export type StrategyRow = RefOutput<typeof strategy.strategyPage>['list'][number];
export type StrategyDetail = RefOutput<typeof strategy.strategyDetail>;
export type DeliveryRow = RefOutput<typeof strategy.strategyDeliverLog>['list'][number];
export type DeliveryResult = DeliveryRow['result'];
export type BsaInfo = RefOutput<typeof strategy.strategyBsaInfo>;
export type StationExecuting = RefOutput<typeof strategy.strategyLocalExecuting>[number];
export type BacktestAnswer = RefOutput<typeof strategy.strategyBacktest>;

/** Query keys of the strategy pages: everything under ['strategy'] is refetched after a change. */
export const strategyKeys = {
  all: ['strategy'] as const,
  page: ['strategy', 'page'] as const,
  templates: ['strategy', 'templates'] as const,
  log: ['strategy', 'log'] as const,
  stations: ['strategy', 'stations'] as const,
  detail: (id: number) => ['strategy', 'detail', id] as const,
  bsaInfo: (bsaId: number) => ['strategy', 'bsa-info', bsaId] as const,
  bound: (id: number) => ['strategy', 'bound', id] as const,
  customers: ['strategy', 'customers'] as const,
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
