import { circuit } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type AccountRow = RefOutput<typeof circuit.accountList>[number];
export type PriceVersion = AccountRow['prices'][number];
export type CircuitRow = RefOutput<typeof circuit.circuitList>[number];
export type TreeNode = RefOutput<typeof circuit.circuitTree>[number];
export type CabinetRow = RefOutput<typeof circuit.cabinetList>[number];
export type CostList = RefOutput<typeof circuit.costListCall>;
export { BAND_KINDS, type BandKind } from './kinds';

const keys = domainKeys('circuit');

/** Query keys of the circuit pages: everything under ['circuit'] is refetched after a change. */
export const circuitKeys = {
  all: keys.all,
  accounts: keys.of(circuit.accountList, {}),
  circuits: keys.of(circuit.circuitList, {}),
  tree: keys.of(circuit.circuitTree, {}),
  cabinets: keys.of(circuit.cabinetList, {}),
  energyConfig: (circuitId: number) => keys.of(circuit.energyConfigDetail, { circuitId }),
  importRecords: (page: { pageOffset: number; pageSize: number }) => keys.of(circuit.energyImportRecordPage, page),
  cost: (input: { circuitId: number; from: number; to: number; timeResolution: 'day' | 'month' }) => keys.of(circuit.costListCall, input),
};

export function useAccounts(enabled = true) {
  return useQuery({ queryKey: circuitKeys.accounts, queryFn: () => api(circuit.accountList, {}), enabled });
}

export function useCircuits(enabled = true) {
  return useQuery({ queryKey: circuitKeys.circuits, queryFn: () => api(circuit.circuitList, {}), enabled });
}

export function useCircuitTree() {
  return useQuery({ queryKey: circuitKeys.tree, queryFn: () => api(circuit.circuitTree, {}) });
}

export function useCabinets(enabled = true) {
  return useQuery({ queryKey: circuitKeys.cabinets, queryFn: () => api(circuit.cabinetList, {}), enabled });
}
