import { z } from 'zod';
import { exportOptions, queryFilter } from '../common/crud.js';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { calendarDate } from '../common/tou-schemas.js';
import { pvTreeNode } from './station.js';

// String current dispersion of PV inverters (issue 19 part B, spec 001 "Dispersion rate"): per station the
// thresholds (named classes), the analysis configuration (irradiance threshold, dead and weak ratios, grouping,
// window) and the devices left out; per inverter (or MPPT input) the rate over a period and its strings.
// Method and sources: docs/pv-analytics.md, "Dispersion".

const tag = 'pv-dispersion';
const BASE = '/api/v2/pv-dispersion-rate';
const READ = { auth: 'staff', permission: 'p-pv-dispersion' } as const;
const CONFIG = { auth: 'staff', permission: 'b-pv-dispersion-config' } as const;

// ---------------------------------------------------------------------------------------------
// Thresholds: named classes of the rate

/** A class of the rate: up to `upperPercent` (excluded), the last class without an upper bound. */
export const dispersionClass = z.object({
  /** `good`, `fair`, `poor`, `bad` are translated by the web; any other name is shown as written. */
  name: text(32).min(1, 'is required'),
  upperPercent: z.number().gt(0, 'must be above 0 %').max(1000, 'must be at most 1000 %').nullable(),
});
export type DispersionClass = z.infer<typeof dispersionClass>;

/** The anchors' classes (CGC/GF 035:2013): under 5 % good, 5-10 % fair, 10-20 % poor, 20 % and over bad. */
export const DEFAULT_DISPERSION_CLASSES: DispersionClass[] = [
  { name: 'good', upperPercent: 5 },
  { name: 'fair', upperPercent: 10 },
  { name: 'poor', upperPercent: 20 },
  { name: 'bad', upperPercent: null },
];

/** 2 to 6 classes, upper bounds strictly ascending, only the last one open, names unique. */
export const dispersionClasses = z
  .array(dispersionClass)
  .min(2, 'needs at least 2 classes')
  .max(6, 'has at most 6 classes')
  .superRefine((classes, ctx) => {
    classes.forEach((c, i) => {
      const last = i === classes.length - 1;
      if (last && c.upperPercent != null)
        ctx.addIssue({ code: 'custom', path: [i, 'upperPercent'], message: 'must be empty: the last class has no upper bound' });
      if (!last && c.upperPercent == null)
        ctx.addIssue({ code: 'custom', path: [i, 'upperPercent'], message: 'is required but for the last class' });
      const before = classes[i - 1]?.upperPercent;
      if (!last && before != null && c.upperPercent != null && c.upperPercent <= before)
        ctx.addIssue({ code: 'custom', path: [i, 'upperPercent'], message: `must be above ${before} %: bounds ascend` });
      if (classes.findIndex((o) => o.name.toLowerCase() === c.name.toLowerCase()) !== i)
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `repeats the class name ${c.name}` });
    });
  });

const stationHead = {
  stationId: z.number().int(),
  stationCode: z.string(),
  stationName: z.string(),
  /** True while the station keeps the defaults (nothing saved yet). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
};

export const dispersionThresholdRow = z.object({ ...stationHead, classes: z.array(dispersionClass) });
export type DispersionThresholdRow = z.infer<typeof dispersionThresholdRow>;

const stationFilter = { keyword: text(128).optional() };

/** Sets a station's classes. */
export const dispersionThresholdSetUp = endpoint({
  method: 'POST',
  path: `${BASE}/threshold-set-up`,
  summary: 'Set the dispersion classes of a PV station',
  tag,
  access: CONFIG,
  kind: 'command',
  body: z.object({ stationId: id, classes: dispersionClasses }),
  output: dispersionThresholdRow,
});

/** The classes of the stations the staff sees (defaults where none are saved), by station code. */
export const dispersionThresholdPage = endpoint({
  method: 'POST',
  path: `${BASE}/threshold-page`,
  summary: 'Dispersion classes per PV station, a page',
  tag,
  access: READ,
  kind: 'query',
  body: pageRequest.extend(stationFilter),
  output: pageOf(dispersionThresholdRow),
});

/** One station's classes. */
export const dispersionThresholdInfo = endpoint({
  method: 'POST',
  path: `${BASE}/threshold-info`,
  summary: 'The dispersion classes of a PV station',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ stationId: id }),
  output: dispersionThresholdRow,
});

// ---------------------------------------------------------------------------------------------
// Analysis configuration and excluded devices

