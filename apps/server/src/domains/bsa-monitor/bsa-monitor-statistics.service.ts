import { bsaMonitor as contract, type BodyOf } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import type { BsaLevelsService } from '../bsa/bsa-levels.service.js';
import type { BsaService } from '../bsa/bsa.service.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { lifetimeWh, localToday, round } from './bsa-monitor-readings.js';

type Totals = z.infer<typeof contract.energyTotals>;
const noTotals = (): Totals => ({ chargeWh: 0, dischargeWh: 0, gridImportWh: 0, gridExportWh: 0 });

/** All the staff's stations at once (docs/bsa.md "Monitoring (issue 22)"): the map and the statistics. */
export class BsaMonitorStatisticsService {
  constructor(
    private readonly bsa: BsaService,
    private readonly levels: BsaLevelsService,
  ) {}

  /** Each visible station at its site's (OU's) coordinates. */
  async gis(ctx: StaffCtx): Promise<z.infer<typeof contract.bsaStaticsGis.output>> {
    const stations = await this.bsa.list(ctx);
    const ous = stations.length
      ? await rowsOf<{ id: number; address: string | null; lng: number | null; lat: number | null }>(
          ctx.tx,
          sql`select id, address, lng, lat from ou where id = any(${sql.param([...new Set(stations.map((s) => s.ouId))])}::int[])`,
        )
      : [];
    return stations.map((s) => {
      const o = ous.find((x) => x.id === s.ouId);
      return {
        id: s.id,
        code: s.code,
        name: s.name,
        status: s.status,
        online: s.online,
        ouName: s.ouName,
        address: o?.address ?? null,
        lng: o?.lng === null || o?.lng === undefined ? null : Number(o.lng),
        lat: o?.lat === null || o?.lat === undefined ? null : Number(o.lat),
        ratedPowerKw: s.ratedPowerKw,
        capacityKwh: s.capacityKwh,
      };
    });
  }

  /**
   * Counts, rating and capacity of the stations, and their energy today and since their first reading: Σ over
   * the stations of their figures (a grid meter shared by two stations of a site counts for each).
   */
  async statics(ctx: StaffCtx, input: BodyOf<typeof contract.bsaStatics>): Promise<z.infer<typeof contract.bsaStatics.output>> {
    const stations = await this.bsa.list(ctx, { name: input.name, ouId: input.ouId, statusFilter: input.statusFilter });
    const byStatus: Record<string, number> = {};
    const today = noTotals();
    const lifetime = noTotals();
    let date = '';
    for (const s of stations) {
      byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
      const now = await this.levels.now(ctx, { bsaId: s.id });
      date = now.date;
      for (const k of Object.keys(today) as (keyof Totals)[]) today[k] += now.today[k];
      const grid = s.meters.filter((m) => m.role === 'grid').map((m) => m.deviceId);
      const pcs = s.pcs.map((p) => p.deviceId);
      const life = await lifetimeWh(ctx, [
        ...pcs.map((d) => ({ deviceId: d, key: 'e_chg', name: 'chargeWh' })),
        ...pcs.map((d) => ({ deviceId: d, key: 'e_dis', name: 'dischargeWh' })),
        ...grid.map((d) => ({ deviceId: d, key: 'e_imp', name: 'gridImportWh' })),
        ...grid.map((d) => ({ deviceId: d, key: 'e_exp', name: 'gridExportWh' })),
      ]);
      for (const k of Object.keys(lifetime) as (keyof Totals)[]) lifetime[k] += life.wh.get(k) ?? 0;
    }
    if (!date) date = await localToday(ctx, await tenantTimeZone(ctx));
    return {
      stations: stations.length,
      online: stations.filter((s) => s.online).length,
      byStatus,
      ratedPowerKw: round(
        stations.reduce((a, s) => a + s.ratedPowerKw, 0),
        3,
      ),
      capacityKwh: round(
        stations.reduce((a, s) => a + s.capacityKwh, 0),
        3,
      ),
      date,
      today,
      lifetime,
    };
  }
}
