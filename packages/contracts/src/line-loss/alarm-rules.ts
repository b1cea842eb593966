import { z } from 'zod';
import { alarmLevel } from '../alarm/common.js';
import { exportOptions, queryFilter } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { lineLossLevel } from './configs.js';

const tag = 'line-loss-alarm';

// ---------------------------------------------------------------------------------------------
// Line-loss alarm rules and their logs (docs/line-loss.md, "Alarm rules")

/** A threshold in percent with at most 4 decimals (stored exactly as parts per million of the rate). */
const percent = z
  .number()
  .gt(0, 'must be above 0 %')
  .lt(100, 'must be below 100 %')
  .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, 'has at most 4 decimals');

export const lineLossRuleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  configId: z.number().int(),
  configName: z.string(),
  ouId: z.number().int(),
  /** Fires when the rate exceeds this, in percent… */
  thresholdPercent: z.number(),
  /** …in each of this many consecutive closed periods. */
  periods: z.number().int(),
  timeLevel: lineLossLevel,
  level: alarmLevel,
  enabled: z.boolean(),
  /** `firing` while its alarm is active. */
  state: z.enum(['normal', 'firing']),
  /** The alarm it raised and that is still active, if any. */
  alarmId: z.number().int().nullable(),
  /** The last closed period evaluated, its rate (6 decimals) and when. */
  lastPeriod: z.string().nullable(),
  lastRate: z.number().nullable(),
  evaluatedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type LineLossRuleRow = z.infer<typeof lineLossRuleRow>;

const ruleBody = z.object({
  name: text(128).min(1, 'is required'),
  configId: id,
  thresholdPercent: percent,
  periods: z.number().int().min(1, 'must be at least 1').max(31, 'must be at most 31'),
  timeLevel: lineLossLevel.default('day'),
  level: alarmLevel.default(2),
  enabled: z.boolean().default(true),
});

export const ruleCreate = endpoint({
  method: 'POST',
  path: '/api/v2/line-loss/alarm/rule/create',
  summary: 'Create a line-loss alarm rule',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-line-loss-create' },
  kind: 'command',
  body: ruleBody,
  output: lineLossRuleRow,
});

export const ruleUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/line-loss/alarm/rule/update',
  summary: 'Change a line-loss alarm rule',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-line-loss-edit' },
  kind: 'command',
  body: ruleBody.extend({ id }),
  output: lineLossRuleRow,
});

export const ruleStatus = endpoint({
  method: 'POST',
  path: '/api/v2/line-loss/alarm/rule/status',
  summary: 'Enable or disable a line-loss alarm rule',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-line-loss-edit' },
  kind: 'command',
  body: z.object({ id, enabled: z.boolean() }),
  output: lineLossRuleRow,
});

/** Deletes a rule; a firing rule's alarm recovers. Its logs stay. Not named by the spec: the rules page's delete. */
export const ruleDelete = endpoint({
  method: 'POST',
  path: '/api/v2/line-loss/alarm/rule/delete',
  summary: 'Delete a line-loss alarm rule (its alarm recovers, its logs stay)',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-line-loss-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ id: z.number().int() }),
});

const ruleFilter = {
  name: text(128).optional(),
  configId: id.optional(),
  enabled: z.boolean().optional(),
  state: z.enum(['normal', 'firing']).optional(),
};

export const rulePage = endpoint({
  method: 'POST',
  path: '/api/v2/line-loss/alarm/rule/page',
  summary: 'Line-loss alarm rules, a page',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-line-loss' },
  kind: 'query',
  body: pageRequest.extend(ruleFilter),
  output: pageOf(lineLossRuleRow),
});

/** The filtered rules as XLSX or CSV (the page's filter). Not named by the spec: the rules page's export. */
export const ruleExport = endpoint({
  method: 'GET',
  path: '/api/v2/line-loss/alarm/rule/export',
  summary: 'Export line-loss alarm rules',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-line-loss-export' },
  kind: 'query',
  cost: 'export',
  query: z.object({ ...queryFilter(ruleFilter), ...exportOptions }),
  output: z.any(),
  raw: true,
});

export const ruleDetail = endpoint({
  method: 'POST',
  path: '/api/v2/line-loss/alarm/rule/detail',
  summary: 'A line-loss alarm rule',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-line-loss' },
  kind: 'query',
  body: z.object({ id }),
  output: lineLossRuleRow,
});

export const lineLossLogRow = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  configId: z.number().int(),
  configName: z.string(),
  /** `raised` when the rule fired, `recovered` when the rate fell back (or the rule was disabled or changed). */
  kind: z.enum(['raised', 'recovered']),
  /** The closed period that decided it and its rate (6 decimals; null without input). */
  period: z.string(),
  rate: z.number().nullable(),
  thresholdPercent: z.number(),
  /** The periods looked at and their figures. */
  periods: z.array(z.object({ label: z.string(), inputWh: z.number().int(), lossWh: z.number().int(), rate: z.number().nullable() })),
  alarmId: z.number().int().nullable(),
  remark: z.string(),
  createdAt: z.number(),
});
export type LineLossLogRow = z.infer<typeof lineLossLogRow>;

const logFilter = { ruleId: id.optional(), configId: id.optional(), kind: z.enum(['raised', 'recovered']).optional() };

export const logPage = endpoint({
  method: 'POST',
  path: '/api/v2/line-loss/alarm/log/page',
  summary: 'Line-loss alarm log, a page',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-line-loss' },
  kind: 'query',
  body: pageRequest.extend(logFilter),
  output: pageOf(lineLossLogRow),
});

/** The filtered logs as XLSX or CSV, newest first (the page's filter). Not named by the spec: the logs page's export. */
export const logExport = endpoint({
  method: 'GET',
  path: '/api/v2/line-loss/alarm/log/export',
  summary: 'Export the line-loss alarm log',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-line-loss-export' },
  kind: 'query',
  cost: 'export',
  query: z.object({ ...queryFilter(logFilter), ...exportOptions }),
  output: z.any(),
  raw: true,
});

export const logDetail = endpoint({
  method: 'POST',
  path: '/api/v2/line-loss/alarm/log/detail',
  summary: 'A line-loss alarm log entry',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-line-loss' },
  kind: 'query',
  body: z.object({ id }),
  output: lineLossLogRow,
});
