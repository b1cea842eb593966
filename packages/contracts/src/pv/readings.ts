import { z } from 'zod';
import { calendarDate } from '../common/tou-schemas.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam } from '../common/ids.js';
import { exportOptions } from '../common/crud.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { TOU_BAND_KINDS } from '../common/tou.js';
import { jobRow } from '../jobs/index.js';

// Meter readings and reports of PV stations (issue 18, spec 001 "Meter reading" and "Report"):
// settlement readings of the grid points' cumulative meters at the start of each local day and month,
// the energy between them, and daily, monthly and yearly reports with income. docs/pv.md.

export const readingTag = 'meter-reading';
export const reportTag = 'pv-report';
const READINGS = { auth: 'staff', permission: 'p-pv-meter-reading' } as const;
const RECOMPUTE = { auth: 'staff', permission: 'b-pv-meter-reading-recompute' } as const;
const READINGS_EXPORT = { auth: 'staff', permission: 'b-pv-meter-reading-export' } as const;
const REPORT = { auth: 'staff', permission: 'p-pv-report' } as const;
const REPORT_EXPORT = { auth: 'staff', permission: 'b-pv-report-export' } as const;

/** A settlement period: a local day or a local month. */
export const READING_TYPES = ['day', 'month'] as const;
export const readingType = z.enum(READING_TYPES);
export type ReadingType = z.infer<typeof readingType>;
/** What a download shows: both readings and the energy, the readings only, or the energy only. */
export const READING_DISPLAYS = ['all', 'reading', 'energy'] as const;
export const readingDisplay = z.enum(READING_DISPLAYS);
/** The role of a meter at its grid connection point. */
export const METER_ROLES = ['generation', 'on-grid', 'off-take'] as const;
export const meterRole = z.enum(METER_ROLES);
export type MeterRole = z.infer<typeof meterRole>;

/** At most this many days a range of readings or a day report covers. */
export const MAX_READING_DAYS = 400;

const dayRange = {
  /** First local day (station's zone), YYYY-MM-DD. */
  startTime: calendarDate,
  /** Last local day, included. */
  endTime: calendarDate,
};

/** One settlement reading of a meter for a day or a month. */
export const meterReadingRow = z.object({
  pvId: z.number().int(),
  pvName: z.string(),
  deviceId: z.number().int(),
  meterCode: z.string(),
  meterName: z.string(),
  role: meterRole,
  pointName: z.string(),
  /** The counter read: `e_exp` (energy sent out) or `e_imp` (energy taken in). */
  key: z.string(),
  type: readingType,
  /** The period's first local day; a month's is its first day. */
  day: z.string(),
  /** The counter at the period's start and end, kWh (its last value before each boundary); null without data. */
  startReading: z.number().nullable(),
  startReadAt: z.string().nullable(),
  endReading: z.number().nullable(),
  endReadAt: z.string().nullable(),
  /** Energy in the period, Wh: the robust increase of the counter (a reset or replaced meter counts the new meter's reading). */
  energyWh: z.number().int(),
  /** Times the counter went down in the period (a meter reset or replaced): then end − start is not the energy. */
  resets: z.number().int(),
  /** When the reading was settled (stored); null: computed now, not settled yet. */
  settledAt: z.string().nullable(),
});
export type MeterReadingRow = z.infer<typeof meterReadingRow>;

/** The readings of a PV station's meters, per meter and period. */
export const pvMeterReadingPage = endpoint({
  method: 'POST',
  path: '/api/v2/meter-reading/pv/meter/page',
  summary: "A PV station's meter readings (paged)",
  tag: readingTag,
  access: READINGS,
  kind: 'query',
  body: pageRequest.extend({ pvId: id, type: readingType.default('day'), role: meterRole.optional(), ...dayRange }),
  output: pageOf(meterReadingRow),
});

/** The readings of one meter of a station (`id` the meter device). */
export const meterReadingPage = endpoint({
  method: 'POST',
  path: '/api/v2/meter-reading/page',
  summary: "One meter's readings (paged)",
  tag: readingTag,
  access: READINGS,
  kind: 'query',
  body: pageRequest.extend({ id, type: readingType.default('day'), ...dayRange }),
  output: pageOf(meterReadingRow),
});

/** Settles (recomputes and stores) the readings of a station's meters over a range of days, as a job. */
export const meterReadingReImplement = endpoint({
  method: 'POST',
  path: '/api/v2/meter-reading/reImplement',
  summary: "Recompute a station's readings over a period",
  tag: readingTag,
  access: RECOMPUTE,
  kind: 'command',
  body: z.object({ pvId: id, ...dayRange }),
  output: jobRow,
});

