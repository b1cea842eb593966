import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { calendarDate } from '../common/tou-schemas.js';
import { alias } from '../bsa/aliases.js';
import { neoBsaPointAllDataProperty, neoBsaPointConfig, neoBsaPointGetConfig } from '../bsa/levels.js';
import { monitorRead, stationBody } from './monitor.js';

// The battery side of monitoring (docs/bsa.md "Monitoring (issue 22)"): BMS tabs by level with the cell
// heat map, the environment of the container, battery health and the station's structure.

/** The BMS levels a station shows as tabs. */
export const BMS_LEVELS = ['stack', 'rack', 'pack', 'cell'] as const;

/** The tabs: each level with its unit count. */
export const bmsTabOutput = z.object({
  bsaId: z.number().int(),
  tabs: z.array(z.object({ level: z.enum(BMS_LEVELS), units: z.number().int() })),
  stacks: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});

const bmsTab = (path: string, tag: string) =>
  endpoint({
    method: 'POST',
    path,
    summary: 'BMS tabs of a station',
    tag,
    access: monitorRead,
    kind: 'query',
    body: stationBody,
    output: bmsTabOutput,
  });
export const neoBsaGetBmsTab = bmsTab('/api/v2/neo-bsa/get-bms-tab', 'neo-bsa');
export const bsaDataGetBmsTab = bmsTab('/api/v2/bsaData/get-bms-tab', 'bsa-data');

/** max, min and spread of a cell value, with the cells holding the extremes. */
export const spreadRow = z.object({
  max: z.number().nullable(),
  maxCode: z.string().nullable(),
  min: z.number().nullable(),
  minCode: z.string().nullable(),
  /** max - min. */
  spread: z.number().nullable(),
  avg: z.number().nullable(),
});

/** A unit of a level: its latest values by point key (only the keys the display config shows). */
export const bmsUnitRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string().nullable(),
  parentId: z.number().int().nullable(),
  seq: z.number().int(),
  values: z.record(z.string(), z.number().nullable()),
  reportedAt: z.string().nullable(),
});

export const bmsDataOutput = z.object({
  bsaId: z.number().int(),
  level: z.enum(BMS_LEVELS),
  /** The points shown, in order (the station's display config of the level; stacks show their cells' figures). */
  points: z.array(z.object({ key: z.string(), name: z.string(), unit: z.string() })),
  units: z.array(bmsUnitRow),
  /** Over the cells below the units listed. */
  cells: z.object({ count: z.number().int(), reported: z.number().int(), voltage: spreadRow, temperature: spreadRow }),
  /** The five lowest-voltage cells below the units listed, lowest first. */
  weakest: z.array(z.object({ id: z.number().int(), code: z.string(), voltageV: z.number(), temperatureC: z.number().nullable() })),
});

/** A level's units (of one parent unit, or the whole station), with the figures of the cells below them. */
export const bmsDataBody = z.object({ bsaId: id, level: z.enum(BMS_LEVELS), parentId: id.optional(), timestamp: z.number().optional() });

export const neoBsaGetBmsData = endpoint({
  method: 'POST',
  path: '/api/v2/neo-bsa/get-bms-data',
  summary: 'BMS data of a level',
  tag: 'neo-bsa',
  access: monitorRead,
  kind: 'query',
  body: bmsDataBody,
  output: bmsDataOutput,
});

// ---- which points a user sees where: issue 21's per-station display config under the spec's names ----

export const neoBsaGetDataPropertyConfig = alias(neoBsaPointGetConfig, '/api/v2/neo-bsa/get-dataproperty-config', 'neo-bsa');
export const neoBsaGetAllDataPropertyConfig = alias(neoBsaPointAllDataProperty, '/api/v2/neo-bsa/get-all-dataproperty-config', 'neo-bsa');
export const neoBsaDataPropertyConfig = alias(neoBsaPointConfig, '/api/v2/neo-bsa/dataproperty-config', 'neo-bsa');
export const bsaDataGetDataPropertyConfig = alias(neoBsaPointGetConfig, '/api/v2/bsaData/get-dataproperty-config', 'bsa-data');
export const bsaDataGetAllDataPropertyConfig = alias(neoBsaPointAllDataProperty, '/api/v2/bsaData/get-all-dataproperty-config', 'bsa-data');
export const bsaDataDataPropertyConfig = alias(neoBsaPointConfig, '/api/v2/bsaData/dataproperty-config', 'bsa-data');

// ---- environment ----

