import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { mcid } from '../common/ids.js';
import { ORG_LEVEL_NAME_MAX, ORG_LEVELS_MAX } from '../common/org-levels.js';

const tag = 'organization';

/** Longest organisation name; level names: ORG_LEVEL_NAME_MAX in common/org-levels. */
export const ORG_NAME_MAX = 64;
export { ORG_LEVEL_NAME_MAX };

export interface OrganizationNode {
  mcid: string;
  parentMcid: string | null;
  name: string;
  code: string;
  level: number;
  levelName: string;
  childCount: number;
  /** Staff whose customer is this node (not its descendants). */
  staffCount: number;
  /** OUs of this node (not of its descendants). */
  ouCount: number;
  children: OrganizationNode[];
}
/** A node of the organisation tree as the organisation page shows it: level name and what hangs on it. */
export const organizationNode: z.ZodType<OrganizationNode> = z
  .lazy(() =>
    z.object({
      mcid: z.string(),
      parentMcid: z.string().nullable(),
      name: z.string(),
      code: z.string(),
      level: z.number().int(),
      levelName: z.string(),
      childCount: z.number().int(),
      staffCount: z.number().int(),
      ouCount: z.number().int(),
      children: z.array(organizationNode),
    }),
  )
  .meta({ id: 'OrganizationNode' });

/** An organisation's name: trimmed, 1 to 64 characters. */
export const organizationName = z.string().trim().min(1, 'is required').max(ORG_NAME_MAX, `must be at most ${ORG_NAME_MAX} characters`);

/** The tenant's whole organisation tree (one root), with level names and counts. */
export const organizationTree = endpoint({
  method: 'POST',
  path: '/api/v2/organization/tree',
  summary: 'Organisation tree (administration)',
  tag,
  access: { auth: 'staff', permission: 'p-settings-customer' },
  kind: 'query',
  body: noBody,
  output: z.array(organizationNode),
});

/** Adds an organisation under a parent: next free code, level = parent's + 1 within the tenant's levels. */
export const organizationCreate = endpoint({
  method: 'POST',
  path: '/api/v2/organization/create',
  summary: 'Create an organisation',
  tag,
  access: { auth: 'staff', permission: 'b-customer-create' },
  kind: 'command',
  body: z.object({ parentMcid: mcid, name: organizationName }),
  output: z.object({ mcid: z.string() }),
});

/** Renames an organisation; names are unique among siblings (40009). */
export const organizationRename = endpoint({
  method: 'POST',
  path: '/api/v2/organization/rename',
  summary: 'Rename an organisation',
  tag,
  access: { auth: 'staff', permission: 'b-customer-edit' },
  kind: 'command',
  body: z.object({ mcid, name: organizationName }),
  output: z.null(),
});

/** Moves an organisation and its subtree under another parent; codes and levels are recomputed. */
export const organizationMove = endpoint({
  method: 'POST',
  path: '/api/v2/organization/move',
  summary: 'Move an organisation',
  tag,
  access: { auth: 'staff', permission: 'b-customer-edit' },
  kind: 'command',
  body: z.object({ mcid, parentMcid: mcid }),
  output: z.null(),
});

/** Deletes an empty organisation: no sub-organisations, staff, OUs or devices; never the root. */
export const organizationDelete = endpoint({
  method: 'POST',
  path: '/api/v2/organization/delete',
  summary: 'Delete an organisation',
  tag,
  access: { auth: 'staff', permission: 'b-customer-delete' },
  kind: 'command',
  body: z.object({ mcid }),
  output: z.null(),
});

/** The organisation level names, level 1 first (unnamed levels get the default names). */
export const organizationLevels = endpoint({
  method: 'POST',
  path: '/api/v2/organization/levels',
  summary: 'Organisation levels',
  tag,
  access: { auth: 'staff', permission: 'p-settings-customer' },
  kind: 'query',
  body: noBody,
  output: z.object({ levels: z.array(z.string()) }),
});

/** One level name: trimmed, 1 to 32 characters (emptiness is reported per level by the list). */
export const organizationLevelName = z.string().trim().max(ORG_LEVEL_NAME_MAX, `must be at most ${ORG_LEVEL_NAME_MAX} characters`);

/** Level names 1..99, by position; an empty one is refused naming its level. */
export const organizationLevelNames = z
  .array(organizationLevelName)
  .min(1, 'at least 1 level is required')
  .max(ORG_LEVELS_MAX, `at most ${ORG_LEVELS_MAX} levels`)
  .superRefine((names, ctx) => {
    names.forEach((name, i) => {
      if (!name) ctx.addIssue({ code: 'custom', path: [i], message: `the name of level ${i + 1} is required` });
    });
  });

/** Replaces the level names; never fewer levels than the deepest organisation in use. */
export const organizationLevelsUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/organization/levels/update',
  summary: 'Edit organisation levels',
  tag,
  access: { auth: 'staff', permission: 'b-customer-edit' },
  kind: 'command',
  body: z.object({ levels: organizationLevelNames }),
  output: z.object({ levels: z.array(z.string()) }),
});
