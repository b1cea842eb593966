import { z } from 'zod';
import { calendarDate } from '../bsa/index.js';
import { endpoint } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { decimals, EDIT, READ, tag } from './station.js';

// A PV station's cost info and its online- and income-calculation ways, each a log of entries in force
// from a day on (issue 18, spec 001 "PV station (pvStation/)"). docs/pv.md.

/** An amount of money: not negative, at most 2 decimals (stored exactly, numeric). */
export const moneyAmount = (max: number) =>
  z.number().min(0, 'must not be negative').max(max, `must be at most ${max}`).refine(decimals(2), 'must have at most 2 decimals');
/** A price per kWh: not negative, at most 4 decimals. */
export const pricePerKwh = z
  .number()
  .min(0, 'must not be negative')
  .max(100, 'must be at most 100')
  .refine(decimals(4), 'must have at most 4 decimals');
export const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code (ISO 4217), e.g. CNY')
  .default('CNY');

export const pvCostInfo = z.object({
  pvId: z.number().int(),
  currency: z.string(),
  /** Total investment. */
  investment: z.number(),
  /** Operation and maintenance cost per year. */
  yearlyOmCost: z.number(),
  updatedAt: z.string(),
});

/** A station's cost info; null while it has none. */
export const pvGetCostInfo = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/get-costInfo',
  summary: 'Cost info of a PV station',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id, timestamp: z.number().optional() }),
  output: pvCostInfo.nullable(),
});

/** Creates or replaces the cost info (investment, yearly O&M, currency). */
export const pvUpsertCostInfo = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/upsert-costInfo',
  summary: 'Save the cost info of a PV station',
  tag,
  access: EDIT,
  kind: 'command',
  body: z.object({
    pvId: id,
    currency,
    investment: moneyAmount(100_000_000_000),
    yearlyOmCost: moneyAmount(10_000_000_000),
  }),
  output: pvCostInfo,
});

/**
 * How on-grid energy is measured: `on-grid-meter` the grid points' export meters, `generation-meter` all
 * generation counts as fed in (full feed-in), `inverter` the inverters' AC energy (no meters yet).
 */
export const ONLINE_WAYS = ['on-grid-meter', 'generation-meter', 'inverter'] as const;
export const onlineWay = z.enum(ONLINE_WAYS);

const logHead = {
  id: z.number().int(),
  pvId: z.number().int(),
  /** First day (station's zone) it is in force; it stays until the next entry's day. */
  effectiveFrom: z.string(),
  changedAt: z.string(),
  changedBy: z.string(),
};
export const onlineWayEntry = z.object({ ...logHead, way: onlineWay });

/**
 * Self-consumed energy is priced with the customer's time-of-use tariff (`customer-tariff`, less
 * `discountPercent`) or a fixed price; fed-in energy at `feedInPrice`; every generated kWh earns
 * `subsidyPerKwh`.
 */
export const incomeWayEntry = z.object({
  ...logHead,
  currency: z.string(),
  selfConsumptionPricing: z.enum(['customer-tariff', 'fixed']),
  selfConsumptionPrice: z.number().nullable(),
  discountPercent: z.number(),
  feedInPrice: z.number(),
  subsidyPerKwh: z.number(),
});

const upsetHead = {
  pvId: id,
  /** Must be after the latest entry's day (an entry not yet in force may be replaced on its own day). */
  effectiveFrom: calendarDate,
};

/** Adds an online-calculation way in force from a day on. */
export const pvUpsetOnlineWay = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/upset/onlineCalculateWay',
  summary: 'Set the online-calculation way from a day on',
  tag,
  access: EDIT,
  kind: 'command',
  body: z.object({ ...upsetHead, way: onlineWay }),
  output: onlineWayEntry,
});

/** Adds an income-calculation way in force from a day on. */
export const pvUpsetIncomeWay = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/upset/incomeCalculateWay',
  summary: 'Set the income-calculation way from a day on',
  tag,
  access: EDIT,
  kind: 'command',
  body: z
    .object({
      ...upsetHead,
      currency,
      selfConsumptionPricing: z.enum(['customer-tariff', 'fixed']),
      selfConsumptionPrice: pricePerKwh.nullable().optional(),
      discountPercent: z.number().min(0).max(100).refine(decimals(2), 'must have at most 2 decimals').default(0),
      feedInPrice: pricePerKwh,
      subsidyPerKwh: pricePerKwh.default(0),
    })
    .superRefine((b, ctx) => {
      if (b.selfConsumptionPricing === 'fixed' && b.selfConsumptionPrice == null)
        ctx.addIssue({ code: 'custom', path: ['selfConsumptionPrice'], message: 'is required with fixed pricing' });
    }),
  output: incomeWayEntry,
});

/** The online-calculation ways of a station, newest first. */
export const pvOnlineWayLog = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/log/onlineCalculateWay',
  summary: 'Online-calculation way log',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id, timestamp: z.number().optional() }),
  output: z.array(onlineWayEntry),
});

/** The income-calculation ways of a station, newest first. */
export const pvIncomeWayLog = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/log/incomeCalculateWay',
  summary: 'Income-calculation way log',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id, timestamp: z.number().optional() }),
  output: z.array(incomeWayEntry),
});
