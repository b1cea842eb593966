import { z } from 'zod';
import { calendarDate, priceAmount, touBand } from '../common/tou-schemas.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam, isoDateTime, text } from '../common/ids.js';
import { exportOptions } from '../common/crud.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { MAX_BANDS, MAX_SEASONS, seasonProblems, TOU_BAND_KINDS } from '../common/tou.js';

// Distribution circuits, their meters, electricity accounts with time-of-use prices, and what the
// circuits' energy cost. docs/circuits.md (model, tree variants, statistics) and docs/prices.md (prices).
export * from '../common/tou.js';

const tag = 'circuit';

// ---------------------------------------------------------------------------------------------
// Electricity accounts and their prices

/** An account's band: the shared time-of-use band (common/tou-schemas.ts). */
export const priceBand = touBand;

export const priceSeason = z.object({
  name: text(64).min(1, 'is required'),
  /** Months 1 (January) .. 12 it covers. */
  months: z.array(z.number().int()).max(12, 'at most 12 months'),
  bands: z.array(priceBand).max(MAX_BANDS, `at most ${MAX_BANDS} bands`),
});

/** One version of an account's prices, in force from its date until the next version's. */
export const priceVersion = z.object({
  accountId: z.number().int(),
  effectiveFrom: z.string(),
  /** Demand charge per kW of the month's maximum 15-minute demand; null without one. */
  demandPricePerKwMonth: z.number().nullable(),
  /** Seasons covering the twelve months, each with its bands sorted by start. */
  seasons: z.array(priceSeason),
  updatedAt: z.string(),
});

export const accountRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  currency: z.string(),
  /** Its price versions, oldest first. */
  prices: z.array(priceVersion),
  /** How many circuits are billed to it. */
  circuitCount: z.number().int(),
});

const epoch = z.number().int().min(0).max(253_402_300_799_000);
/** An instant as ISO-8601 with offset or epoch ms. */
export const instant = z.union([isoDateTime, epoch]);
/** The same in a query string. */
const instantQ = z.union([isoDateTime, z.coerce.number().int().min(0).max(253_402_300_799_000)]);

export const accountList = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/electricityAccount/list',
  summary: 'Electricity accounts',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-price' },
  kind: 'query',
  body: z.object({ ouId: id.optional(), name: text(128).optional() }).optional(),
  output: z.array(accountRow),
});

/** Creates (without id) or renames an account. */
export const accountSave = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/electricityAccount/save',
  summary: 'Save an electricity account',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-price-edit' },
  kind: 'command',
  body: z.object({
    id: id.optional(),
    ouId: id,
    code: text(64).min(1, 'is required'),
    name: text(128).min(1, 'is required'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code (ISO 4217), e.g. CNY')
      .default('CNY'),
  }),
  output: accountRow,
});

/**
 * Saves the account's prices in force from a date (replacing a version of the same date). Every problem
 * of the schedule is named with its season and band: `seasons.1.bands.2.end: must be on a quarter hour`.
 */
export const priceSave = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/electricityAccount/price/save',
  summary: 'Save prices in force from a date',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-price-edit' },
  kind: 'command',
  body: z
    .object({
      accountId: id,
      effectiveFrom: calendarDate,
      demandPricePerKwMonth: priceAmount(10_000).nullable().optional(),
      seasons: z.array(priceSeason).max(MAX_SEASONS, `at most ${MAX_SEASONS} seasons`),
    })
    .superRefine((body, ctx) => {
      for (const problem of seasonProblems(body.seasons)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }),
  output: priceVersion,
});

export const priceDelete = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/electricityAccount/price/delete',
  summary: 'Delete a price version',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-price-edit' },
  kind: 'command',
  body: z.object({ accountId: id, effectiveFrom: calendarDate }),
  output: z.null(),
});

const rangeBody = { circuitId: id, from: instant.optional(), to: instant.optional() };
const rangeQuery = z.object({ circuitId: idParam, from: instantQ.optional(), to: instantQ.optional() });

/** The circuit's account with the price versions in force over [from, to) (all without a range). */
export const circuitPrices = z.object({
  circuitId: z.number().int(),
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string(), currency: z.string() }).nullable(),
  prices: z.array(priceVersion),
});

export const eprices = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/electricityAccount/eprices',
  summary: "A circuit's prices over a range",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-price' },
  kind: 'query',
  body: z.object(rangeBody),
  output: circuitPrices,
});
export const epricesGet = endpoint({
  ...eprices,
  method: 'GET',
  path: '/api/circuit/electricityAccount/eprices',
  body: undefined,
  query: rangeQuery,
});
/** The same without the OU check: any circuit of the staff's tenant (for the tenant's own screens). */
export const epricesNoOu = endpoint({ ...eprices, path: '/api/v2/circuit/no-ou-check/electricityAccount/eprices' });
export const epricesNoOuGet = endpoint({ ...epricesGet, path: '/api/circuit/no-ou-check/electricityAccount/eprices' });
/** Every price version of the circuit's account. */
export const circuitEprices = endpoint({ ...eprices, path: '/api/v2/circuit/eprices', body: z.object({ circuitId: id }) });
export const circuitEpricesGet = endpoint({ ...epricesGet, path: '/api/circuit/eprices', query: z.object({ circuitId: idParam }) });

