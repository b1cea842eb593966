import type { alarm } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { dataProperty, device, deviceType } from '../devices/devices.schema.js';
import { staff } from '../staff/staff.schema.js';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

/**
 * A device alarm rule: `property condition threshold` held for `duration_seconds` on a device of the
 * type (in `ou_id`, or every OU when null; only `device_ids` when not empty) raises an alarm of `level`.
 * `ou_id` has no foreign key on purpose: a rule must not keep an OU from being deleted (it then matches nothing).
 */
export const alarmRule = pgTable(
  'alarm_rule',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    deviceTypeId: integer('device_type_id')
      .notNull()
      .references(() => deviceType.id),
    propertyId: integer('property_id')
      .notNull()
      .references(() => dataProperty.id),
    condition: text('condition').$type<alarm.AlarmCondition>().notNull(),
    threshold: doublePrecision('threshold').notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    level: smallint('level').notNull(),
    ouId: integer('ou_id'),
    deviceIds: integer('device_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // names are unique per tenant ignoring case; the service says so first, the index settles races
  (t) => [uniqueIndex('alarm_rule_name_uq').on(t.tenantId, sql`lower(${t.name})`), ...tenantPolicies('channel')],
);

/**
 * One alarm: a device alarm raised by a rule (source 'rule') or a server alarm of a platform scene
 * (source 'server', `scene_type`, `target_id`). What the rule and device were at raise time is copied,
 * so the record reads the same after the rule is edited or deleted or the device renamed. State 0
 * active, 1 recovered. The two partial unique indexes make "raised once per active condition" hold in
 * the database too: at most one active alarm per rule and device, and per scene and target.
 */
export const alarmLog = pgTable(
  'alarm_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    source: text('source').$type<'rule' | 'server'>().notNull(),
    sceneType: text('scene_type').$type<alarm.ServerAlarmScene>(),
    /** Server alarms: what the scene concerns (a device, a strategy, a station). */
    targetId: integer('target_id'),
    level: smallint('level').notNull(),
    state: smallint('state').notNull().default(0),
    ruleId: integer('rule_id').references(() => alarmRule.id, { onDelete: 'set null' }),
    ruleName: text('rule_name').notNull(),
    deviceId: integer('device_id').references(() => device.id, { onDelete: 'set null' }),
    deviceCode: text('device_code'),
    deviceName: text('device_name'),
    deviceTypeName: text('device_type_name'),
    /** The device's OU when raised: who sees the alarm (no foreign key, like alarm_rule.ou_id). */
    ouId: integer('ou_id'),
    propertyId: integer('property_id'),
    propertyKey: text('property_key'),
    propertyName: text('property_name'),
    unit: text('unit'),
    condition: text('condition').$type<alarm.AlarmCondition>(),
    threshold: doublePrecision('threshold'),
    triggerValue: doublePrecision('trigger_value'),
    content: text('content').notNull(),
    alarmTime: timestamp('alarm_time', { withTimezone: true }).notNull(),
    recoverTime: timestamp('recover_time', { withTimezone: true }),
    recoveredBy: text('recovered_by').$type<'auto' | 'manual'>(),
    recoverRemark: text('recover_remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alarm_log_active_rule_uq')
      .on(t.ruleId, t.deviceId)
      .where(sql`state = 0 and source = 'rule'`),
    uniqueIndex('alarm_log_active_scene_uq')
      .on(t.tenantId, t.sceneType, t.targetId)
      .where(sql`state = 0 and source = 'server'`),
    index('alarm_log_tenant_time_idx').on(t.tenantId, t.alarmTime),
    index('alarm_log_device_idx').on(t.deviceId),
    index('alarm_log_rule_idx').on(t.ruleId),
    // channel staff read their linked tenants' alarms (docs/platform-console.md); writes stay in the tenant
    ...tenantPolicies('channel'),
  ],
);

/** A work order raised for an alarm. */
export const alarmWorkOrder = pgTable(
  'alarm_work_order',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarmLog.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    assignee: text('assignee'),
    createdByStaffId: integer('created_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_work_order_alarm_idx').on(t.alarmId), ...tenantPolicies('tenant')],
);

/**
 * An alarm pushed to a staff (written with the alarm, before the push is sent, so the bell re-reads
 * what a socket missed), and whether that staff has read it. Read state is per staff.
 */
export const alarmPush = pgTable(
  'alarm_push',
  {
    tenantId: tenantId(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    alarmId: integer('alarm_id')
      .notNull()
      .references(() => alarmLog.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.alarmId] }), index('alarm_push_alarm_idx').on(t.alarmId), ...tenantPolicies('tenant')],
);
