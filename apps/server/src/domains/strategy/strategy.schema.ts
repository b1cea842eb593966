import type { strategy as contract } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bsaStation } from '../bsa/bsa.schema.js';
import { device } from '../devices/devices.schema.js';
import { staff } from '../staff/staff.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { tenantId, tenantPolicies } from '../tenancy/tenant-table.js';

export type StrategyKind = contract.StrategyKind;
export type StrategyStatus = (typeof contract.STRATEGY_STATUSES)[number];
export type DeliveryAction = (typeof contract.DELIVERY_ACTIONS)[number];
export type DeliveryResult = (typeof contract.DELIVERY_RESULTS)[number];

/**
 * A strategy of a station (kinds `strategy` and `fieldStrategy`, the latter with its days) or a
 * template (no station; bound to customers by `strategy_customer`). `body` is the editor's wire form as
 * validated; `revision` counts its edits. At most one strategy per station is executing (the one its
 * FCS accepted last): a partial unique index holds that.
 */
export const strategy = pgTable(
  'strategy',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    kind: text('kind').$type<StrategyKind>().notNull(),
    name: text('name').notNull(),
    /** Editor version 1..6 = CA..CF. */
    version: smallint('version').notNull(),
    globalVersion: text('global_version'),
    bsaId: integer('bsa_id').references(() => bsaStation.id, { onDelete: 'cascade' }),
    status: text('status').$type<StrategyStatus>().notNull().default('enabled'),
    revision: integer('revision').notNull().default(1),
    body: jsonb('body').$type<contract.StrategyWire>().notNull(),
    executiveFrom: date('executive_from'),
    executiveTo: date('executive_to'),
    executing: boolean('executing').notNull().default(false),
    executingSince: timestamp('executing_since', { withTimezone: true }),
    executingRevision: integer('executing_revision'),
    executingDeliveryId: integer('executing_delivery_id'),
    createdByStaffId: integer('created_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdByCode: text('created_by_code').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByStaffId: integer('updated_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    updatedByCode: text('updated_by_code').notNull(),
    updatedByName: text('updated_by_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('strategy_tenant_kind_idx').on(t.tenantId, t.kind),
    index('strategy_bsa_idx').on(t.bsaId),
    uniqueIndex('strategy_executing_uq')
      .on(t.bsaId)
      .where(sql`executing`),
    check('strategy_kind_ck', sql`${t.kind} in ('strategy', 'template', 'fieldStrategy')`),
    check('strategy_status_ck', sql`${t.status} in ('enabled', 'disabled')`),
    check('strategy_version_ck', sql`${t.version} between 1 and 6`),
    check('strategy_station_ck', sql`(${t.kind} = 'template') = (${t.bsaId} is null)`),
    check('strategy_days_ck', sql`(${t.kind} = 'fieldStrategy') = (${t.executiveFrom} is not null and ${t.executiveTo} is not null)`),
    check('strategy_executing_ck', sql`not ${t.executing} or (${t.kind} <> 'template' and ${t.executingSince} is not null)`),
    ...tenantPolicies('channel'),
  ],
);

/** The customers a template is offered to (update-mcid-binding-strategy). */
export const strategyCustomer = pgTable(
  'strategy_customer',
  {
    tenantId: tenantId(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategy.id, { onDelete: 'cascade' }),
    customerMcid: uuid('customer_mcid')
      .notNull()
      .references(() => customer.mcid, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.strategyId, t.customerMcid] }),
    index('strategy_customer_mcid_idx').on(t.customerMcid),
    ...tenantPolicies('channel'),
  ],
);

/**
 * Every delivery (and stop) sent to a station's FCS: who, when, which revision, what was sent, and what
 * came of it. Rows outlive their strategy (strategy_id set null, the name kept).
 */
export const strategyDelivery = pgTable(
  'strategy_delivery',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    strategyId: integer('strategy_id').references(() => strategy.id, { onDelete: 'set null' }),
    strategyName: text('strategy_name').notNull(),
    kind: text('kind').$type<StrategyKind>().notNull(),
    action: text('action').$type<DeliveryAction>().notNull(),
    bsaId: integer('bsa_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    bsaName: text('bsa_name').notNull(),
    fcsDeviceId: integer('fcs_device_id').references(() => device.id, { onDelete: 'set null' }),
    revision: integer('revision'),
    version: smallint('version'),
    /** The wire body sent (null for a stop): the station-side copy once accepted. */
    body: jsonb('body').$type<contract.StrategyWire>(),
    operatorStaffId: integer('operator_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    operatorCode: text('operator_code').notNull(),
    operatorName: text('operator_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    result: text('result').$type<DeliveryResult>().notNull().default('pending'),
    reason: text('reason'),
  },
  (t) => [
    index('strategy_delivery_tenant_idx').on(t.tenantId, t.requestedAt),
    index('strategy_delivery_bsa_idx').on(t.bsaId, t.requestedAt),
    index('strategy_delivery_strategy_idx').on(t.strategyId),
    index('strategy_delivery_pending_idx')
      .on(t.requestedAt)
      .where(sql`result = 'pending'`),
    check('strategy_delivery_action_ck', sql`${t.action} in ('deliver', 'stop')`),
    check('strategy_delivery_result_ck', sql`${t.result} in ('pending', 'accepted', 'rejected', 'timeout')`),
    ...tenantPolicies('channel'),
  ],
);
