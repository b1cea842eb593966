import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { isoDateTime } from '../common/ids.js';

const tag = 'uet';
const uetId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1..64 letters, digits, dash or underscore');

/**
 * Sets from when a UET (a site's energy unit) counts energy and income. A button-level action.
 * The UET id is the dispatch structure's id once that domain exists.
 */
export const uetUpsertStartCalculateTime = endpoint({
  method: 'POST',
  path: '/api/v2/uet/upsert-start-calculate-time',
  summary: 'Set a UET start-of-calculation time',
  tag,
  access: { auth: 'staff', permission: 'b-income-start-time-edit' },
  kind: 'command',
  body: z.object({ uetId, startCalculateTime: isoDateTime }),
  output: z.object({ uetId: z.string(), startCalculateTime: z.string(), updatedAt: z.string() }),
});

/** Reads a UET's start-of-calculation time; null when never set. */
export const uetGetStartCalculateTime = endpoint({
  method: 'POST',
  path: '/api/v2/uet/get-start-calculate-time',
  summary: 'Get a UET start-of-calculation time',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ uetId }),
  output: z.object({ uetId: z.string(), startCalculateTime: z.string().nullable(), updatedAt: z.string().nullable() }),
});

/** Counts of the tenant's objects, for support and test tooling. */
export const testToolStatistics = endpoint({
  method: 'POST',
  path: '/api/v2/test-tool/statistics',
  summary: 'Tenant object counts',
  tag,
  access: { auth: 'staff', permission: 'p-settings-platform' },
  kind: 'query',
  body: noBody,
  output: z.object({
    customers: z.number().int(),
    staff: z.number().int(),
    roles: z.number().int(),
    ous: z.number().int(),
    files: z.number().int(),
    auditEntries: z.number().int(),
  }),
});
