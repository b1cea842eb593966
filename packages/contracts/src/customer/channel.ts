import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, mcid, text } from '../common/ids.js';
import { stationRow, stationStatus } from '../bsa/index.js';

// Channel operations (docs/platform-console.md): a channel (service-provider) staff chooses the tenant
// it works in; lists that can show several tenants follow that choice, row-level security limits them to
// the linked tenants.

const tag = 'customer';

const tenantChoice = z.object({ mcid: z.string(), name: z.string() });

/** The staff's working tenant and what it can choose from. */
export const workingTenant = z.object({
  /** null: its own and every linked tenant ("all"); else the one tenant it works in. */
  workingTenantId: z.string().nullable(),
  own: tenantChoice,
  /** Enabled tenants its tenant is linked to, by name (empty for a tenant-side staff). */
  linked: z.array(tenantChoice),
});
export type WorkingTenant = z.infer<typeof workingTenant>;

export const channelWorkingTenant = endpoint({
  method: 'POST',
  path: '/api/v2/channel-tenant/working',
  summary: 'The working tenant of a channel staff',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: workingTenant,
});

/** Chooses the working tenant: the staff's own, a linked one, or null for all of them. */
export const channelWorkingTenantSet = endpoint({
  method: 'POST',
  path: '/api/v2/channel-tenant/working/set',
  summary: 'Choose the working tenant',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  body: z.object({ tenantId: mcid.nullable() }),
  output: workingTenant,
});

/** A storage station of a tenant the channel staff operates for, with that tenant. */
export const channelStationRow = stationRow.extend({ tenantId: z.string(), tenantName: z.string() });
export type ChannelStationRow = z.infer<typeof channelStationRow>;

/** Storage stations of the linked tenants the staff works in (its working tenant, or all). */
export const channelBsaList = endpoint({
  method: 'POST',
  path: '/api/v2/channel-bsa/bsa/list',
  summary: 'Storage stations of linked tenants',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: z
    .object({
      /** One linked tenant of those the staff works in. */
      tenantId: mcid.optional(),
      name: text(128).optional(),
      ouId: id.optional(),
      mcid: mcid.optional(),
      statusFilter: stationStatus.optional(),
      timestamp: z.number().optional(),
    })
    .optional(),
  output: z.array(channelStationRow),
});
