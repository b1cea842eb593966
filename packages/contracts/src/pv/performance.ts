import { z } from 'zod';
import { calendarDate } from '../common/tou-schemas.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam } from '../common/ids.js';
import { exportOptions } from '../common/crud.js';
import { pageOf, pageRequest } from '../common/paging.js';

// PV performance analytics (issue 19, spec 001 "PV performance"): performance ratio per IEC 61724-1 and
// its temperature-corrected form, equivalent hours and specific yield, inverter efficiency and ranking,
// inverter power compared, the loss waterfall, and each station's performance config.
// Methods and sources: docs/pv-analytics.md, "Performance".

export const performanceTag = 'pv-performance';
const READ = { auth: 'staff', permission: 'p-pv-performance' } as const;
const EXPORT = { auth: 'staff', permission: 'b-pv-performance-export' } as const;
const CONFIG = { auth: 'staff', permission: 'b-pv-performance-config' } as const;

/** At most this many local days a period covers (a year and a month: a year over a leap year boundary). */
export const MAX_PERFORMANCE_DAYS = 400;

const period = {
  /** First local day (the station's zone), YYYY-MM-DD. */
  from: calendarDate,
  /** Last local day, included. */
  to: calendarDate,
};

// ---------------------------------------------------------------------------------------------
// Config

/** Default power temperature coefficient γ of crystalline silicon modules, %/K. */
export const DEFAULT_GAMMA = -0.35;
/** Default reference temperature of the temperature correction, °C (STC). */
export const DEFAULT_T_REF = 25;
/** Default irradiance below which inverters are not expected to feed in, W/m². */
export const DEFAULT_MIN_IRRADIANCE = 50;

export const performanceConfigInput = z.object({
  pvId: id,
  /** Power temperature coefficient γ, %/K (−1 to 0). */
  gammaPctPerK: z.number().min(-1).max(0),
  /** Reference module temperature T_ref, °C. */
  referenceTempC: z.number().min(-20).max(60),
  /** Irradiance below which the inverters are not expected to run (the waterfall's irradiance step), W/m². */
  minIrradianceWm2: z.number().min(0).max(300),
});
export type PerformanceConfigInput = z.infer<typeof performanceConfigInput>;

export const performanceConfigRow = z.object({
  pvId: z.number().int(),
  pvCode: z.string(),
  pvName: z.string(),
  capacityKwp: z.number(),
  gammaPctPerK: z.number(),
  referenceTempC: z.number(),
  minIrradianceWm2: z.number(),
  /** False: the station has no config of its own; the defaults apply. */
  configured: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PerformanceConfigRow = z.infer<typeof performanceConfigRow>;

/** Sets a station's performance config (who and when are kept). */
export const performanceConfigSetUp = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/config-set-up',
  summary: "Set a PV station's performance config",
  tag: performanceTag,
  access: CONFIG,
  kind: 'command',
  body: performanceConfigInput,
  output: performanceConfigRow,
});

/** The performance config of every station the staff sees (defaults where none is set). */
export const performanceConfigPage = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/config-page',
  summary: 'PV stations’ performance configs (paged)',
  tag: performanceTag,
  access: READ,
  kind: 'query',
  body: pageRequest.extend({ keyword: z.string().max(64).optional() }),
  output: pageOf(performanceConfigRow),
});

/** One station's performance config. */
export const performanceConfigInfo = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/config-info',
  summary: "A PV station's performance config",
  tag: performanceTag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id }),
  output: performanceConfigRow,
});

// ---------------------------------------------------------------------------------------------
// Figures

