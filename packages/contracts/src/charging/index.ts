import { z } from 'zod';
import { crudContract } from '../common/crud.js';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
// the platform's time-of-use band rules, unchanged (docs/bsa.md); zod-free, so imported as they are
import { bandProblems, MAX_BANDS } from '../bsa/tariff.js';
import { calendarDate, priceAmount, touBand } from '../common/tou-schemas.js';

// EV charging (issue 23, docs/charging.md): stations, piles (OCPP charge points), guns (connectors), the
// station's cost info, charging sessions and remote commands to the piles.

const tag = 'charging';

export const stationStatus = z.enum(['enabled', 'disabled']);
export const currentType = z.enum(['AC', 'DC']);
export const gunType = z.enum(['GBT_AC', 'GBT_DC', 'Type2', 'CCS2', 'CHAdeMO']);
/** OCPP 1.6 ChargePointStatus; a value a charger sends outside the list is kept as 'Unknown' (and logged). */
export const CONNECTOR_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
  'Unknown',
] as const;
export const connectorStatus = z.enum(CONNECTOR_STATUSES);

const code = text(64).min(1, 'is required');
const name = text(128).min(1, 'is required');
const kw = z.number().positive('must be more than 0').max(2000, 'must be at most 2000 kW');
/** An OCPP identity: the last path segment of /ocpp/{chargePointId}; letters, digits, '-', '_', '.'. */
const ocppIdentity = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,48}$/, 'must be 1-48 letters, digits, dots, dashes or underscores');

export const stationRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mcid: z.string(),
  customerName: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  address: z.string().nullable(),
  status: stationStatus,
  pileCount: z.number().int(),
  gunCount: z.number().int(),
  createdAt: z.string(),
});

export const gunRow = z.object({
  id: z.number().int(),
  pileId: z.number().int(),
  pileCode: z.string(),
  stationId: z.number().int(),
  stationName: z.string(),
  /** The OCPP connectorId: 1, 2, ... on its pile. */
  number: z.number().int(),
  type: gunType,
  ratedPowerKw: z.number(),
  status: connectorStatus,
  errorCode: z.string().nullable(),
  /** The charger's time of the status. */
  statusAt: z.string().nullable(),
  /** The session under way on the gun, if any. */
  transactionId: z.number().int().nullable(),
  /**
   * That session as it stands: its start, the energy so far (latest register minus the start) and the power
   * between its two latest meter values (W, rounded; null before the second).
   */
  session: z
    .object({
      transactionId: z.number().int(),
      idTag: z.string(),
      startedAt: z.string(),
      energyWh: z.number().int(),
      powerW: z.number().int().nullable(),
      lastMeterAt: z.string().nullable(),
    })
    .nullable(),
});

export const pileRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  ouId: z.number().int(),
  code: z.string(),
  name: z.string(),
  vendor: z.string(),
  model: z.string(),
  serialNumber: z.string().nullable(),
  ratedPowerKw: z.number(),
  currentType,
  ocppIdentity: z.string(),
  credentialsIssuedAt: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  /** The charge point's own status (connector 0). */
  status: connectorStatus,
  guns: z.array(gunRow),
  createdAt: z.string(),
});

const stationFilter = {
  name: text(128).optional(),
  ouId: id.optional(),
  status: stationStatus.optional(),
};

const stationFields = { code, name, ouId: id, address: text(256).nullable().optional() };

const stations = crudContract({
  tag,
  base: '/api/v2/charging',
  row: stationRow,
  filter: stationFilter,
  create: z.object(stationFields),
  update: z.object({ id, code: code.optional(), name: name.optional(), ouId: id.optional(), address: text(256).nullable().optional() }),
  permissions: { create: 'b-charging-station-create', update: 'b-charging-station-edit', delete: 'b-charging-station-delete' },
  paths: { update: { path: '/edit' } },
  only: ['page', 'list', 'detail', 'create', 'update', 'delete'],
});
export const stationPage = stations.page;
export const stationList = stations.list;
export const stationDetail = stations.detail;
export const stationCreate = stations.create;
export const stationEdit = stations.update;
export const stationDelete = stations.delete;