/** The price in force at an instant: its version, season, band and price per kWh. */
export const priceAtAnswer = z.object({
  circuitId: z.number().int(),
  time: z.number(),
  timeZone: z.string(),
  currency: z.string(),
  effectiveFrom: z.string(),
  season: z.string(),
  kind: z.enum(TOU_BAND_KINDS),
  start: z.string(),
  end: z.string(),
  price: z.number(),
  demandPricePerKwMonth: z.number().nullable(),
});

export const eprice = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/electricityAccount/eprice',
  summary: 'The price in force at an instant',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-price' },
  kind: 'query',
  body: z.object({ circuitId: id, time: instant }),
  output: priceAtAnswer,
});
export const epriceGet = endpoint({
  ...eprice,
  method: 'GET',
  path: '/api/circuit/electricityAccount/eprice',
  body: undefined,
  query: z.object({ circuitId: idParam, time: instantQ }),
});
/** The spec's form with the circuit and time in the query string. */
export const circuitEprice = endpoint({
  ...epriceGet,
  method: 'POST',
  path: '/api/v2/circuit/eprice',
  query: z.object({ circuitId: idParam, time: instantQ, timestamp: z.coerce.number().optional() }),
});
export const circuitEpriceGet = endpoint({ ...epriceGet, path: '/api/circuit/eprice' });

// ---------------------------------------------------------------------------------------------
// Cabinets and circuits

export const CIRCUIT_TYPES = ['incoming', 'busbar', 'feeder', 'branch'] as const;
export const circuitType = z.enum(CIRCUIT_TYPES);
export type CircuitType = z.infer<typeof circuitType>;

export const cabinetRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  location: z.string().nullable(),
  circuitCount: z.number().int(),
});

export const cabinetList = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/cabinet/list',
  summary: 'Distribution cabinets',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ ouId: id.optional(), name: text(128).optional() }).optional(),
  output: z.array(cabinetRow),
});

export const cabinetSave = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/cabinet/save',
  summary: 'Save a distribution cabinet',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-edit' },
  kind: 'command',
  body: z.object({
    id: id.optional(),
    ouId: id,
    code: text(64).min(1, 'is required'),
    name: text(128).min(1, 'is required'),
    location: text(256).nullable().optional(),
  }),
  output: cabinetRow,
});

/** A meter bound to a circuit: its energy counts with `sign` (+1 adds, -1 subtracts). */
export const circuitMeter = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceType: z.string(),
  sign: z.union([z.literal(1), z.literal(-1)]),
  online: z.boolean(),
});

export const circuitRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: circuitType,
  ouId: z.number().int(),
  ouName: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  distributionCabinetId: z.number().int().nullable(),
  distributionCabinetName: z.string().nullable(),
  /** The account it is billed to: its own, else its nearest ancestor's. */
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  /** Whether the account is the circuit's own (false: inherited from an ancestor). */
  ownAccount: z.boolean(),
  ratedCurrentA: z.number().nullable(),
  meters: z.array(circuitMeter),
  createdAt: z.string(),
});
export type CircuitRow = z.infer<typeof circuitRow>;

const circuitFilter = {
  codeOrName: text(128).optional(),
  type: circuitType.optional(),
  distributionCabinetId: id.optional(),
  ouId: id.optional(),
};
const circuitFilterQ = {
  codeOrName: text(128).optional(),
  type: circuitType.optional(),
  distributionCabinetId: idParam.optional(),
  ouId: idParam.optional(),
};

export const circuitPage = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/page',
  summary: 'Circuits, a page',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: pageRequest.extend(circuitFilter),
  output: pageOf(circuitRow),
});
export const circuitPageGet = endpoint({
  ...circuitPage,
  method: 'GET',
  path: '/api/circuit/page',
  body: undefined,
  query: z.object({
    ...circuitFilterQ,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  }),
});

export const circuitList = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/list',
  summary: 'Circuits',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ ...circuitFilter, name: text(128).optional() }).optional(),
  output: z.array(circuitRow),
});
export const circuitListGet = endpoint({
  ...circuitList,
  method: 'GET',
  path: '/api/circuit/list',
  body: undefined,
  query: z.object({ ...circuitFilterQ, name: text(128).optional() }),
});

export const circuitDetail = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/detail',
  summary: 'Circuit',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ id }),
  output: circuitRow,
});
export const circuitDetailGet = endpoint({
  ...circuitDetail,
  method: 'GET',
  path: '/api/circuit/{id}',
  body: undefined,
  params: z.object({ id: idParam }),
});

const meterBinding = z.object({ deviceId: id, sign: z.union([z.literal(1), z.literal(-1)]).default(1) });