/** Settles a station's readings again from its grid-connection day (at most 400 days back) to yesterday. */
export const meterReadingPvRestart = endpoint({
  method: 'POST',
  path: '/api/v2/meter-reading/pv/restart',
  summary: "Re-run a PV station's readings",
  tag: readingTag,
  access: RECOMPUTE,
  kind: 'command',
  body: z.object({ pvId: id }),
  output: jobRow,
});

const downloadQuery = {
  display: readingDisplay.default('all'),
  startTime: calendarDate,
  endTime: calendarDate,
  ...exportOptions,
};

/** A station's readings as XLSX or CSV (`id` the station). */
export const meterReadingPvDownload = endpoint({
  method: 'GET',
  path: '/api/v2/meter-reading/pv/download',
  summary: "Export a PV station's meter readings",
  tag: readingTag,
  access: READINGS_EXPORT,
  kind: 'query',
  cost: 'export',
  query: z.object({ id: idParam, type: readingType.default('day'), ...downloadQuery }),
  output: z.any(),
  raw: true,
});

/** One meter's readings as XLSX or CSV (`id` the meter device). */
export const meterReadingDownload = endpoint({
  method: 'GET',
  path: '/api/v2/meter-reading/download',
  summary: "Export one meter's readings",
  tag: readingTag,
  access: READINGS_EXPORT,
  kind: 'query',
  cost: 'export',
  query: z.object({ id: idParam, type: readingType.default('day'), ...downloadQuery }),
  output: z.any(),
  raw: true,
});

// ---------------------------------------------------------------------------------------------
// Reports

export const REPORT_RESOLUTIONS = ['day', 'month', 'year'] as const;
export const reportResolution = z.enum(REPORT_RESOLUTIONS);
export type ReportResolution = z.infer<typeof reportResolution>;

const bandEnergy = z.object(
  Object.fromEntries(
    TOU_BAND_KINDS.map((k) => [k, z.object({ generationWh: z.number().int(), onGridWh: z.number().int(), selfWh: z.number().int() })]),
  ) as Record<(typeof TOU_BAND_KINDS)[number], z.ZodObject<{ generationWh: z.ZodNumber; onGridWh: z.ZodNumber; selfWh: z.ZodNumber }>>,
);

/** Income of a period, in the income way's currency (exact ten-thousandths). */
export const reportIncome = z.object({
  selfConsumption: z.number(),
  feedIn: z.number(),
  subsidy: z.number(),
  total: z.number(),
  /** Self-consumed energy the customer's tariff had no price for (no account, or before its first version). */
  unpricedWh: z.number().int(),
});

export const reportPeriod = z.object({
  /** The period: YYYY-MM-DD, YYYY-MM or YYYY. */
  label: z.string(),
  generationWh: z.number().int(),
  onGridWh: z.number().int(),
  /** Generation − on-grid. */
  selfWh: z.number().int(),
  /** Generation kWh per installed kWp, 2 decimals. */
  equivalentHours: z.number(),
  income: reportIncome.nullable(),
  bands: bandEnergy.nullable(),
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

export const reportRequest = z.object({
  pvId: id,
  resolution: reportResolution.default('day'),
  /** First and last local day (both included). */
  from: calendarDate,
  to: calendarDate,
  showIncome: z.boolean().default(false),
  showTimePeriod: z.boolean().default(false),
  timestamp: z.number().optional(),
});

export const reportAnswer = z.object({
  pvId: z.number().int(),
  pvName: z.string(),
  capacityKwp: z.number(),
  timeZone: z.string(),
  currency: z.string().nullable(),
  resolution: reportResolution,
  periods: z.array(reportPeriod),
  total: reportPeriod,
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

/** A station's report by day, month or year. */
export const reportList = endpoint({
  method: 'POST',
  path: '/api/v2/report/list',
  summary: 'PV station report',
  tag: reportTag,
  access: REPORT,
  kind: 'query',
  cost: 'heavy',
  body: reportRequest,
  output: reportAnswer,
});

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/** The report as XLSX or CSV. */
export const reportExcel = endpoint({
  method: 'GET',
  path: '/api/v2/report/excel',
  summary: 'Export a PV station report',
  tag: reportTag,
  access: REPORT_EXPORT,
  kind: 'query',
  cost: 'export',
  query: z.object({
    pvId: idParam,
    resolution: reportResolution.default('day'),
    from: calendarDate,
    to: calendarDate,
    showIncome: flag,
    showTimePeriod: flag,
    timestamp: z.coerce.number().optional(),
    ...exportOptions,
  }),
  output: z.any(),
  raw: true,
});
export type ReportRequestInput = z.infer<typeof reportRequest>;