export const ENV_STATES = ['normal', 'warning', 'alarm'] as const;

/** The container's environment from its FCS' sensors: now, with each figure's state, and the day's curve. */
export const envOutput = z.object({
  bsaId: z.number().int(),
  fcsCode: z.string().nullable(),
  reportedAt: z.string().nullable(),
  temperatureC: z.number().nullable(),
  humidityPct: z.number().nullable(),
  /** 0 clear, 1 smoke detected. */
  smoke: z.number().int().nullable(),
  /** 0 dry, 1 water on the floor. */
  water: z.number().int().nullable(),
  states: z.object({
    temperature: z.enum(ENV_STATES).nullable(),
    humidity: z.enum(ENV_STATES).nullable(),
    smoke: z.enum(ENV_STATES).nullable(),
    water: z.enum(ENV_STATES).nullable(),
  }),
  /** The worst of the states (null: nothing reported). */
  state: z.enum(ENV_STATES).nullable(),
  date: z.string(),
  steps: z.array(z.object({ ts: z.number(), time: z.string(), temperatureC: z.number().nullable(), humidityPct: z.number().nullable() })),
});

const env = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    summary: 'Environment of the station',
    tag: 'bsa-overview',
    access: monitorRead,
    kind: 'query',
    body: z.object({ bsaId: id, date: calendarDate.optional(), timestamp: z.number().optional() }),
    output: envOutput,
  });
export const bsaEnvironmentalDetection = env('/api/v2/bsaOperationOverview/bsaEnvironmentalDetection');
export const neoBsaEnvironmentalDetection = env('/api/v2/bsaOperationOverview/neo/bsaEnvironmentalDetection');

// ---- battery health ----

export const batteryInfoOutput = z.object({
  bsaId: z.number().int(),
  capacityKwh: z.number(),
  /** The PCS' latest SOH weighted by rated power, %. */
  sohPct: z.number().nullable(),
  /** The racks' latest SOH (FCS reports): lowest and average. */
  rackSohMinPct: z.number().nullable(),
  rackSohAvgPct: z.number().nullable(),
  /** Lifetime energy from the PCS' counters (day rollups), Wh. */
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  /** charge + discharge, Wh. */
  throughputWh: z.number().int(),
  /** Equivalent full cycles: discharged energy / capacity, 2 decimals. */
  cycles: z.number(),
  /** discharge / charge, %, 2 decimals; null without charge. */
  efficiencyPct: z.number().nullable(),
  firstDate: z.string().nullable(),
});

export const batteryInfo = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/batteryInfo',
  summary: 'Battery health: SOH, cycles, throughput',
  tag: 'bsa-overview',
  access: monitorRead,
  kind: 'query',
  body: stationBody,
  output: batteryInfoOutput,
});

export const batteryInfoCurve = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/batteryInfoCurve',
  summary: 'Battery health per day',
  tag: 'bsa-overview',
  access: monitorRead,
  kind: 'query',
  body: z
    .object({ bsaId: id, from: calendarDate, to: calendarDate, timestamp: z.number().optional() })
    .refine((b) => b.from <= b.to, { path: ['to'], message: 'must not be before from' })
    .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= 91 * 86_400_000, { path: ['to'], message: 'at most 92 days from from' }),
  output: z.object({
    bsaId: z.number().int(),
    days: z.array(
      z.object({
        date: z.string(),
        chargeWh: z.number().int(),
        dischargeWh: z.number().int(),
        /** The day's equivalent cycles: discharged energy / capacity. */
        cycles: z.number(),
        /** The PCS' average SOH of the day. */
        sohPct: z.number().nullable(),
      }),
    ),
  }),
});

// ---- structure ----

export const bsaConstruction = endpoint({
  method: 'POST',
  path: '/api/v2/bsaOperationOverview/bsaConstruction',
  summary: "A station's structure with counts per level",
  tag: 'bsa-overview',
  access: monitorRead,
  kind: 'query',
  body: stationBody,
  output: z.object({
    bsaId: z.number().int(),
    code: z.string(),
    counts: z.object({
      pcs: z.number().int(),
      gridMeters: z.number().int(),
      upperMeters: z.number().int(),
      fcs: z.number().int(),
      stacks: z.number().int(),
      racks: z.number().int(),
      packs: z.number().int(),
      cells: z.number().int(),
    }),
    stacks: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        name: z.string(),
        pcsCode: z.string().nullable(),
        racks: z.number().int(),
        packs: z.number().int(),
        cells: z.number().int(),
      }),
    ),
  }),
});
