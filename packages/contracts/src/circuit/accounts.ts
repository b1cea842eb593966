import { z } from 'zod';
import { calendarDate, priceAmount, touBand } from '../common/tou-schemas.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam, isoDateTime, text } from '../common/ids.js';
import { MAX_BANDS, MAX_SEASONS, seasonProblems, TOU_BAND_KINDS } from '../common/tou.js';

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
export const instantQ = z.union([isoDateTime, z.coerce.number().int().min(0).max(253_402_300_799_000)]);

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
