import { audit as contract, type BodyOf } from '@energy/contracts';
import type { FastifyReply } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, equals, list, since, until, where } from '../../db/list.js';
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

  /** The tenant's log, newest first, filtered. */
  private list(ctx: StaffCtx, input: BodyOf<typeof contract.auditLogExport>) {
    return list(ctx.tx, {
      query: () => ctx.tx.select().from(auditLog).$dynamic(),
      where: [
        eq(auditLog.tenantId, ctx.staff.tenantId),
        ...where(input, {
          from: since(auditLog.at),
          to: until(auditLog.at),
          staffId: equals(auditLog.staffId),
          outcome: equals(auditLog.outcome),
          call: contains(auditLog.call),
        }),
      ],
      order: [desc(auditLog.at), desc(auditLog.id)],
    });
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.auditLogPage>) {
    return this.list(ctx, input).page(input, (rows) => rows.map(rowOf));
  }

  /** The filtered log as CSV, at most AUDIT_EXPORT_MAX_ROWS rows. */
  async exportCsv(ctx: StaffCtx, input: BodyOf<typeof contract.auditLogExport>, reply: FastifyReply) {
    const rows = await this.list(ctx, input).all(undefined, { limit: contract.AUDIT_EXPORT_MAX_ROWS });
    return sendCsv(
      reply,
      'audit-log',
      CSV_COLUMNS,
      rows.map(rowOf).map((row) => CSV_COLUMNS.map((c) => row[c])),
    );
  }
}
