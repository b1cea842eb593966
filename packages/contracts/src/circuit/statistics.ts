import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, idParam } from '../common/ids.js';
import { exportOptions } from '../common/crud.js';
import { instant, instantQ } from './accounts.js';

// Statistics of a circuit's data types at every resolution (docs/circuits.md, "Statistics").

const tag = 'circuit';

/** What a circuit answers: its meters' energy and what derives from it, and their instantaneous readings. */
export const CIRCUIT_DATA_TYPES = ['activeEnergy', 'cost', 'activePower', 'maxDemand', 'current', 'voltage', 'powerFactor'] as const;
export const circuitDataType = z.enum(CIRCUIT_DATA_TYPES);
export type CircuitDataType = z.infer<typeof circuitDataType>;

/** Units of the answers: energy in whole Wh, power and demand in whole W, cost in the account's currency. */
export const DATA_TYPE_UNITS: Record<CircuitDataType, string> = {
  activeEnergy: 'Wh',
  cost: 'currency',
  activePower: 'W',
  maxDemand: 'W',
  current: 'A',
  voltage: 'V',
  powerFactor: '',
};

export const statResolution = z.enum(['15m', 'hour', 'day', 'month']);
export type StatResolution = z.infer<typeof statResolution>;

export const dataTypeInfo = z.object({
  key: circuitDataType,
  name: z.string(),
  nameZh: z.string(),
  unit: z.string(),
  /** How periods combine into a total: sum (energy, cost), avg (power, current, voltage, pf), max (demand). */
  aggregation: z.enum(['sum', 'avg', 'max']),
});

/** The data types every circuit may answer. */
export const defaultDataTypeList = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/default-dataTypeList',
  summary: 'Data types of circuits',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  query: z.object({ timestamp: z.coerce.number().optional() }),
  output: z.array(dataTypeInfo),
});
export const defaultDataTypeListGet = endpoint({ ...defaultDataTypeList, method: 'GET', path: '/api/circuit/default-dataTypeList' });

/** The data types one circuit answers: energy-derived ones with an energy meter, cost with an account, readings its meters have. */
export const dataTypeList = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/dataTypeList',
  summary: "A circuit's data types",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-statistics' },
  kind: 'query',
  body: z.object({ circuitId: id }),
  output: z.array(dataTypeInfo),
});
export const dataTypeListGet = endpoint({
  ...dataTypeList,
  method: 'GET',
  path: '/api/circuit/dataTypeList/{id}',
  body: undefined,
  params: z.object({ id: idParam }),
});

export const nowValue = z.object({
  dataType: circuitDataType,
  unit: z.string(),
  value: z.number().nullable(),
  /** When the value was measured (the latest reading it comes from), epoch ms. */
  ts: z.number().nullable(),
});
export const dataNowAnswer = z.object({
  circuitId: z.number().int(),
  timeZone: z.string(),
  /** Start of the local day `today*` figures count from. */
  dayStart: z.number(),
  values: z.array(nowValue),
  /** Energy and cost since local midnight. */
  todayWh: z.number().int(),
  todayCost: z.number().nullable(),
  currency: z.string().nullable(),
});

/** The latest values of a circuit (docs/circuits.md, "Now"). */
export const dataNow = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/data/now',
  summary: "A circuit's latest values",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-tree' },
  kind: 'query',
  body: z.object({ circuitId: id }),
  output: dataNowAnswer,
});
export const dataNowGet = endpoint({
  ...dataNow,
  method: 'GET',
  path: '/api/circuit/{id}/data/now',
  body: undefined,
  params: z.object({ id: idParam }),
});

export const statPeriod = z.object({ ts: z.number(), label: z.string(), value: z.number().nullable() });
export const statisticsAnswer = z.object({
  circuitId: z.number().int(),
  dataType: circuitDataType,
  unit: z.string(),
  timeZone: z.string(),
  timeResolution: statResolution,
  from: z.number(),
  to: z.number(),
  periods: z.array(statPeriod),
  /** Sum (energy, cost), time average (power, current, voltage, pf) or maximum (demand) of the range. */
  total: z.number().nullable(),
  /** The cached forms: past local days answered from the cache and days computed from the rollups. */
  cache: z.object({ hitDays: z.number().int(), computedDays: z.number().int() }).nullable(),
});