const circuitFields = {
  code: text(64).min(1, 'is required'),
  name: text(128).min(1, 'is required'),
  type: circuitType,
  ouId: id,
  parentId: id.nullable().optional(),
  distributionCabinetId: id.nullable().optional(),
  accountId: id.nullable().optional(),
  ratedCurrentA: z.number().min(0, 'must not be negative').max(100_000, 'must be at most 100000').nullable().optional(),
  /** Its meters; the circuit's energy is their signed sum. */
  meters: z.array(meterBinding).max(50, 'at most 50 meters').default([]),
};

export const circuitCreate = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/create',
  summary: 'Create a circuit',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-create' },
  kind: 'command',
  body: z.object(circuitFields),
  output: circuitRow,
});

export const circuitUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/update',
  summary: 'Update a circuit',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-edit' },
  kind: 'command',
  body: z.object({ id, ...circuitFields }),
  output: circuitRow,
});
export const circuitDelete = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/delete',
  summary: 'Delete a circuit without children',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.null(),
});

/** A node of a circuit tree. */
export interface TreeNode {
  id: number;
  /** 'ou', 'cabinet' or 'circuit'. */
  nodeType: 'ou' | 'cabinet' | 'circuit';
  code: string;
  name: string;
  type: CircuitType | null;
  bindDevice: boolean;
  children: TreeNode[];
}
export const treeNode: z.ZodType<TreeNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      nodeType: z.enum(['ou', 'cabinet', 'circuit']),
      code: z.string(),
      name: z.string(),
      type: circuitType.nullable(),
      bindDevice: z.boolean(),
      children: z.array(treeNode),
    }),
  )
  .meta({ id: 'CircuitTreeNode' });

const treeFilter = { name: text(128).optional(), type: circuitType.optional(), bindDevice: z.boolean().optional() };

/** tree: the circuits by parent (incoming lines at the roots); filters keep a matching node's ancestors. */
export const circuitTree = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/tree',
  summary: 'Circuit tree',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-tree' },
  kind: 'query',
  body: z.object(treeFilter).optional(),
  output: z.array(treeNode),
});
export const circuitTreeGet = endpoint({
  ...circuitTree,
  method: 'GET',
  path: '/api/circuit/tree',
  body: undefined,
  query: z.object({
    ...treeFilter,
    bindDevice: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  }),
});
/** tree2: distribution cabinets with their circuits (a cabinet's circuits nested by parent). */
export const circuitTree2 = endpoint({
  ...circuitTree,
  path: '/api/v2/circuit/tree2',
  summary: 'Circuits by cabinet',
  body: z.object({}).optional(),
});
export const circuitTree2Get = endpoint({ ...circuitTree2, method: 'GET', path: '/api/circuit/tree2', body: undefined });
/** tree3: the subtree under one circuit (the circuit itself at the root). */
export const circuitTree3 = endpoint({
  ...circuitTree,
  path: '/api/v2/circuit/tree3',
  summary: 'Subtree of a circuit',
  body: z.object({ circuitId: id }),
});
export const circuitTree3Get = endpoint({
  ...circuitTree3,
  method: 'GET',
  path: '/api/circuit/tree3',
  body: undefined,
  query: z.object({ circuitId: idParam }),
});
/** tree4: OUs with their circuit trees (a picker across sites). */
export const circuitTree4 = endpoint({
  ...circuitTree,
  path: '/api/v2/circuit/tree4',
  summary: 'Circuits by OU',
  body: z.object({}).optional(),
});
export const circuitTree4Get = endpoint({ ...circuitTree4, method: 'GET', path: '/api/circuit/tree4', body: undefined });

export const circuitDevices = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/device/query',
  summary: "A circuit's meters",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ circuitId: id }),
  output: z.array(circuitMeter),
});
export const circuitDevicesGet = endpoint({
  ...circuitDevices,
  method: 'GET',
  path: '/api/circuit/device/query',
  body: undefined,
  query: z.object({ circuitId: idParam }),
});
export const deviceListByCircuitId = endpoint({ ...circuitDevices, path: '/api/v2/device/listByCircuitId', tag: 'device' });

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

// ---------------------------------------------------------------------------------------------
// Line loss (first slice: a circuit against its direct children, no stored configurations yet)

export const lineLossFigures = z.object({
  /** The circuit's own energy (its meters), Wh. */
  inputWh: z.number().int(),
  /** The sum of its direct children's energy, Wh. */
  outputWh: z.number().int(),
  lossWh: z.number().int(),
  /** loss / input, to 6 decimals; null without input. */
  rate: z.number().nullable(),
});

/** Loss of a circuit against its direct children per local day or month: input − Σ outputs, and the rate. */
export const lineLossData = endpoint({
  method: 'POST',
  path: '/api/v2/circuit-line-loss/data',
  summary: 'Line loss of a circuit against its children',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-line-loss' },
  kind: 'query',
  cost: 'heavy',
  body: z.object({ circuitId: id, from: instant, to: instant, timeLevel: z.enum(['day', 'month']).default('day') }),
  output: z.object({
    circuitId: z.number().int(),
    timeZone: z.string(),
    children: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    periods: z.array(lineLossFigures.extend({ label: z.string() })),
    total: lineLossFigures,
  }),
});
