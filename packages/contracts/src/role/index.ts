import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';

const tag = 'role';

/** A code of the permission catalogue: `p-...` page or group, `b-...` button, `ia-...` integrated app. */
export const permissionCode = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9.-]{0,99}$/, 'must be a permission code of the catalogue');

/** What a role is made of; the server checks the codes against the catalogue and the caller's own. */
const roleFields = z.object({
  name: z.string().trim().min(1, 'is required').max(64),
  description: text(200).optional(),
  /** Staff with this role see every OU of the tenant; only a staff who sees every OU may set it. */
  allOus: z.boolean().optional(),
  /** Checked codes. */
  permissionCodes: z.array(permissionCode).max(2000),
  /** Auto-synced codes (levels 0 and 1, not customized, also checked): they grant what the platform adds under them later. */
  autoSyncCodes: z.array(permissionCode).max(500),
});

/** One row of the role list page. `permissionCount` counts the checked codes. */
export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  allOus: z.boolean(),
  staffCount: z.number().int(),
  permissionCount: z.number().int(),
  createdAt: z.string(),
});

/** A role with its codes, for the role editor. */
export const roleDetailOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  allOus: z.boolean(),
  permissionCodes: z.array(z.string()),
  autoSyncCodes: z.array(z.string()),
  staffCount: z.number().int(),
});

/** The tenant's roles, paged; keyword matches name or description. */
export const rolePage = endpoint({
  method: 'POST',
  path: '/api/v2/role/page',
  summary: 'Roles',
  tag,
  access: { auth: 'staff', permission: 'p-settings-role' },
  kind: 'query',
  body: pageRequest.extend({ keyword: text(64).optional() }),
  output: pageOf(roleRow),
});

/** Every role of the tenant by name, for selects (the staff editor: needs the staff page, not the role page). */
export const roleList = endpoint({
  method: 'POST',
  path: '/api/v2/role/list',
  summary: 'Roles for a select',
  tag,
  access: { auth: 'staff', permission: 'p-settings-staff' },
  kind: 'query',
  body: z.object({ timestamp: z.number().optional() }).optional(),
  output: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** One role of the tenant with its checked and auto-synced codes. */
export const roleDetail = endpoint({
  method: 'POST',
  path: '/api/v2/role/detail',
  summary: 'Role detail',
  tag,
  access: { auth: 'staff', permission: 'p-settings-role' },
  kind: 'query',
  body: z.object({ id }),
  output: roleDetailOutput,
});

/** Creates a role; its name is unique in the tenant, and the caller may grant only what it holds. */
export const roleCreate = endpoint({
  method: 'POST',
  path: '/api/v2/role/create',
  summary: 'Create a role',
  tag,
  access: { auth: 'staff', permission: 'b-role-create' },
  kind: 'command',
  body: roleFields,
  output: z.object({ id: z.number().int() }),
});

/** Replaces a role's name, description, OU scope and codes; its staff get the new permissions on their next call. */
export const roleUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/role/update',
  summary: 'Edit a role',
  tag,
  access: { auth: 'staff', permission: 'b-role-edit' },
  kind: 'command',
  body: roleFields.extend({ id }),
  output: z.null(),
});

/** Deletes a role; refused while any staff has it. */
export const roleDelete = endpoint({
  method: 'POST',
  path: '/api/v2/role/delete',
  summary: 'Delete a role',
  tag,
  access: { auth: 'staff', permission: 'b-role-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.null(),
});
