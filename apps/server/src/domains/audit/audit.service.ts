import { audit as contract, type BodyOf } from '@energy/contracts';
import type { FastifyReply } from 'fastify';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { sendCsv } from '../../plugins/csv.js';
import { auditLog } from './audit.schema.js';

const rowOf = (r: typeof auditLog.$inferSelect) => ({
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
});

const CSV_COLUMNS = ['at', 'username', 'staffCode', 'call', 'target', 'outcome', 'code', 'ip', 'durationMs'] as const;

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export class AuditService {
  constructor(private readonly db: Db) {}

  /** Written on the owner connection, outside the request's transaction, so failed calls are kept too. */
  async record(entry: AuditEntry) {
    await this.db.insert(auditLog).values(entry);
  }

  private filterOf(ctx: StaffCtx, input: BodyOf<typeof contract.auditLogExport>) {
    const where: SQL[] = [eq(auditLog.tenantId, ctx.staff.tenantId)];
    if (input.from) where.push(gte(auditLog.at, new Date(input.from)));
    if (input.to) where.push(lte(auditLog.at, new Date(input.to)));
    if (input.staffId) where.push(eq(auditLog.staffId, input.staffId));
    if (input.outcome) where.push(eq(auditLog.outcome, input.outcome));
    if (input.call) where.push(ilike(auditLog.call, containing(input.call)));
    return and(...where);
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.auditLogPage>) {
    const filter = this.filterOf(ctx, input);
    const rows = await ctx.tx
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(input.pageSize)
      .offset((input.pageOffset - 1) * input.pageSize);
    const [{ total }] = await ctx.tx.select({ total: count() }).from(auditLog).where(filter);
    return {
      list: rows.map(rowOf),
      totalCount: total,
      pageSize: input.pageSize,
      pageOffset: input.pageOffset,
    };
  }

  /** The filtered log as CSV, at most AUDIT_EXPORT_MAX_ROWS rows. */
  async exportCsv(ctx: StaffCtx, input: BodyOf<typeof contract.auditLogExport>, reply: FastifyReply) {
    const rows = await ctx.tx
      .select()
      .from(auditLog)
      .where(this.filterOf(ctx, input))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(contract.AUDIT_EXPORT_MAX_ROWS);
    return sendCsv(
      reply,
      'audit-log',
      CSV_COLUMNS,
      rows.map(rowOf).map((row) => CSV_COLUMNS.map((c) => row[c])),
    );
  }
}
