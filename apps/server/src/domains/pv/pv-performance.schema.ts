import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';
import { pvStation } from './pv.schema.js';

/**
 * A PV station's performance config (docs/pv-analytics.md, "Performance"): the power temperature
 * coefficient γ and reference temperature of the temperature-corrected PR, and the irradiance below which
 * the inverters are not expected to run. A station without a row uses the defaults; who and when changed
 * it are kept (`updated_by_name`, `updated_at`).
 */
export const pvPerformanceConfig = pgTable(
  'pv_performance_config',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => pvStation.id, { onDelete: 'cascade' }),
    ...tenantColumns(),
    gammaPctPerK: doublePrecision('gamma_pct_per_k').notNull(),
    referenceTempC: doublePrecision('reference_temp_c').notNull(),
    minIrradianceWm2: doublePrecision('min_irradiance_wm2').notNull(),
    updatedByName: text('updated_by_name').notNull(),
  },
  () => [...tenantPolicies('channel')],
);