/** Enables or disables a station (a disabled station's piles still connect; its sessions are still recorded). */
export const stationStatusChange = endpoint({
  method: 'POST',
  path: '/api/v2/charging/charging-station/status/change',
  summary: 'Enable or disable a charging station',
  tag,
  access: { auth: 'staff', permission: 'b-charging-station-edit' },
  kind: 'command',
  body: z.object({ id, status: stationStatus }),
  output: stationRow,
});

const gunInput = z.object({ type: gunType, ratedPowerKw: kw });

/** A new pile of a station with its guns (numbered 1.. in the order sent); the OCPP identity is unique platform-wide. */
export const pileCreate = endpoint({
  method: 'POST',
  path: '/api/v2/charging/pile/create',
  summary: 'Create a charging pile',
  tag,
  access: { auth: 'staff', permission: 'b-charging-pile-create' },
  kind: 'command',
  body: z.object({
    stationId: id,
    code,
    name,
    vendor: text(64).min(1, 'is required'),
    model: text(64).min(1, 'is required'),
    serialNumber: text(64).nullable().optional(),
    ratedPowerKw: kw,
    currentType,
    ocppIdentity,
    guns: z.array(gunInput).min(1, 'a pile has at least one gun').max(8, 'at most 8 guns'),
  }),
  output: pileRow,
});

/** Changes a pile's own fields (not its guns, not its station). */
export const pileEdit = endpoint({
  method: 'POST',
  path: '/api/v2/charging/pile/edit',
  summary: 'Edit a charging pile',
  tag,
  access: { auth: 'staff', permission: 'b-charging-pile-edit' },
  kind: 'command',
  body: z.object({
    id,
    code: code.optional(),
    name: name.optional(),
    vendor: text(64).min(1, 'is required').optional(),
    model: text(64).min(1, 'is required').optional(),
    serialNumber: text(64).nullable().optional(),
    ratedPowerKw: kw.optional(),
    currentType: currentType.optional(),
  }),
  output: pileRow,
});

/** Deletes a pile, its guns and its sessions; refused while a session is under way. */
export const pileDelete = endpoint({
  method: 'POST',
  path: '/api/v2/charging/pile/delete',
  summary: 'Delete a charging pile',
  tag,
  access: { auth: 'staff', permission: 'b-charging-pile-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.null(),
});

export const pileDetail = endpoint({
  method: 'POST',
  path: '/api/v2/charging/charging-pile/detail',
  summary: 'Charging pile with its guns',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ id }),
  output: pileRow,
});

/**
 * New OCPP credentials (security profile 1: HTTP basic auth, user = the OCPP identity): a random
 * password shown once; only its hash is kept. Issuing again replaces it.
 */
export const pileCredentialsIssue = endpoint({
  method: 'POST',
  path: '/api/v2/charging/pile/credentials/issue',
  summary: 'Issue OCPP credentials',
  tag,
  access: { auth: 'staff', permission: 'b-charging-pile-edit' },
  kind: 'command',
  body: z.object({ id }),
  output: z.object({ ocppIdentity: z.string(), password: z.string(), path: z.string(), subprotocol: z.literal('ocpp1.6') }),
});

export const pileFilter = {
  stationId: id.optional(),
  name: text(128).optional(),
  online: z.boolean().optional(),
};

export const pilePage = endpoint({
  method: 'POST',
  path: '/api/v2/charging/device/page/charging-pile',
  summary: 'Charging piles (paged)',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: pageRequest.extend(pileFilter),
  output: pageOf(pileRow),
});

export const gunPage = endpoint({
  method: 'POST',
  path: '/api/v2/charging/device/page/charging-gun',
  summary: 'Charging guns (paged)',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: pageRequest.extend({ stationId: id.optional(), pileId: id.optional(), status: connectorStatus.optional() }),
  output: pageOf(gunRow),
});

export const gunEdit = endpoint({
  method: 'POST',
  path: '/api/v2/charging/gun/edit',
  summary: 'Edit a charging gun',
  tag,
  access: { auth: 'staff', permission: 'b-charging-pile-edit' },
  kind: 'command',
  body: z.object({ id, type: gunType.optional(), ratedPowerKw: kw.optional() }),
  output: gunRow,
});

