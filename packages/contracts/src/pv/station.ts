import { z } from 'zod';
import { calendarDate, hasAtMostDecimals } from '../bsa/index.js';

/** At most `n` decimals (the storage tariff's check: a float's representation noise is tolerated). */
export const decimals = (n: number) => (v: number) => hasAtMostDecimals(v, n);
import { crudContract } from '../common/crud.js';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, mcid, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { timeZone } from '../platform/console.js';

// PV stations (issue 18, spec 001 "PV station (pvStation/)"): basic info, the stage lifecycle, status,
// areas, grid connection points with their meters, candidate weather stations, cost info, and the
// online- and income-calculation ways, each a log of entries in force from a date. docs/pv.md.

export const tag = 'pv-station';
export const READ = { auth: 'staff', permission: 'p-pv-station' } as const;
export const EDIT = { auth: 'staff', permission: 'b-pv-station-edit' } as const;

/** The lifecycle, forward only: planning → construction → grid-connected → decommissioned (read-only). */
export const PV_STAGES = ['planning', 'construction', 'grid-connected', 'decommissioned'] as const;
export const pvStage = z.enum(PV_STAGES);
export type PvStage = z.infer<typeof pvStage>;
export const pvStatus = z.enum(['enabled', 'disabled']);

const location = z.object({
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
});

/** A PV station as lists and the detail answer it. */
export const pvStationRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The station's customer (its OU's). */
  mcid: z.string(),
  customerName: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  address: z.string().nullable(),
  districtAdcode: z.string().nullable(),
  location: z.object({ longitude: z.number(), latitude: z.number() }).nullable(),
  /** Installed DC capacity, kWp. */
  capacityKwp: z.number(),
  gridConnectionDate: z.string().nullable(),
  /** The station's own zone, else its tenant's: its days and months follow it. */
  timeZone: z.string(),
  stage: pvStage,
  status: pvStatus,
  weatherStationId: z.number().int().nullable(),
  weatherStationName: z.string().nullable(),
  areaCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PvStationRow = z.infer<typeof pvStationRow>;

export const pvStationFilter = {
  /** Code or name contains the text. */
  keyword: text(128).optional(),
  ouId: id.optional(),
  mcid: mcid.optional(),
  stage: pvStage.optional(),
  status: pvStatus.optional(),
  timestamp: z.number().optional(),
};

/** Stations in the staff's OUs, filtered, a page at a time (by code). */
export const pvStationPage = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/page',
  summary: 'PV stations (paged)',
  tag,
  access: READ,
  kind: 'query',
  body: pageRequest.extend(pvStationFilter),
  output: pageOf(pvStationRow),
});

const stationExport = crudContract({
  tag,
  base: '/api/v2/pvStation',
  row: pvStationRow,
  filter: pvStationFilter,
  create: z.object({}),
  update: z.object({}),
  permissions: { export: 'b-pv-station-export' },
  only: ['export'],
});

/** The filtered station list as XLSX (default) or CSV (`format=csv`), headers, stages and statuses in `lang`. */
export const pvStationExport = stationExport.export;

/** A stage change as the log keeps it. */
export const pvStageStep = z.object({ stage: pvStage, at: z.string(), byName: z.string() });

/** One station with the log of its stage changes; another tenant's or OU's station answers 404. */
export const pvStationDetail = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/detail',
  summary: 'PV station',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: pvStationRow.extend({ stages: z.array(pvStageStep) }),
});

/**
 * Creates a station (without `id`, permission b-pv-station-create; it starts in `planning` unless `stage`
 * says where an existing station is) or changes its basic info (with `id`, b-pv-station-edit). The code
 * is unique in the tenant; the customer is the OU's.
 */
export const pvStationBasicInfo = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/basicInfo',
  summary: 'Create a PV station or edit its basic info',
  tag,
  access: READ,
  kind: 'command',
  body: z.object({
    id: id.optional(),
    code: text(64).min(1, 'is required'),
    name: text(128).min(1, 'is required'),
    ouId: id,
    address: text(256).nullable().optional(),
    districtAdcode: z
      .string()
      .regex(/^\d{6}$/, 'must be a 6-digit district code')
      .nullable()
      .optional(),
    location: location.nullable().optional(),
    capacityKwp: z
      .number()
      .positive('must be more than 0')
      .max(10_000_000, 'must be at most 10000000')
      .refine(decimals(3), 'must have at most 3 decimals'),
    gridConnectionDate: calendarDate.nullable().optional(),
    timeZone: timeZone.nullable().optional(),
    /** The environment device whose irradiance the station's figures use (candidateWeatherStations). */
    weatherStationId: id.nullable().optional(),
    /** Only when creating: the stage an existing station is already in. */
    stage: pvStage.optional(),
  }),
  output: pvStationRow,
});

/** Moves a station one stage forward; a refused step (backwards, skipping, missing data) answers why. */
export const pvModifyStage = endpoint({
  method: 'POST',
  path: '/api/v2/pv/modify-stage',
  summary: 'Move a PV station to its next stage',
  tag,
  access: EDIT,
  kind: 'command',
  body: z.object({
    id,
    stage: pvStage,
    /** The grid-connection day, when the station becomes grid-connected without one. */
    gridConnectionDate: calendarDate.optional(),
  }),
  output: pvStationRow,
});

