import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { calendarDate } from '../common/tou-schemas.js';
import { alias } from './aliases.js';
import {
  batteryLevel,
  bsaPcsBindingBsa,
  bsaStackBindingPcs,
  deviceBsaTemplateList,
  edgeBsaPreview,
  edgeBsaTemplateCreate,
  neoBsaListPack,
  neoBsaListRack,
  neoBsaListStack,
  pcsBindingRow,
  pointVersionRow,
} from './build.js';
import { stationBasic, STATION_STATUSES, stationSimple } from './lifecycle.js';

// The rest of issue 21's calls (docs/bsa.md, "Levels, data and display"): editing a configured station,
// the meter side of the PCS bindings, master/slave stations, stations by unit (PCS), the station's energy
// from its devices' rollups, applying one level at a time, and which data points a station shows.

const read = { auth: 'staff', permission: 'p-bsa-station' } as const;
const edit = { auth: 'staff', permission: 'b-bsa-station-edit' } as const;
const templates = { auth: 'staff', permission: 'p-bsa-battery-template' } as const;
const ts = { timestamp: z.number().optional() };

// ---- other names (the same call under the spec's second path) ----

/** The racks of a stack (`neo-bsa-device/list/neo-bsa-rack`). */
export const bsaRack = alias(neoBsaListRack, '/api/v2/bsa/rack', 'bsa');
/** The packs of a rack (`neo-bsa-device/list/neo-bsa-pack`). */
export const bsaPack = alias(neoBsaListPack, '/api/v2/bsa/pack', 'bsa');
/** Device templates (`device/bsa/template`). */
export const neoBsaGetDeviceTemplate = alias(deviceBsaTemplateList, '/api/v2/neo-bsa-device/get/neo-bsa-device/template', 'neo-bsa-device');
/** Creates a device template (`edge-device/bsa/template`). */
export const neoBsaCreateDeviceTemplate = alias(
  edgeBsaTemplateCreate,
  '/api/v2/neo-bsa-device/create/neo-bsa-device/template',
  'neo-bsa-device',
);
/** Binds a stack to a PCS (`bsa/stack-binding-pcs`). */
export const neoBsaBindStack = alias(bsaStackBindingPcs, '/api/v2/neo-bsa-device/bind/neo-bsa-stack', 'neo-bsa-device');
/** Adds a PCS to a station (`bsa/pcs-binding-bsa`). */
export const neoBsaBindPcs = alias(bsaPcsBindingBsa, '/api/v2/neo-bsa-device/bind/neo-bsa-pcs', 'neo-bsa-device');
/** The stacks of a station (`neo-bsa-device/list/neo-bsa-stack`), where the data points are configured. */
export const neoBsaPointStackList = alias(neoBsaListStack, '/api/v2/neo-bsa-data-point/stack/list', 'neo-bsa-data-point');
/** What applying templates would create (`edge-device/bsa/preview`). */
export const neoBsaPointPreview = alias(edgeBsaPreview, '/api/v2/neo-bsa-data-point/preview', 'neo-bsa-data-point');

// ---- editing a station ----

/** The station's basic info after an edit. */
export const stationBasicRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(STATION_STATUSES),
  ouId: z.number().int(),
  mcid: z.string(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  strategyVersion: z.number().int(),
});

/**
 * Edits a configured, enabled or disabled station's basic info (name, OU, rated power, capacity, strategy
 * version; the code stays). A draft is edited through bsa/draft; an invalid station no more. Moving it to
 * another OU needs every device of the station in that OU.
 */
export const bsaUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/update',
  summary: 'Edit a station',
  tag: 'bsa',
  access: edit,
  kind: 'command',
  body: stationBasic.omit({ code: true }).extend({ id }),
  output: stationBasicRow,
});

// ---- meters ----

/** A meter a station may use: the OU's meters, with the stations that use it. */
export const meterCandidateRow = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceTypeKey: z.string(),
  online: z.boolean(),
  /** Its role in this station, null while the station does not use it. */
  role: z.enum(['grid', 'upper']).nullable(),
  /** The PCS of this station it measures. */
  pcsDeviceIds: z.array(z.number().int()),
  /** Other stations of the tenant using it (a grid meter may serve several stations of a site). */
  otherStations: z.array(z.object({ id: z.number().int(), code: z.string(), role: z.enum(['grid', 'upper']) })),
});

/** The meters of the station's OU (category meter), the station's own first, then by code. */
export const bsaMeterDevice = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/meter/device',
  summary: 'Meters a station can bind',
  tag: 'bsa',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(meterCandidateRow),
});

/**
 * The meter side of pcs-binding-meter: the PCS of the station this meter measures (each PCS has one meter,
 * so a PCS listed here leaves its former meter; a PCS of this meter not listed is unbound).
 */
