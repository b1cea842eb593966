import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { mcid } from '../common/ids.js';
import { currentUser } from '../staff/schemas.js';

const tag = 'customer';

export interface OrgNode {
  mcid: string;
  name: string;
  code: string;
  level: number;
  parentMcid: string | null;
  current: boolean;
  children: OrgNode[];
}
/** A node of the customer organisation tree with its hierarchical code. */
export const orgNode: z.ZodType<OrgNode> = z
  .lazy(() =>
    z.object({
      mcid: z.string(),
      name: z.string(),
      code: z.string(),
      level: z.number().int(),
      parentMcid: z.string().nullable(),
      current: z.boolean(),
      children: z.array(orgNode),
    }),
  )
  .meta({ id: 'OrgNode' });

export const orgFlat = z.object({
  mcid: z.string(),
  name: z.string(),
  code: z.string(),
  level: z.number().int(),
  parentMcid: z.string().nullable(),
  levelName: z.string(),
});

/** The whole customer organisation tree of the tenant, with codes. */
export const organizationWithCode = endpoint({
  method: 'POST',
  path: '/api/v2/customer-user/organization-with-code',
  summary: 'Organisation tree',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(orgNode),
});

/** The part of the tree the current staff belongs to: its customer and below, marked `current`. */
export const organizationWithCodeWithCurrent = endpoint({
  method: 'POST',
  path: '/api/v2/customer-user/organization-with-code-with-current',
  summary: "Organisation tree from the current staff's customer",
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(orgNode),
});

/** Every customer of the tenant, flat, with its level name. */
export const orgAll = endpoint({
  method: 'POST',
  path: '/api/v2/customer-user/org/all',
  summary: 'All organisations (flat)',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(orgFlat),
});

/** The tenant's customer users (people with a staff in the tenant), filtered. */
export const customerUserList = endpoint({
  method: 'POST',
  path: '/api/v2/customer-user/list',
  summary: 'Customer users of the tenant',
  tag,
  access: { auth: 'staff', permission: 'p-settings-staff' },
  kind: 'query',
  body: z
    .object({
      customerMcid: mcid.optional(),
      keyword: z.string().trim().max(64).optional(),
      timestamp: z.number().optional(),
    })
    .optional(),
  output: z.array(
    z.object({
      muid: z.string(),
      username: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      staff: z.array(z.object({ id: z.number().int(), staffCode: z.string(), customerMcid: z.string(), status: z.number().int() })),
    }),
  ),
});

/** Same answer as platform-public customer-user/current. */
export const customerUserCurrentV2 = endpoint({
  method: 'POST',
  path: '/api/v2/customer-user/current',
  summary: 'Current user context',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: currentUser,
});

/** One customer of the tenant by its mcid. */
export const customerDetail = endpoint({
  method: 'POST',
  path: '/api/v2/customer/{mcid}',
  summary: 'Customer detail',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  params: z.object({ mcid }),
  output: z.object({
    mcid: z.string(),
    name: z.string(),
    code: z.string(),
    level: z.number().int(),
    levelName: z.string(),
    parentMcid: z.string().nullable(),
    parentName: z.string().nullable(),
    tenantMcid: z.string(),
    tenantName: z.string(),
    childCount: z.number().int(),
    staffCount: z.number().int(),
    ouCount: z.number().int(),
  }),
});

const tenantRef = z.object({ mcid: z.string(), name: z.string(), sideType: z.number().int() });

/** Customer tenants linked to the current channel tenant (empty for a tenant-side staff). */
export const channelTenantList = endpoint({
  method: 'POST',
  path: '/api/v2/channel-tenant/list',
  summary: 'Linked customer tenants',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ name: z.string().trim().max(64).optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(tenantRef.extend({ linkedAt: z.string() })),
});

/** Every tenant the current staff can see: its own, then the linked ones. */
export const channelTenantGetTenantList = endpoint({
  method: 'POST',
  path: '/api/v2/channel-tenant/getTenantList',
  summary: 'Tenants I can see',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(tenantRef),
});

export interface TenantCustomerOuNode {
  key: string;
  type: 'tenant' | 'customer' | 'ou';
  id: string;
  name: string;
  children: TenantCustomerOuNode[];
}
export const tenantCustomerOuNode: z.ZodType<TenantCustomerOuNode> = z
  .lazy(() =>
    z.object({
      key: z.string(),
      type: z.enum(['tenant', 'customer', 'ou']),
      id: z.string(),
      name: z.string(),
      children: z.array(tenantCustomerOuNode),
    }),
  )
  .meta({ id: 'TenantCustomerOuNode' });

/** Tenant, customer and OU tree across the tenants the staff can see, OUs filtered by the staff's OUs. */
export const channelTenantCustomerOuTree = endpoint({
  method: 'POST',
  path: '/api/v2/channel-tenant/tenant-customer-ou-tree',
  summary: 'Tenant / customer / OU tree',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(tenantCustomerOuNode),
});
export * from './organization.js';
export * from './channel.js';
