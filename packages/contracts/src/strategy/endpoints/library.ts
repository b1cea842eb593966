import { z } from 'zod';
import { endpoint, noBody } from '../../common/endpoint.js';
import { id, mcid } from '../../common/ids.js';
import { organizationNode } from '../../customer/organization.js';
import { strategyWireSchema } from '../schemas.js';
import { tag, STRATEGY_STATUS_CHANGES, strategyWithBody } from './rows.js';

/**
 * Creates a strategy, field strategy or template from the editor's wire body (`formToWire`). The
 * server runs the editor's own validator (`checkStrategyBody`, with the tenant's today) and answers its
 * first message as a 40000 naming the field, e.g. `body.sections.1.additionalFields.stopDischargeLoad:
 * trigger discharge load cannot be lower than stop discharge load`. Strategies need a visible station
 * (`bsaId`) whose FCS runs the body's version; templates have none. New ones are enabled, revision 1.
 */
export const strategyInsert = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/insert',
  summary: 'Create a strategy or template',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  body: strategyWireSchema,
  output: strategyWithBody,
});

/**
 * Replaces a strategy's body (the same checks as insert; its kind cannot change, nor the station of an
 * executing strategy). The revision goes up by one; an executing strategy keeps running the revision
 * its FCS accepted until it is delivered again.
 */
export const strategyUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/update',
  summary: 'Edit a strategy or template',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  body: strategyWireSchema.extend({ id }),
  output: strategyWithBody,
});

/**
 * Restores a strategy from one of its past deliveries (the spec's `history/data/update`: a strategy's
 * history data are the bodies it delivered to its station, kept in the delivery log with their
 * revision). The delivery's body replaces the strategy's current one as a new revision, exactly as
 * `update` with that body would: the kind's edit button, the same checks (a visible strategy, the
 * station's version, the editor's validator with today's date), revision + 1. The delivery must be one
 * of this strategy's own that carried a body (not a stop) of the strategy's current editor version.
 * No operation password: it edits the library only; nothing is sent to the station until it is
 * delivered. Answers the strategy's detail, as `update` does.
 */
export const strategyHistoryDataUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/history/data/update',
  summary: 'Restore a strategy from one of its deliveries',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  body: z.object({ id, deliveryId: id }),
  output: strategyWithBody,
});

/**
 * Copies a strategy or template (Copy mode): the name gets '-copy' (`copyName`) unless one is given;
 * a field strategy may get new days, a strategy another station of the same version. The copy is
 * checked like an insert (a field strategy whose days have passed needs new ones).
 */
export const strategyCopy = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/copy',
  summary: 'Copy a strategy or template',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  body: z.object({
    id,
    name: z.string().max(256).optional(),
    bsaId: id.optional(),
    executiveTimes: z
      .tuple([
        z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
        z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
      ])
      .optional(),
  }),
  output: strategyWithBody,
});

/**
 * Enables, disables or deletes a strategy or template (b-...-edit for the first two, b-...-delete for
 * deleting). An executing strategy can be neither disabled nor deleted: stop it or deliver another first.
 */
export const strategyUpdateStatus = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/update-status',
  summary: 'Enable, disable or delete a strategy',
  tag,
  access: { auth: 'staff' },
  kind: 'command',
  body: z.object({ id, status: z.enum(STRATEGY_STATUS_CHANGES) }),
  output: z.object({ id: z.number().int(), status: z.enum(STRATEGY_STATUS_CHANGES) }),
});

/** Binds a template to customers (replacing its bindings): the customers it is offered to. */
export const strategyUpdateMcidBinding = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/update-mcid-binding-strategy',
  summary: 'Bind a template to customers',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-template-edit' },
  kind: 'command',
  body: z.object({ id, mcids: z.array(mcid).max(500) }),
  output: z.object({ id: z.number().int(), mcids: z.array(z.string()) }),
});

/** The customers a template is bound to, by code. */
export const strategyMcidList = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/mcid-list-by-strategy',
  summary: 'Customers a template is bound to',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-template' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: z.array(z.object({ mcid: z.string(), name: z.string(), code: z.string(), level: z.number().int() })),
});

/** The tenant's customer tree with codes, for the template binding dialog (as organization/tree answers it). */
export const strategyOrganizationWithCode = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/organization-with-code',
  summary: 'Customer tree for template binding',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-template' },
  kind: 'query',
  body: noBody,
  output: z.array(organizationNode),
});
