import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, mcid } from '../common/ids.js';

const tag = 'ou';

export const ouRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  typeId: z.number().int().nullable(),
  typeName: z.string().nullable(),
  customerMcid: z.string(),
  customerName: z.string(),
  districtAdcode: z.string().nullable(),
  address: z.string().nullable(),
});

/** The tenant's operating-unit types. */
export const ouTypeList = endpoint({
  method: 'POST',
  path: '/api/v2/ou/type/list',
  summary: 'OU types',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});

/** OUs the current staff may see (all of the tenant's for an all-OU staff), filtered. */
export const ouList = endpoint({
  method: 'POST',
  path: '/api/v2/ou/list',
  summary: 'My operating units',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z
    .object({
      name: z.string().trim().max(64).optional(),
      typeId: id.optional(),
      customerMcid: mcid.optional(),
      timestamp: z.number().optional(),
    })
    .optional(),
  output: z.array(ouRow),
});

/** Like ou/list, across every tenant the staff can see, with the tenant of each OU. */
export const ouListWithTenant = endpoint({
  method: 'POST',
  path: '/api/v2/ou/list/with_tenant',
  summary: 'My operating units with tenants',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ name: z.string().trim().max(64).optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(ouRow.extend({ tenantMcid: z.string(), tenantName: z.string() })),
});

/** OUs of one customer (and, with includeChildren, of its descendants), within the staff's OUs. */
export const ouListByMcid = endpoint({
  method: 'POST',
  path: '/api/v2/ou/list-by-mcid',
  summary: 'Operating units of a customer',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ mcid, includeChildren: z.boolean().optional(), timestamp: z.number().optional() }),
  output: z.array(ouRow),
});

const district = z.object({
  adcode: z.string(),
  name: z.string(),
  level: z.enum(['country', 'province', 'city', 'district']),
  parentAdcode: z.string().nullable(),
  center: z.tuple([z.number(), z.number()]).nullable(),
});

/** Administrative districts: the children of `parentAdcode`, or the top level. */
export const locationDistrict = endpoint({
  method: 'POST',
  path: '/api/v2/location/district',
  summary: 'Districts',
  tag: 'location',
  access: { auth: 'staff' },
  kind: 'query',
  body: z
    .object({
      parentAdcode: z
        .string()
        .regex(/^[0-9]{6}$/, 'must be a 6-digit adcode')
        .optional(),
      timestamp: z.number().optional(),
    })
    .optional(),
  output: z.array(district),
});

/** Address suggestions: districts and OU addresses whose names contain the keyword. */
export const locationInputTips = endpoint({
  method: 'POST',
  path: '/api/v2/location/inputTips',
  summary: 'Address suggestions',
  tag: 'location',
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ keyword: z.string().trim().min(1, 'is required').max(64), timestamp: z.number().optional() }),
  output: z.array(
    z.object({
      name: z.string(),
      /** The full district path, e.g. 'Jiangsu / Suzhou / Wuzhong'. */
      district: z.string(),
      adcode: z.string(),
      location: z.tuple([z.number(), z.number()]).nullable(),
      source: z.enum(['district', 'ou']),
    }),
  ),
});
export * from './admin.js';
