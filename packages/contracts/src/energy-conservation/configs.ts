import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { priceAmount } from '../common/tou-schemas.js';

export const tag = 'energy-conservation';
export const BASE = '/api/v2/energy-conservation';

// Energy conservation (docs/energy-conservation.md): per circuit a baseline configuration kept as
// versions in force from a month, and the monthly driver values (production volume or degree days).

/** A calendar month 'YYYY-MM' (2000..2099). */
export const month = z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM (2000..2099)');

/**
 * `same-period`: a reporting month's baseline is the circuit's energy of the same calendar month in the
 * baseline period (a reference year). `production` / `degree-days`: IPMVP option C, baseline energy =
 * a + b × driver, fitted by least squares over the baseline period's months. `audit`: the same line with
 * a and b typed in from an earlier energy audit (its regression over its own baseline period), for a
 * circuit metered only since then.
 */
export const BASELINE_MODELS = ['same-period', 'production', 'degree-days', 'audit'] as const;
export const baselineModel = z.enum(BASELINE_MODELS);
export type BaselineModel = z.infer<typeof baselineModel>;

/**
 * Why a month has no saving: no version in force; a same-period baseline without this calendar month or
 * without energy in it; a linear fit with fewer than 3 baseline months having energy and a driver value,
 * or with one driver value only; no driver value this month; no energy this month.
 */
export const SAVING_PROBLEMS = [
  'no-version',
  'no-same-month',
  'no-baseline-energy',
  'few-months',
  'same-driver',
  'no-driver',
  'no-energy',
] as const;
export const savingProblem = z.enum(SAVING_PROBLEMS);
export type SavingProblem = z.infer<typeof savingProblem>;

/** A typed-in audit coefficient in kWh (per month, per driver unit): at most 3 decimals (a Wh), at most 10⁹ kWh either way. */
export const auditCoefficient = z
  .number()
  .min(-1e9)
  .max(1e9)
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'must have at most 3 decimals');

/** The longest baseline period, in months. */
export const MAX_BASELINE_MONTHS = 36;

/** A least-squares fit of monthly energy against the driver over the baseline period. */
export const baselineFit = z.object({
  /** Intercept, Wh per month. */
  a: z.number(),
  /** Slope, Wh per driver unit. */
  b: z.number(),
  /** Coefficient of determination 1 − SSres / SStot, to 6 decimals; null when every month used the same energy. */
  r2: z.number().nullable(),
  /** The baseline months with both energy and a driver value. */
  n: z.number().int(),
});
export type BaselineFit = z.infer<typeof baselineFit>;

/** One version of a circuit's configuration: in force from its month until the next version's. */
export const configVersion = z.object({
  id: z.number().int(),
  configId: z.number().int(),
  circuitId: z.number().int(),
  /** 'create', 'edit' (a new version) or 'delete' (kept in the log after the configuration is gone). */
  action: z.enum(['create', 'edit', 'delete']),
  effectiveFrom: month,
  model: baselineModel,
  baselineFrom: month,
  baselineTo: month,
  /** The driver's unit as the user writes it (t, pcs, °C·d); null for same-period. */
  driverUnit: z.string().nullable(),
  /** `audit`: the typed-in intercept a, kWh per month, and slope b, kWh per driver unit (3 decimals); null otherwise. */
  auditA: z.number().nullable(),
  auditB: z.number().nullable(),
  /** Price per kWh of the saved energy, currency (exact to 4 decimals). */
  price: z.number(),
  remark: z.string().nullable(),
  /** What differs from the previous version (field names); every field for the first. */
  changes: z.array(z.string()),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  createdAt: z.number(),
});
export type ConfigVersion = z.infer<typeof configVersion>;

export const configRow = z.object({
  id: z.number().int(),
  circuitId: z.number().int(),
  circuitCode: z.string(),
  circuitName: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  /** The latest version (in force from its month on). */
  current: configVersion,
  versions: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ConfigRow = z.infer<typeof configRow>;

const configFilter = { circuitId: id.optional(), name: text(64).optional(), ouId: id.optional() };
const PAGE = 'p-energy-baseline' as const;

/** Circuits the staff may configure, with their configuration's id when they have one. */
export const circuitList = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-list`,
  summary: 'Circuits for energy conservation, with their configuration',
  tag,
  // a picker of both pages (saving and baseline): the staff's circuits, scoped like every call
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ name: text(64).optional(), configured: z.boolean().optional() }).optional(),
  output: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), ouId: z.number().int(), configId: z.number().int().nullable() }),
  ),
});

export const configPage = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-config-page`,
  summary: 'Energy-saving configurations, a page',
  tag,
  access: { auth: 'staff', permission: PAGE },
  kind: 'query',
  body: pageRequest.extend(configFilter),
  output: pageOf(configRow),
});

export const configList = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-config-list`,
  summary: 'Energy-saving configurations',
  tag,
  access: { auth: 'staff', permission: 'p-energy-saving' },
  kind: 'query',
  body: z.object(configFilter).optional(),
  output: z.array(configRow),
});

/** A configuration with all its versions (oldest first) and the fit of its latest version. */
export const configInfo = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-config-info`,
  summary: 'An energy-saving configuration, its versions and its baseline fit',
  tag,
  access: { auth: 'staff', permission: PAGE },
  kind: 'query',
  body: z
    .object({ id: id.optional(), circuitId: id.optional() })
    .refine((b) => (b.id === undefined) !== (b.circuitId === undefined), { message: 'give either id or circuitId', path: ['id'] }),
  output: configRow.extend({
    history: z.array(configVersion),
    /** The fit of the latest version (linear models), null without enough baseline months. */
    fit: baselineFit.nullable(),
    /** Why there is no fit, when there is none (linear models): `few-months` or `same-driver`. */
    fitProblem: savingProblem.nullable(),
  }),
});

