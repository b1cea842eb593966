import { z } from 'zod';
import { alarmLevel, alarmLogRow, alarmState, ALARM_LEVELS } from '../alarm/common.js';
import { exportOptions } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { calendarDate } from '../common/tou-schemas.js';
import { TARIFF_BAND_KINDS } from '../bsa/tariff.js';

// Issue 22, a storage station's forecasts, money and alarms (docs/bsa.md, "Forecasts and station money
// (issue 22)"): tomorrow's load and PV per 15-minute step from the station's history, the revenue its
// strategy would earn on that forecast, the charged and discharged energy with its cost and revenue per day
// or month, the station's alarms and the staff's attention list of stations. Money is integer ten-thousandths
// of the tariff's currency (`…10k`), whole cents.

const FORECAST = { auth: 'staff', permission: 'p-bsa-forecast' } as const;
const CHARGING = { auth: 'staff', permission: 'p-bsa-charging-data' } as const;
const OVERVIEW = { auth: 'staff', permission: 'p-bsa-overview' } as const;
const ts = { timestamp: z.number().optional() };

/** The forecast's station and day: `date` (default tomorrow in the tenant's zone) at most tomorrow. */
const forecastBody = z.object({ bsaId: id, date: calendarDate.optional(), ...ts });

/** How the forecast was made and how well the method did on the days before (docs/bsa.md). */
export const forecastMethod = z.object({
  /** The weight of the recent days' mean; 1 - weight goes to the same weekday's mean. */
  weightRecent: z.number(),
  recentDays: z.number().int(),
  weekdayWeeks: z.number().int(),
  /** Days before the forecast day the weight was chosen on (each forecast from its own past only). */
  validationDays: z.number().int(),
  /** Mean absolute error of the chosen mix on those days' load, kW (null: no day to measure on). */
  validationMaeKw: z.number().nullable(),
  /** The same of the naive forecast (the same time yesterday). */
  naiveMaeKw: z.number().nullable(),
  /** Days of history that had load readings (within the 35 days the method reads). */
  historyDays: z.number().int(),
});

const stepBase = { ts: z.number(), time: z.string() };

/** The forecast's load (the site before the battery) and PV per 15-minute step, kW (null: no history at that time). */
export const powerStep = z.object({ ...stepBase, loadKw: z.number().nullable(), pvKw: z.number().nullable() });
export const predictPower = endpoint({
  method: 'POST',
  path: '/api/v2/bsaData/predict/power',
  summary: 'Load and PV forecast of a day, kW per 15 minutes',
  tag: 'bsaData',
  access: FORECAST,
  kind: 'query',
  body: forecastBody,
  output: z.object({
    bsaId: z.number().int(),
    date: z.string(),
    timeZone: z.string(),
    stepMinutes: z.number().int(),
    method: forecastMethod,
    steps: z.array(powerStep),
  }),
});

/** The same forecast as energy per step, Wh (kW x 250 for a 15-minute step, rounded to the Wh). */
export const energyStep = z.object({ ...stepBase, loadWh: z.number().int().nullable(), pvWh: z.number().int().nullable() });
export const predictElectric = endpoint({
  method: 'POST',
  path: '/api/v2/bsaData/predict/electric',
  summary: 'Load and PV forecast of a day, Wh per 15 minutes',
  tag: 'bsaData',
  access: FORECAST,
  kind: 'query',
  body: forecastBody,
  output: z.object({
    bsaId: z.number().int(),
    date: z.string(),
    timeZone: z.string(),
    stepMinutes: z.number().int(),
    method: forecastMethod,
    steps: z.array(energyStep),
    totals: z.object({ loadWh: z.number().int(), pvWh: z.number().int() }),
  }),
});

export const revenueStep = z.object({
  ...stepBase,
  kind: z.enum(TARIFF_BAND_KINDS),
  price: z.number(),
  loadKw: z.number().nullable(),
  /** The PCS's AC power the strategy gives, kW: positive discharging, negative charging. */
  batteryKw: z.number(),
  gridBeforeKw: z.number().nullable(),
  gridAfterKw: z.number().nullable(),
  socPct: z.number(),
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
});

/**
 * The revenue the station's strategy would earn on the day's load forecast at its prices: the executing
 * strategy (the FCS's accepted copy), else the station's latest enabled library strategy, or `strategyId`.
 */
export const predictRevenue = endpoint({
  method: 'POST',
  path: '/api/v2/bsaData/predict/revenue',
  summary: "Revenue of the station's strategy on the forecast",
  tag: 'bsaData',
  access: FORECAST,
  kind: 'query',
  body: forecastBody.extend({ strategyId: id.optional() }),
  output: z.object({
    bsaId: z.number().int(),
    date: z.string(),
    timeZone: z.string(),
    currency: z.string(),
    stepMinutes: z.number().int(),
    strategy: z.object({ id: z.number().int().nullable(), name: z.string(), source: z.enum(['executing', 'library', 'chosen']) }),
    initialSocPct: z.number(),
    steps: z.array(revenueStep),
    chargeWh: z.number().int(),
    dischargeWh: z.number().int(),
    chargeCost10k: z.number().int(),
    dischargeRevenue10k: z.number().int(),
    /** Discharge revenue - charge cost. */
    revenue10k: z.number().int(),
  }),
});

