import { z } from 'zod';
import { crudContract } from '../common/crud.js';
import { endpoint } from '../common/endpoint.js';
import { id, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { calendarDate } from '../common/tou-schemas.js';
import { bsaUpsetCostInfo, tariff, TARIFF_BAND_KINDS } from '../bsa/index.js';
import { STATION_STATUSES } from '../bsa/lifecycle.js';
import { bsaUpdate, stationBasicRow } from '../bsa/levels.js';
import { bsaConfigPublish } from '../bsa/config.js';
import { CABINET_LINK_KINDS } from './cabinet.js';

// Second-edition storage stations: a bsa_station with its OBS (outdoor battery system) record and a cabinet
// layout (docs/bsa.md, "Second edition and firmware (issue 22)").

const tag = 'bsa-second-edition';
const base = '/api/v2/bsa-second-edition';
const read = { auth: 'staff', permission: 'p-bsa-second-edition' } as const;
const edit = { auth: 'staff', permission: 'b-bsa-second-edition-edit' } as const;
const status = { auth: 'staff', permission: 'b-bsa-second-edition-status' } as const;
const ts = { timestamp: z.number().optional() };

export const OBS_CHEMISTRIES = ['LFP', 'NCM', 'sodium-ion'] as const;
export const OBS_COOLING = ['air', 'liquid'] as const;
export const OBS_FIRE_SUPPRESSION = ['aerosol', 'perfluorohexanone', 'heptafluoropropane', 'water-mist', 'none'] as const;

/** The OBS (outdoor battery system) record of a second-edition station. */
export const obsInfo = z.object({
  manufacturer: text(64).min(1, 'must not be empty'),
  model: text(64).min(1, 'must not be empty'),
  serialNumber: text(64).nullable().optional(),
  chemistry: z.enum(OBS_CHEMISTRIES),
  cooling: z.enum(OBS_COOLING),
  fireSuppression: z.enum(OBS_FIRE_SUPPRESSION),
  ipRating: z.string().regex(/^IP[0-6][0-9]$/, 'must be an IP code such as IP54'),
  commissionedOn: calendarDate.nullable().optional(),
  designCycles: z.number().int().min(1, 'must be at least 1').max(100_000, 'must be at most 100000').nullable().optional(),
});

export const obsRow = obsInfo.required().extend({ updatedAt: z.string(), updatedByName: z.string().nullable() });

const fcsOfStation = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  online: z.boolean(),
  softwareVersion: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
});

/** A station as the second edition shows it. */
export const secondRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(STATION_STATUSES),
  ouId: z.number().int(),
  ouName: z.string(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  strategyVersion: z.number().int(),
  online: z.boolean(),
  /** True when it has its OBS record (a second-edition station). */
  secondEdition: z.boolean(),
  fcs: fcsOfStation.nullable(),
  cabinets: z.number().int(),
  createdAt: z.string(),
});

/** Stations with their edition, FCS and cabinet count, paged. */
export const page = endpoint({
  method: 'POST',
  path: `${base}/page/bsa-second-edition`,
  summary: 'Second-edition stations',
  tag,
  access: read,
  kind: 'query',
  body: pageRequest.extend({
    name: text(64).optional(),
    ouId: id.optional(),
    status: z.enum(STATION_STATUSES).optional(),
    /** second: only stations with an OBS record; first: only those without. */
    edition: z.enum(['first', 'second']).optional(),
    ...ts,
  }),
  output: pageOf(secondRow),
});

const stationFile = crudContract({
  tag,
  base,
  row: secondRow,
  filter: {
    name: text(64).optional(),
    ouId: id.optional(),
    status: z.enum(STATION_STATUSES).optional(),
    edition: z.enum(['first', 'second']).optional(),
  },
  create: z.object({}),
  update: z.object({}),
  permissions: { export: 'b-bsa-second-edition-export' },
  paths: { export: { path: `${base}/export/bsa-second-edition` } },
  only: ['export'],
});

/** The station list (its filters) as XLSX (default) or CSV (not in the spec: every list has its export). */
export const stationExport = stationFile.export;

/** One station with its OBS record, cabinets, devices and cost info. */
export const info = endpoint({
  method: 'POST',
  path: `${base}/info/bsa-second-edition`,
  summary: 'A second-edition station',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ id, ...ts }),
  output: secondRow.extend({
    obs: obsRow.nullable(),
    cabinetList: z.array(
      z.object({ id: z.number().int(), code: z.string(), name: z.string(), ratedPowerKw: z.number(), capacityKwh: z.number() }),
    ),
    pcs: z.array(z.object({ deviceId: z.number().int(), code: z.string(), name: z.string() })),
    meters: z.array(z.object({ deviceId: z.number().int(), code: z.string(), name: z.string(), role: z.enum(['grid', 'upper']) })),
    tariff: tariff.nullable(),
  }),
});

/** Edits the station's basic info (the same rules as bsa/update). */
export const update = endpoint({
  method: 'POST',
  path: `${base}/update/bsa-second-edition`,
  summary: 'Edit a second-edition station',
  tag,
  access: edit,
  kind: 'command',
  body: bsaUpdate.body,
  output: stationBasicRow,
});