export const DISPERSION_GROUPINGS = ['inverter', 'mppt'] as const;
export const dispersionGrouping = z.enum(DISPERSION_GROUPINGS);
export type DispersionGrouping = z.infer<typeof dispersionGrouping>;

/** Defaults of a station without a saved configuration. */
export const DEFAULT_DISPERSION_CONFIG = {
  irradianceThreshold: 200,
  deadRatioPercent: 2,
  weakRatioPercent: 90,
  grouping: 'inverter' as DispersionGrouping,
  windowHours: 24,
};

export const dispersionConfigFields = {
  /** Buckets count when the weather station's 15 min average irradiance is at least this, W/m². */
  irradianceThreshold: z.number().min(0, 'must be at least 0 W/m²').max(1500, 'must be at most 1500 W/m²'),
  /** Dead in a bucket: normalised current at most this % of its group's median. */
  deadRatioPercent: z.number().min(0, 'must be at least 0 %').max(50, 'must be at most 50 %'),
  /** Weak: a live string's mean normalised current below this % of its group's median. */
  weakRatioPercent: z.number().min(50, 'must be at least 50 %').max(99.9, 'must be at most 99.9 %'),
  /** Strings compared per inverter, or per MPPT input. */
  grouping: dispersionGrouping,
  /** Hours back from now the background check (alarms) looks at. */
  windowHours: z.number().int().min(1, 'must be at least 1 hour').max(168, 'must be at most 168 hours'),
};

export const EXCLUDED_KINDS = ['inverter', 'string'] as const;
export const excludedKind = z.enum(EXCLUDED_KINDS);

export const dispersionConfigRow = z.object({
  ...stationHead,
  irradianceThreshold: z.number(),
  deadRatioPercent: z.number(),
  weakRatioPercent: z.number(),
  grouping: dispersionGrouping,
  windowHours: z.number().int(),
  excludedCount: z.number().int(),
});
export type DispersionConfigRow = z.infer<typeof dispersionConfigRow>;

/** Sets a station's analysis configuration; `excluded`, when given, replaces the devices left out (kept ones keep who and when). */
export const dispersionAnalysisSetUp = endpoint({
  method: 'POST',
  path: `${BASE}/analysis-set-up`,
  summary: 'Set the dispersion analysis of a PV station',
  tag,
  access: CONFIG,
  kind: 'command',
  body: z.object({
    stationId: id,
    ...dispersionConfigFields,
    excluded: z
      .array(z.object({ kind: excludedKind, id, reason: text(256).min(1, 'is required') }))
      .max(500, 'has at most 500 devices')
      .optional(),
  }),
  output: dispersionConfigRow,
});

/** One station's analysis configuration. */
export const dispersionGetAnalysisConfig = endpoint({
  method: 'POST',
  path: `${BASE}/get-analysis-config`,
  summary: 'The dispersion analysis configuration of a PV station',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ stationId: id }),
  output: dispersionConfigRow,
});

/** The configurations of the stations the staff sees (defaults where none are saved), by station code. */
export const dispersionAnalyzeConfigPage = endpoint({
  method: 'POST',
  path: `${BASE}/analyze-config-page`,
  summary: 'Dispersion analysis configuration per PV station, a page',
  tag,
  access: READ,
  kind: 'query',
  body: pageRequest.extend(stationFilter),
  output: pageOf(dispersionConfigRow),
});

export const excludedDeviceRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  kind: excludedKind,
  /** The inverter's or string's id. */
  targetId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** A string's inverter. */
  inverterCode: z.string().nullable(),
  reason: z.string(),
  byName: z.string(),
  at: z.string(),
});
export type ExcludedDeviceRow = z.infer<typeof excludedDeviceRow>;

/** Devices left out of the analysis, newest first. */
export const dispersionExcludeDevicePage = endpoint({
  method: 'POST',
  path: `${BASE}/exclude-device-page`,
  summary: 'Devices left out of the dispersion analysis, a page',
  tag,
  access: READ,
  kind: 'query',
  body: pageRequest.extend({ stationId: id.optional(), kind: excludedKind.optional() }),
  output: pageOf(excludedDeviceRow),
});

/** OU → station → area of the staff's stations (the page's picker). */
export const dispersionPvWithArea = endpoint({
  method: 'POST',
  path: `${BASE}/pv-with-area`,
  summary: 'PV stations with their areas (dispersion picker)',
  tag,
  access: READ,
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(pvTreeNode),
});

// ---------------------------------------------------------------------------------------------
// Rates

const stringRef = z.object({ id: z.number().int(), code: z.string() });

