import type { jobs } from '@energy/contracts';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from '../staff/staff.schema.js';
import { tenantColumns, tenantPolicies } from '../tenancy/tenant-table.js';

/**
 * Long work a staff started (an import today): its progress, outcome and problems. Visible to the staff
 * that started it. `file` is the uploaded file kept for the problems workbook (under DATA_DIR/jobs).
 */
export const job = pgTable(
  'job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...tenantColumns(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').$type<jobs.JobStatus>().notNull(),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    /** The first JOB_PROBLEMS_LISTED problems; problem_count counts them all. */
    problems: jsonb('problems').$type<jobs.JobProblem[]>().notNull().default([]),
    problemCount: integer('problem_count').notNull().default(0),
    message: text('message'),
    file: text('file'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('job_staff_idx').on(t.tenantId, t.staffId, t.createdAt), ...tenantPolicies('tenant')],
);