/** The figures of a period: energy, irradiation, PR, corrected PR, equivalent hours, specific yield. */
export const performanceFigures = z.object({
  /** AC energy, Wh. */
  generationWh: z.number().int(),
  /** Plane-of-array irradiation H_POA, Wh/m² (null: no irradiance data). */
  irradiationWhM2: z.number().nullable(),
  /** PR = E_AC / (H_POA / G_STC × P_STC), 4 decimals; null without irradiance. */
  pr: z.number().nullable(),
  /** Temperature-corrected PR (IEC 61724-1 / NREL), 4 decimals; null without irradiance or module temperature. */
  prTempCorrected: z.number().nullable(),
  /** Generation kWh / P_STC kWp, hours (2 decimals). */
  equivalentHours: z.number(),
  /** Specific yield, kWh/kWp (2 decimals): the same ratio as the equivalent hours, in yield units. */
  specificYieldKwhPerKwp: z.number(),
});
export type PerformanceFigures = z.infer<typeof performanceFigures>;

export const performanceOutlineRow = performanceFigures.extend({
  pvId: z.number().int(),
  code: z.string(),
  name: z.string(),
  capacityKwp: z.number(),
  timeZone: z.string(),
});

/** The tenant's stations with capacity, energy, equivalent hours and PR over a period. */
export const performanceOutlinePage = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/outline-page',
  summary: 'PV stations’ performance over a period (paged)',
  tag: performanceTag,
  access: READ,
  kind: 'query',
  cost: 'heavy',
  body: pageRequest.extend({ ...period, keyword: z.string().max(64).optional() }),
  output: pageOf(performanceOutlineRow),
});

export const PERFORMANCE_LEVELS = ['station', 'area', 'inverter'] as const;
export const performanceLevel = z.enum(PERFORMANCE_LEVELS);
export const PERFORMANCE_RESOLUTIONS = ['day', 'month', 'year'] as const;
export const performanceResolution = z.enum(PERFORMANCE_RESOLUTIONS);

export const performanceIndexPeriod = performanceFigures.extend({
  /** YYYY-MM-DD, YYYY-MM or YYYY; `total` for the whole range. */
  label: z.string(),
});
export type PerformanceIndexPeriod = z.infer<typeof performanceIndexPeriod>;

/** PR, corrected PR, equivalent hours, specific yield, energy and H_POA per day, month or year. */
export const performanceIndex = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/analyse/index',
  summary: 'PV performance indices per day, month or year',
  tag: performanceTag,
  access: READ,
  kind: 'query',
  cost: 'heavy',
  body: z.object({
    pvId: id,
    /** Station, one of its areas or one of its inverters (`targetId`). */
    level: performanceLevel.default('station'),
    targetId: id.optional(),
    resolution: performanceResolution.default('day'),
    ...period,
  }),
  output: z.object({
    pvId: z.number().int(),
    level: performanceLevel,
    targetId: z.number().int().nullable(),
    targetName: z.string(),
    /** P_STC of the target, kWp. */
    capacityKwp: z.number(),
    timeZone: z.string(),
    /** Where the AC energy comes from: the generation meters, or the inverters' counters. */
    energySource: z.enum(['generation-meter', 'inverters']),
    periods: z.array(performanceIndexPeriod),
    total: performanceIndexPeriod,
  }),
});

export const inverterExpressionRow = z.object({
  rank: z.number().int(),
  inverterId: z.number().int(),
  code: z.string(),
  name: z.string(),
  areaName: z.string().nullable(),
  capacityKwp: z.number(),
  ratedAcKw: z.number(),
  eAcWh: z.number().int(),
  /** DC energy (∫ p_dc), Wh; null without DC power data. */
  eDcWh: z.number().int().nullable(),
  /** E_AC / E_DC, 4 decimals. */
  efficiency: z.number().nullable(),
  equivalentHours: z.number(),
  pr: z.number().nullable(),
});
export type InverterExpressionRow = z.infer<typeof inverterExpressionRow>;

