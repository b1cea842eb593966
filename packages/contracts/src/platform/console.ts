import { z } from 'zod';
import { exportOptions } from '../common/crud.js';
import { endpoint, noBody } from '../common/endpoint.js';
import { mcid, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';

// The platform console (docs/platform-console.md): for platform administrators only (others: 403). It
// reads and writes the tenant registry, channel links and roles' grants, and usage counts; never a
// tenant's business data.

const tag = 'platform-console';
const access = { auth: 'user' } as const;

/** Is it an IANA time zone this server knows (Intl)? */
export function isTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(zone);
  } catch {
    return false;
  }
}
export const timeZone = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .refine(isTimeZone, 'is not an IANA time zone (for example Asia/Shanghai or Europe/Berlin)');

export const tenantCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, 'must be 2 to 32 lowercase letters, digits or dashes, starting with a letter');

export const tenantUsage = z.object({
  staff: z.number().int(),
  devices: z.number().int(),
  stations: z.number().int(),
  ous: z.number().int(),
  fileBytes: z.number(),
  lastSignIn: z.string().nullable(),
});

export const tenantRow = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  /** 1 a company renting the platform, 2 a service provider operating for others. */
  sideType: z.union([z.literal(1), z.literal(2)]),
  timeZone: z.string(),
  platformName: z.string(),
  /** 0 enabled, 1 disabled. */
  status: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  usage: tenantUsage,
});
export type TenantRow = z.infer<typeof tenantRow>;

export const tenantPage = endpoint({
  method: 'POST',
  path: '/api/v2/platform/tenant/page',
  summary: 'Tenants with their usage',
  tag,
  access,
  kind: 'query',
  body: pageRequest.extend({
    keyword: text(64).optional(),
    status: z.union([z.literal(0), z.literal(1)]).optional(),
  }),
  output: pageOf(tenantRow),
});

/** The tenant list as XLSX or CSV (the page's filter, every row): usage counts, times in UTC. */
export const tenantExport = endpoint({
  method: 'POST',
  path: '/api/v2/platform/tenant/export',
  summary: 'Export the tenants (XLSX or CSV)',
  tag,
  access,
  kind: 'query',
  cost: 'export',
  body: z.object({
    keyword: text(64).optional(),
    status: z.union([z.literal(0), z.literal(1)]).optional(),
    ...exportOptions,
  }),
  output: z.any(),
  raw: true,
});

export const tenantCreateBody = z.object({
  code: tenantCode,
  name: text(64).min(1, 'is required'),
  sideType: z.union([z.literal(1), z.literal(2)]),
  timeZone,
  platformName: text(64).min(1, 'is required'),
  platformSloganName: text(64).optional(),
  admin: z.object({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.@-]{3,64}$/, 'must be 3 to 64 letters, digits or _ . @ -'),
    name: text(64).min(1, 'is required'),
    phone: text(32).optional(),
    email: z.string().trim().email('is not an email address').max(128).optional(),
  }),
});

/** Creates a tenant with its root customer, administrator role, navigation and first administrator. */
export const tenantCreate = endpoint({
  method: 'POST',
  path: '/api/v2/platform/tenant/create',
  summary: 'Create a tenant',
  tag,
  access,
  kind: 'command',
  body: tenantCreateBody,
  output: z.object({
    id: z.string(),
    code: z.string(),
    /** The first administrator's username and one-time password: shown once, changed at the first sign-in. */
    admin: z.object({ username: z.string(), oneTimePassword: z.string() }),
  }),
});

/** Disables (1) or enables (0) a tenant: its staff answer 412 and links to it stop at the next call. */
export const tenantStatus = endpoint({
  method: 'POST',
  path: '/api/v2/platform/tenant/status',
  summary: 'Disable or enable a tenant',
  tag,
  access,
  kind: 'command',
  body: z.object({ id: mcid, status: z.union([z.literal(0), z.literal(1)]) }),
  output: tenantRow,
});