const statBody = { circuitId: id, dataType: circuitDataType, timeResolution: statResolution.default('hour'), from: instant, to: instant };
const statQuery = z.object({
  circuitId: idParam,
  dataType: circuitDataType,
  timeResolution: statResolution.default('hour'),
  from: instantQ,
  to: instantQ,
  timestamp: z.coerce.number().optional(),
});

/** Statistics of one data type of a circuit per period, computed from the rollups. */
export const statistics = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/data/statistics',
  summary: "A circuit's statistics per period",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-statistics' },
  kind: 'query',
  cost: 'heavy',
  body: z.object(statBody),
  output: statisticsAnswer,
});
export const statisticsGet = endpoint({
  ...statistics,
  method: 'GET',
  path: '/api/circuit/data/statistics',
  body: undefined,
  query: statQuery,
});
/** The former form: the same figures. */
export const oldStatistics = endpoint({ ...statistics, path: '/api/v2/circuit/data/old-statistics' });
/** Tenant check only (no OU check), as the spec's no-ou-check forms; POST carries the query string. */
export const statisticsNoOu = endpoint({
  ...statistics,
  path: '/api/v2/circuit/no-ou-check/data/statistics',
  body: undefined,
  query: statQuery,
});
export const statisticsNoOuGet = endpoint({ ...statisticsNoOu, method: 'GET', path: '/api/circuit/no-ou-check/data/statistics' });
/** The same figures answered from the statistics cache where a past day's rollups have not changed. */
export const statisticsWithCache = endpoint({ ...statisticsNoOu, path: '/api/v2/circuit/data/statisticsWithCache' });
export const statisticsWithCacheGet = endpoint({ ...statisticsWithCache, method: 'GET', path: '/api/circuit/data/statisticsWithCache' });

const MAX_BATCH = 200;
const circuitIds = z.array(id).min(1, 'must name a circuit').max(MAX_BATCH, `must name at most ${MAX_BATCH} circuits`);
/** Ids in a query string: repeated or comma-separated. */
const circuitIdsQ = z.preprocess(
  (v) => (v === undefined ? v : (Array.isArray(v) ? v : String(v).split(',')).map((s) => Number(s))),
  circuitIds,
);
const typesQ = z.preprocess(
  (v) => (v === undefined ? v : Array.isArray(v) ? v : String(v).split(',')),
  z.array(circuitDataType).min(1).max(CIRCUIT_DATA_TYPES.length),
);

/** One data type of several circuits. */
export const statisticsBatch = endpoint({
  ...statistics,
  path: '/api/v2/circuit/data/statisticsBatch',
  summary: 'Statistics of several circuits',
  body: z.object({ circuitIds, dataType: circuitDataType, timeResolution: statResolution.default('hour'), from: instant, to: instant }),
  output: z.array(statisticsAnswer),
});
export const statisticsBatchGet = endpoint({
  ...statisticsBatch,
  method: 'GET',
  path: '/api/circuit/data/statisticsBatch',
  body: undefined,
  query: z.object({
    circuitIds: circuitIdsQ,
    dataType: circuitDataType,
    timeResolution: statResolution.default('hour'),
    from: instantQ,
    to: instantQ,
  }),
});
/** Several data types of several circuits, from the cache. */
export const statisticsBatchWithCache = endpoint({
  ...statisticsBatch,
  path: '/api/v2/circuit/data/statisticsBatchWithCache',
  summary: 'Statistics of several circuits from the cache',
  body: z.object({
    circuitIds,
    dataTypes: z.array(circuitDataType).min(1).max(CIRCUIT_DATA_TYPES.length),
    timeResolution: statResolution.default('hour'),
    from: instant,
    to: instant,
  }),
});
export const statisticsBatchWithCacheGet = endpoint({
  ...statisticsBatchWithCache,
  method: 'GET',
  path: '/api/circuit/data/statisticsBatchWithCache',
  body: undefined,
  query: z.object({
    circuitIds: circuitIdsQ,
    dataTypes: typesQ,
    timeResolution: statResolution.default('hour'),
    from: instantQ,
    to: instantQ,
  }),
});