/**
 * Creates a circuit's configuration, or adds a version in force from `effectiveFrom` (months before it
 * keep the version they had). Every problem names its field.
 */
export const configEdit = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-config-edit`,
  summary: 'Create an energy-saving configuration or add a version',
  tag,
  access: { auth: 'staff', permission: 'b-energy-baseline-edit' },
  kind: 'command',
  body: z
    .object({
      circuitId: id,
      effectiveFrom: month,
      model: baselineModel,
      baselineFrom: month,
      baselineTo: month,
      driverUnit: text(16).nullable().optional(),
      /** `audit` only (required there): the audit's intercept a, kWh per month, and slope b, kWh per driver unit. */
      auditA: auditCoefficient.nullable().optional(),
      auditB: auditCoefficient.nullable().optional(),
      price: priceAmount(1000),
      remark: text(256).nullable().optional(),
    })
    .superRefine((b, ctx) => {
      const months = monthIndex(b.baselineTo) - monthIndex(b.baselineFrom) + 1;
      if (months < 1) ctx.addIssue({ code: 'custom', path: ['baselineTo'], message: 'must not be before baselineFrom' });
      else if (months > MAX_BASELINE_MONTHS)
        ctx.addIssue({
          code: 'custom',
          path: ['baselineTo'],
          message: `the baseline period must be at most ${MAX_BASELINE_MONTHS} months`,
        });
      else if (b.model === 'same-period' && months > 12)
        ctx.addIssue({ code: 'custom', path: ['baselineTo'], message: 'a same-period baseline is at most 12 months' });
      else if ((b.model === 'production' || b.model === 'degree-days') && months < 3)
        ctx.addIssue({ code: 'custom', path: ['baselineTo'], message: 'a linear baseline needs at least 3 months' });
      if (b.model !== 'same-period' && !b.driverUnit)
        ctx.addIssue({ code: 'custom', path: ['driverUnit'], message: 'is required for a linear model' });
      for (const key of ['auditA', 'auditB'] as const) {
        if (b.model === 'audit' && b[key] == null)
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required for an audit baseline' });
        if (b.model !== 'audit' && b[key] != null) ctx.addIssue({ code: 'custom', path: [key], message: 'is only for an audit baseline' });
      }
    }),
  output: configRow,
});

export const configDelete = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-config-delete`,
  summary: 'Delete an energy-saving configuration (its log is kept)',
  tag,
  access: { auth: 'staff', permission: 'b-energy-baseline-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ id: z.number().int() }),
});

export const logPage = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-config-log-page`,
  summary: 'The change log of energy-saving configurations, newest first',
  tag,
  access: { auth: 'staff', permission: PAGE },
  kind: 'query',
  body: pageRequest.extend({ configId: id.optional(), circuitId: id.optional() }),
  output: pageOf(configVersion.extend({ circuitCode: z.string(), circuitName: z.string() })),
});

export const logDetail = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-config-log-detail`,
  summary: 'One change of an energy-saving configuration, with the version before it',
  tag,
  access: { auth: 'staff', permission: PAGE },
  kind: 'query',
  body: z.object({ id }),
  output: configVersion.extend({ circuitCode: z.string(), circuitName: z.string(), previous: configVersion.nullable() }),
});

// ---------------------------------------------------------------------------------------------
// Driver values: a circuit's production volume or degree days per month, entered by the user

export const driverRow = z.object({
  id: z.number().int(),
  circuitId: z.number().int(),
  circuitCode: z.string(),
  circuitName: z.string(),
  month,
  /** Production volume or degree days of the month, in the configuration's driver unit. */
  value: z.number(),
  updatedAt: z.number(),
});
export type DriverRow = z.infer<typeof driverRow>;

/** Sets a circuit's driver value of a month (replacing the month's value). */
export const driverAdd = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-add`,
  summary: "Set a circuit's production volume or degree days of a month",
  tag,
  access: { auth: 'staff', permission: 'b-energy-driver-edit' },
  kind: 'command',
  body: z.object({
    circuitId: id,
    month,
    value: z
      .number()
      .min(0, 'must not be negative')
      .max(1e12, 'must be at most 1e12')
      .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'must have at most 3 decimals'),
  }),
  output: driverRow,
});

export const driverPage = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-page`,
  summary: 'Driver values of circuits per month, a page (newest month first)',
  tag,
  access: { auth: 'staff', permission: PAGE },
  kind: 'query',
  body: pageRequest.extend({ circuitId: id.optional(), from: month.optional(), to: month.optional() }),
  output: pageOf(driverRow),
});

export const driverDelete = endpoint({
  method: 'POST',
  path: `${BASE}/circuit-energy-delete`,
  summary: 'Delete a driver value',
  tag,
  access: { auth: 'staff', permission: 'b-energy-driver-edit' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ id: z.number().int() }),
});

/** Months since year 0: for counting and comparing months. */
export function monthIndex(m: string): number {
  return Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
}

/** The month of an index. */
export function monthOf(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}