/** Each inverter's AC and DC energy, efficiency, equivalent hours and PR, ranked by equivalent hours. */
export const performanceInverterExpression = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/analyse/inverter-expression',
  summary: 'PV inverters’ efficiency and ranking',
  tag: performanceTag,
  access: READ,
  kind: 'query',
  cost: 'heavy',
  body: z.object({ pvId: id, ...period, areaId: id.optional() }),
  output: z.object({ irradiationWhM2: z.number().nullable(), rows: z.array(inverterExpressionRow) }),
});

/** A point of a 15 min curve: the bucket's start (epoch ms) and its mean. */
const curvePoint = z.object({ ts: z.number(), value: z.number().nullable() });

/** Several inverters' AC power (15 min means) on one day. */
export const performancePowerContrast = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/analyse/power-contrast',
  summary: 'PV inverters’ power compared',
  tag: performanceTag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id, day: calendarDate, inverterIds: z.array(id).min(1).max(20) }),
  output: z.object({
    timeZone: z.string(),
    series: z.array(
      z.object({ inverterId: z.number().int(), code: z.string(), name: z.string(), ratedAcKw: z.number(), points: z.array(curvePoint) }),
    ),
  }),
});

/** The station's power (from its generation energy per quarter hour), irradiance and module temperature on one day. */
export const performancePower = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/analyse/power',
  summary: 'PV station power and irradiance curves',
  tag: performanceTag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id, day: calendarDate }),
  output: z.object({
    timeZone: z.string(),
    capacityKwp: z.number(),
    points: z.array(
      z.object({
        ts: z.number(),
        powerKw: z.number().nullable(),
        irradianceWm2: z.number().nullable(),
        tempModuleC: z.number().nullable(),
      }),
    ),
  }),
});

export const LOSS_STEPS = [
  'irradiance',
  'temperature',
  'downtime',
  'dc-mismatch',
  'inverter',
  'clipping',
  'ac',
  'grid-limitation',
  'unseparated',
] as const;
export const lossStepKey = z.enum(LOSS_STEPS);
export type LossStepKey = z.infer<typeof lossStepKey>;

export const performanceLossStep = z.object({
  key: lossStepKey,
  /** Energy lost at this step, Wh (negative: a gain); null: not measurable from the data (see `why`). */
  lossWh: z.number().int().nullable(),
  measured: z.boolean(),
  /** Why a step is not measured, or what it holds. */
  why: z.string().nullable(),
});
export type PerformanceLossStep = z.infer<typeof performanceLossStep>;

/** The loss waterfall from the theoretical yield to the energy on grid: theoretical − Σ measured losses = on grid, exactly. */
export const performanceLossAnalysis = endpoint({
  method: 'POST',
  path: '/api/v2/pv-performance/analyse/loss-analysis',
  summary: 'PV loss waterfall',
  tag: performanceTag,
  access: READ,
  kind: 'query',
  cost: 'heavy',
  body: z.object({ pvId: id, ...period }),
  output: z.object({
    /** P_STC × H_POA / G_STC, Wh; null without irradiance (then no waterfall). */
    theoreticalWh: z.number().int().nullable(),
    onGridWh: z.number().int(),
    steps: z.array(performanceLossStep),
  }),
});

export const PERFORMANCE_TABLES = ['outline', 'index', 'inverters'] as const;

/** One of the performance page's tables as XLSX or CSV: the stations' outline, the indices by period, or the inverters' ranking. */
export const performanceExport = endpoint({
  method: 'GET',
  path: '/api/v2/pv-performance/export',
  summary: 'Export a PV performance table',
  tag: performanceTag,
  access: EXPORT,
  kind: 'query',
  cost: 'export',
  query: z.object({
    table: z.enum(PERFORMANCE_TABLES),
    /** The station (not needed for the outline). */
    pvId: idParam.optional(),
    ...period,
    level: performanceLevel.default('station'),
    targetId: idParam.optional(),
    resolution: performanceResolution.default('day'),
    areaId: idParam.optional(),
    keyword: z.string().max(64).optional(),
    ...exportOptions,
  }),
  output: z.any(),
  raw: true,
});
