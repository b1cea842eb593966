// The calls of the strategy editor, its delivery and its backtest (`energy-storage-strategy/...`, spec
// 001's `strategy` group) and the strategy calls of the storage overview (`bsaOperationOverview/...`).
// Bodies and answers are this project's (the spec lists no fields): docs/strategies.md explains them.
//
// Permissions. Strategies (kinds `strategy`, `fieldStrategy`) and templates have their own page and
// buttons, and several calls serve both, so the server checks the code that fits the kind:
//   read strategies p-bsa-strategy; read templates p-bsa-template or p-bsa-strategy (the editor applies
//   templates); create / edit / delete b-bsa-strategy-* or b-bsa-template-*; deliver and stop
//   b-bsa-strategy-deliver (in the contract); the delivery log p-bsa-deliver-log; the overview
//   p-bsa-overview. A call without a permission in its contract checks in the service (403 all the same).
import { z } from 'zod';
import { calendarDate } from '../bsa/index.js';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, isoDateTime, mcid, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { organizationNode } from '../customer/organization.js';
import { STRATEGY_KINDS } from './model.js';
import { OVERVIEW_KINDS } from './overview.js';
import { strategyWireSchema } from './schemas.js';

const tag = 'strategy';

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

const kind = z.enum(STRATEGY_KINDS);
const status = z.enum(STRATEGY_STATUSES);
const version = z.number().int().min(1).max(6);
const name = text(64);

/** Who did something: the staff and the person's name then. */
const actor = z.object({ staffId: z.number().int().nullable(), staffCode: z.string(), name: z.string() });

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

const listFilter = z.object({
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

/**
 * Strategies and templates, newest first. Filters combine; kinds the staff may not read are left out
 * (asking only for them answers 403).
 */
export const strategyPage = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/page',
  summary: 'Strategies and templates, paged',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: pageRequest.extend(listFilter.shape),
  output: pageOf(strategyRow),
});

/** The same filters without paging (at most 1000 rows, newest first). */
export const strategyList = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list',
  summary: 'Strategies and templates',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: listFilter.optional(),
  output: z.array(strategyRow),
});

/** The strategies (kinds strategy and fieldStrategy) of one station. */
export const strategyListBsa = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-bsa',
  summary: 'Strategies of a station',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-strategy' },
  kind: 'query',
  body: z.object({ bsaId: id, kind: kind.exclude(['template']).optional(), timestamp: z.number().optional() }),
  output: z.array(strategyRow),
});

/** The strategies of the stations of one OU. */
export const strategyListOu = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-ou',
  summary: 'Strategies of an OU',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-strategy' },
  kind: 'query',
  body: z.object({ ouId: id, kind: kind.exclude(['template']).optional(), timestamp: z.number().optional() }),
  output: z.array(strategyRow),
});

/** For one customer: the strategies of its stations and the templates bound to it (each as the staff may read). */
export const strategyListCustomer = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-customer',
  summary: 'Strategies and templates of a customer',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ mcid, kind: kind.optional(), timestamp: z.number().optional() }),
  output: z.array(strategyRow),
});

/**
 * The editor versions (1..6 = CA..CF) with what uses them among what the staff sees: stations whose FCS
 * runs the version, strategies and templates written for it. `inUse` when any count is above 0.
 */
export const strategyListVersion = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-version',
  summary: 'Strategy versions in use',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(
    z.object({
      version: z.number().int(),
      name: z.string(),
      stations: z.number().int(),
      strategies: z.number().int(),
      templates: z.number().int(),
      inUse: z.boolean(),
    }),
  ),
});

/** One strategy or template with its body; another tenant's or OU's answers 404. */
export const strategyDetail = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/detail',
  summary: 'Strategy detail',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: strategyWithBody,
});

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

const meterInfo = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  /** The name the editor's meter entries carry (`deviceName`). */
  name: z.string(),
  role: z.enum(['grid', 'upper']),
  transformerCapacityKva: z.number().nullable(),
});

