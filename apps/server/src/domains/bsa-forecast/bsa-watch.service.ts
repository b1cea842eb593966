import type { bsaForecast as contract, BodyOf } from '@energy/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import type { AlarmRecordsService } from '../alarm/alarm-records.service.js';
import type { BsaService, StationRow } from '../bsa/bsa.service.js';
import { bsaAttention } from './bsa-forecast.schema.js';

// A storage station's alarms and the staff's watched stations (docs/bsa.md, "Forecasts and station money
// (issue 22)"): the alarms are the alarm pipeline's records of the station's devices (PCS, meters, FCS: a
// failed strategy delivery's server alarm names the FCS), read through the alarm domain's service.

const deviceIdsOf = (s: StationRow) => [
  ...s.pcs.map((p) => p.deviceId),
  ...s.meters.map((m) => m.deviceId),
  ...(s.fcs ? [s.fcs.deviceId] : []),
];

export class BsaWatchService {
  constructor(
    private readonly bsa: BsaService,
    private readonly alarms: AlarmRecordsService,
  ) {}

  /** Total and active alarms of the station's devices per level. */
  async alarmCount(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const levels = await this.alarms.devicesCount(ctx, deviceIdsOf(station));
    return { total: levels.reduce((s, l) => s + l.total, 0), active: levels.reduce((s, l) => s + l.active, 0), levels };
  }

  /** The station's devices' alarms, newest first, a page. */
  async alarmData(ctx: StaffCtx, input: BodyOf<typeof contract.alarmData>) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    return this.alarms.devicesPage(
      ctx,
      { deviceIds: deviceIdsOf(station), state: input.state, levels: input.levels },
      input.pageOffset,
      input.pageSize,
    );
  }

  /** The staff's watched stations; `add` and `remove` change the list first (a station the staff sees, else 404). */
  async attention(ctx: StaffCtx, input: BodyOf<typeof contract.attention>): Promise<contract.AttentionRow[]> {
    const mine = and(eq(bsaAttention.staffId, ctx.staff.id), eq(bsaAttention.tenantId, ctx.staff.tenantId))!;
    if (input.action !== 'list') {
      const station = await this.bsa.detail(ctx, { id: input.bsaId! });
      if (input.action === 'add')
        await ctx.tx
          .insert(bsaAttention)
          .values({ tenantId: ctx.staff.tenantId, staffId: ctx.staff.id, stationId: station.id })
          .onConflictDoNothing();
      else await ctx.tx.delete(bsaAttention).where(and(mine, eq(bsaAttention.stationId, station.id)));
    }
    const rows = await ctx.tx.select().from(bsaAttention).where(mine).orderBy(asc(bsaAttention.createdAt), asc(bsaAttention.id));
    if (!rows.length) return [];
    // only stations the staff still sees (its OUs may have changed since it added them)
    const visible = new Map((await this.bsa.list(ctx)).map((s) => [s.id, s]));
    const watched = rows.flatMap((r) => (visible.has(r.stationId) ? [{ row: r, station: visible.get(r.stationId)! }] : []));
    const active = await this.alarms.activeByDevice(
      ctx,
      watched.flatMap((w) => deviceIdsOf(w.station)),
    );
    return watched.map(({ row, station }) => {
      const ids = new Set(deviceIdsOf(station));
      const mineActive = active.filter((a) => ids.has(a.deviceId));
      return {
        bsaId: station.id,
        code: station.code,
        name: station.name,
        ouName: station.ouName,
        status: station.status,
        online: station.online,
        activeAlarms: mineActive.reduce((s, a) => s + a.active, 0),
        highestLevel: mineActive.length ? Math.min(...mineActive.map((a) => a.highestLevel)) : null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }
}
