import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, idParam, mcid, text } from '../common/ids.js';
import { STATION_STATUSES } from './lifecycle.js';
import { calendarDate, priceAmount, touBand } from '../common/tou-schemas.js';
import { bandProblems, MAX_BANDS, TARIFF_BAND_KINDS } from './tariff.js';
import { alias } from './aliases.js';

export * from './tariff.js';
export * from './points.js';
export * from './lifecycle.js';
export * from './build.js';

const tag = 'bsa';

/** A station's lifecycle (DOMAIN.md, lifecycle.ts); the demo's stations are enabled. */
export const stationStatus = z.enum(STATION_STATUSES);

/** A PCS (power conversion system) of a station. */
export const stationPcs = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  ratedPowerKw: z.number().nullable(),
});

/** A meter of a station: `grid` the total incoming meter, `upper` a meter of an upper (upstream) transformer. */
export const stationMeter = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  role: z.enum(['grid', 'upper']),
  /** Rated capacity of the transformer an `upper` meter measures; null for grid meters. */
  transformerCapacityKva: z.number().nullable(),
});

/** The station's FCS, the edge controller that receives and runs its strategies. */
export const stationFcs = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  online: z.boolean(),
});

/** A battery storage (BSA) station, as far as strategies need it. */
export const stationRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The station's customer (the OU's). */
  mcid: z.string(),
  customerName: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  status: stationStatus,
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  /** Which strategy editor version its FCS runs: 1..6 = CA..CF (spec 002). */
  strategyVersion: z.number().int().min(1).max(6),
  pcs: z.array(stationPcs),
  meters: z.array(stationMeter),
  fcs: stationFcs.nullable(),
  /** Whether its FCS is online (false without an FCS). */
  online: z.boolean(),
  createdAt: z.string(),
});

/** A station's band: the shared time-of-use band (common/tou-schemas.ts). */
export const tariffBand = touBand;
export { calendarDate };

/** A station's cost info: its time-of-use bands and demand charge. */
export const tariff = z.object({
  bsaId: z.number().int(),
  /** ISO 4217 code, e.g. CNY. */
  currency: z.string(),
  /** Bands sorted by start, covering 00:00-24:00. Prices are numbers with at most 4 decimals. */
  bands: z.array(tariffBand),
  /** Demand charge per kW of monthly maximum demand; null when the tariff has none. */
  demandPricePerKwMonth: z.number().nullable(),
  effectiveFrom: z.string(),
  updatedAt: z.string(),
});

const bsaFilter = {
  name: text(128).optional(),
  ouId: id.optional(),
  mcid: mcid.optional(),
  statusFilter: stationStatus.optional(),
  timestamp: z.number().optional(),
};

/**
 * Storage stations in the staff's OUs, by code. The spec sends the filters in the query (name contains
 * the text, ouId, mcid, statusFilter); they are taken from the JSON body too (the body wins).
 */
export const bsaList = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/list',
  summary: 'Storage stations',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  query: z.object({
    ...bsaFilter,
    ouId: idParam.optional(),
    timestamp: z.coerce.number().optional(),
  }),
  body: z.object(bsaFilter).optional(),
  output: z.array(stationRow),
});

/** One station with its PCS, meters and FCS; another tenant's or OU's station answers 404. */
export const bsaDetail = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/detail',
  summary: 'Storage station',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: stationRow,
});

/** A station's cost info (time-of-use bands, demand charge); null while it has none. */
export const bsaCostInfo = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/costInfo',
  summary: 'Station cost info',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: tariff.nullable(),
});

/**
 * Creates or replaces a station's cost info. The bands must cover 00:00-24:00 without gaps or
 * overlaps, on quarter hours; prices are not negative and have at most 4 decimals.
 */
export const bsaUpsetCostInfo = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/upset/costInfo',
  summary: 'Save station cost info',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-station-edit' },
  kind: 'command',
  body: z
    .object({
      bsaId: id,
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code (ISO 4217), e.g. CNY')
        .default('CNY'),
      bands: z.array(tariffBand).max(MAX_BANDS, `at most ${MAX_BANDS} bands`),
      demandPricePerKwMonth: priceAmount(10_000).nullable().optional(),
      effectiveFrom: calendarDate,
    })
    .superRefine((body, ctx) => {
      for (const problem of bandProblems(body.bands)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }),
  output: tariff,
});

/** One step of a day's price curve. */
export const priceStep = z.object({
  /** Start of the step, epoch ms. */
  ts: z.number(),
  /** Local wall-clock start 'HH:mm' (repeats on a day whose clocks go back). */
  time: z.string(),
  kind: z.enum(TARIFF_BAND_KINDS),
  price: z.number(),
});

/**
 * The price curve of a day in the tenant's time zone: one step per 15 minutes from local midnight to
 * the next (96 steps; 92 or 100 on a day whose clocks change), each with its band kind and price.
 */
export const bsaDataPrices = endpoint({
  method: 'POST',
  path: '/api/v2/bsaData/prices',
  summary: 'Price curve of a day',
  tag: 'bsaData',
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: z.object({ bsaId: id, date: calendarDate, timestamp: z.number().optional() }),
  output: z.object({
    bsaId: z.number().int(),
    date: z.string(),
    timeZone: z.string(),
    currency: z.string(),
    stepMinutes: z.number().int(),
    steps: z.array(priceStep),
  }),
});
export * from './config.js';
export * from './aliases.js';
export * from './levels.js';
export * from './edge.js';

/** `bsa/costInfo` under the data calls' name (spec 002). */
export const bsaDataCostInfo = alias(bsaCostInfo, '/api/v2/bsaData/costInfo', 'bsaData');

/** The station's FCS (a station has at most one). */
export const bsaFcsListByBsa = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/fcs-list-by-bsa',
  summary: 'FCS of a station',
  tag: 'bsa',
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: z.array(stationFcs),
});