const executingRef = z.object({
  strategyId: z.number().int().nullable(),
  name: z.string(),
  kind,
  /** Revision the FCS accepted, and whether the library copy has been edited since. */
  revision: z.number().int().nullable(),
  outdated: z.boolean(),
  since: z.string(),
  deliveryId: z.number().int(),
});

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
  fcs: z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), online: z.boolean() }).nullable(),
  executing: executingRef.nullable(),
});

/** Station info for the editor (version, meters, ratings, executing strategy). */
export const strategyBsaInfo = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/bsa-info',
  summary: 'Station info for the editor',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: bsaInfo,
});

/**
 * The stations a strategy or template is linked to: a strategy's own station; for a template, the
 * visible stations of its bound customers that run its version (where it can be applied). Each with
 * the strategy it executes.
 */
export const strategyBsaLinkInfo = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/bsa-link-info',
  summary: 'Stations linked to a strategy',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: z.object({
    id: z.number().int(),
    kind,
    stations: z.array(
      bsaInfo.pick({ id: true, code: true, name: true, ouName: true, customerName: true, strategyVersion: true, executing: true }),
    ),
  }),
});

/**
 * The ratings the editor and the FCS work with: the station's rated power and capacity, each PCS's
 * rating (and their sum), the meters with the transformers' capacity (and their sum), the FCS.
 */
export const strategyFcsRatings = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/fcs-ratings',
  summary: 'PCS and FCS ratings of a station',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: z.object({
    bsaId: z.number().int(),
    strategyVersion: z.number().int(),
    ratedPowerKw: z.number(),
    capacityKwh: z.number(),
    pcs: z.array(z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), ratedPowerKw: z.number().nullable() })),
    /** Sum of the PCS ratings (a PCS without one counts as 0); null without PCS. */
    pcsRatedKwTotal: z.number().nullable(),
    meters: z.array(meterInfo),
    /** Sum of the upper transformers' capacity; null when none is known. */
    transformerKvaTotal: z.number().nullable(),
    fcs: z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), online: z.boolean() }).nullable(),
  }),
});

/** Which PCS of a station its FCS controls: each PCS with the station's FCS (null when it has none). */
export const strategyPcsDeviceLink = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/pcs-device-link',
  summary: 'PCS controlled by the FCS',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: z.array(
    z.object({
      pcs: z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), ratedPowerKw: z.number().nullable() }),
      fcs: z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), online: z.boolean() }).nullable(),
    }),
  ),
});

const stationExecuting = z.object({
  bsaId: z.number().int(),
  bsaCode: z.string(),
  bsaName: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  strategyVersion: z.number().int(),
  fcsOnline: z.boolean(),
  executing: executingRef.nullable(),
});

/** The station side: each visible station (optionally of one OU or one station) with the strategy its FCS runs. */
export const strategyLocalExecuting = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/local/executing',
  summary: 'Strategies executing on the stations',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-strategy' },
  kind: 'query',
  body: z.object({ bsaId: id.optional(), ouId: id.optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(stationExecuting),
});

/**
 * The station-side copy: the strategy as its FCS accepted it (the body of the accepted delivery, which
 * may be an older revision than the library's). Null when the station runs none.
 */
export const strategyLocalDetails = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/local-details',
  summary: 'Strategy running on a station',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-strategy' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: stationExecuting.extend({ body: strategyWireSchema.nullable() }),
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

// ---------------------------------------------------------------------------------------------
// Backtest preview (not in the spec): the strategy engine of the simulated station over a past day.

export const backtestPoint = z.object({
  /** Start of the step, epoch ms, and its local 'HH:mm'. */
  ts: z.number(),
  time: z.string(),
  /** Site load before the battery and PV, kW (grid meter + PCS power + PV). */
  loadKw: z.number(),
  pvKw: z.number(),
  price: z.number(),
  gridBeforeKw: z.number(),
  gridAfterKw: z.number(),
  /** Battery power, + discharge, - charge. */
  batteryKw: z.number(),
  socPct: z.number(),
  note: z.string(),
});

