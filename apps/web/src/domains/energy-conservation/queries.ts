import { energyConservation } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type ConfigRow = RefOutput<typeof energyConservation.configPage>['list'][number];
export type ConfigInfo = RefOutput<typeof energyConservation.configInfo>;
export type Comparison = RefOutput<typeof energyConservation.savingComparison>;
export type DriverRow = RefOutput<typeof energyConservation.driverPage>['list'][number];

const keys = domainKeys('energy-conservation');

/** Query keys of the energy-conservation pages: everything under ['energy-conservation'] is refetched after a change. */
export const savingKeys = { all: keys.all, of: keys.of };

/** The staff's circuits (all, or only those configured). */
export function useSavingCircuits(configured?: boolean) {
  const input = configured === undefined ? {} : { configured };
  return useQuery({ queryKey: keys.of(energyConservation.circuitList, input), queryFn: () => api(energyConservation.circuitList, input) });
}

/** kWh of Wh to 3 decimals, for the tables. */
export const kwh = (wh: number | null) =>
  wh == null ? '–' : (wh / 1000).toLocaleString(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
/** Money to the cent on the page (exact ten-thousandths in the export). */
export const money = (v: number | null) =>
  v == null ? '–' : v.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A rate as a percentage to 2 decimals. */
export const percent = (r: number | null) => (r == null ? '–' : `${(r * 100).toFixed(2)} %`);