/** One analysed group: an inverter, or one MPPT input of it. */
export const dispersionUnitRow = z.object({
  /** `inverterId`, or `inverterId-mpptInput`. */
  key: z.string(),
  inverterId: z.number().int(),
  inverterCode: z.string(),
  inverterName: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  /** Grouping per MPPT: its input; per inverter: null. */
  mpptInput: z.number().int().nullable(),
  /** `analysed`; `not-analysed` with fewer than 2 live strings; `no-data` without a qualifying bucket. */
  status: z.enum(['analysed', 'not-analysed', 'no-data']),
  /** Standard deviation / mean of the live strings' mean normalised currents, %, 2 decimals. */
  ratePercent: z.number().nullable(),
  className: z.string().nullable(),
  /** 0 best; the last class is the worst. */
  classIndex: z.number().int().nullable(),
  stringsTotal: z.number().int(),
  /** Live strings in the rate (not dead, not excluded, with data). */
  stringsCounted: z.number().int(),
  deadStrings: z.array(stringRef),
  weakStrings: z.array(stringRef.extend({ relativePercent: z.number() })),
  /** 15 min buckets of the period at or above the irradiance threshold. */
  buckets: z.number().int(),
});
export type DispersionUnitRow = z.infer<typeof dispersionUnitRow>;

const period = {
  /** Local days of the station's zone, both included, at most 31 days. */
  from: calendarDate,
  to: calendarDate,
};
const devicePageFilter = {
  stationId: id,
  areaId: id.optional(),
  ...period,
  /** Only groups of this class. */
  className: text(32).optional(),
  /** Inverter code or name contains the text. */
  keyword: text(64).optional(),
};

/** The station's inverters (or MPPT inputs) with their rate over the period, worst first. */
export const dispersionPvDevicePage = endpoint({
  method: 'POST',
  path: `${BASE}/pv-device-page`,
  summary: 'String dispersion per inverter of a PV station, a page',
  tag,
  access: READ,
  kind: 'query',
  body: pageRequest.extend(devicePageFilter),
  output: pageOf(dispersionUnitRow).extend({ classes: z.array(dispersionClass), timeZone: z.string() }),
});

/** The same list as XLSX or CSV. Not named by the spec: the page's export. */
export const dispersionPvDeviceExport = endpoint({
  method: 'GET',
  path: `${BASE}/pv-device-export`,
  summary: 'Export the string dispersion per inverter',
  tag,
  access: { auth: 'staff', permission: 'b-pv-dispersion-export' },
  kind: 'query',
  cost: 'export',
  query: z.object({ ...queryFilter(devicePageFilter), ...exportOptions }),
  output: z.any(),
  raw: true,
});

export const dispersionStringFigure = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mpptInput: z.number().int(),
  capacityKwp: z.number(),
  deviceId: z.number().int().nullable(),
  state: z.enum(['normal', 'weak', 'dead', 'no-data', 'excluded']),
  /** Mean current over the qualifying buckets it was live in, A (3 decimals). */
  meanCurrentA: z.number().nullable(),
  /** The same per kWp of its capacity, A/kWp (4 decimals). */
  normalisedCurrent: z.number().nullable(),
  /** Against its group's median, % (2 decimals). */
  relativePercent: z.number().nullable(),
  qualifyingBuckets: z.number().int(),
  deadBuckets: z.number().int(),
});
export type DispersionStringFigure = z.infer<typeof dispersionStringFigure>;

/** A day of one inverter: per 15 min bucket the irradiance, whether it counts, the rate and each string's current. */
export const dispersionCurve = z.object({
  day: z.string(),
  timeZone: z.string(),
  buckets: z.array(
    z.object({ ts: z.number(), irradiance: z.number().nullable(), qualifying: z.boolean(), ratePercent: z.number().nullable() }),
  ),
  strings: z.array(z.object({ id: z.number().int(), code: z.string(), currents: z.array(z.number().nullable()) })),
});
export type DispersionCurve = z.infer<typeof dispersionCurve>;

/** One inverter over the period: its groups, its strings' figures, and the curve of `day` (default: the period's last day). */
export const dispersionPvDeviceList = endpoint({
  method: 'POST',
  path: `${BASE}/pv-device-list`,
  summary: 'The strings of one inverter: figures over the period and a day’s curve',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ inverterId: id, ...period, day: calendarDate.optional() }),
  output: z.object({
    inverterId: z.number().int(),
    inverterCode: z.string(),
    inverterName: z.string(),
    stationId: z.number().int(),
    units: z.array(dispersionUnitRow),
    strings: z.array(dispersionStringFigure),
    curve: dispersionCurve,
  }),
});
