import { pv } from '@energy/contracts/refs';
import type { RefInput, RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { pvKeys } from '../queries';

export type OutlineSummary = RefOutput<typeof pv.pvOutlineSummary>;
export type OutlineNode = RefOutput<typeof pv.pvOutlineDeviceTree>;
export type OutlineState = NonNullable<OutlineNode['state']>;
export type OutlinePeriod = RefOutput<typeof pv.pvOutlineDataStatistics>['period'];
export type AttentionRow = RefOutput<typeof pv.pvOutlineAttention>[number];

/** Live figures refresh every minute, like the other home and monitor pages. */
const LIVE = 60_000;

/** One outline call of a station, refreshed every minute (off while no station is picked). */
export function useOutline<
  R extends
    | typeof pv.pvOutlineSummary
    | typeof pv.pvOutlinePower
    | typeof pv.pvOutlineDataStatistics
    | typeof pv.pvOutlinePerformance
    | typeof pv.pvOutlineIndicators
    | typeof pv.pvOutlineDeviceTree
    | typeof pv.pvOutlineAlarmCount
    | typeof pv.pvOutlineAlarmDevices,
>(ref: R, input: RefInput<R> | null) {
  return useQuery({
    queryKey: pvKeys.of(ref, input ?? undefined),
    queryFn: () => api(ref, input as RefInput<R>) as Promise<RefOutput<R>>,
    enabled: input !== null,
    refetchInterval: LIVE,
    placeholderData: (previous) => previous,
  });
}

/** Theme colour names of the device states (antd Badge statuses: both themes). */
export const STATE_BADGE: Record<OutlineState, 'success' | 'default' | 'error' | 'warning' | 'processing'> = {
  online: 'success',
  alarm: 'warning',
  fault: 'error',
  offline: 'default',
  'no-device': 'default',
};
export const OUTLINE_STATES: readonly OutlineState[] = ['online', 'alarm', 'fault', 'offline', 'no-device'];

const kwh = (wh: number) => wh / 1000;
/** Energy in kWh or MWh with the unit, for the figure cards. */
export function energyText(wh: number): { value: string; unit: string } {
  if (Math.abs(wh) >= 10_000_000) return { value: (wh / 1_000_000).toLocaleString(undefined, { maximumFractionDigits: 2 }), unit: 'MWh' };
  return { value: kwh(wh).toLocaleString(undefined, { maximumFractionDigits: 1 }), unit: 'kWh' };
}