// ---- charging data ----

export const TIME_RESOLUTIONS = ['day', 'month'] as const;
/** One day (YYYY-MM-DD) or month (YYYY-MM) of a station's charging and discharging. */
export const chargingRow = z.object({
  period: z.string(),
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  chargeCost10k: z.number().int(),
  dischargeRevenue10k: z.number().int(),
  net10k: z.number().int(),
});
export type ChargingRow = z.infer<typeof chargingRow>;

const MAX_DAYS = 92;
const MAX_MONTHS = 12;
const chargingFilter = {
  bsaId: id,
  timeResolution: z.enum(TIME_RESOLUTIONS).default('day'),
  from: calendarDate,
  to: calendarDate,
};
type Filter = { timeResolution: 'day' | 'month'; from: string; to: string };
const months = (f: Filter) => {
  const [fy, fm] = f.from.split('-').map(Number) as [number, number];
  const [ty, tm] = f.to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
};
const rangeChecks = <T extends z.ZodType<Filter>>(schema: T) =>
  schema
    .refine((b) => b.from <= b.to, { path: ['to'], message: 'must not be before from' })
    .refine((b) => b.timeResolution !== 'day' || Date.parse(b.to) - Date.parse(b.from) <= (MAX_DAYS - 1) * 86_400_000, {
      path: ['to'],
      message: `at most ${MAX_DAYS} days from from`,
    })
    .refine((b) => b.timeResolution !== 'month' || months(b) <= MAX_MONTHS, {
      path: ['to'],
      message: `at most ${MAX_MONTHS} months from from`,
    });

/**
 * Per day (or month) in [from, to] the station's charged and discharged energy (PCS counters), the charge
 * cost and discharge revenue at its time-of-use price per 15-minute step, and the net. A month row covers
 * the month's days within [from, to].
 */
export const getChargingData = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/getChargingData',
  summary: "A station's charging and discharging energy and money",
  tag: 'bsaOperationOverview',
  access: CHARGING,
  kind: 'query',
  body: rangeChecks(z.object({ ...chargingFilter, ...ts })),
  output: z.object({
    bsaId: z.number().int(),
    timeZone: z.string(),
    currency: z.string(),
    timeResolution: z.enum(TIME_RESOLUTIONS),
    rows: z.array(chargingRow),
    totals: chargingRow.omit({ period: true }),
  }),
});

/** The same rows as XLSX or CSV (spec 002: query `timestamp, bsaId, timeResolution, from, to`). */
export const chargingDownloadExcel = endpoint({
  method: 'GET',
  path: '/api/v2/bsa/charging/downloadExcel',
  summary: 'Export the charging data',
  tag: 'bsaOperationOverview',
  access: { auth: 'staff', permission: 'b-bsa-charging-export' },
  kind: 'query',
  cost: 'export',
  query: rangeChecks(z.object({ ...chargingFilter, bsaId: idParam, timestamp: z.coerce.number().optional(), ...exportOptions })),
  output: z.any(),
  raw: true,
});

// ---- alarms and attention ----

const station = { bsaId: id, ...ts };

/** Total and active alarms of the station's devices (PCS, meters, FCS) per level, zeros included. */
export const alarmCount = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/alarmCount',
  summary: "A storage station's alarm counts",
  tag: 'bsaOperationOverview',
  access: OVERVIEW,
  kind: 'query',
  body: z.object(station),
  output: z.object({
    total: z.number().int(),
    active: z.number().int(),
    levels: z.array(z.object({ level: alarmLevel, total: z.number().int(), active: z.number().int() })).length(ALARM_LEVELS.length),
  }),
});

/** The station's latest alarms (its devices'), newest first, a page. */
export const alarmData = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/alarmData',
  summary: "A storage station's latest alarms",
  tag: 'bsaOperationOverview',
  access: OVERVIEW,
  kind: 'query',
  body: pageRequest.extend({ ...station, state: alarmState.optional(), levels: z.array(alarmLevel).max(5).optional() }),
  output: pageOf(alarmLogRow),
});

/** A storage station the staff watches, with its state now. */
export const attentionRow = z.object({
  bsaId: z.number().int(),
  code: z.string(),
  name: z.string(),
  ouName: z.string(),
  status: z.string(),
  online: z.boolean(),
  activeAlarms: z.number().int(),
  /** The most severe active alarm's level (0 highest), null without one. */
  highestLevel: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AttentionRow = z.infer<typeof attentionRow>;

/**
 * The signed-in staff's attention list of storage stations: `list` (default), `add` or `remove` a station;
 * answers the list after the change, in the order they were added. Each staff has its own list.
 */
export const attention = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/attention',
  summary: "The staff's watched storage stations",
  tag: 'bsaOperationOverview',
  access: OVERVIEW,
  kind: 'command',
  body: z
    .object({ action: z.enum(['list', 'add', 'remove']).default('list'), bsaId: id.optional(), ...ts })
    .refine((b) => b.action === 'list' || b.bsaId !== undefined, { path: ['bsaId'], message: 'is required to add or remove a station' }),
  output: z.array(attentionRow),
});
