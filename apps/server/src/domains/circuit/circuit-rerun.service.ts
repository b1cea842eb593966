import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, invalid } from '../../plugins/errors.js';
import { localClock } from '../../pricing/tou-pricing.js';
import type { JobRow, JobsService } from '../jobs/jobs.service.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { instantOf } from './circuit-cost.service.js';
import { circuitRerun } from './circuit-energy.schema.js';
import { cachedQuartersOf, dayStartOf, dropCachedDays, nextDayStart, type Source } from './circuit-series.js';
import type { CircuitService } from './circuit.service.js';

// electricity/rerun (docs/circuits.md, "Rerun"): the statistics cache of circuits over a range dropped
// and computed again, as a job; insert/test-data: refused.

const DAY_MS = 86_400_000;
const MAX_DAYS = 400;
/** Circuit-days recomputed inline (in the request); more run in the background. */
export const RERUN_INLINE_DAYS = 62;
/** Days per step (one transaction, one progress write). */
const STEP_DAYS = 31;
const SOURCES: Source[] = ['energy', 'current', 'voltage', 'pf'];

export class CircuitRerunService {
  constructor(
    private readonly circuits: CircuitService,
    private readonly jobs: JobsService,
  ) {}

  /**
   * Drops and recomputes the cached days of visible circuits over the whole local days of [from, to)
   * that have ended. Refused while another rerun of one of these circuits over an overlapping range runs.
   */
  async rerun(ctx: StaffCtx, input: { circuitIds: number[]; from: string | number; to: string | number }): Promise<JobRow> {
    const ids = [...new Set(input.circuitIds)];
    await this.circuits.details(ctx, ids);
    const zone = await tenantTimeZone(ctx);
    const asked = { from: instantOf(input.from), to: instantOf(input.to) };
    if (asked.to <= asked.from) throw invalid('body.to', 'must be after from');
    if (asked.to - asked.from > MAX_DAYS * DAY_MS) throw invalid('body.to', `the range must be at most ${MAX_DAYS} days`);
    const from = dayStartOf(zone, asked.from);
    const toDay = dayStartOf(zone, asked.to);
    const to = toDay === asked.to ? toDay : nextDayStart(zone, toDay);
    const days: number[] = [];
    for (let d = from; d < to && d < Date.now(); d = nextDayStart(zone, d)) days.push(d);

    // one check at a time per tenant, so two requests cannot both find no overlap
    await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`circuit-rerun:${ctx.staff.tenantId}`}))`);
    const running = await rowsOf<{ id: string; circuit_ids: number[] | string }>(
      ctx.tx,
      sql`select r.job_id::text as id, r.circuit_ids from circuit_rerun r join job j on j.id = r.job_id
          where r.tenant_id = ${ctx.staff.tenantId} and j.status = 'running' and j.updated_at > now() - interval '5 minutes'
            and r.circuit_ids && ${sql.param(ids)}::int[]
            and r.from_ts < ${new Date(to).toISOString()}::timestamptz and ${new Date(from).toISOString()}::timestamptz < r.to_ts`,
    );
    if (running.length)
      throw conflict(`A rerun of these circuits over an overlapping range is running (job ${running[0]!.id}): wait for it to end`);

    const id = randomUUID();
    const base = { ...ctx };
    const dateOf = (t: number) => localClock(zone, t).date;
    const answer = await this.jobs.start(
      ctx,
      { id, kind: 'circuit-rerun', total: ids.length * days.length, inlineLimit: RERUN_INLINE_DAYS },
      async (io) => {
        let done = 0;
        for (const circuitId of ids)
          for (let i = 0; i < days.length; i += STEP_DAYS) {
            const step = days.slice(i, i + STEP_DAYS);
            const stepTo = nextDayStart(zone, step[step.length - 1]!);
            await io.transaction(async (tx) => {
              const stepCtx = { ...base, tx } as StaffCtx;
              await dropCachedDays(stepCtx, [circuitId], dateOf(step[0]!), dateOf(stepTo));
              for (const source of SOURCES) await cachedQuartersOf(stepCtx, zone, [circuitId], source, step[0]!, stepTo);
            });
            done += step.length;
            io.progress(done);
          }
        return { imported: done, problems: [], message: null };
      },
    );
    await ctx.tx.insert(circuitRerun).values({
      jobId: id,
      tenantId: ctx.staff.tenantId,
      circuitIds: ids,
      fromTs: new Date(from),
      toTs: new Date(to),
    });
    return answer;
  }

  /**
   * Synthetic readings are refused: a meter's counter written by anything but the meter would enter its
   * robust increase and the bills of every period after it, and the platform has no test flag on devices
   * or tenants to confine them. Demo data comes from the simulator through the ingest (docs/circuits.md).
   */
  testData(): never {
    throw new AppError(
      ErrorCode.BUSINESS_FAILURE,
      'insert/test-data is refused: readings come only from devices through the ingest (the demo simulator writes the demo sites)',
    );
  }
}