export const channelLinkRow = z.object({
  providerTenantId: z.string(),
  providerName: z.string(),
  customerTenantId: z.string(),
  customerName: z.string(),
  consentBy: z.string().nullable(),
  consentAt: z.string().nullable(),
  consentReference: z.string().nullable(),
  createdAt: z.string(),
});
export type ChannelLinkRow = z.infer<typeof channelLinkRow>;

export const channelLinkList = endpoint({
  method: 'POST',
  path: '/api/v2/platform/channel-link/list',
  summary: 'Channel links',
  tag,
  access,
  kind: 'query',
  body: z.object({ keyword: text(64).optional() }).optional(),
  output: z.array(channelLinkRow),
});

/** The channel links as XLSX or CSV (the list's keyword), with the consent recorded for each. */
export const channelLinkExport = endpoint({
  method: 'POST',
  path: '/api/v2/platform/channel-link/export',
  summary: 'Export the channel links (XLSX or CSV)',
  tag,
  access,
  kind: 'query',
  cost: 'export',
  body: z.object({ keyword: text(64).optional(), ...exportOptions }),
  output: z.any(),
  raw: true,
});

const linkKey = { providerTenantId: mcid, customerTenantId: mcid };

/** Links a provider tenant to a customer tenant, recording who consented for the customer and when. */
export const channelLinkCreate = endpoint({
  method: 'POST',
  path: '/api/v2/platform/channel-link/create',
  summary: 'Link a provider to a customer tenant',
  tag,
  access,
  kind: 'command',
  body: z.object({
    ...linkKey,
    consentBy: text(64).min(1, 'is required: who agreed for the customer tenant'),
    consentAt: z.iso.date('must be a date (YYYY-MM-DD)'),
    consentReference: text(128).optional(),
  }),
  output: channelLinkRow,
});

/** Removes a link: the provider's staff lose access at their next call. */
export const channelLinkDelete = endpoint({
  method: 'POST',
  path: '/api/v2/platform/channel-link/delete',
  summary: 'Unlink',
  tag,
  access,
  kind: 'command',
  body: z.object(linkKey),
  output: z.object({ removed: z.literal(true) }),
});

export const catalogueGrantRow = z.object({
  code: z.string(),
  name: z.string(),
  /** p: menu page (area, group, page), b: button, ia: integrated app. */
  type: z.enum(['p', 'b', 'ia']),
  parentCode: z.string().nullable(),
  /** Per tenant (in `tenants` order): how many of its roles grant the code. */
  grantedBy: z.array(z.number().int()),
});

export type CatalogueGrantRow = z.infer<typeof catalogueGrantRow>;

/** The permission catalogue with what each tenant's roles grant (role counts per code). */
export const catalogueGrants = endpoint({
  method: 'POST',
  path: '/api/v2/platform/catalogue',
  summary: 'Permission catalogue and grants',
  tag,
  access,
  kind: 'query',
  body: noBody,
  output: z.object({
    tenants: z.array(z.object({ id: z.string(), name: z.string(), roles: z.number().int() })),
    rows: z.array(catalogueGrantRow),
  }),
});

export const catalogueFilter = z.object({
  /** In the code or the name, any case. */
  keyword: text(64).optional(),
  type: z.enum(['p', 'b', 'ia']).optional(),
});

/** Does a catalogue row pass the filter? (The page filters the catalogue it has; the export the same way.) */
export function catalogueMatches(row: { code: string; name: string; type: string }, filter: z.infer<typeof catalogueFilter>): boolean {
  const keyword = filter.keyword?.toLowerCase();
  return (
    (!filter.type || row.type === filter.type) &&
    (!keyword || row.code.toLowerCase().includes(keyword) || row.name.toLowerCase().includes(keyword))
  );
}

/** The catalogue with a column per tenant (roles granting each code), as XLSX or CSV. */
export const catalogueExport = endpoint({
  method: 'POST',
  path: '/api/v2/platform/catalogue/export',
  summary: 'Export the permission catalogue and grants (XLSX or CSV)',
  tag,
  access,
  kind: 'query',
  cost: 'export',
  body: catalogueFilter.extend(exportOptions),
  output: z.any(),
  raw: true,
});
