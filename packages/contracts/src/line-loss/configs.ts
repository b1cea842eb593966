import { z } from 'zod';
import { exportOptions } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, idParam, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { instant } from '../circuit/accounts.js';

const tag = 'circuit-line-loss';

// ---------------------------------------------------------------------------------------------
// Line-loss configurations (docs/line-loss.md): what goes in against what comes out

/** `circuit`: a circuit against circuits (usually its children); `meter`: an incoming meter against outgoing meters. */
export const LINE_LOSS_KINDS = ['circuit', 'meter'] as const;
export const lineLossKind = z.enum(LINE_LOSS_KINDS);
export type LineLossKind = z.infer<typeof lineLossKind>;

export const lineLossMember = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const lineLossConfigRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: lineLossKind,
  ouId: z.number().int(),
  ouName: z.string(),
  /** The circuit (kind circuit) or the meter (kind meter) whose energy goes in. */
  input: lineLossMember,
  /** The circuits or meters whose energy comes out. */
  outputs: z.array(lineLossMember),
  remark: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type LineLossConfigRow = z.infer<typeof lineLossConfigRow>;

const configBody = z.object({
  name: text(128).min(1, 'is required'),
  kind: lineLossKind,
  /** A circuit id (kind circuit) or a meter's device id (kind meter). */
  inputId: id,
  outputIds: z
    .array(id)
    .min(1, 'needs at least one output')
    .max(200, 'at most 200 outputs')
    .refine((ids) => new Set(ids).size === ids.length, 'lists an output twice'),
  remark: text(256).nullable().optional(),
});

const configFilter = { name: text(128).optional(), kind: lineLossKind.optional(), ouId: id.optional() };

export const lineLossCreate = endpoint({
  method: 'POST',
  path: '/api/v2/circuit-line-loss/create',
  summary: 'Create a line-loss configuration',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-line-loss-create' },
  kind: 'command',
  body: configBody,
  output: lineLossConfigRow,
});

export const lineLossUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/circuit-line-loss/update',
  summary: 'Change a line-loss configuration',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-line-loss-edit' },
  kind: 'command',
  body: configBody.extend({ id }),
  output: lineLossConfigRow,
});

export const lineLossDelete = endpoint({
  method: 'POST',
  path: '/api/v2/circuit-line-loss/delete',
  summary: 'Delete a line-loss configuration (with its alarm rules)',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-line-loss-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ id: z.number().int() }),
});

export const lineLossPage = endpoint({
  method: 'POST',
  path: '/api/v2/circuit-line-loss/page',
  summary: 'Line-loss configurations, a page',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-line-loss' },
  kind: 'query',
  body: pageRequest.extend(configFilter),
  output: pageOf(lineLossConfigRow),
});

export const lineLossList = endpoint({
  method: 'POST',
  path: '/api/v2/circuit-line-loss/list',
  summary: 'Line-loss configurations',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-line-loss' },
  kind: 'query',
  body: z.object(configFilter).optional(),
  output: z.array(lineLossConfigRow),
});

export const lineLossDetail = endpoint({
  method: 'POST',
  path: '/api/v2/circuit-line-loss/detail',
  summary: 'A line-loss configuration',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-line-loss' },
  kind: 'query',
  body: z.object({ id }),
  output: lineLossConfigRow,
});

// ---------------------------------------------------------------------------------------------
// Figures

export const LINE_LOSS_LEVELS = ['day', 'month'] as const;
export const lineLossLevel = z.enum(LINE_LOSS_LEVELS);
export type LineLossLevel = z.infer<typeof lineLossLevel>;

export const lineLossFigures = z.object({
  /** Energy in (the input circuit's meters, or the incoming meter), Wh. */
  inputWh: z.number().int(),
  /** The sum of the outputs' energy, Wh. */
  outputWh: z.number().int(),
  lossWh: z.number().int(),
  /** loss / input, to 6 decimals; null without input. */
  rate: z.number().nullable(),
});
export type LineLossFigures = z.infer<typeof lineLossFigures>;

/**
 * Loss per local day or month: input − Σ outputs, and the rate. Either a stored configuration
 * (`configId`) or a circuit against its direct children (`circuitId`).
 */
export const lineLossData = endpoint({
  method: 'POST',
  path: '/api/v2/circuit-line-loss/data',
  summary: 'Line loss per day or month',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-line-loss' },
  kind: 'query',
  cost: 'heavy',
  body: z
    .object({ circuitId: id.optional(), configId: id.optional(), from: instant, to: instant, timeLevel: lineLossLevel.default('day') })
    .refine((b) => (b.circuitId === undefined) !== (b.configId === undefined), {
      message: 'give either circuitId or configId',
      path: ['configId'],
    }),
  output: z.object({
    configId: z.number().int().nullable(),
    circuitId: z.number().int().nullable(),
    kind: lineLossKind,
    name: z.string(),
    timeZone: z.string(),
    input: lineLossMember,
    /** The outputs (a circuit's direct children when asked by circuitId). */
    children: z.array(lineLossMember),
    periods: z.array(lineLossFigures.extend({ label: z.string(), ts: z.number() })),
    total: lineLossFigures,
  }),
});

/** A month by day (`exportDate` YYYY-MM) or a year by month (YYYY) as XLSX or CSV, then a total row. */
export const lineLossExport = endpoint({
  method: 'GET',
  path: '/api/v2/circuit-line-loss/export',
  summary: 'Export line loss per day or month',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-line-loss-export' },
  kind: 'query',
  cost: 'export',
  query: z
    .object({
      circuitId: idParam.optional(),
      configId: idParam.optional(),
      exportDate: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'must be YYYY, YYYY-MM or YYYY-MM-DD'),
      timeLevel: lineLossLevel.default('day'),
      ...exportOptions,
    })
    .refine((b) => (b.circuitId === undefined) !== (b.configId === undefined), {
      message: 'give either circuitId or configId',
      path: ['configId'],
    })
    .refine((b) => b.timeLevel === 'month' || b.exportDate.length >= 7, {
      message: 'a month (YYYY-MM) is needed for days',
      path: ['exportDate'],
    }),
  output: z.any(),
  raw: true,
});
