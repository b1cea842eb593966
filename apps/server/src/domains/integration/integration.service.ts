import { desc, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { StaffService } from '../staff/staff.service.js';
import { fcsSoftwareVersion, gisConfig } from './integration.schema.js';

/** Integrated apps and their permissions, GIS settings, FCS software versions. */
export class IntegrationService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly staff: StaffService,
  ) {}

  apps(ctx: StaffCtx, input?: { name?: string }) {
    const permitted = this.staff.integratedPermissions(ctx);
    const needle = input?.name?.toLowerCase();
    return this.catalogue
      .moduleOrigins()
      .filter((o) => o.kind === 'integrated' && (!needle || o.name.toLowerCase().includes(needle)))
      .sort((a, b) => a.id - b.id)
      .map((o) => ({
        id: o.id,
        code: o.code,
        name: o.name,
        origin: o.origin,
        pathPrefix: o.pathPrefix,
        permitted: (permitted[String(o.id)] ?? []).length > 0,
      }));
  }

  permissions(ctx: StaffCtx, input?: { integratedAppId?: number }) {
    const map = this.staff.integratedPermissions(ctx);
    return this.catalogue
      .moduleOrigins()
      .filter((o) => o.kind === 'integrated' && (input?.integratedAppId == null || o.id === input.integratedAppId))
      .sort((a, b) => a.id - b.id)
      .map((o) => ({ integratedAppId: o.id, codes: map[String(o.id)] ?? [] }));
  }

  async gis(ctx: StaffCtx) {
    const [row] = await ctx.tx.select().from(gisConfig).where(eq(gisConfig.tenantId, ctx.staff.tenantId));
    // A tenant that never set its map gets the whole country.
    if (!row) return { center: [104.1954, 35.8617] as [number, number], zoom: 4, mapStyle: 'dark', districtAdcode: null };
    return {
      center: [row.centerLng, row.centerLat] as [number, number],
      zoom: row.zoom,
      mapStyle: row.mapStyle,
      districtAdcode: row.districtAdcode,
    };
  }

  async fcsVersions(ctx: StaffCtx, input?: { hardwareVersion?: string }) {
    const rows = await ctx.tx.select().from(fcsSoftwareVersion).orderBy(desc(fcsSoftwareVersion.releasedAt));
    return rows
      .filter((r) => !input?.hardwareVersion || r.hardwareVersions.includes(input.hardwareVersion))
      .map((r) => ({
        id: r.id,
        softwareVersion: r.softwareVersion,
        hardwareVersions: r.hardwareVersions,
        releasedAt: r.releasedAt.toISOString(),
        notes: r.notes,
      }));
  }
}
