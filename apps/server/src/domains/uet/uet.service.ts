import { and, count, eq, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { auditLog } from '../audit/audit.schema.js';
import { file } from '../files/files.schema.js';
import { ou } from '../ou/ou.schema.js';
import { role, staff } from '../staff/staff.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { uetCalculationStart } from './uet.schema.js';

/** UET start-of-calculation times and the test tool's statistics. */
export class UetService {
  async upsertStart(ctx: StaffCtx, input: { uetId: string; startCalculateTime: string }) {
    const start = new Date(input.startCalculateTime);
    const [row] = await ctx.tx
      .insert(uetCalculationStart)
      .values({ tenantId: ctx.staff.tenantId, uetId: input.uetId, startCalculateTime: start, updatedBy: ctx.staff.id })
      .onConflictDoUpdate({
        target: [uetCalculationStart.tenantId, uetCalculationStart.uetId],
        set: { startCalculateTime: start, updatedBy: ctx.staff.id, updatedAt: sql`now()` },
      })
      .returning();
    return { uetId: row.uetId, startCalculateTime: row.startCalculateTime.toISOString(), updatedAt: row.updatedAt.toISOString() };
  }

  async getStart(ctx: StaffCtx, input: { uetId: string }) {
    const [row] = await ctx.tx
      .select()
      .from(uetCalculationStart)
      .where(and(eq(uetCalculationStart.tenantId, ctx.staff.tenantId), eq(uetCalculationStart.uetId, input.uetId)));
    return {
      uetId: input.uetId,
      startCalculateTime: row?.startCalculateTime.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async statistics(ctx: StaffCtx) {
    const t = ctx.staff.tenantId;
    const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
    const [customers, staffCount, roles, ous, files, auditEntries] = await Promise.all([
      n(ctx.tx.select({ n: count() }).from(customer).where(eq(customer.tenantId, t))),
      n(ctx.tx.select({ n: count() }).from(staff).where(eq(staff.tenantId, t))),
      n(ctx.tx.select({ n: count() }).from(role).where(eq(role.tenantId, t))),
      n(ctx.tx.select({ n: count() }).from(ou).where(eq(ou.tenantId, t))),
      n(ctx.tx.select({ n: count() }).from(file).where(eq(file.tenantId, t))),
      n(ctx.tx.select({ n: count() }).from(auditLog).where(eq(auditLog.tenantId, t))),
    ]);
    return { customers, staff: staffCount, roles, ous, files, auditEntries };
  }
}
