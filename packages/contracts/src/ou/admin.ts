import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, mcid, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';

const tag = 'ou';

/** An OU as the administration page shows it, with its member and device counts. */
export const ouAdminRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  typeId: z.number().int().nullable(),
  typeName: z.string().nullable(),
  customerMcid: z.string(),
  customerName: z.string(),
  districtAdcode: z.string().nullable(),
  address: z.string().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  memberCount: z.number().int(),
  assetCount: z.number().int(),
  createdAt: z.string(),
});

/** An OU code: 1 to 64 letters, digits, '-', '_' or '.', unique in the tenant. */
export const ouCode = text(64)
  .min(1, 'is required')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "may hold only letters, digits, '-', '_' and '.', starting with a letter or digit");
export const ouName = text(64).min(1, 'is required');

/** The editable fields of an OU. Optional ones left out are stored empty; lng and lat go together. */
const ouFields = {
  name: ouName,
  customerMcid: mcid,
  typeId: id,
  districtAdcode: z
    .string()
    .regex(/^[0-9]{6}$/, 'must be a 6-digit adcode')
    .nullable()
    .optional(),
  address: text(256).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
};

/** The OUs the staff may see, filtered (keyword in code or name), a page at a time. */
export const ouPage = endpoint({
  method: 'POST',
  path: '/api/v2/ou/page',
  summary: 'Operating units (paged)',
  tag,
  access: { auth: 'staff', permission: 'p-settings-ou' },
  kind: 'query',
  body: pageRequest.extend({
    keyword: text(64).optional(),
    typeId: id.optional(),
    customerMcid: mcid.optional(),
    timestamp: z.number().optional(),
  }),
  output: pageOf(ouAdminRow),
});

/** One OU the staff may see. */
export const ouDetail = endpoint({
  method: 'POST',
  path: '/api/v2/ou/detail',
  summary: 'Operating unit detail',
  tag,
  access: { auth: 'staff', permission: 'p-settings-ou' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: ouAdminRow,
});

/** Creates an OU; a creator whose role does not see every OU becomes its member. Code unique (40009). */
export const ouCreate = endpoint({
  method: 'POST',
  path: '/api/v2/ou/create',
  summary: 'Create an operating unit',
  tag,
  access: { auth: 'staff', permission: 'b-ou-create' },
  kind: 'command',
  body: z.object({ code: ouCode, ...ouFields }),
  output: z.object({ id: z.number().int() }),
});

/** Replaces an OU's fields (its code stays); its devices follow a change of customer. */
export const ouUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/ou/update',
  summary: 'Edit an operating unit',
  tag,
  access: { auth: 'staff', permission: 'b-ou-edit' },
  kind: 'command',
  body: z.object({ id, ...ouFields }),
  output: z.null(),
});

/** Deletes an OU without members and devices. */
export const ouDelete = endpoint({
  method: 'POST',
  path: '/api/v2/ou/delete',
  summary: 'Delete an operating unit',
  tag,
  access: { auth: 'staff', permission: 'b-ou-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.null(),
});

export const ouMember = z.object({
  staffId: z.number().int(),
  staffCode: z.string(),
  username: z.string(),
  name: z.string(),
  status: z.number().int(),
});

/** The staff who are members of an OU. */
export const ouMembers = endpoint({
  method: 'POST',
  path: '/api/v2/ou/members',
  summary: 'Members of an operating unit',
  tag,
  access: { auth: 'staff', permission: 'p-settings-ou' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: z.array(ouMember),
});

/** Sets the members of an OU: staff of the tenant. */
export const ouMembersUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/ou/members/update',
  summary: 'Set the members of an operating unit',
  tag,
  access: { auth: 'staff', permission: 'b-ou-edit' },
  kind: 'command',
  body: z.object({ id, staffIds: z.array(id).max(1000, 'at most 1000 staff') }),
  output: z.null(),
});

export const ouAsset = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  typeName: z.string(),
});

/** The devices of an OU. */
export const ouAssets = endpoint({
  method: 'POST',
  path: '/api/v2/ou/assets',
  summary: 'Devices of an operating unit',
  tag,
  access: { auth: 'staff', permission: 'p-settings-ou' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: z.array(ouAsset),
});

/**
 * Sets the devices of an OU. Devices come in from the staff's other OUs; a device of this OU that is
 * left out is refused (a device always has an OU: move it to its new OU from there).
 */
export const ouAssetsUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/ou/assets/update',
  summary: 'Set the devices of an operating unit',
  tag,
  access: { auth: 'staff', permission: 'b-ou-edit' },
  kind: 'command',
  body: z.object({ id, deviceIds: z.array(id).max(5000, 'at most 5000 devices') }),
  output: z.null(),
});