/**
 * Runs a strategy over a past day (in the tenant's time zone) of a station's own data, with the engine
 * the simulated station runs: the site load is the station's grid meters plus its PCS power (what the
 * grid would have seen without the battery), prices from its cost info, the SOC at the day's start
 * from its PCS. Give a saved strategy or template (`id`) or an unsaved body (`strategy`, checked like
 * insert). Answers 15-minute points and the figures. Today and later days are refused.
 */
export const strategyBacktest = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/backtest',
  summary: 'Backtest a strategy on a past day',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z
    .object({ bsaId: id, date: calendarDate, id: id.optional(), strategy: strategyWireSchema.optional() })
    .refine((b) => (b.id === undefined) !== (b.strategy === undefined), { message: 'give either id or strategy', path: ['id'] }),
  output: z.object({
    bsaId: z.number().int(),
    date: z.string(),
    timeZone: z.string(),
    currency: z.string(),
    stepMinutes: z.number().int(),
    strategy: z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      revision: z.number().int().nullable(),
      version: z.number().int(),
    }),
    station: z.object({
      ratedPowerKw: z.number(),
      capacityKwh: z.number(),
      initialSocPct: z.number(),
      transformerKva: z.number().nullable(),
    }),
    /** Share of the day's steps that had a grid meter reading (the others are left out of the run). */
    coverage: z.number(),
    points: z.array(backtestPoint),
    figures: z.object({
      peakDemandBeforeKw: z.number(),
      peakDemandAfterKw: z.number(),
      chargedKwh: z.number(),
      dischargedKwh: z.number(),
      costBefore: z.number(),
      costAfter: z.number(),
      /** costBefore - costAfter (energy only; the demand charge is not included). */
      saving: z.number(),
      finalSocPct: z.number(),
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// The storage overview's strategy calls (bsaOperationOverview/).

/** One card of today's plan, with whether it is the one in force now. */
export const todayCard = z.object({
  index: z.number().int(),
  kind: z.enum(OVERVIEW_KINDS),
  /** '08:00-12:00'. */
  period: z.string(),
  value: z.string().nullable(),
  current: z.boolean(),
});

/** What a station runs today: the executing strategy, its cards, the 48 half-hour bars, the last delivery. */
export const stationStrategyInfo = z.object({
  bsaId: z.number().int(),
  bsaName: z.string(),
  /** Today in the tenant's time zone, and the local time now 'HH:mm'. */
  date: z.string(),
  now: z.string(),
  timeZone: z.string(),
  strategyVersion: z.number().int(),
  executing: executingRef.nullable(),
  /** A field strategy runs only on its days: false when today is outside them (the FCS's own control runs). */
  activeToday: z.boolean(),
  cards: z.array(todayCard),
  bars: z.array(z.enum(OVERVIEW_KINDS).nullable()),
  lastDelivery: deliveryRow.nullable(),
});

/** The strategy a station runs, with today's cards. */
export const overviewStrategyInfo = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/strategy/info',
  summary: 'Strategy running on a station today',
  tag: 'bsaOperationOverview',
  access: { auth: 'staff', permission: 'p-bsa-overview' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: stationStrategyInfo,
});

/** The newer overview's form of the same answer. */
export const overviewNeoStrategyInfo = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/neo/strategy/info',
  summary: 'Strategy running on a station today (new overview)',
  tag: 'bsaOperationOverview',
  access: { auth: 'staff', permission: 'p-bsa-overview' },
  kind: 'query',
  body: z.object({ bsaId: id, timestamp: z.number().optional() }),
  output: stationStrategyInfo,
});

/** Every visible station (optionally of one OU or customer) with what it runs today and the card now in force. */
export const overviewNeoStrategyList = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/neo/strategy/List',
  summary: 'Strategies running on the stations today',
  tag: 'bsaOperationOverview',
  access: { auth: 'staff', permission: 'p-bsa-overview' },
  kind: 'query',
  body: z.object({ ouId: id.optional(), mcid: mcid.optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(
    stationStrategyInfo.pick({ bsaId: true, bsaName: true, strategyVersion: true, executing: true, activeToday: true }).extend({
      currentCard: todayCard.nullable(),
    }),
  ),
});
