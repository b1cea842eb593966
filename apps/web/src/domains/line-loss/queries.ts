import { circuit, lineLoss } from '@energy/contracts/refs';
import type { RefInput, RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type ConfigRow = RefOutput<typeof lineLoss.lineLossList>[number];
export type LossData = RefOutput<typeof lineLoss.lineLossData>;
export type LossPeriod = LossData['periods'][number];
export type RuleRow = RefOutput<typeof lineLoss.ruleDetail>;
export type LogRow = RefOutput<typeof lineLoss.logDetail>;
type TreeNode = RefOutput<typeof circuit.circuitTree>[number];
/** A circuit to pick: its parent, and its OU when the list call told it. */
export interface CircuitChoice {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  ouId: number | null;
}

const keys = domainKeys('line-loss');

/** Query keys of the line-loss pages: everything under ['line-loss'] is refetched after a change. */
export const lineLossKeys = {
  all: keys.all,
  configs: keys.of(lineLoss.lineLossList, {}),
  configPage: keys.page(lineLoss.lineLossPage),
  rulePage: keys.page(lineLoss.rulePage),
  logPage: keys.page(lineLoss.logPage),
};

/** Every configuration the staff sees (the figures' and the rules' pickers). */
export function useConfigs() {
  return useQuery({ queryKey: lineLossKeys.configs, queryFn: () => api(lineLoss.lineLossList, {}) });
}

const flatten = (nodes: TreeNode[], parentId: number | null = null): CircuitChoice[] =>
  nodes.flatMap((n) => [{ id: n.id, code: n.code, name: n.name, parentId, ouId: null }, ...flatten(n.children, n.id)]);

/**
 * The circuits the staff sees (the parent and children pickers): the circuit list (with their OUs) for a
 * staff holding the circuits page, else the monitoring tree; cached under the circuit pages' keys.
 */
export function useCircuitChoices(enabled: boolean, source: 'list' | 'tree' | null) {
  const circuitKeys = domainKeys('circuit');
  const list = useQuery({
    queryKey: circuitKeys.of(circuit.circuitList, {}),
    queryFn: () => api(circuit.circuitList, {}),
    enabled: enabled && source === 'list',
    select: (rows): CircuitChoice[] => rows.map((r) => ({ id: r.id, code: r.code, name: r.name, parentId: r.parentId, ouId: r.ouId })),
  });
  const tree = useQuery({
    queryKey: circuitKeys.of(circuit.circuitTree, {}),
    queryFn: () => api(circuit.circuitTree, {}),
    enabled: enabled && source === 'tree',
    select: (nodes) => flatten(nodes),
  });
  return source === 'tree' ? tree : list;
}

export function useLossData(input: RefInput<typeof lineLoss.lineLossData> | null) {
  return useQuery({
    queryKey: keys.of(lineLoss.lineLossData, input ?? undefined),
    queryFn: () => api(lineLoss.lineLossData, input!),
    enabled: input !== null,
  });
}