/** Saves the station's OBS record (replaced as a whole); the first save makes it a second-edition station. */
export const updateObs = endpoint({
  method: 'POST',
  path: `${base}/update/obs`,
  summary: "Save a station's OBS info",
  tag,
  access: edit,
  kind: 'command',
  body: obsInfo.extend({ bsaId: id }),
  output: obsRow.extend({ bsaId: z.number().int() }),
});

/** The OUs that hold storage stations, with how many and how many are second edition. */
export const ouList = endpoint({
  method: 'POST',
  path: `${base}/ou-list`,
  summary: 'Operating units with storage stations',
  tag,
  access: read,
  kind: 'query',
  body: z.object({ ...ts }).optional(),
  output: z.array(z.object({ ouId: z.number().int(), ouName: z.string(), stations: z.number().int(), secondEdition: z.number().int() })),
});

const statusChange = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path: `${base}/${path}`,
    summary,
    tag,
    access: status,
    kind: 'command',
    body: z.object({ id }),
    output: z.object({ id: z.number().int(), status: z.enum(STATION_STATUSES), previous: z.enum(STATION_STATUSES) }),
  });

/** configured | disabled → enabled; a second-edition station also needs a cabinet. */
export const enable = statusChange('enable', 'Enable a station');
/** enabled → disabled. */
export const disable = statusChange('disable', 'Disable a station');
/** configured | disabled → invalid (the end). */
export const invalidation = statusChange('invalidation', 'Invalidate a station');

/** Sends the station's latest configuration version to its FCS again (bsaConfig/publish). */
export const forward = endpoint({
  method: 'POST',
  path: `${base}/forward`,
  summary: "Forward a station's configuration to its FCS",
  tag,
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id }),
  output: bsaConfigPublish.output,
});

/** Binds an FCS (type bsa-fcs, the station's OU, of no other station) to the station, or unbinds it (null). */
export const bindingFcs = endpoint({
  method: 'POST',
  path: `${base}/bsa-binding-fcs`,
  summary: 'Bind an FCS to a station',
  tag,
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, fcsDeviceId: id.nullable() }),
  output: secondRow,
});

export const fcsRow = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  online: z.boolean(),
  station: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  softwareVersion: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  versionReportedAt: z.string().nullable(),
  /** Its firmware update under way, if any. */
  updating: z.object({ targetId: z.number().int(), state: z.string(), softwareVersion: z.string() }).nullable(),
});

/** The FCS edge controllers the staff sees, with their station and versions. */
export const fcsPage = endpoint({
  method: 'POST',
  path: `${base}/fcs-page`,
  summary: 'FCS edge controllers',
  tag,
  access: read,
  kind: 'query',
  body: pageRequest.extend({ code: text(64).optional(), bsaId: id.optional(), bound: z.boolean().optional(), ...ts }),
  output: pageOf(fcsRow),
});

/** The station's PCS, meters, FCS and stacks, each with the cabinet it sits in. */
export const devicePage = endpoint({
  method: 'POST',
  path: `${base}/device-page`,
  summary: "A station's devices and their cabinets",
  tag,
  access: read,
  kind: 'query',
  body: pageRequest.extend({ bsaId: id, kind: z.enum(CABINET_LINK_KINDS).optional(), ...ts }),
  output: pageOf(
    z.object({
      kind: z.enum(CABINET_LINK_KINDS),
      targetId: z.number().int(),
      code: z.string(),
      name: z.string(),
      online: z.boolean().nullable(),
      cabinet: z.object({ id: z.number().int(), code: z.string() }).nullable(),
    }),
  ),
});

/**
 * The cost info with what a full cycle earns: charging the station's capacity at the cheapest band and
 * discharging it at the dearest (before losses), in the tariff's currency and in ten-thousandths.
 */
export const costDetailRow = z.object({
  bsaId: z.number().int(),
  tariff: tariff.nullable(),
  capacityKwh: z.number(),
  cheapest: z.object({ kind: z.enum(TARIFF_BAND_KINDS), price: z.number() }).nullable(),
  dearest: z.object({ kind: z.enum(TARIFF_BAND_KINDS), price: z.number() }).nullable(),
  /** (dearest − cheapest) × capacity, ten-thousandths of the currency (exact). */
  cycleSpreadMinor: z.number().int().nullable(),
  cycleSpread: z.number().nullable(),
});

export const costDetail = endpoint({
  method: 'POST',
  path: `${base}/cost/detail`,
  summary: "A station's cost info",
  tag,
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: costDetailRow,
});

/** Saves the station's cost info (bsa/upset/costInfo's rules and messages). */
export const costUpset = endpoint({
  method: 'POST',
  path: `${base}/cost/upset`,
  summary: "Save a station's cost info",
  tag,
  access: edit,
  kind: 'command',
  body: bsaUpsetCostInfo.body,
  output: costDetailRow,
});
