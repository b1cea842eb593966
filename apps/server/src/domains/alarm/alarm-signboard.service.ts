import { alarm as contract, type InputOf } from '@energy/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { readTenants } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, notFound } from '../../plugins/errors.js';
import type { DevicesService } from '../devices/devices.service.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { alarmLog } from './alarm.schema.js';
import { DAY_MS, STATISTICS_DAYS, countByLevel, detailRow, pageRows, scope, selectRows, whereOf, type Filter } from './alarm-rows.js';
import type { AlarmEvaluator } from './evaluator.js';

function signboardFilter(input: InputOf<typeof contract.signboardAlarmCount>): Filter {
  return {
    deviceId: input.assetId,
    assetType: input.assetType,
    deviceCode: input.deviceCode,
    assetCode: input.assetCode,
    deviceName: input.deviceName,
    text: input.abnormalDiagnosis,
    state: input.state,
    levels: input.level === undefined ? undefined : [input.level],
    from: input.alarmStartTime,
    to: input.alarmEndTime,
  };
}

/** The fault signboard (spec 002, alarm-fault-signboard): the same alarms by asset, and manual recovery. */
export class AlarmSignboardService {
  constructor(
    private readonly evaluator: AlarmEvaluator,
    private readonly devices: DevicesService,
  ) {}

  signboardPage(ctx: StaffCtx, input: InputOf<typeof contract.signboardAlarmPage>) {
    return pageRows(ctx, signboardFilter(input), input.page, input.size);
  }

  async signboardCount(ctx: StaffCtx, input: InputOf<typeof contract.signboardAlarmCount>) {
    const byLevel = await countByLevel(ctx, whereOf(ctx, signboardFilter(input)));
    const total = byLevel.reduce((n, l) => n + l.total, 0);
    const active = byLevel.reduce((n, l) => n + l.active, 0);
    return { total, active, recovered: total - active, byLevel };
  }

  /** The staff's devices whose name or code contains `name`, with their active alarms: alarmed (most severe) first. */
  async signboardAssets(ctx: StaffCtx, input: { name?: string }) {
    const needle = input.name?.toLowerCase();
    const devices = (await this.devices.ouList(ctx)).filter(
      (d) => !needle || d.name.toLowerCase().includes(needle) || d.code.toLowerCase().includes(needle),
    );
    const active = await ctx.tx
      .select({ deviceId: alarmLog.deviceId, n: sql<number>`count(*)::int`, highest: sql<number>`min(${alarmLog.level})::int` })
      .from(alarmLog)
      .where(and(...scope(ctx), eq(alarmLog.state, 0), sql`${alarmLog.deviceId} is not null`))
      .groupBy(alarmLog.deviceId);
    const byDevice = new Map(active.map((a) => [a.deviceId!, a]));
    return devices
      .map((d) => {
        const a = byDevice.get(d.id);
        return {
          assetId: d.id,
          assetCode: d.code,
          assetName: d.name,
          assetType: d.categoryKey,
          assetTypeName: d.deviceTypeName,
          ouName: d.ouName,
          online: d.online,
          activeCount: Number(a?.n ?? 0),
          highestLevel: a ? Number(a.highest) : null,
        };
      })
      .sort(
        (x, y) =>
          (x.highestLevel ?? 99) - (y.highestLevel ?? 99) || y.activeCount - x.activeCount || x.assetCode.localeCompare(y.assetCode),
      );
  }

  /** Every active alarm (at most ALL_ALARM_MAX), most severe and newest first. */
  allActive(ctx: StaffCtx) {
    return selectRows(ctx, and(...scope(ctx), eq(alarmLog.state, 0))!, { limit: contract.ALL_ALARM_MAX, activeFirst: true });
  }

  /** The tenants the signboard shows: the staff's own, or for a channel staff the ones it works in. */
  async tenantList(ctx: StaffCtx) {
    return ctx.tx
      .select({ mcid: tenant.id, name: tenant.name })
      .from(tenant)
      .where(inArray(tenant.id, readTenants(ctx)))
      .orderBy(asc(tenant.name));
  }

  monitoringRange() {
    const to = new Date();
    return { days: STATISTICS_DAYS, from: new Date(to.getTime() - STATISTICS_DAYS * DAY_MS).toISOString(), to: to.toISOString() };
  }

  /** Recovers an active alarm by hand (the fault is fixed); 40009 when it is already recovered. */
  async recover(ctx: StaffCtx, input: { id: number; remark?: string | null }) {
    const [row] = await ctx.tx
      .select({ id: alarmLog.id, state: alarmLog.state })
      .from(alarmLog)
      .where(and(eq(alarmLog.id, input.id), ...scope(ctx)))
      .for('update');
    if (!row) throw notFound(`Alarm ${input.id}`);
    if (row.state !== 0) throw conflict(`Alarm ${input.id} is already recovered`);
    await ctx.tx
      .update(alarmLog)
      .set({ state: 1, recoverTime: new Date(), recoveredBy: 'manual', recoverRemark: input.remark || null })
      .where(and(eq(alarmLog.id, row.id), eq(alarmLog.tenantId, ctx.staff.tenantId)));
    ctx.defer(async () => this.evaluator.alarmsRecovered([row.id]));
    return detailRow(ctx, row.id);
  }
}
