import { circuit } from '@energy/contracts/refs';
import type { RefInput, RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type CircuitDataType = RefOutput<typeof circuit.defaultDataTypeList>[number]['key'];
export type StatResolution = RefOutput<typeof circuit.statistics>['timeResolution'];
export type Statistics = RefOutput<typeof circuit.statistics>;
export type Analysis = RefOutput<typeof circuit.energyAnalysis>;
export type NowAnswer = RefOutput<typeof circuit.dataNow>;

const keys = domainKeys('circuit');

export function useDataTypes(circuitId: number | null) {
  return useQuery({
    queryKey: keys.of(circuit.dataTypeList, { circuitId: circuitId ?? 0 }),
    queryFn: () => api(circuit.dataTypeList, { circuitId: circuitId! }),
    enabled: circuitId !== null,
  });
}

export function useStatistics(input: RefInput<typeof circuit.statisticsWithCache> | null) {
  return useQuery({
    queryKey: keys.of(circuit.statisticsWithCache, input ?? undefined),
    queryFn: () => api(circuit.statisticsWithCache, input!),
    enabled: input !== null,
  });
}

export function useAnalysis(input: RefInput<typeof circuit.energyAnalysis> | null) {
  return useQuery({
    queryKey: keys.of(circuit.energyAnalysis, input ?? undefined),
    queryFn: () => api(circuit.energyAnalysis, input!),
    enabled: input !== null,
  });
}

/** Latest values, refreshed every minute (the readings arrive by the quarter hour). */
export function useNow(circuitId: number | null) {
  return useQuery({
    queryKey: keys.of(circuit.dataNow, { circuitId: circuitId ?? 0 }),
    queryFn: () => api(circuit.dataNow, { circuitId: circuitId! }),
    enabled: circuitId !== null,
    refetchInterval: 60_000,
  });
}

/** The power of the last quarter hours of many circuits in one batch call, for the tree, refreshed every minute. */
export function useLivePower(circuitIds: number[], from: number, to: number) {
  const input = { circuitIds, dataTypes: ['activePower' as const], timeResolution: '15m' as const, from, to };
  return useQuery({
    queryKey: keys.of(circuit.statisticsBatchWithCache, input),
    queryFn: () => api(circuit.statisticsBatchWithCache, input),
    enabled: circuitIds.length > 0,
    refetchInterval: 60_000,
  });
}
