import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { calendarDate } from '../common/tou-schemas.js';
import { STATION_STATUSES } from '../bsa/lifecycle.js';
import { TARIFF_BAND_KINDS } from '../bsa/tariff.js';

// Live monitoring of a storage station (issue 22, docs/bsa.md "Monitoring (issue 22)"): what it does now,
// its power flow, its day with prices, its history. The spec names the paths only; bodies and answers are
// ours. Variants (neo-bsa/* for new-generation stations, bsaData/* for seed 002's, /app for the mobile app,
// old-neo) answer the same body and answer from the same service functions (index.ts lists them).

export const monitorRead = { auth: 'staff', permission: 'p-bsa-station-monitor' } as const;
export const overviewRead = { auth: 'staff', permission: 'p-bsa-overview' } as const;
const ts = { timestamp: z.number().optional() };

/** A visible station. */
export const stationBody = z.object({ bsaId: id, ...ts });

/** Wh energies of a period. */
export const energyTotals = z.object({
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  gridImportWh: z.number().int(),
  gridExportWh: z.number().int(),
});

/** The customers, OUs and stations the staff sees (for the monitoring pages' pickers). */
export const tenantCustomerTree = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa/tenant-customer-tree',
  summary: 'Customers, OUs and their storage stations',
  tag: 'neo-bsa',
  access: monitorRead,
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(
    z.object({
      mcid: z.string(),
      name: z.string(),
      ous: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          stations: z.array(
            z.object({ id: z.number().int(), code: z.string(), name: z.string(), status: z.enum(STATION_STATUSES), online: z.boolean() }),
          ),
        }),
      ),
    }),
  ),
});

/** A PCS of the station now. */
export const pcsNow = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  online: z.boolean(),
  ratedPowerKw: z.number().nullable(),
  /** Latest active power, kW, discharge positive. */
  powerKw: z.number().nullable(),
  socPct: z.number().nullable(),
  sohPct: z.number().nullable(),
  /** 0 standby, 1 charging, 2 discharging, 3 fault (the PCS' status point). */
  state: z.number().int().nullable(),
  reportedAt: z.string().nullable(),
});

/** The station now: power, SOC, its PCS, its FCS' mode, today's energy. */
export const realtimeRow = z.object({
  bsaId: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(STATION_STATUSES),
  online: z.boolean(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  /** Σ of the PCS' latest power, kW (discharge positive); null while none reported. */
  powerKw: z.number().nullable(),
  /** The PCS' SOC weighted by their rated power, %. */
  socPct: z.number().nullable(),
  /** Energy the battery holds now: SOC x capacity, kWh. */
  storedKwh: z.number().nullable(),
  /** charging, discharging, standby (|power| under 1 % of the rating), fault (a PCS in fault), offline. */
  state: z.enum(['charging', 'discharging', 'standby', 'fault', 'offline']),
  pcs: z.array(pcsNow),
  fcs: z
    .object({
      deviceId: z.number().int(),
      code: z.string(),
      online: z.boolean(),
      /** 0 stopped, 1 running, 2 fault. */
      runState: z.number().int().nullable(),
      /** 0 manual, 1 strategy, 2 remote command. */
      mode: z.number().int().nullable(),
      strategyId: z.number().int().nullable(),
      reportedAt: z.string().nullable(),
    })
    .nullable(),
  date: z.string(),
  today: energyTotals,
});

const realtime = (path: string, tag: string, summary: string) =>
  endpoint({ method: 'POST', path, summary, tag, access: monitorRead, kind: 'query', body: stationBody, output: realtimeRow });

/** The station now (neo-bsa). */
export const neoBsaRealTimeData = realtime('/api/v2/neo-bsa/real-time-data', 'neo-bsa', 'Station real-time data');
/** The station's running data: the same figures (neo-bsa). */
export const neoBsaRunningData = realtime('/api/v2/neo-bsa/running-data', 'neo-bsa', 'Station running data');
/** The station now for the mobile app. */
export const neoBsaBsaDataApp = realtime('/api/v2/neo-bsa/bsa-data/app', 'neo-bsa', 'Station data (app)');
/** The station now (bsaData). */
export const bsaDataRealTimeData = realtime('/api/v2/bsaData/real-time-data', 'bsa-data', 'Station real-time data');
/** The station's running data (bsaData). */
export const bsaDataRunningData = realtime('/api/v2/bsaData/running-data', 'bsa-data', 'Station running data');

/** The station's PCS now. */
export const neoBsaGetPcsData = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa/get-pcs-data',
  summary: "Station's PCS now",
  tag: 'neo-bsa',
  access: monitorRead,
  kind: 'query',
  body: stationBody,
  output: z.array(pcsNow),
});

/** The station's power flow now: grid, PV, battery and the site's load. */
export const emsRow = z.object({
  bsaId: z.number().int(),
  /** Grid meters' latest power, kW, import positive; null without a grid meter reading. */
  gridKw: z.number().nullable(),
  /** PV inverters of the station's site (its OU), kW; null when the site has none. */
  pvKw: z.number().nullable(),
  /** PCS, kW, discharge positive. */
  batteryKw: z.number().nullable(),
  /** grid + PV + battery, kW: what the site consumes; null without the grid. */
  loadKw: z.number().nullable(),
  socPct: z.number().nullable(),
  reportedAt: z.string().nullable(),
  /** Flows between the nodes, kW, each non-negative: the direction is the pair's order. */
  flows: z.array(z.object({ from: z.enum(['grid', 'pv', 'battery']), to: z.enum(['load', 'battery', 'grid']), kw: z.number() })),
});

