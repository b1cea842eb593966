import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';

// Long work started by a call (imports today; template creation and recomputations later): a job row
// the web polls with jobDetail until it is done or failed. Spec: issue 14.

const tag = 'jobs';

/** At most this many problems are listed in a job row; problemCount has them all. */
export const JOB_PROBLEMS_LISTED = 1000;

/** One problem of an import: the row of the file (1 = the header row), the column header, what is wrong. */
export const jobProblem = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type JobProblem = z.infer<typeof jobProblem>;

export const jobStatus = z.enum(['running', 'done', 'failed']);
export type JobStatus = z.infer<typeof jobStatus>;

/** A job as the web sees it (this shape is fixed: the web builds against it). */
export const jobRow = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: jobStatus,
  processed: z.number().int(),
  total: z.number().int(),
  imported: z.number().int(),
  /** The first JOB_PROBLEMS_LISTED problems. */
  problems: z.array(jobProblem),
  problemCount: z.number().int(),
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;

/** One job of the signed-in staff (another staff's or tenant's answers 404). */
export const jobDetail = endpoint({
  method: 'POST',
  path: '/api/v2/job/detail',
  summary: 'Job progress and outcome',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ id: z.uuid() }),
  output: jobRow,
});

/** The uploaded workbook of a failed import with every bad cell marked (red fill, a note) and a Problems column. */
export const jobProblems = endpoint({
  method: 'GET',
  path: '/api/v2/job/{id}/problems',
  summary: 'Workbook of an import with its problems marked',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  params: z.object({ id: z.uuid() }),
  query: z.object({ lang: z.enum(['en-US', 'zh-CN']).optional() }),
  output: z.any(),
  raw: true,
});
