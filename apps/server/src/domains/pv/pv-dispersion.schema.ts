import type { pv } from '@energy/contracts';
import { check, doublePrecision, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';
import { pvInverter, pvStation, pvString } from './pv.schema.js';

// String dispersion (docs/pv-analytics.md, "Dispersion"): per station its classes, its analysis configuration
// and the devices left out. A station without a row uses the defaults of the contract. Channel reads like
// every PV table.

const stationRef = () =>
  integer('station_id')
    .notNull()
    .references(() => pvStation.id, { onDelete: 'cascade' });

/** The named classes of a station's rate (ascending upper bounds, the last open). */
export const pvDispersionThreshold = pgTable(
  'pv_dispersion_threshold',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: stationRef().unique('pv_dispersion_threshold_station_uq'),
    classes: jsonb('classes').$type<pv.DispersionClass[]>().notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  () => [...tenantPolicies('channel')],
);

/** How a station's rate is formed: irradiance threshold, dead and weak ratios, grouping, the check's window. */
export const pvDispersionConfig = pgTable(
  'pv_dispersion_config',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: stationRef().unique('pv_dispersion_config_station_uq'),
    irradianceThreshold: doublePrecision('irradiance_threshold').notNull(),
    deadRatioPercent: doublePrecision('dead_ratio_percent').notNull(),
    weakRatioPercent: doublePrecision('weak_ratio_percent').notNull(),
    grouping: text('grouping').$type<pv.DispersionGrouping>().notNull(),
    windowHours: smallint('window_hours').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  () => [...tenantPolicies('channel')],
);

/** An inverter or a string left out of the analysis, with why, who and when (`created_at`). */
export const pvDispersionExclusion = pgTable(
  'pv_dispersion_exclusion',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...tenantColumns(),
    stationId: stationRef(),
    kind: text('kind').$type<'inverter' | 'string'>().notNull(),
    inverterId: integer('inverter_id').references(() => pvInverter.id, { onDelete: 'cascade' }),
    stringId: integer('string_id').references(() => pvString.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    byName: text('by_name').notNull(),
  },
  (t) => [
    index('pv_dispersion_exclusion_station_idx').on(t.stationId),
    check(
      'pv_dispersion_exclusion_target_ck',
      sql`(${t.kind} = 'inverter' and ${t.inverterId} is not null and ${t.stringId} is null) or (${t.kind} = 'string' and ${t.stringId} is not null)`,
    ),
    ...tenantPolicies('channel'),
  ],
);
