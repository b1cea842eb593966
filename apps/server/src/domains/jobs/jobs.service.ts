import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, jobs as contract } from '@energy/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { job } from './jobs.schema.js';

// Long work a staff starts (imports; later template creation, recomputations). Small work runs inline and
// answers the finished job; larger work answers a running job and goes on after the request, in its own
// transactions scoped to the staff's tenant (row-level security applies as in a request), writing its
// progress as it goes. docs/excel.md#jobs.

export type JobRow = contract.JobRow;

/** One problem as stored: the public fields plus the 0-based column of the file, for marking the cell. */
export interface StoredProblem extends contract.JobProblem {
  col?: number;
}

/** What a job's work gets. */
export interface JobIo {
  /** True when the request waits for the outcome (the work then runs in the request's transaction). */
  inline: boolean;
  /** Runs `fn` in a transaction as the staff's tenant: the request's own when inline, else a new one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Progress so far; written at once outside a transaction, else when the transaction ends. */
  progress(processed: number): void;
}

/** How the work ended. Problems make it `failed` (and nothing is saved: the work's own rule). */
export interface JobOutcome {
  imported: number;
  problems: StoredProblem[];
  message?: string | null;
}

export interface JobStart {
  /** Set by the caller when it stores a file under the job's id before starting (`fileOf`). */
  id: string;
  kind: string;
  total: number;
  /** The uploaded file the job works on, kept when the job fails (the problems workbook marks it). */
  file?: string;
  /** At most this many units of work run inline (default INLINE_LIMIT). */
  inlineLimit?: number;
}

