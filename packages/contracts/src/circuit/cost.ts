import { z } from 'zod';
import { calendarDate } from '../common/tou-schemas.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam } from '../common/ids.js';
import { exportOptions } from '../common/crud.js';
import { TOU_BAND_KINDS } from '../common/tou.js';
import { instant, instantQ, priceBand } from './accounts.js';
import { circuitFilterQ } from './circuits.js';

const tag = 'circuit';

// ---------------------------------------------------------------------------------------------
// Energy and cost

export const bandFigures = z.object({ wh: z.number().int(), cost: z.number() });
const byBand = z.object(
  Object.fromEntries(TOU_BAND_KINDS.map((k) => [k, bandFigures])) as Record<(typeof TOU_BAND_KINDS)[number], typeof bandFigures>,
);

/** Energy (Wh, integer) and cost (currency, exact ten-thousandths) of a period, per band. */
export const costFigures = z.object({
  wh: z.number().int(),
  /** Energy cost, without the demand charge. */
  cost: z.number(),
  bands: byBand,
  /** Energy before the account's first price version: not priced. */
  unpricedWh: z.number().int(),
});

export const monthDemand = z.object({
  month: z.string(),
  /** Maximum 15-minute demand of the month (in the range), W, and when its quarter hour started. */
  maxDemandW: z.number().int(),
  maxDemandAt: z.number().nullable(),
  demandPricePerKwMonth: z.number().nullable(),
  demandCharge: z.number(),
});

export const costSum = costFigures.extend({
  circuitId: z.number().int(),
  from: z.number(),
  to: z.number(),
  timeZone: z.string(),
  currency: z.string().nullable(),
  months: z.array(monthDemand),
  demandCharge: z.number(),
  /** Energy cost plus demand charges. */
  total: z.number(),
});

const defaultRange = { from: instant, to: instant };
export const costSumCall = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/time/electricity/statics/sum',
  summary: "A circuit's energy cost over a range",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-peak-valley' },
  kind: 'query',
  cost: 'heavy',
  body: z.object({ circuitId: id, ...defaultRange }),
  output: costSum,
});
export const costSumGet = endpoint({
  ...costSumCall,
  method: 'GET',
  path: '/api/circuit/time/electricity/statics/sum',
  body: undefined,
  query: z.object({ circuitId: idParam, from: instantQ, to: instantQ }),
});

export const costResolution = z.enum(['15m', 'day', 'month']);
export const costPeriod = costFigures.extend({ ts: z.number(), label: z.string() });
export const costList = z.object({
  circuitId: z.number().int(),
  timeZone: z.string(),
  currency: z.string().nullable(),
  timeResolution: costResolution,
  periods: z.array(costPeriod),
  months: z.array(monthDemand),
  total: costSum.omit({ circuitId: true, from: true, to: true, timeZone: true, currency: true, months: true }),
});

export const costListCall = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/time/electricity/statics/list',
  summary: "A circuit's energy cost per period",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-peak-valley' },
  kind: 'query',
  cost: 'heavy',
  body: z.object({ circuitId: id, ...defaultRange, timeResolution: costResolution.default('day') }),
  output: costList,
});
export const costListGet = endpoint({
  ...costListCall,
  method: 'GET',
  path: '/api/circuit/time/electricity/statics/list',
  body: undefined,
  query: z.object({ circuitId: idParam, from: instantQ, to: instantQ, timeResolution: costResolution.default('day') }),
});

/** Peak and valley by day or month: the same figures as statics/list at those resolutions. */
export const peakValleyDetail = endpoint({
  ...costListCall,
  path: '/api/v2/circuit/data/peakValley/detail',
  summary: 'Energy and cost per band',
  body: z.object({ circuitId: id, ...defaultRange, timeResolution: z.enum(['day', 'month']).default('day') }),
});

/** The bands in force on a day for a circuit (its account's version and season of that day). */
export const peakValleyConfig = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/data/peakValley/config',
  summary: 'Bands in force on a day',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-peak-valley' },
  kind: 'query',
  body: z.object({ circuitId: id, date: calendarDate }),
  output: z.object({
    circuitId: z.number().int(),
    date: z.string(),
    currency: z.string(),
    effectiveFrom: z.string(),
    season: z.string(),
    bands: z.array(priceBand),
    demandPricePerKwMonth: z.number().nullable(),
  }),
});

/** The cost per period as XLSX or CSV: energy and cost in total and per band (docs/circuits.md). */
export const costExport = endpoint({
  method: 'GET',
  path: '/api/v2/circuit/time/electricity/statics/export',
  summary: "Export a circuit's energy cost per period",
  tag,
  access: { auth: 'staff', permission: 'b-circuit-peak-valley-export' },
  kind: 'query',
  cost: 'export',
  query: z.object({
    circuitId: idParam,
    from: instantQ,
    to: instantQ,
    timeResolution: costResolution.default('day'),
    ...exportOptions,
  }),
  output: z.any(),
  raw: true,
});

/** The circuits of the list's filters as XLSX or CSV (docs/circuits.md). */
export const circuitExport = endpoint({
  method: 'GET',
  path: '/api/v2/circuit/export',
  summary: 'Export circuits',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-export' },
  kind: 'query',
  cost: 'export',
  query: z.object({ ...circuitFilterQ, ...exportOptions }),
  output: z.any(),
  raw: true,
});
