import { z } from 'zod';
import { id, mcid, text } from '../../common/ids.js';
import { STRATEGY_KINDS } from '../model.js';
import { strategyWireSchema } from '../schemas.js';

export const tag = 'strategy';

/**
 * A strategy's status in the library: `enabled` may be delivered (and templates applied), `disabled`
 * may not. Whether it runs on its station is `executing` (at most one per station), not a status.
 */
export const STRATEGY_STATUSES = ['enabled', 'disabled'] as const;
/** `update-status` also takes `deleted`: the strategy (or template) is removed; its deliveries stay in the log. */
export const STRATEGY_STATUS_CHANGES = ['enabled', 'disabled', 'deleted'] as const;
/** What a delivery asked the FCS: run the strategy, or stop running the one it runs (local-status-update). */
export const DELIVERY_ACTIONS = ['deliver', 'stop'] as const;
/** pending until the FCS answers; accepted / rejected by the FCS; timeout when it did not answer in time. */
export const DELIVERY_RESULTS = ['pending', 'accepted', 'rejected', 'timeout'] as const;

export const kind = z.enum(STRATEGY_KINDS);
export const status = z.enum(STRATEGY_STATUSES);
export const version = z.number().int().min(1).max(6);
export const name = text(64);

/** Who did something: the staff and the person's name then. */
export const actor = z.object({ staffId: z.number().int().nullable(), staffCode: z.string(), name: z.string() });

/** A delivery as the log shows it. */
export const deliveryRow = z.object({
  id: z.number().int(),
  /** Null once the strategy was deleted (its name stays). */
  strategyId: z.number().int().nullable(),
  strategyName: z.string(),
  kind,
  action: z.enum(DELIVERY_ACTIONS),
  bsaId: z.number().int(),
  bsaName: z.string(),
  /** The strategy's content revision that was sent (1 at creation, +1 per update); null for a stop. */
  revision: z.number().int().nullable(),
  /** Editor version of what was sent, 1..6 = CA..CF; null for a stop. */
  version: z.number().int().nullable(),
  operator: actor,
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
  result: z.enum(DELIVERY_RESULTS),
  /** The FCS's reason for a rejection, or why the server gave up (timeout, FCS unreachable). */
  reason: z.string().nullable(),
});

/** A strategy or template in lists. Station fields are null for templates. */
export const strategyRow = z.object({
  id: z.number().int(),
  kind,
  name: z.string(),
  /** Editor version 1..6 and its name CA..CF. */
  version: z.number().int(),
  versionName: z.string(),
  globalVersion: z.string().nullable(),
  bsaId: z.number().int().nullable(),
  bsaName: z.string().nullable(),
  ouId: z.number().int().nullable(),
  ouName: z.string().nullable(),
  /** The station's customer. */
  mcid: z.string().nullable(),
  customerName: z.string().nullable(),
  status,
  /** Content revision: 1 at creation, +1 at every update (the delivery log names it). */
  revision: z.number().int(),
  /** Field strategies: the days it runs ['YYYY-MM-DD', 'YYYY-MM-DD']. */
  executiveTimes: z.tuple([z.string(), z.string()]).nullable(),
  /** Whether it is the strategy its station's FCS runs, since when, and which revision it runs. */
  executing: z.boolean(),
  executingSince: z.string().nullable(),
  executingRevision: z.number().int().nullable(),
  /** Templates: how many customers it is bound to. */
  boundCustomers: z.number().int(),
  lastDelivery: deliveryRow.pick({ id: true, result: true, requestedAt: true, revision: true }).nullable(),
  createdBy: actor,
  createdAt: z.string(),
  updatedBy: actor,
  updatedAt: z.string(),
});

/** A strategy with its body: the wire form the editor sends and reads (`wireToForm`). */
export const strategyWithBody = strategyRow.extend({ body: strategyWireSchema });

export const listFilter = z.object({
  kind: kind.optional(),
  /** Several kinds at once (e.g. strategies and field strategies); with `kind`, both apply. */
  kinds: z.array(kind).max(3).optional(),
  bsaId: id.optional(),
  ouId: id.optional(),
  /** The station's customer; for templates, a customer the template is bound to. */
  mcid: mcid.optional(),
  version: version.optional(),
  status: status.optional(),
  /** Name contains. */
  name: name.optional(),
  executing: z.boolean().optional(),
  timestamp: z.number().optional(),
});

export const meterInfo = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  /** The name the editor's meter entries carry (`deviceName`). */
  name: z.string(),
  role: z.enum(['grid', 'upper']),
  transformerCapacityKva: z.number().nullable(),
});

export const executingRef = z.object({
  strategyId: z.number().int().nullable(),
  name: z.string(),
  kind,
  /** Revision the FCS accepted, and whether the library copy has been edited since. */
  revision: z.number().int().nullable(),
  outdated: z.boolean(),
  since: z.string(),
  deliveryId: z.number().int(),
});

/** A station's FCS and whether it is online. */
export const fcsRef = z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), online: z.boolean() });

/** A station's PCS with its rating. */
export const pcsRef = z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), ratedPowerKw: z.number().nullable() });

/** A station as the editor needs it: version, ratings, its upper transformer meters for CF cards, executing strategy. */
export const bsaInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  mcid: z.string(),
  customerName: z.string(),
  strategyVersion: z.number().int(),
  versionName: z.string(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  meters: z.array(meterInfo),
  /** The upper transformer meters as the form's meter list (`newStrategyForm(version, kind, {meters})`). */
  meterEntries: z.array(
    z.object({ deviceId: z.number().int(), deviceName: z.string(), chargeThreshold: z.null(), pcsMaxChargePower: z.null() }),
  ),
  fcs: fcsRef.nullable(),
  executing: executingRef.nullable(),
});

export const stationExecuting = z.object({
  bsaId: z.number().int(),
  bsaCode: z.string(),
  bsaName: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  strategyVersion: z.number().int(),
  fcsOnline: z.boolean(),
  executing: executingRef.nullable(),
});
