import type { bsaRemote } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bsaStation } from '../bsa/bsa.schema.js';
import { device } from '../devices/devices.schema.js';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';

type ModeOption = { value: number; label: string };

/**
 * The remote command catalogue of a tenant (docs/bsa.md, "Remote control"): a named command for a device
 * type, with its action and parameter (a set power's range in kW, a mode switch's values).
 */
export const bsaRemoteCommand = pgTable(
  'bsa_remote_command',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    name: text('name').notNull(),
    deviceType: text('device_type').$type<bsaRemote.RemoteDeviceType>().notNull(),
    action: text('action').$type<bsaRemote.RemoteAction>().notNull(),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    options: jsonb('options').$type<ModeOption[]>(),
    description: text('description'),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('bsa_remote_command_name_uq').on(t.tenantId, sql`lower(${t.name})`),
    check('bsa_remote_command_type_ck', sql`${t.deviceType} in ('pcs', 'fcs')`),
    check('bsa_remote_command_action_ck', sql`${t.action} in ('start', 'stop', 'set-power', 'mode')`),
    ...tenantPolicies('tenant'),
  ],
);

/**
 * Every command sent to a device and its outcome. `request_id` is the client's idempotency id (one row
 * per id in a tenant); a device has at most one pending command. The station, device and command are
 * kept by name so the log outlives them.
 */
export const bsaRemoteLog = pgTable(
  'bsa_remote_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    requestId: uuid('request_id').notNull(),
    commandId: integer('command_id').references(() => bsaRemoteCommand.id, { onDelete: 'set null' }),
    commandName: text('command_name').notNull(),
    action: text('action').$type<bsaRemote.RemoteAction>().notNull(),
    deviceType: text('device_type').$type<bsaRemote.RemoteDeviceType>().notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    stationCode: text('station_code').notNull(),
    stationName: text('station_name').notNull(),
    deviceId: integer('device_id').references(() => device.id, { onDelete: 'set null' }),
    deviceCode: text('device_code').notNull(),
    deviceName: text('device_name').notNull(),
    value: doublePrecision('value'),
    unit: text('unit'),
    valueLabel: text('value_label'),
    status: text('status').$type<bsaRemote.RemoteStatus>().notNull().default('pending'),
    reason: text('reason'),
    operatorStaffId: integer('operator_staff_id'),
    operatorCode: text('operator_code').notNull(),
    operatorName: text('operator_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bsa_remote_log_request_uq').on(t.tenantId, t.requestId),
    uniqueIndex('bsa_remote_log_one_pending_uq')
      .on(t.deviceId)
      .where(sql`status = 'pending'`),
    index('bsa_remote_log_station_idx').on(t.stationId, t.id),
    index('bsa_remote_log_tenant_idx').on(t.tenantId, t.id),
    check('bsa_remote_log_status_ck', sql`${t.status} in ('pending', 'acknowledged', 'refused', 'timeout')`),
    ...tenantPolicies('tenant'),
  ],
);

/** The operation log: catalogue changes and sends, with who and when. */
export const bsaRemoteOperation = pgTable(
  'bsa_remote_operation',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    operation: text('operation').$type<(typeof bsaRemote.REMOTE_OPERATIONS)[number]>().notNull(),
    commandId: integer('command_id').references(() => bsaRemoteCommand.id, { onDelete: 'set null' }),
    commandName: text('command_name').notNull(),
    detail: text('detail').notNull(),
    logId: integer('log_id').references(() => bsaRemoteLog.id, { onDelete: 'set null' }),
    /** A send's station (its OU scopes who reads the line); null for catalogue changes. */
    stationId: integer('station_id').references(() => bsaStation.id, { onDelete: 'cascade' }),
    operatorCode: text('operator_code').notNull(),
    operatorName: text('operator_name').notNull(),
  },
  (t) => [
    index('bsa_remote_operation_tenant_idx').on(t.tenantId, t.id),
    check('bsa_remote_operation_ck', sql`${t.operation} in ('create', 'edit', 'delete', 'send')`),
    ...tenantPolicies('tenant'),
  ],
);
