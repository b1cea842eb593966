import { z } from 'zod';
import { exportOptions } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, isoDateTime } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';

export const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  muid: z.string().nullable(),
  username: z.string().nullable(),
  staffId: z.number().int().nullable(),
  staffCode: z.string().nullable(),
  call: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(['ok', 'error']),
  code: z.number().int(),
  ip: z.string().nullable(),
  durationMs: z.number().int(),
});

/** What the log page and the export filter on. */
const auditFilter = z.object({
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  staffId: id.optional(),
  call: z.string().trim().max(200).optional(),
  outcome: z.enum(['ok', 'error']).optional(),
});

/** The tenant's audit log of state-changing calls, newest first. */
export const auditLogPage = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/audit-log/page',
  summary: 'Audit log',
  tag: 'audit',
  access: { auth: 'staff', permission: 'p-settings-audit' },
  kind: 'query',
  body: pageRequest.extend(auditFilter.shape),
  output: pageOf(auditRow),
});

/** The most rows one export holds; narrow the filter for more. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/**
 * The filtered audit log, newest first, as XLSX (default) or CSV (`format: 'csv'`: UTF-8 with BOM), headers
 * and outcomes in `lang` (else the `lang` cookie, else en-US), times in the tenant's time zone.
 */
export const auditLogExport = endpoint({
  method: 'POST',
  path: '/api/v2/platform-public/audit-log/export',
  summary: 'Export the audit log (XLSX or CSV)',
  tag: 'audit',
  access: { auth: 'staff', permission: 'b-audit-export' },
  kind: 'query',
  cost: 'export',
  body: auditFilter.extend(exportOptions),
  output: z.any(),
  raw: true,
});