/** Enables or disables a station (a decommissioned one is read-only). */
export const pvUpdateStatus = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/update-status',
  summary: 'Enable or disable a PV station',
  tag,
  access: EDIT,
  kind: 'command',
  body: z.object({ id, status: pvStatus }),
  output: pvStationRow,
});

// ---------------------------------------------------------------------------------------------
// Areas

export const pvAreaRow = z.object({
  id: z.number().int(),
  pvId: z.number().int(),
  name: z.string(),
  capacityKwp: z.number().nullable(),
  sort: z.number().int(),
});
const areaFields = {
  name: text(64).min(1, 'is required'),
  capacityKwp: z.number().positive('must be more than 0').max(10_000_000).nullable().optional(),
  sort: z.number().int().min(0).max(9999).optional(),
};

/** The areas of a station (roofs, fields), by sort then name. */
export const pvAreaList = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/pv-area/list',
  summary: 'Areas of a PV station',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id, timestamp: z.number().optional() }),
  output: z.array(pvAreaRow),
});

/** Adds an area; its name is unique in the station. */
export const pvAreaAdd = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/add/pvArea',
  summary: 'Add an area',
  tag,
  access: EDIT,
  kind: 'command',
  body: z.object({ pvId: id, ...areaFields }),
  output: pvAreaRow,
});

export const pvAreaUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/update/pvArea',
  summary: 'Edit an area',
  tag,
  access: EDIT,
  kind: 'command',
  body: z.object({ id, ...areaFields }),
  output: pvAreaRow,
});

/** Deletes an area; refused while equipment is in it. */
export const pvAreaDelete = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/delete/pvArea',
  summary: 'Delete an area',
  tag,
  access: EDIT,
  kind: 'command',
  body: z.object({ id }),
  output: z.null(),
});

// ---------------------------------------------------------------------------------------------
// Grid connection points

export const meterRef = z.object({ deviceId: z.number().int(), code: z.string(), name: z.string() }).nullable();
export const gridPointRow = z.object({
  id: z.number().int(),
  pvId: z.number().int(),
  name: z.string(),
  voltageKv: z.number().nullable(),
  /** Measures what the inverters produce. */
  generationMeter: meterRef,
  /** Measures what goes to the grid (export) at this point. */
  onGridMeter: meterRef,
  /** Measures what the site takes from the grid (import) at this point. */
  offtakeMeter: meterRef,
});

/** The grid connection points of a station with their meters. */
export const gridConnectionPointList = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/gridConnectionPointList',
  summary: 'Grid connection points of a PV station',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id, timestamp: z.number().optional() }),
  output: z.array(gridPointRow),
});

/**
 * Saves the station's grid connection points as a whole: points with an `id` are changed, without one
 * added, missing ones removed. Meters are meter devices of the station's OU; a meter serves one point.
 */
export const gridConnectionPoints = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/gridConnectionPoints',
  summary: 'Save the grid connection points of a PV station',
  tag,
  access: EDIT,
  kind: 'command',
  body: z.object({
    pvId: id,
    points: z
      .array(
        z.object({
          id: id.optional(),
          name: text(64).min(1, 'is required'),
          voltageKv: z.number().positive('must be more than 0').max(1000).nullable().optional(),
          generationMeterId: id.nullable().optional(),
          onGridMeterId: id.nullable().optional(),
          offtakeMeterId: id.nullable().optional(),
        }),
      )
      .max(50, 'at most 50 points'),
  }),
  output: z.array(gridPointRow),
});

/** Irradiance / environment devices of the tenant the staff sees, nearest to the station first. */
export const candidateWeatherStations = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/candidateWeatherStations',
  summary: 'Candidate weather stations of a PV station',
  tag,
  access: READ,
  kind: 'query',
  body: z.object({ pvId: id, timestamp: z.number().optional() }),
  output: z.array(
    z.object({
      deviceId: z.number().int(),
      code: z.string(),
      name: z.string(),
      ouName: z.string(),
      /** Great-circle distance to the station, km (null when either has no coordinates). */
      distanceKm: z.number().nullable(),
      selected: z.boolean(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Tree and list (pickers)

export const pvListItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  ouId: z.number().int(),
  stage: pvStage,
  status: pvStatus,
  capacityKwp: z.number(),
});

/** Every station the staff sees, by code (pickers). */
export const pvList = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/pv-list',
  summary: 'PV stations (all, for pickers)',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(pvListItem),
});

export interface PvTreeNode {
  key: string;
  type: 'ou' | 'station' | 'area';
  id: number;
  name: string;
  children: PvTreeNode[];
}
export const pvTreeNode: z.ZodType<PvTreeNode> = z
  .lazy(() =>
    z.object({
      key: z.string(),
      type: z.enum(['ou', 'station', 'area']),
      id: z.number().int(),
      name: z.string(),
      children: z.array(pvTreeNode),
    }),
  )
  .meta({ id: 'PvTreeNode' });

/** OU → station → area, for the staff's OUs that have stations. */
export const pvTree = endpoint({
  method: 'POST',
  path: '/api/v2/pvStation/pv-tree',
  summary: 'PV stations as a tree',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(pvTreeNode),
});