export const aggregateType = z.enum(['sum', 'avg', 'max', 'min']);
export const aggregateAnswer = z.object({
  circuitId: z.number().int(),
  dataType: circuitDataType,
  type: aggregateType,
  unit: z.string(),
  value: z.number().nullable(),
  /** For max and min: the quarter hour it happened in. */
  ts: z.number().nullable(),
});
/** One figure of a range over its quarter hours: sum, time average, maximum or minimum. */
export const aggregate = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/data/aggregate',
  summary: 'One figure of a circuit over a range',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-statistics' },
  kind: 'query',
  cost: 'heavy',
  query: z.object({
    circuitId: idParam,
    dataType: circuitDataType,
    type: aggregateType.default('sum'),
    from: instantQ,
    to: instantQ,
    timestamp: z.coerce.number().optional(),
  }),
  output: aggregateAnswer,
});
export const aggregateGet = endpoint({ ...aggregate, method: 'GET', path: '/api/circuit/data/aggregate' });

/** Per circuit the range's figure in the type's own aggregation (sum, average or maximum). */
export const aggrBatch = endpoint({
  ...aggregate,
  path: '/api/v2/circuit/data/aggrBatch',
  summary: 'One figure of several circuits over a range',
  query: undefined,
  body: z.object({ circuitIds, dataType: circuitDataType, from: instant, to: instant }),
  output: z.array(aggregateAnswer),
});
export const aggrBatchGet = endpoint({
  ...aggrBatch,
  method: 'GET',
  path: '/api/circuit/data/aggrBatch',
  body: undefined,
  query: z.object({ circuitIds: circuitIdsQ, dataType: circuitDataType, from: instantQ, to: instantQ }),
});

/** The extent of a type over a range at a resolution: its minimum and maximum with when, and the data's first and last period. */
export const dataRange = endpoint({
  ...statistics,
  path: '/api/v2/circuit/data/range',
  summary: "The extent of a circuit's data",
  output: z.object({
    circuitId: z.number().int(),
    dataType: circuitDataType,
    unit: z.string(),
    min: statPeriod.nullable(),
    max: statPeriod.nullable(),
    first: z.number().nullable(),
    last: z.number().nullable(),
    periods: z.number().int(),
  }),
});

export const analysisPeriod = z.object({
  ts: z.number(),
  label: z.string(),
  wh: z.number().int(),
  /** The same period a year before, and the period before (previous day or month). */
  lastYearWh: z.number().int(),
  previousWh: z.number().int(),
  /** (wh − lastYearWh) / lastYearWh and (wh − previousWh) / previousWh, to 4 decimals; null without a base. */
  yoy: z.number().nullable(),
  mom: z.number().nullable(),
});
/** Energy per day or month with year-on-year and period-on-period comparisons. */
export const energyAnalysis = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/data/energy/analysis',
  summary: "A circuit's energy year on year and period on period",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-statistics' },
  kind: 'query',
  cost: 'heavy',
  body: z.object({ circuitId: id, from: instant, to: instant, timeResolution: z.enum(['day', 'month']).default('day') }),
  output: z.object({
    circuitId: z.number().int(),
    timeZone: z.string(),
    timeResolution: z.enum(['day', 'month']),
    periods: z.array(analysisPeriod),
    total: analysisPeriod.omit({ ts: true, label: true }),
  }),
});

/** The statistics of a data type as XLSX or CSV (button b-circuit-statistics-export). */
export const statisticsExport = endpoint({
  method: 'GET',
  path: '/api/v2/circuit/data/export',
  summary: "Export a circuit's statistics",
  tag,
  access: { auth: 'staff', permission: 'b-circuit-statistics-export' },
  kind: 'query',
  cost: 'export',
  query: z.object({
    circuitId: idParam,
    dataType: circuitDataType,
    timeResolution: statResolution.default('hour'),
    from: instantQ,
    to: instantQ,
    ...exportOptions,
  }),
  output: z.any(),
  raw: true,
});
export const statisticsExportGet = endpoint({ ...statisticsExport, path: '/api/circuit/data/export' });
