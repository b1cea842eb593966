import { pv as contract, type BodyOf } from '@energy/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import type { PerformanceParams } from './pv-performance-data.js';
import { pvPerformanceConfig } from './pv-performance.schema.js';
import type { PvStationsService } from './pv-stations.service.js';

// Each station's performance config (docs/pv-analytics.md, "Performance"): γ, T_ref and the minimum
// irradiance; a station without its own uses the defaults. RLS channel: linked tenants read, the own writes.

type StationRow = contract.PvStationRow;
type ConfigRow = typeof pvPerformanceConfig.$inferSelect;

export const DEFAULT_PARAMS: PerformanceParams = {
  gammaPctPerK: contract.DEFAULT_GAMMA,
  referenceTempC: contract.DEFAULT_T_REF,
  minIrradianceWm2: contract.DEFAULT_MIN_IRRADIANCE,
};

const answer = (s: StationRow, c: ConfigRow | undefined): contract.PerformanceConfigRow => ({
  pvId: s.id,
  pvCode: s.code,
  pvName: s.name,
  capacityKwp: s.capacityKwp,
  gammaPctPerK: c?.gammaPctPerK ?? DEFAULT_PARAMS.gammaPctPerK,
  referenceTempC: c?.referenceTempC ?? DEFAULT_PARAMS.referenceTempC,
  minIrradianceWm2: c?.minIrradianceWm2 ?? DEFAULT_PARAMS.minIrradianceWm2,
  configured: !!c,
  updatedBy: c?.updatedByName ?? null,
  updatedAt: c?.updatedAt.toISOString() ?? null,
});

export class PvPerformanceConfigService {
  constructor(private readonly stations: PvStationsService) {}

  private async rowOf(ctx: StaffCtx, stationId: number) {
    const [row] = await ctx.tx.select().from(pvPerformanceConfig).where(eq(pvPerformanceConfig.stationId, stationId));
    return row;
  }

  /** The parameters of a visible station's figures. */
  async params(ctx: StaffCtx, stationId: number): Promise<PerformanceParams> {
    const row = await this.rowOf(ctx, stationId);
    return row
      ? { gammaPctPerK: row.gammaPctPerK, referenceTempC: row.referenceTempC, minIrradianceWm2: row.minIrradianceWm2 }
      : DEFAULT_PARAMS;
  }

  async info(ctx: StaffCtx, input: { pvId: number }) {
    const station = await this.stations.visible(ctx, input.pvId);
    return answer(station, await this.rowOf(ctx, station.id));
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.performanceConfigPage>) {
    const page = await this.stations.page(ctx, { pageSize: input.pageSize, pageOffset: input.pageOffset, keyword: input.keyword } as never);
    const ids = page.list.map((s) => s.id);
    const rows = ids.length ? await ctx.tx.select().from(pvPerformanceConfig).where(inArray(pvPerformanceConfig.stationId, ids)) : [];
    const list = page.list.map((s) =>
      answer(
        s,
        rows.find((r) => r.stationId === s.id),
      ),
    );
    return { ...page, list };
  }

  /** Sets the config of a station the staff may change (a decommissioned station is read-only). */
  async setUp(ctx: StaffCtx, input: contract.PerformanceConfigInput) {
    const station = await this.stations.writable(ctx, input.pvId);
    const values = {
      gammaPctPerK: input.gammaPctPerK,
      referenceTempC: input.referenceTempC,
      minIrradianceWm2: input.minIrradianceWm2,
      updatedByName: ctx.user.name,
      updatedAt: new Date(),
    };
    await ctx.tx
      .insert(pvPerformanceConfig)
      .values({ stationId: station.id, tenantId: ctx.staff.tenantId, ...values })
      .onConflictDoUpdate({ target: pvPerformanceConfig.stationId, set: values });
    return answer(station, await this.rowOf(ctx, station.id));
  }
}
