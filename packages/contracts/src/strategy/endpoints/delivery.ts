import { z } from 'zod';
import { endpoint } from '../../common/endpoint.js';
import { id, isoDateTime } from '../../common/ids.js';
import { pageOf, pageRequest } from '../../common/paging.js';
import { strategyWireSchema } from '../schemas.js';
import { tag, DELIVERY_RESULTS, deliveryRow } from './rows.js';

/**
 * Delivers an enabled strategy to its station's FCS after the operation password (a wrong one: 40004,
 * the account's message). The answer comes at once with the log row, `pending`: the FCS acknowledges
 * over MQTT and the row turns `accepted` (the strategy becomes the station's executing one), `rejected`
 * (with the FCS's reason) or `timeout`; the last two raise a DELIVERY_FAILED server alarm. Poll
 * `deliver/log` (or `detail`) for the result. A field strategy whose last day has passed is refused.
 */
export const strategyDeliver = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/deliver',
  summary: 'Deliver a strategy to its station',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-strategy-deliver' },
  kind: 'command',
  body: z.object({ id, operationPassword: z.string().min(1).max(64) }),
  output: deliveryRow,
});

/** Every delivery and stop with operator, time, revision and result, newest first. */
export const strategyDeliverLog = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/deliver/log',
  summary: 'Delivery log',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-deliver-log' },
  kind: 'query',
  body: pageRequest.extend({
    bsaId: id.optional(),
    strategyId: id.optional(),
    result: z.enum(DELIVERY_RESULTS).optional(),
    /** requestedAt from (inclusive) and to (exclusive). */
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    timestamp: z.number().optional(),
  }),
  output: pageOf(deliveryRow),
});

/**
 * Stops the strategy a station runs (after the operation password): a `stop` is sent to the FCS and
 * logged like a delivery; once the FCS acknowledges, the station executes none (its built-in control).
 */
export const strategyLocalStatusUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/local-status-update',
  summary: 'Stop the strategy running on a station',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-strategy-deliver' },
  kind: 'command',
  body: z.object({ bsaId: id, status: z.literal('stopped'), operationPassword: z.string().min(1).max(64) }),
  output: deliveryRow,
});

/**
 * Edits the strategy a station executes and sends it at once (after the operation password): the body
 * (the editor's wire body with the station's `bsaId`) replaces the executing strategy's, checked as
 * `update` (same kind and station, the station's version; the revision goes up), and a delivery of the
 * new revision is logged `pending`, as `deliver` does. Needs the edit button of the strategy's kind and
 * `b-bsa-strategy-deliver`. A station that runs no strategy (or one deleted since) answers the
 * conflict code (40009) and changes nothing.
 */
export const strategyLocalUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/local-update',
  summary: 'Edit and re-deliver the strategy running on a station',
  tag,
  access: { auth: 'staff', permission: 'b-bsa-strategy-deliver' },
  kind: 'command',
  body: strategyWireSchema.extend({ bsaId: id, operationPassword: z.string().min(1).max(64) }),
  output: deliveryRow,
});
