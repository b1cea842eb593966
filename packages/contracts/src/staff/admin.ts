import { z } from 'zod';
import { newPassword } from '../account/index.js';
import { endpoint } from '../common/endpoint.js';
import { id, mcid, muid, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { staffStatus } from './schemas.js';

// Staff administration (settings > organisation > staff): the tenant's staff accounts, not one's own.

const tag = 'staff';

const staffCode = z.string().trim().min(1, 'is required').max(32);
/** The staff's operating units; the caller may only name OUs it sees itself. */
const ouIds = z.array(id).max(500);

/** A staff account of the tenant, with its person, customer, role and OUs. */
export const staffAdminRow = z.object({
  id: z.number().int(),
  staffCode: z.string(),
  muid: z.string(),
  username: z.string(),
  name: z.string(),
  customerMcid: z.string(),
  customerName: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  status: staffStatus,
  ous: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdAt: z.string(),
});

/** The tenant's staff accounts, paged; keyword matches staff code, username or the person's name. */
export const staffPage = endpoint({
  method: 'POST',
  path: '/api/v2/staff/page',
  summary: 'Staff accounts of the tenant',
  tag,
  access: { auth: 'staff', permission: 'p-settings-staff' },
  kind: 'query',
  body: pageRequest.extend({
    keyword: text(64).optional(),
    status: staffStatus.optional(),
    roleId: id.optional(),
    customerMcid: mcid.optional(),
    ouId: id.optional(),
  }),
  output: pageOf(staffAdminRow),
});

/** One staff account of the tenant. */
export const staffDetail = endpoint({
  method: 'POST',
  path: '/api/v2/staff/detail',
  summary: 'Staff account detail',
  tag,
  access: { auth: 'staff', permission: 'p-settings-staff' },
  kind: 'query',
  body: z.object({ id }),
  output: staffAdminRow,
});

/**
 * A new person: username unique on the platform (stored lower-case), password as for a password change.
 * A taken username adds the person who has it only when `phone` or `email` is theirs (they keep their
 * own password); otherwise 40900 with one message whoever has it (docs/security.md).
 */
export const newStaffUser = z.object({
  kind: z.literal('new'),
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, 'must be 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit'),
  name: z.string().trim().min(1, 'is required').max(50),
  password: newPassword,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{5,20}$/, 'is not a valid phone number')
    .optional()
    .or(z.literal('')),
  email: z.string().trim().max(254).pipe(z.email('is not a valid email address')).optional().or(z.literal('')),
});

/** A person who already has a staff account in this tenant (see customer-user/list). */
export const existingStaffUser = z.object({ kind: z.literal('existing'), muid });

const staffFields = z.object({ staffCode, customerMcid: mcid, roleId: id, ouIds });

/** Creates a staff account for an existing person of the tenant or a new person. */
export const staffCreate = endpoint({
  method: 'POST',
  path: '/api/v2/staff/create',
  summary: 'Create a staff account',
  tag,
  access: { auth: 'staff', permission: 'b-staff-create' },
  kind: 'command',
  body: staffFields.extend({ user: z.discriminatedUnion('kind', [existingStaffUser, newStaffUser]) }),
  /** `existingPerson`: the account went to a person who already had a login (who keeps their password). */
  output: z.object({ id: z.number().int(), existingPerson: z.boolean() }),
});

/** Edits a staff account's code, customer, role and OUs (OUs the caller does not see are kept). */
export const staffUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/staff/update',
  summary: 'Edit a staff account',
  tag,
  access: { auth: 'staff', permission: 'b-staff-edit' },
  kind: 'command',
  body: staffFields.extend({ id }),
  output: z.null(),
});

/** Enables (0), disables (1) or freezes (2) a staff account; takes effect on its next call. Not one's own. */
export const staffSetStatus = endpoint({
  method: 'POST',
  path: '/api/v2/staff/status',
  summary: 'Enable, disable or freeze a staff account',
  tag,
  access: { auth: 'staff', permission: 'b-staff-status' },
  kind: 'command',
  body: z.object({ id, status: staffStatus }),
  output: z.null(),
});