// ---------------------------------------------------------------------------------------------
// Cost info

/** A station's energy price band: the shared time-of-use band (common/tou-schemas.ts). */
export const costBand = touBand;

/** One version of a station's prices, in force from a local date until the next version's. */
export const costVersion = z.object({
  effectiveFrom: z.string(),
  currency: z.string(),
  bands: z.array(costBand),
  /** Service fee, currency per kWh, on top of the energy price. */
  serviceFeePerKwh: z.number(),
  updatedAt: z.string(),
});

export const costInfo = z.object({
  stationId: z.number().int(),
  /** Every version, the newest first. */
  versions: z.array(costVersion),
});

export const costInfoGet = endpoint({
  method: 'POST',
  path: '/api/v2/charging/cost-info/info',
  summary: "A charging station's prices",
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ stationId: id }),
  output: costInfo,
});

/**
 * Saves the version of the prices in force from `effectiveFrom` (replacing one of that date). The bands
 * cover 00:00-24:00 on quarter hours without gaps or overlaps (the platform's band rules). Sessions
 * already priced keep their cost.
 */
export const costInfoEdit = endpoint({
  method: 'POST',
  path: '/api/v2/charging/cost-info/edit',
  summary: "Save a charging station's prices",
  tag,
  access: { auth: 'staff', permission: 'b-charging-cost-edit' },
  kind: 'command',
  body: z
    .object({
      stationId: id,
      effectiveFrom: calendarDate,
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code (ISO 4217), e.g. CNY')
        .default('CNY'),
      bands: z.array(costBand).max(MAX_BANDS, `at most ${MAX_BANDS} bands`),
      serviceFeePerKwh: priceAmount(1000),
    })
    .superRefine((body, ctx) => {
      for (const problem of bandProblems(body.bands)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }),
  output: costInfo,
});

// ---------------------------------------------------------------------------------------------
// Remote commands (OCPP 1.6 central system → charge point)

const operationPassword = z.string().min(1, 'is required').max(64);

/** What to ask a connected pile; each asks the operation password first. */
export const remoteCommand = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('RemoteStartTransaction'),
    connectorId: z.number().int().min(1).max(8),
    idTag: text(20).min(1, 'is required'),
  }),
  z.object({ action: z.literal('RemoteStopTransaction'), transactionId: z.number().int().min(1) }),
  z.object({ action: z.literal('Reset'), type: z.enum(['Soft', 'Hard']) }),
  z.object({
    action: z.literal('ChangeAvailability'),
    connectorId: z.number().int().min(0).max(8),
    type: z.enum(['Operative', 'Inoperative']),
  }),
  /** Sets MeterValueSampleInterval and ClockAlignedDataInterval to 900 s (15 min), so energy splits by price band. */
  z.object({
    action: z.literal('ChangeConfiguration'),
    key: z.enum(['ClockAlignedDataInterval', 'MeterValueSampleInterval']),
    value: z.literal('900'),
  }),
]);

export const pileCommand = endpoint({
  method: 'POST',
  path: '/api/v2/charging/pile/command',
  summary: 'Send an OCPP command to a pile',
  tag,
  access: { auth: 'staff', permission: 'b-charging-pile-command' },
  kind: 'command',
  body: z.object({ pileId: id, operationPassword, command: remoteCommand }),
  output: z.object({ action: z.string(), status: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Home page card

/** The charging card of the home page: stations, piles online, guns by status, energy and money of the last 30 days. */
export const dashboardCharging = endpoint({
  method: 'POST',
  path: '/api/v2/portal/dashboard/charging',
  summary: 'Home page: charging',
  tag: 'portal',
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.object({
    stations: z.number().int(),
    piles: z.number().int(),
    pilesOnline: z.number().int(),
    guns: z.record(z.string(), z.number().int()),
    sessions30d: z.number().int(),
    energyWh30d: z.number().int(),
    revenue30d: z.number(),
    currency: z.string().nullable(),
  }),
});

export * from './sessions.js';