const ems = (path: string, tag: string) =>
  endpoint({
    method: 'POST',
    path,
    summary: 'Station power flow (EMS)',
    tag,
    access: monitorRead,
    kind: 'query',
    body: stationBody,
    output: emsRow,
  });
export const neoBsaEms = ems('/api/v2/neo-bsa/bsaEms', 'neo-bsa');
export const overviewNeoBsaEms = ems('/api/v2/bsaOperationOverview/neoBsaEms', 'bsa-overview');
export const overviewBsaEms = ems('/api/v2/bsaOperationOverview/bsaEms', 'bsa-overview');

/** One 15-minute step of the operating curve: power, SOC, energy and the price in force. */
export const curveStep = z.object({
  ts: z.number(),
  time: z.string(),
  pcsPowerKw: z.number().nullable(),
  socPct: z.number().nullable(),
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  gridImportWh: z.number().int(),
  /** The tariff's band at the step's start; null while the station has no cost info. */
  kind: z.enum(TARIFF_BAND_KINDS).nullable(),
  price: z.number().nullable(),
});

export const curveRow = z.object({
  bsaId: z.number().int(),
  date: z.string(),
  timeZone: z.string(),
  currency: z.string().nullable(),
  stepMinutes: z.number().int(),
  steps: z.array(curveStep),
  totals: energyTotals,
  /** Money of the day's energy at its steps' prices, in ten-thousandths of the currency (null without cost info). */
  chargeCost: z.number().int().nullable(),
  dischargeValue: z.number().int().nullable(),
});

const curve = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    summary: 'Operating curve of a day with prices',
    tag: 'bsa-overview',
    access: monitorRead,
    kind: 'query',
    body: z.object({ bsaId: id, date: calendarDate, ...ts }),
    output: curveRow,
  });
export const neoBsaOperatingCurve = curve('/api/v2/bsaOperationOverview/neoBsaOperatingCurve');
export const bsaOperatingCurve = curve('/api/v2/bsaOperationOverview/bsaOperatingCurve');
export const bsaOperatingCurveOldNeo = curve('/api/v2/bsaOperationOverview/bsaOperatingCurve/old-neo');

/** quarter: 15-minute steps (at most 7 days); day: local days (at most 92). */
export const TIME_RESOLUTIONS = ['quarter', 'day'] as const;

export const historyBody = z
  .object({ bsaId: id, timeResolution: z.enum(TIME_RESOLUTIONS).default('day'), from: calendarDate, to: calendarDate, ...ts })
  .refine((b) => b.from <= b.to, { path: ['to'], message: 'must not be before from' })
  .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= (b.timeResolution === 'quarter' ? 6 : 91) * 86_400_000, {
    path: ['to'],
    message: 'at most 7 days of quarter hours or 92 days from from',
  });

export const historyRow = z.object({
  /** Epoch ms of the step's or local day's start. */
  ts: z.number(),
  date: z.string(),
  /** HH:mm of a quarter step; '' for a day. */
  time: z.string(),
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  gridImportWh: z.number().int(),
  gridExportWh: z.number().int(),
  pcsPowerKw: z.number().nullable(),
  socPct: z.number().nullable(),
});

export const historyOutput = z.object({
  bsaId: z.number().int(),
  timeZone: z.string(),
  timeResolution: z.enum(TIME_RESOLUTIONS),
  rows: z.array(historyRow),
  totals: energyTotals,
});

const history = (path: string, tag: string, summary: string) =>
  endpoint({ method: 'POST', path, summary, tag, access: monitorRead, kind: 'query', body: historyBody, output: historyOutput });
export const neoBsaHistoryDataApp = history('/api/v2/neo-bsa/history-data/app', 'neo-bsa', 'Station history (app)');
export const bsaDataData = history('/api/v2/bsaData/data', 'bsa-data', 'Station history');
export const bsaDataDataApp = history('/api/v2/bsaData/data/app', 'bsa-data', 'Station history (app)');
export const bsaDataDataTmp = history('/api/v2/bsaData/data/tmp', 'bsa-data', 'Station history (the page before saving a view)');

/** The history as XLSX or CSV: the same rows, in the tenant's zone. */
export const bsaDataExport = endpoint({
  method: 'GET',
  path: '/api/v2/bsaData/data/export',
  summary: 'Station history as XLSX or CSV',
  tag: 'bsa-data',
  access: { auth: 'staff', permission: 'b-bsa-monitor-export' },
  kind: 'query',
  cost: 'export',
  query: z
    .object({
      bsaId: z.coerce.number().int().min(1),
      timeResolution: z.enum(TIME_RESOLUTIONS).default('day'),
      from: calendarDate,
      to: calendarDate,
      format: z.enum(['xlsx', 'csv']).default('xlsx'),
      lang: z.enum(['en-US', 'zh-CN']).optional(),
    })
    .refine((b) => b.from <= b.to, { path: ['to'], message: 'must not be before from' })
    .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= (b.timeResolution === 'quarter' ? 6 : 91) * 86_400_000, {
      path: ['to'],
      message: 'at most 7 days of quarter hours or 92 days from from',
    }),
  output: z.any(),
  raw: true,
});
