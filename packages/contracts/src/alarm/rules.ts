import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { alarmCondition, alarmLevel } from './common.js';

const tag = 'alarm';

/**
 * A device alarm rule: when `property` of a device of `deviceTypeId` (in `ouId`, or any OU the rule's
 * scope allows; only `deviceIds` when listed) satisfies `condition threshold` for `durationSeconds`, an
 * alarm of `level` is raised; it recovers when the condition no longer holds.
 */
export const alarmRuleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  deviceTypeId: z.number().int(),
  deviceTypeName: z.string(),
  propertyId: z.number().int(),
  propertyKey: z.string(),
  propertyName: z.string(),
  unit: z.string(),
  condition: alarmCondition,
  threshold: z.number(),
  durationSeconds: z.number().int(),
  level: alarmLevel,
  /** null: every OU of the tenant (only staff who see all OUs may set it). */
  ouId: z.number().int().nullable(),
  ouName: z.string().nullable(),
  /** Empty: every device of the type in the rule's OU scope. */
  deviceIds: z.array(z.number().int()),
  enabled: z.boolean(),
  /** Alarms of this rule that are active now. */
  activeCount: z.number().int(),
  /** The rule's tenant: a channel staff reads its linked tenants' rules and changes only its own (`own`). */
  tenantName: z.string(),
  own: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlarmRuleRow = z.infer<typeof alarmRuleRow>;

const ruleFields = {
  name: text(64).min(1, 'is required'),
  description: text(256).nullable().optional(),
  deviceTypeId: id,
  propertyId: id,
  condition: alarmCondition,
  threshold: z.number().finite().min(-1e12).max(1e12),
  durationSeconds: z.number().int().min(0, 'must be 0 to 86400 seconds').max(86_400, 'must be 0 to 86400 seconds'),
  level: alarmLevel,
  ouId: id.nullable(),
  deviceIds: z.array(id).max(500).default([]),
  enabled: z.boolean().default(true),
};

/** The tenant's alarm rules the staff can see (its OUs, and tenant-wide rules), filtered, a page at a time. */
export const alarmRulePage = endpoint({
  method: 'POST',
  path: '/api/v2/device-alarm/rule/page',
  summary: 'Alarm rules (paged)',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-rule' },
  kind: 'query',
  body: pageRequest.extend({
    name: text(64).optional(),
    deviceTypeId: id.optional(),
    level: alarmLevel.optional(),
    enabled: z.boolean().optional(),
    timestamp: z.number().optional(),
  }),
  output: pageOf(alarmRuleRow),
});

export const alarmRuleDetail = endpoint({
  method: 'POST',
  path: '/api/v2/device-alarm/rule/detail',
  summary: 'Alarm rule detail',
  tag,
  access: { auth: 'staff', permission: 'p-alarm-rule' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: alarmRuleRow,
});

/** Creates a rule. The property must belong to the device type; listed devices must be of that type and visible. */
export const alarmRuleCreate = endpoint({
  method: 'POST',
  path: '/api/v2/device-alarm/rule/create',
  summary: 'Create an alarm rule',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-rule-create' },
  kind: 'command',
  body: z.object(ruleFields),
  output: alarmRuleRow,
});

/** Changes a rule (all fields). Active alarms of the rule are recovered when its condition changes. */
export const alarmRuleUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/device-alarm/rule/update',
  summary: 'Edit an alarm rule',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-rule-edit' },
  kind: 'command',
  body: z.object({ id, ...ruleFields }),
  output: alarmRuleRow,
});

/** Enables or disables a rule; disabling recovers its active alarms. */
export const alarmRuleStatus = endpoint({
  method: 'POST',
  path: '/api/v2/device-alarm/rule/status',
  summary: 'Enable or disable an alarm rule',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-rule-edit' },
  kind: 'command',
  body: z.object({ id, enabled: z.boolean() }),
  output: alarmRuleRow,
});

/** Deletes a rule; its alarm logs stay (with the rule's name as it was). */
export const alarmRuleDelete = endpoint({
  method: 'POST',
  path: '/api/v2/device-alarm/rule/delete',
  summary: 'Delete an alarm rule',
  tag,
  access: { auth: 'staff', permission: 'b-alarm-rule-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ id: z.number().int() }),
});
