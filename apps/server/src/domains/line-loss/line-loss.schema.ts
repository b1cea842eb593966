import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { circuit } from '../circuit/circuit.schema.js';
import { device } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';

/**
 * A line-loss configuration (docs/line-loss.md): a circuit against circuits (kind circuit) or an incoming
 * meter against outgoing meters (kind meter). Deleting its input circuit or meter deletes it.
 */
export const lineLossConfig = pgTable(
  'line_loss_config',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    ouId: integer('ou_id')
      .notNull()
      .references(() => ou.id),
    name: text('name').notNull(),
    kind: text('kind').$type<'circuit' | 'meter'>().notNull(),
    inputCircuitId: integer('input_circuit_id').references(() => circuit.id, { onDelete: 'cascade' }),
    inputDeviceId: integer('input_device_id').references(() => device.id, { onDelete: 'cascade' }),
    remark: text('remark'),
  },
  (t) => [
    index('line_loss_config_ou_idx').on(t.ouId),
    check('line_loss_config_kind_ck', sql`${t.kind} in ('circuit', 'meter')`),
    check(
      'line_loss_config_input_ck',
      sql`(${t.kind} = 'circuit' and ${t.inputCircuitId} is not null and ${t.inputDeviceId} is null) or (${t.kind} = 'meter' and ${t.inputDeviceId} is not null and ${t.inputCircuitId} is null)`,
    ),
    ...tenantPolicies('tenant'),
  ],
);

/** The outputs of a configuration: circuits or meters, in their order. */
export const lineLossOutput = pgTable(
  'line_loss_output',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    configId: integer('config_id')
      .notNull()
      .references(() => lineLossConfig.id, { onDelete: 'cascade' }),
    circuitId: integer('circuit_id').references(() => circuit.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => device.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('line_loss_output_config_idx').on(t.configId),
    check('line_loss_output_one_ck', sql`(${t.circuitId} is null) <> (${t.deviceId} is null)`),
    ...tenantPolicies('tenant'),
  ],
);

/** A rule on a configuration's rate: above the threshold in N consecutive closed periods raises an alarm. */
export const lineLossRule = pgTable(
  'line_loss_rule',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    configId: integer('config_id')
      .notNull()
      .references(() => lineLossConfig.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The threshold rate in parts per million (5 % = 50,000): compared exactly with loss / input. */
    thresholdPpm: integer('threshold_ppm').notNull(),
    periods: smallint('periods').notNull(),
    timeLevel: text('time_level').$type<'day' | 'month'>().notNull().default('day'),
    level: smallint('level').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    state: text('state').$type<'normal' | 'firing'>().notNull().default('normal'),
    alarmId: integer('alarm_id'),
    lastPeriod: text('last_period'),
    lastRate: text('last_rate'),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
  },
  (t) => [
    index('line_loss_rule_config_idx').on(t.configId),
    check('line_loss_rule_threshold_ck', sql`${t.thresholdPpm} > 0 and ${t.thresholdPpm} < 1000000`),
    check('line_loss_rule_periods_ck', sql`${t.periods} between 1 and 31`),
    check('line_loss_rule_level_ck', sql`${t.level} between 0 and 4`),
    check('line_loss_rule_time_level_ck', sql`${t.timeLevel} in ('day', 'month')`),
    check('line_loss_rule_state_ck', sql`${t.state} in ('normal', 'firing')`),
    ...tenantPolicies('tenant'),
  ],
);

export interface LineLossLogPeriod {
  label: string;
  inputWh: number;
  lossWh: number;
  rate: number | null;
}

/** What a rule did: raised its alarm, or recovered it. Kept when the rule or its configuration is deleted. */
export const lineLossLog = pgTable(
  'line_loss_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    ouId: integer('ou_id')
      .notNull()
      .references(() => ou.id),
    ruleId: integer('rule_id').notNull(),
    ruleName: text('rule_name').notNull(),
    configId: integer('config_id').notNull(),
    configName: text('config_name').notNull(),
    kind: text('kind').$type<'raised' | 'recovered'>().notNull(),
    period: text('period').notNull(),
    rate: text('rate'),
    thresholdPpm: integer('threshold_ppm').notNull(),
    periods: jsonb('periods').$type<LineLossLogPeriod[]>().notNull(),
    alarmId: integer('alarm_id'),
    remark: text('remark').notNull(),
  },
  (t) => [
    index('line_loss_log_rule_idx').on(t.ruleId),
    index('line_loss_log_ou_idx').on(t.ouId),
    check('line_loss_log_kind_ck', sql`${t.kind} in ('raised', 'recovered')`),
    ...tenantPolicies('tenant'),
  ],
);