export const bsaMeterBindingPcs = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/meter-binding-pcs',
  summary: 'Bind PCS to a meter',
  tag: 'bsa',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, meterDeviceId: id, pcsDeviceIds: z.array(id).max(64, 'at most 64 PCS') }),
  output: z.array(pcsBindingRow),
});

// ---- master and slave stations ----

const stationRef = z.object({ id: z.number().int(), code: z.string(), name: z.string(), status: z.enum(STATION_STATUSES) });

/** A station's place in a master/slave group: its master, its slaves, and the stations it may take as master. */
export const masterSlaveRow = z.object({
  id: z.number().int(),
  code: z.string(),
  master: stationRef.nullable(),
  slaves: z.array(stationRef),
  candidates: z.array(stationRef),
});

/**
 * Makes a station the slave of another (its master's FCS coordinates it), or frees it (`masterId` null).
 * Same tenant and OU, not itself, one level only (a master has no master, a slave no slaves), neither
 * invalid. Without `masterId` it only answers the station's group.
 */
export const bsaMasterSlave = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/masterSlaveBsa',
  summary: 'Master/slave stations',
  tag: 'bsa',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, masterId: id.nullable().optional() }),
  output: masterSlaveRow,
});

/** A station's master/slave group for readers (what masterSlaveBsa answers, changing nothing). */
export const bsaMasterSlaveGet = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/masterSlaveBsa/get',
  summary: 'Master/slave group of a station',
  tag: 'bsa',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: masterSlaveRow,
});

/**
 * The stations of energy units: a unit (UET) as energy-storage-strategy/list-uet answers it is a PCS with
 * its meter and stacks, so a unit is named by its PCS device id. Units the staff cannot see are left out.
 */
export const bsaListByUet = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/list-by-uet',
  summary: 'Stations of energy units (PCS)',
  tag: 'bsa',
  access: read,
  kind: 'query',
  body: z.object({ pcsDeviceIds: z.array(id).min(1, 'must name at least one PCS').max(200, 'at most 200 PCS'), ...ts }),
  output: z.array(z.object({ pcsDeviceId: z.number().int(), pcsCode: z.string(), station: stationSimple })),
});

// ---- the station's data ----

/** One 15-minute step of a station's day: energies in Wh (Σ of its devices' counters), average PCS power. */
export const quarterStep = z.object({
  ts: z.number(),
  time: z.string(),
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  gridImportWh: z.number().int(),
  gridExportWh: z.number().int(),
  /** Σ over the PCS of their average active power in the step, kW (discharge positive); null without readings. */
  pcsPowerKw: z.number().nullable(),
  /** Average of the PCS' SOC in the step, %; null without readings. */
  socPct: z.number().nullable(),
});

const energyTotals = z.object({
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  gridImportWh: z.number().int(),
  gridExportWh: z.number().int(),
});

/**
 * A local day of the station in 15-minute steps (96; 92 or 100 when the clocks change) from its PCS' and
 * grid meters' rollups: charged and discharged energy (PCS counters), grid import and export (grid meters),
 * the PCS' power and SOC.
 */
export const bsaDataQuarter = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/data/quarter',
  summary: 'Station energy per quarter hour',
  tag: 'bsa',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, date: calendarDate, ...ts }),
  output: z.object({
    bsaId: z.number().int(),
    date: z.string(),
    timeZone: z.string(),
    stepMinutes: z.number().int(),
    steps: z.array(quarterStep),
    totals: energyTotals,
  }),
});

/** The station's energy per local day from..to (at most 92 days), from the day rollups. */
export const bsaData = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/data',
  summary: 'Station energy per day',
  tag: 'bsa-data',
  access: read,
  kind: 'query',
  body: z
    .object({ bsaId: id, from: calendarDate, to: calendarDate, ...ts })
    .refine((b) => b.from <= b.to, { path: ['to'], message: 'must not be before from' })
    .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= 91 * 86_400_000, { path: ['to'], message: 'at most 92 days from from' }),
  output: z.object({
    bsaId: z.number().int(),
    timeZone: z.string(),
    days: z.array(energyTotals.extend({ date: z.string() })),
    totals: energyTotals,
  }),
});

/** The station now: each PCS' latest power, SOC and state, and today's energy so far. */
export const bsaBsa = endpoint({
  method: 'POST',
  path: '/api/v2/bsa/bsa',
  summary: 'Station now',
  tag: 'bsa-data',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.object({
    bsaId: z.number().int(),
    code: z.string(),
    name: z.string(),
    status: z.enum(STATION_STATUSES),
    online: z.boolean(),
    ratedPowerKw: z.number(),
    capacityKwh: z.number(),
    /** Σ of the PCS' latest power, kW (discharge positive); null while none reported. */
    powerKw: z.number().nullable(),
    /** The PCS' SOC weighted by their rated power (plain average when a rating is missing), %. */
    socPct: z.number().nullable(),
    pcs: z.array(
      z.object({
        deviceId: z.number().int(),
        code: z.string(),
        online: z.boolean(),
        powerKw: z.number().nullable(),
        socPct: z.number().nullable(),
        state: z.number().nullable(),
        reportedAt: z.string().nullable(),
      }),
    ),
    date: z.string(),
    today: energyTotals,
  }),
});

