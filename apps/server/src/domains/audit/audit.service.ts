import type { BodyOf, audit as contract } from '@energy/contracts';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { auditLog } from './audit.schema.js';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export class AuditService {
  constructor(private readonly db: Db) {}

  /** Written on the owner connection, outside the request's transaction, so failed calls are kept too. */
  async record(entry: AuditEntry) {
    await this.db.insert(auditLog).values(entry);
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.auditLogPage>) {
    const where: SQL[] = [eq(auditLog.tenantId, ctx.staff.tenantId)];
    if (input.from) where.push(gte(auditLog.at, new Date(input.from)));
    if (input.to) where.push(lte(auditLog.at, new Date(input.to)));
    if (input.staffId) where.push(eq(auditLog.staffId, input.staffId));
    if (input.outcome) where.push(eq(auditLog.outcome, input.outcome));
    if (input.call) where.push(ilike(auditLog.call, containing(input.call)));
    const filter = and(...where);
    const rows = await ctx.tx
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(input.pageSize)
      .offset((input.pageOffset - 1) * input.pageSize);
    const [{ total }] = await ctx.tx.select({ total: count() }).from(auditLog).where(filter);
    return {
      list: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        muid: r.muid,
        username: r.username,
        staffId: r.staffId,
        staffCode: r.staffCode,
        call: r.call,
        target: r.target,
        outcome: r.outcome,
        code: r.code,
        ip: r.ip,
        durationMs: r.durationMs,
      })),
      totalCount: total,
      pageSize: input.pageSize,
      pageOffset: input.pageOffset,
    };
  }
}
