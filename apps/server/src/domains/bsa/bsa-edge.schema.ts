import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';
import { bsaDeviceTemplate, bsaStation, type BatteryLevel } from './bsa.schema.js';

// The edge side of building a station (docs/bsa.md, "Edge calls"): its FCS settings, its special units
// and the confirmation of each level's data points.

export type BmsProtocol = 'modbus-tcp' | 'modbus-rtu' | 'can';

/** A station's edge (FCS) settings, one row per station, replaced as a whole; `revision` counts the changes. */
export const bsaEdgeConfig = pgTable(
  'bsa_edge_config',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    ...tenantColumns(),
    revision: integer('revision').notNull().default(1),
    reportIntervalS: smallint('report_interval_s').notNull(),
    bmsProtocol: text('bms_protocol').$type<BmsProtocol>().notNull(),
    bmsHost: text('bms_host'),
    bmsPort: integer('bms_port'),
    serialPort: text('serial_port'),
    baudRate: integer('baud_rate'),
    slaveId: smallint('slave_id'),
    canBitrate: integer('can_bitrate'),
    rackTemplateId: integer('rack_template_id').references(() => bsaDeviceTemplate.id, { onDelete: 'set null' }),
    packTemplateId: integer('pack_template_id').references(() => bsaDeviceTemplate.id, { onDelete: 'set null' }),
    cellTemplateId: integer('cell_template_id').references(() => bsaDeviceTemplate.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    check('bsa_edge_config_protocol_ck', sql`${t.bmsProtocol} in ('modbus-tcp', 'modbus-rtu', 'can')`),
    check('bsa_edge_config_interval_ck', sql`${t.reportIntervalS} between 1 and 3600`),
    ...tenantPolicies('channel'),
  ],
);

/**
 * A rack, pack or cell that differs from its level: a note and, optionally, its own device template
 * (`template_id` is also written to the unit; `original_template_id` is what it had when first marked).
 */
export const bsaSpecialUnit = pgTable(
  'bsa_special_unit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    level: text('level').$type<BatteryLevel>().notNull(),
    /** The id of the rack, pack or cell (units are only deleted with their station). */
    unitId: integer('unit_id').notNull(),
    unitCode: text('unit_code').notNull(),
    templateId: integer('template_id').references(() => bsaDeviceTemplate.id, { onDelete: 'set null' }),
    originalTemplateId: integer('original_template_id').references(() => bsaDeviceTemplate.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    unique('bsa_special_unit_uq').on(t.level, t.unitId),
    index('bsa_special_unit_station_idx').on(t.stationId),
    check('bsa_special_unit_level_ck', sql`${t.level} in ('rack', 'pack', 'cell')`),
    ...tenantPolicies('channel'),
  ],
);

/** The confirmation that a level's data points are set up (point/{level}/complete), with what was confirmed. */
export const bsaPointSetup = pgTable(
  'bsa_point_setup',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => bsaStation.id, { onDelete: 'cascade' }),
    level: text('level').$type<BatteryLevel>().notNull(),
    ...tenantColumns(),
    units: integer('units').notNull(),
    points: integer('points').notNull(),
    completedBy: text('completed_by').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.level] }),
    check('bsa_point_setup_level_ck', sql`${t.level} in ('rack', 'pack', 'cell')`),
    ...tenantPolicies('channel'),
  ],
);
