import { bsa, bsaForecast } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type PowerForecast = RefOutput<typeof bsaForecast.predictPower>;
export type RevenueForecast = RefOutput<typeof bsaForecast.predictRevenue>;
export type ChargingData = RefOutput<typeof bsaForecast.getChargingData>;
export type ChargingRow = ChargingData['rows'][number];
export type AttentionRow = RefOutput<typeof bsaForecast.attention>[number];
export type AlarmCount = RefOutput<typeof bsaForecast.alarmCount>;

/** Query keys of the storage forecast pages: everything under ['bsa-forecast']. */
export const forecastKeys = domainKeys('bsa-forecast');

/** The staff's storage stations for the picker. */
export function useStations() {
  return useQuery({ queryKey: forecastKeys.of(bsa.bsaListSimple, {}), queryFn: () => api(bsa.bsaListSimple, {}) });
}

/** The station of the page: `?bsa=` in the URL, else the first visible one. */
export function useStationParam() {
  const stations = useStations();
  const [params, setParams] = useSearchParams();
  const bsaId = Number(params.get('bsa')) || stations.data?.[0]?.id || null;
  const set = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch }, { replace: true });
  return { stations, bsaId, params, set };
}

/** kWh to 3 decimals from Wh; money to the cent from integer ten-thousandths (no float sums). */
export const kwh = (wh: number) => (wh / 1000).toLocaleString(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
export const money10k = (v: number) => (v / 10_000).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
