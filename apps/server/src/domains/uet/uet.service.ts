import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
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

  /** One query; the tables are counted under row-level security as well as by tenant. */
  async statistics(ctx: StaffCtx) {
    const t = ctx.staff.tenantId;
    const [row] = await rowsOf<{ customers: number; staff: number; roles: number; ous: number; files: number; auditEntries: number }>(
      ctx.tx,
      sql`
        select (select count(*)::int from ${customer} where tenant_id = ${t}) as customers,
               (select count(*)::int from ${staff} where tenant_id = ${t}) as staff,
               (select count(*)::int from ${role} where tenant_id = ${t}) as roles,
               (select count(*)::int from ${ou} where tenant_id = ${t}) as ous,
               (select count(*)::int from ${file} where tenant_id = ${t}) as files,
               (select count(*)::int from ${auditLog} where tenant_id = ${t}) as "auditEntries"`,
    );
    return row!;
  }
}
