import { bsaMonitor } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { domainKeys } from '../../shared/query-keys';

// The monitoring pages' calls (docs/bsa.md "Monitoring (issue 22)"): each page reads one variant of a call;
// the other variants answer the same.

export const monitorKeys = domainKeys('bsa-monitor');

export type StationTree = RefOutput<typeof bsaMonitor.tenantCustomerTree>;
export type Realtime = RefOutput<typeof bsaMonitor.neoBsaRealTimeData>;
export type Ems = RefOutput<typeof bsaMonitor.neoBsaEms>;
export type Curve = RefOutput<typeof bsaMonitor.bsaOperatingCurve>;
export type History = RefOutput<typeof bsaMonitor.bsaDataData>;
export type BmsTab = RefOutput<typeof bsaMonitor.neoBsaGetBmsTab>;
export type BmsData = RefOutput<typeof bsaMonitor.neoBsaGetBmsData>;
export type BmsLevel = BmsData['level'];
export type Environment = RefOutput<typeof bsaMonitor.bsaEnvironmentalDetection>;
export type BatteryInfo = RefOutput<typeof bsaMonitor.batteryInfo>;
export type BatteryCurve = RefOutput<typeof bsaMonitor.batteryInfoCurve>;
export type Construction = RefOutput<typeof bsaMonitor.bsaConstruction>;
export type Statics = RefOutput<typeof bsaMonitor.bsaStatics>;
export type GisRow = RefOutput<typeof bsaMonitor.bsaStaticsGis>[number];
export type StationNow = RefOutput<typeof bsaMonitor.bsaDataList>[number];

/** Live figures refresh every 30 s (the FCS and PCS report every few seconds; the rollups are per 15 min). */
export const LIVE_MS = 30_000;

/** kWh with up to 3 decimals from Wh. */
export const kwh = (wh: number) => (wh / 1000).toLocaleString(undefined, { maximumFractionDigits: 3 });
/** A figure or a dash. */
export const fig = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined ? '–' : v.toLocaleString(undefined, { maximumFractionDigits: digits });
