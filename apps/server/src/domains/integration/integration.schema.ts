import { doublePrecision, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenant } from '../tenancy/tenancy.schema.js';
import { tenantPolicies } from '../tenancy/tenant-table.js';

/** A tenant's GIS map settings. */
export const gisConfig = pgTable(
  'gis_config',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenant.id),
    centerLng: doublePrecision('center_lng').notNull(),
    centerLat: doublePrecision('center_lat').notNull(),
    zoom: doublePrecision('zoom').notNull(),
    mapStyle: text('map_style').notNull().default('dark'),
    districtAdcode: text('district_adcode'),
  },
  () => [...tenantPolicies('tenant')],
);

/** FCS software releases (platform reference data). */
export const fcsSoftwareVersion = pgTable('fcs_software_version', {
  id: integer('id').primaryKey(),
  softwareVersion: text('software_version').notNull().unique(),
  hardwareVersions: text('hardware_versions').array().notNull(),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
  notes: text('notes').notNull().default(''),
});