// ---- applying one level ----

const levelResult = z.object({ level: batteryLevel, created: z.number().int(), total: z.number().int() });

/** Makes racks 1..racks of a stack from a rack template (existing ones are kept): one level of template/apply. */
export const neoBsaCreateRack = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/create/neo-bsa-rack',
  summary: 'Create racks of a stack',
  tag: 'neo-bsa-device',
  access: edit,
  kind: 'command',
  body: z.object({
    bsaId: id,
    stackId: id,
    racks: z.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64'),
    rackTemplateId: id,
  }),
  output: levelResult,
});

/** Fills every rack of a stack with the packs its rack template holds, from a pack template. */
export const neoBsaCreatePack = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/create/neo-bsa-pack',
  summary: 'Create packs of a stack',
  tag: 'neo-bsa-device',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, stackId: id, packTemplateId: id }),
  output: levelResult,
});

/** Fills every pack of a stack with the cells its pack template holds, from a cell template. */
export const neoBsaCreateCell = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-device/create/neo-bsa-cell',
  summary: 'Create cells of a stack',
  tag: 'neo-bsa-device',
  access: edit,
  kind: 'command',
  body: z.object({ bsaId: id, stackId: id, cellTemplateId: id }),
  output: levelResult,
});

// ---- data points: a version, a level's points, the display config ----

/** One version of a data-point template with its points. */
export const neoBsaVersionPoints = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/version/template/point',
  summary: 'Points of a template version',
  tag: 'neo-bsa-data-point',
  access: templates,
  kind: 'query',
  body: z.object({ versionId: id, ...ts }),
  output: pointVersionRow,
});

/** A point of a level in the station: its templates list it for `units` units. */
export const levelPointRow = z.object({ key: z.string(), name: z.string(), unit: z.string(), units: z.number().int() });

const levelList = (level: 'rack' | 'pack' | 'cell') =>
  endpoint({
    method: 'POST',
    path: `/api/v2/neo-bsa-data-point/list/${level}`,
    summary: `Points the ${level}s of a station report`,
    tag: 'neo-bsa-data-point',
    access: read,
    kind: 'query',
    body: z.object({ bsaId: id, ...ts }),
    output: z.array(levelPointRow),
  });
export const neoBsaPointListRack = levelList('rack');
export const neoBsaPointListPack = levelList('pack');
export const neoBsaPointListCell = levelList('cell');

/** A level's display config: the points shown, in order, and every point the level has. */
export const displayConfigRow = z.object({
  level: batteryLevel,
  /** Shown keys in display order. */
  keys: z.array(z.string()),
  /** false: nothing saved, every point is shown in template order. */
  saved: z.boolean(),
  points: z.array(levelPointRow.extend({ shown: z.boolean() })),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});

/** The station's display config of a level (the default when none is saved). */
export const neoBsaPointGetConfig = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/get/config',
  summary: 'Data points shown for a level',
  tag: 'neo-bsa-data-point',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, level: batteryLevel, ...ts }),
  output: displayConfigRow,
});

/** The default display config of a level: every point the station's templates list, in template order. */
export const neoBsaPointConfTemplate = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/get/conf-template',
  summary: 'Default data points of a level',
  tag: 'neo-bsa-data-point',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, level: batteryLevel, ...ts }),
  output: displayConfigRow,
});

/**
 * Saves which points a level shows, in order: each key a point of the level's templates in the station,
 * once; at least one. `keys` null resets to the default.
 */
export const neoBsaPointConfig = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/config',
  summary: 'Save the data points shown for a level',
  tag: 'neo-bsa-data-point',
  access: edit,
  kind: 'command',
  body: z.object({
    bsaId: id,
    level: batteryLevel,
    keys: z
      .array(z.string().max(40, 'must be at most 40 characters'))
      .min(1, 'must show at least one point')
      .max(64, 'at most 64 points')
      .nullable(),
  }),
  output: displayConfigRow,
});

/** The display config of every level of the station (rack, pack, cell). */
export const neoBsaPointAllDataProperty = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa-data-point/all/data-property',
  summary: 'Data points shown for every level',
  tag: 'neo-bsa-data-point',
  access: read,
  kind: 'query',
  body: z.object({ bsaId: id, ...ts }),
  output: z.array(displayConfigRow),
});