/** Work of at most this many rows runs inline. */
export const INLINE_LIMIT = 1000;
/** A running job whose progress has not moved for this long was interrupted (a restart). */
const STALE_MS = 5 * 60_000;
/** Files of a failed job (its upload, its problems) are kept this many days after it finished, for the problems workbook. */
export const JOB_FILE_DAYS = 7;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class JobsService {
  /** Jobs this process is running. */
  private readonly active = new Map<string, Promise<void>>();

  constructor(
    private readonly system: Db,
    readonly root: string,
  ) {}

  /** Where a job keeps its files: `<root>/<tenant>/<id>` plus an extension. */
  fileOf(tenantId: string, id: string): string {
    return path.join(this.root, tenantId, id);
  }

  /**
   * Starts work: inline when `total` is small (answers the finished job), else in the background
   * (answers the running job; the work starts once the request's transaction has committed).
   */
  async start(ctx: StaffCtx, start: JobStart, work: (io: JobIo) => Promise<JobOutcome>): Promise<JobRow> {
    const base = {
      id: start.id,
      tenantId: ctx.staff.tenantId,
      staffId: ctx.staff.id,
      kind: start.kind,
      total: start.total,
      file: start.file ?? null,
    };
    if (start.total <= (start.inlineLimit ?? INLINE_LIMIT)) {
      const outcome = await work({ inline: true, transaction: (fn) => fn(ctx.tx), progress: () => {} });
      const finished = this.finished(outcome, start.total);
      await this.keepProblems(base, finished.status, outcome.problems);
      const [row] = await ctx.tx
        .insert(job)
        .values({ ...base, ...finished })
        .returning();
      return jobRowOf(row!);
    }
    const [row] = await ctx.tx
      .insert(job)
      .values({ ...base, status: 'running' })
      .returning();
    const scope = { tenantId: ctx.staff.tenantId, muid: ctx.user.muid, channels: ctx.staff.channelTenantIds.join(',') };
    ctx.defer(async () => {
      const run = this.runInBackground(row!.id, scope, start, work).finally(() => this.active.delete(row!.id));
      this.active.set(row!.id, run);
    });
    return jobRowOf(row!);
  }

  /** Waits for this process's running jobs (tests, shutdown). */
  async idle() {
    while (this.active.size) await Promise.allSettled([...this.active.values()]);
  }

  private finished(outcome: JobOutcome, total: number) {
    const failed = outcome.problems.length > 0 || !!outcome.message;
    return {
      status: (failed ? 'failed' : 'done') as contract.JobStatus,
      processed: total,
      imported: failed ? 0 : outcome.imported,
      problems: outcome.problems.slice(0, contract.JOB_PROBLEMS_LISTED),
      problemCount: outcome.problems.length,
      message: outcome.message ?? null,
      finishedAt: new Date(),
      updatedAt: new Date(),
    };
  }

  private async runInBackground(
    id: string,
    scope: { tenantId: string; muid: string; channels: string },
    start: JobStart,
    work: (io: JobIo) => Promise<JobOutcome>,
  ) {
    let inTransaction = false;
    let pending: number | undefined;
    const write = async () => {
      if (pending === undefined) return;
      const processed = pending;
      pending = undefined;
      await this.system
        .update(job)
        .set({ processed, updatedAt: new Date() })
        .where(and(eq(job.id, id), eq(job.tenantId, scope.tenantId)));
    };
    // progress writes one after another, all ended before the outcome is written (on a pool, a write still
    // under way could otherwise land after the outcome and set `processed` back)
    let writes = Promise.resolve();
    const flush = () => (writes = writes.then(write).catch(() => {}));
    const io: JobIo = {
      inline: false,
      // a transaction as energy_app scoped to the tenant, as requests run (withScope in the tests does the same)
      transaction: async (fn) => {
        inTransaction = true;
        try {
          return await this.system.transaction(async (tx) => {
            await tx.execute(
              sql`select set_config('app.tenant_id', ${scope.tenantId}, true), set_config('app.muid', ${scope.muid}, true),
                         set_config('app.channel_tenants', ${scope.channels}, true), set_config('role', 'energy_app', true)`,
            );
            return fn(tx as unknown as Db);
          });
        } finally {
          // with PGlite the one connection is the transaction's until it ends: progress waits for it
          inTransaction = false;
          await flush();
        }
      },
      progress: (processed) => {
        pending = processed;
        if (!inTransaction) void flush();
      },
    };
    let outcome: JobOutcome;
    try {
      outcome = await work(io);
    } catch (error) {
      const known = error instanceof AppError ? error.message : null;
      if (!known) console.error(`job ${id} failed`, error);
      outcome = { imported: 0, problems: [], message: known ?? 'The job stopped on an internal error' };
    }
    await writes;
    const finished = this.finished(outcome, start.total);
    await this.keepProblems({ id, tenantId: scope.tenantId, file: start.file ?? null }, finished.status, outcome.problems);
    await this.system
      .update(job)
      .set(finished)
      .where(and(eq(job.id, id), eq(job.tenantId, scope.tenantId)));
  }

  /** A failed job keeps its problems (all of them) and its file for the problems workbook; a done one keeps nothing. */
  private async keepProblems(
    row: { id: string; tenantId: string; file: string | null },
    status: contract.JobStatus,
    problems: StoredProblem[],
  ) {
    if (status === 'failed' && problems.length) {
      await fs.promises.mkdir(path.dirname(this.fileOf(row.tenantId, row.id)), { recursive: true });
      await fs.promises.writeFile(`${this.fileOf(row.tenantId, row.id)}.problems.json`, JSON.stringify(problems));
    } else if (row.file) await fs.promises.rm(row.file, { force: true });
  }

  /**
   * Removes the files of jobs that no longer need them, across every tenant (owner connection): a job
   * that finished before `olderThan`, a done job, a job whose row is gone, a running job no process has
   * moved since `olderThan`. A file without a row is kept while younger than `olderThan` (its job row may
   * not be committed yet). Answers the number of files removed.
   */
  async sweepFiles(olderThan: Date): Promise<number> {
    let removed = 0;
    const tenants = await fs.promises.readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const dir of tenants) {
      if (!dir.isDirectory()) continue;
      const folder = path.join(this.root, dir.name);
      const names = await fs.promises.readdir(folder);
      const ids = [...new Set(names.map((n) => n.split('.')[0]!).filter((id) => UUID.test(id)))];
      const rows = new Map<string, { status: string; finished_at: Date | string | null; updated_at: Date | string }>();
      for (let i = 0; i < ids.length; i += 1000) {
        const some = ids.slice(i, i + 1000);
        for (const r of await rowsOf<{ id: string; status: string; finished_at: Date | string | null; updated_at: Date | string }>(
          this.system,
          sql`select id::text as id, status, finished_at, updated_at from job where id = any(${sql.param(some)}::uuid[])`,
        ))
          rows.set(r.id.toLowerCase(), r);
      }
      for (const name of names) {
        const file = path.join(folder, name);
        const id = name.split('.')[0]!.toLowerCase();
        const row = rows.get(id);
        const before = (t: Date | string | null) => t !== null && new Date(t) < olderThan;
        let gone: boolean;
        if (!row) {
          const stat = await fs.promises.stat(file).catch(() => null);
          gone = !!stat?.isFile() && stat.mtime < olderThan;
        } else if (row.status === 'running') gone = !this.active.has(id) && before(row.updated_at);
        else gone = row.status === 'done' || before(row.finished_at);
        if (!gone) continue;
        await fs.promises.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** A job of the current staff, or 404 (another staff's or tenant's job answers the same). */
  async visible(ctx: StaffCtx, id: string) {
    const [row] = await ctx.tx
      .select()
      .from(job)
      .where(and(eq(job.id, id), eq(job.tenantId, ctx.staff.tenantId), eq(job.staffId, ctx.staff.id)));
    if (!row) throw notFound('The job');
    if (row.status === 'running' && !this.active.has(row.id) && Date.now() - row.updatedAt.getTime() > STALE_MS) {
      const [failed] = await ctx.tx
        .update(job)
        .set({ status: 'failed', message: 'The job was interrupted (the server restarted); start it again', finishedAt: new Date() })
        .where(and(eq(job.id, row.id), eq(job.tenantId, ctx.staff.tenantId)))
        .returning();
      return failed!;
    }
    return row;
  }

  /** A job as its page polls it; the server's own messages in the reader's language. */
  async detail(ctx: StaffCtx, input: { id: string }): Promise<JobRow> {
    const row = jobRowOf(await this.visible(ctx, input.id));
    return { ...row, message: said(ctx, row.message) };
  }

  /** Every problem of a failed job and its file, for the problems workbook. */
  async problemsOf(ctx: StaffCtx, id: string): Promise<{ row: typeof job.$inferSelect; problems: StoredProblem[] }> {
    const row = await this.visible(ctx, id);
    if (row.status !== 'failed' || !row.problemCount || !row.file)
      throw new AppError(ErrorCode.VALIDATION, 'id: the job has no problems to mark (only a failed import does)');
    const text = await fs.promises.readFile(`${this.fileOf(row.tenantId, row.id)}.problems.json`, 'utf8').catch(() => null);
    if (text === null || !fs.existsSync(row.file)) throw notFound('The file of the job');
    return { row, problems: JSON.parse(text) as StoredProblem[] };
  }
}

/** A job row as answered (a domain's list of its jobs, e.g. the circuit energy config import records). */
export function jobRowOf(r: typeof job.$inferSelect): JobRow {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    processed: r.processed,
    total: r.total,
    imported: r.imported,
    problems: r.problems.map(({ row, column, message }) => ({ row, column, message })),
    problemCount: r.problemCount,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}
