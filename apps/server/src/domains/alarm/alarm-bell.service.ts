import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { list } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { notFound } from '../../plugins/errors.js';
import { alarmLog, alarmPush } from './alarm.schema.js';
import { scope } from './alarm-rows.js';

/** The bell (spec 000, cors/) and read state, which is per staff (the record list and the signboard read through here too). */
export class AlarmBellService {
  /** The staff's pushes of device alarms of one level (in OUs it still sees), newest first. */
  async pushPage(ctx: StaffCtx, input: { level: number; page: number; size: number }) {
    const pushes = list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ a: alarmLog, readAt: alarmPush.readAt })
          .from(alarmPush)
          .innerJoin(alarmLog, eq(alarmLog.id, alarmPush.alarmId))
          .$dynamic(),
      where: [eq(alarmPush.staffId, ctx.staff.id), eq(alarmLog.source, 'rule'), eq(alarmLog.level, input.level), ...scope(ctx)],
      order: [desc(alarmLog.alarmTime), desc(alarmLog.id)],
    });
    const page = await pushes.page({ pageSize: input.size, pageOffset: input.page }, (rows) =>
      rows.map(({ a, readAt }) => ({
        alarmId: a.id,
        deviceId: a.deviceId,
        deviceName: a.deviceName ?? '',
        alarmTime: a.alarmTime.toISOString(),
        ruleName: a.ruleName,
        level: a.level,
        readState: readAt !== null,
        recoverTime: a.recoverTime ? a.recoverTime.toISOString() : null,
      })),
    );
    return { list: page.list, total: page.totalCount };
  }

  /** Marks alarms read for the signed-in staff (a push row is made when it had none); answers how many were unread. */
  private async markRead(ctx: StaffCtx, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const visible = new Set(
      (
        await ctx.tx
          .select({ id: alarmLog.id })
          .from(alarmLog)
          .where(and(inArray(alarmLog.id, unique), ...scope(ctx)))
      ).map((r) => r.id),
    );
    const missing = unique.find((id) => !visible.has(id));
    if (missing !== undefined) throw notFound(`Alarm ${missing}`);
    const [{ n }] = (await ctx.tx
      .select({ n: count() })
      .from(alarmPush)
      .where(and(eq(alarmPush.staffId, ctx.staff.id), inArray(alarmPush.alarmId, unique), sql`${alarmPush.readAt} is not null`))) as [
      { n: number },
    ];
    await ctx.tx.execute(sql`
      insert into alarm_push (tenant_id, staff_id, alarm_id, read_at)
      select ${ctx.staff.tenantId}::uuid, ${ctx.staff.id}::int, a, now() from unnest(${sql.param(unique)}::int[]) as a
      on conflict (staff_id, alarm_id) do update set read_at = coalesce(alarm_push.read_at, excluded.read_at)`);
    return unique.length - Number(n);
  }

  async readOne(ctx: StaffCtx, input: { id: number }) {
    await this.markRead(ctx, [input.id]);
    return true;
  }

  async batchRead(ctx: StaffCtx, input: { ids: number[] }) {
    return { read: await this.markRead(ctx, input.ids) };
  }
}
