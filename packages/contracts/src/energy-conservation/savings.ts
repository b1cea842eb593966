import { z } from 'zod';
import { exportOptions } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam } from '../common/ids.js';
import { BASE, month, monthIndex, savingProblem, tag } from './configs.js';

// Savings (docs/energy-conservation.md): per circuit and month, the (adjusted) baseline against the
// circuit's actual energy, the saving in Wh and in money, their shares and rates.

/** The longest range of reporting months of one call. */
export const MAX_REPORT_MONTHS = 36;

/** Reporting months [from, to], both included, with more fields. */
const rangeOf = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ from: month, to: month, ...shape }).superRefine((body, ctx) => {
    const b = body as { from: string; to: string };
    const n = monthIndex(b.to) - monthIndex(b.from) + 1;
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (n > MAX_REPORT_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `the range must be at most ${MAX_REPORT_MONTHS} months` });
  });
const range = rangeOf({});

/** The figures of a month or a total. */
export const savingFigures = z.object({
  /** The (adjusted) baseline energy, Wh; null when it cannot be computed. */
  baselineWh: z.number().int().nullable(),
  /** The circuit's energy, Wh (robust across meter resets, docs/circuits.md); null without data. */
  actualWh: z.number().int().nullable(),
  /** baseline − actual, Wh; null when either is missing. */
  savingWh: z.number().int().nullable(),
  /** savingWh × price, currency (exact to 4 decimals, half away from zero); null with savingWh. */
  costSaving: z.number().nullable(),
  /** saving / baseline to 6 decimals. */
  rate: z.number().nullable(),
});
export type SavingFigures = z.infer<typeof savingFigures>;

export const savingMonth = savingFigures.extend({
  month,
  /** The driver value of the month (linear models). */
  driver: z.number().nullable(),
  /** The configuration version in force that month; null before the first. */
  versionId: z.number().int().nullable(),
  /** Why the month has no saving, when it has none. */
  problem: savingProblem.nullable(),
});
export type SavingMonth = z.infer<typeof savingMonth>;

const circuitRef = { circuitId: z.number().int(), circuitCode: z.string(), circuitName: z.string() };

/** A circuit's totals over the months that have a saving. */
export const circuitSaving = savingFigures.extend({
  ...circuitRef,
  /** Months of the range with a saving. */
  months: z.number().int(),
  /** Months of the range without one (no data, no version or no fit). */
  missingMonths: z.number().int(),
});

/** Saving quantity: each configured circuit's totals over the months, and the sum. */
export const savingQuantity = endpoint({
  method: 'POST',
  path: `${BASE}/energy-saving-quantity`,
  summary: 'Energy saved per circuit over a range of months',
  tag,
  access: { auth: 'staff', permission: 'p-energy-saving' },
  kind: 'query',
  cost: 'heavy',
  body: rangeOf({ circuitId: id.optional() }),
  output: z.object({ from: month, to: month, circuits: z.array(circuitSaving), total: savingFigures }),
});

const slice = z.object({ ...circuitRef, value: z.number(), share: z.number() });

/** Circuits with a positive saving, each's share of their sum (6 decimals); circuits that used more are left out. */
export const savingPie = endpoint({
  method: 'POST',
  path: `${BASE}/energy-saving-pie`,
  summary: 'Share of the energy saved per circuit',
  tag,
  access: { auth: 'staff', permission: 'p-energy-saving' },
  kind: 'query',
  cost: 'heavy',
  body: range,
  output: z.object({ unit: z.literal('Wh'), total: z.number(), slices: z.array(slice) }),
});

export const costSavingPie = endpoint({
  method: 'POST',
  path: `${BASE}/energy-cost-saving-pie`,
  summary: 'Share of the cost saved per circuit',
  tag,
  access: { auth: 'staff', permission: 'p-energy-saving' },
  kind: 'query',
  cost: 'heavy',
  body: range,
  output: z.object({ unit: z.literal('currency'), total: z.number(), slices: z.array(slice) }),
});

/** Baseline against actual per month of one circuit. */
export const savingComparison = endpoint({
  method: 'POST',
  path: `${BASE}/energy-saving-comparison`,
  summary: "A circuit's baseline against its energy per month",
  tag,
  access: { auth: 'staff', permission: 'p-energy-saving' },
  kind: 'query',
  cost: 'heavy',
  body: rangeOf({ circuitId: id }),
  output: z.object({ ...circuitRef, timeZone: z.string(), months: z.array(savingMonth), total: savingFigures }),
});

/** Average saving rate Σ saving / Σ baseline, per circuit and over all (or one circuit). */
export const averageRate = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-average-rate`,
  summary: 'Average saving rate over a range of months',
  tag,
  access: { auth: 'staff', permission: 'p-energy-saving' },
  kind: 'query',
  cost: 'heavy',
  body: rangeOf({ circuitId: id.optional() }),
  output: z.object({
    rate: z.number().nullable(),
    baselineWh: z.number().int(),
    savingWh: z.number().int(),
    circuits: z.array(z.object({ ...circuitRef, rate: z.number().nullable(), baselineWh: z.number().int(), savingWh: z.number().int() })),
  }),
});

/** A year by month (`time` YYYY) or one month (YYYY-MM) of a circuit as XLSX or CSV, then a total row. */
export const savingExport = endpoint({
  method: 'GET',
  path: `${BASE}/export`,
  summary: 'Export the energy saving of a circuit',
  tag,
  access: { auth: 'staff', permission: 'b-energy-saving-export' },
  kind: 'query',
  cost: 'export',
  query: z.object({
    circuitId: idParam,
    time: z.string().regex(/^20\d\d(-(0[1-9]|1[0-2]))?$/, 'must be a year YYYY or a month YYYY-MM'),
    ...exportOptions,
  }),
  output: z.any(),
  raw: true,
});
