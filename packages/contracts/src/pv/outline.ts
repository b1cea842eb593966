import { z } from 'zod';
import { alarmLevel, alarmLogRow, alarmState, ALARM_LEVELS } from '../alarm/common.js';
import { calendarDate } from '../common/tou-schemas.js';
import { crudContract } from '../common/crud.js';
import { endpoint, noBody } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';

// The PV station outline (issue 19 part C, spec 001 "PV outline (pv-outline/)") and the home page's PV
// card (`portal/dashboard/pv`): what a station produces now, today, this month, this year and in total,
// its PR, equivalent hours, CO2 avoided and income, its charts, device tree with states, strings, alarms
// and the staff's attention list. Every figure reads the rollups (docs/pv-analytics.md, "Outline").

export const outlineTag = 'pv-outline';
const OUTLINE = { auth: 'staff', permission: 'p-pv-outline' } as const;
const OUTLINE_EXPORT = { auth: 'staff', permission: 'b-pv-outline-export' } as const;
const BASE = '/api/v2/pv-outline';

const station = { pvId: id };
/** A local month of the station, YYYY-MM. */
const month = z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM between 2000 and 2099');

/** China's national grid average emission factor for 2022, tCO2/MWh = kg/kWh (Ministry of Ecology and Environment, 2024). */
export const CO2_KG_PER_KWH = 0.5703;

/** Energy of the periods that end now: today, this month, this year (local to the station) and since the first data. */
const periods = z.object({ today: z.number(), month: z.number(), year: z.number(), total: z.number() });

/** A station's figures at a glance. */
export const outlineSummary = z.object({
  pvId: z.number().int(),
  pvName: z.string(),
  capacityKwp: z.number(),
  timeZone: z.string(),
  /** The day of the figures (today unless asked), the station's local day (YYYY-MM-DD). */
  day: z.string(),
  /** Generation power now, kW (the generation meters' `p`, else the inverters' `p_ac`); null without a reading in the last 15 min, or for a past day. */
  powerKw: z.number().nullable(),
  powerAt: z.string().nullable(),
  /** Plane-of-array irradiance now, W/m² (the weather station), null without one or without a recent reading. */
  irradianceWm2: z.number().nullable(),
  /** Generation, Wh (integer). */
  energyWh: periods,
  /** Equivalent (full-load) hours on the DC capacity: kWh / kWp, 2 decimals. */
  equivalentHours: periods,
  /** Plane-of-array irradiation, kWh/m² (3 decimals), today and this month; null without a weather station. */
  irradiationKwhM2: z.object({ today: z.number().nullable(), month: z.number().nullable() }),
  /** Performance ratio (IEC 61724-1), 4 decimals; null without irradiation. */
  pr: z.object({ today: z.number().nullable(), month: z.number().nullable() }),
  /** CO2 avoided, kg (3 decimals): Wh × CO2_KG_PER_KWH / 1000. */
  co2AvoidedKg: periods,
  emissionFactorKgPerKwh: z.number(),
  /** Income today and this month (self-consumption + feed-in + subsidy, per the income way in force each day), to 4 decimals. */
  income: z.object({ today: z.number(), month: z.number(), currency: z.string().nullable(), unpricedWh: z.number().int() }),
});
export type OutlineSummary = z.infer<typeof outlineSummary>;

/** Station summary: power now, energy today / month / year / total, PR, equivalent hours, CO2 avoided, income. */
export const pvOutlineSummary = endpoint({
  method: 'POST',
  path: `${BASE}/pv-summary-data`,
  summary: 'PV outline: station summary',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  /** `day` a past local day shows the figures as they stood at its end (no power now); default today. */
  body: z.object({ ...station, day: calendarDate.optional() }),
  output: outlineSummary,
});

/** A day's power curve: the average generation power of each 15 min and the irradiance. */
export const pvOutlinePower = endpoint({
  method: 'POST',
  path: `${BASE}/pv-power-statistics`,
  summary: 'PV outline: power curve of a day',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  /** `day` a local day of the station, default today. */
  body: z.object({ ...station, day: calendarDate.optional() }),
  output: z.object({
    day: z.string(),
    timeZone: z.string(),
    capacityKwp: z.number(),
    /** Highest 15 min average power of the day, kW. */
    peakKw: z.number().nullable(),
    points: z.array(
      z.object({
        ts: z.number(),
        /** Average power over the 15 min, kW = Wh × 4 / 1000; null without data. */
        powerKw: z.number().nullable(),
        /** Average plane-of-array irradiance over the 15 min, W/m². */
        irradianceWm2: z.number().nullable(),
      }),
    ),
  }),
});

export const OUTLINE_PERIODS = ['day', 'month', 'year', 'total'] as const;
export const outlinePeriod = z.enum(OUTLINE_PERIODS);
export type OutlinePeriod = z.infer<typeof outlinePeriod>;

/** Energy bars of a period: a day by hour, a month by day, a year by month, the whole life by year. */
export const pvOutlineDataStatistics = endpoint({
  method: 'POST',
  path: `${BASE}/pv-data-statistics`,
  summary: 'PV outline: energy by hour, day, month or year',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  /** `day` any local day of the wanted period, default today. */
  body: z.object({ ...station, period: outlinePeriod.default('day'), day: calendarDate.optional() }),
  output: z.object({
    period: outlinePeriod,
    timeZone: z.string(),
    points: z.array(
      z.object({
        /** `HH:00`, `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
        label: z.string(),
        energyWh: z.number().int(),
        equivalentHours: z.number(),
        co2AvoidedKg: z.number(),
      }),
    ),
    totalWh: z.number().int(),
  }),
});

/** Daily performance of a month: energy, irradiation, equivalent hours and PR. */
export const pvOutlinePerformance = endpoint({
  method: 'POST',
  path: `${BASE}/performance-statistics`,
  summary: 'PV outline: daily PR of a month',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  body: z.object({ ...station, month: month.optional() }),
  output: z.object({
    month: z.string(),
    capacityKwp: z.number(),
    days: z.array(
      z.object({
        day: z.string(),
        energyWh: z.number().int(),
        irradiationKwhM2: z.number().nullable(),
        equivalentHours: z.number(),
        pr: z.number().nullable(),
      }),
    ),
    total: z.object({
      energyWh: z.number().int(),
      irradiationKwhM2: z.number().nullable(),
      equivalentHours: z.number(),
      pr: z.number().nullable(),
    }),
  }),
});

/** What an indicator counts. */
export const indicatorRow = z.object({ key: z.string(), value: z.number().nullable(), unit: z.string() });

/** The station's indicators: capacity, equipment, devices online, inverters by state, active alarms, days in operation. */
export const pvOutlineIndicators = endpoint({
  method: 'POST',
  path: `${BASE}/indicator-list`,
  summary: 'PV outline: indicators',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  body: z.object(station),
  output: z.array(indicatorRow),
});

/** What a node of the device tree is. */
export const OUTLINE_NODE_KINDS = ['station', 'area', 'inverter', 'string', 'meter', 'weather'] as const;
export const outlineNodeKind = z.enum(OUTLINE_NODE_KINDS);
export type OutlineNodeKind = z.infer<typeof outlineNodeKind>;
/** A device's state, worst first: no device bound, offline, fault (inverter status 2), an active alarm, online. */
export const OUTLINE_STATES = ['no-device', 'offline', 'fault', 'alarm', 'online'] as const;
export const outlineState = z.enum(OUTLINE_STATES);
export type OutlineState = z.infer<typeof outlineState>;

export interface OutlineNode {
  /** `kind:id`, unique in the tree (`inverter:12`; meters and the weather station by device id). */
  key: string;
  kind: OutlineNodeKind;
  id: number;
  code: string;
  name: string;
  deviceId: number | null;
  /** Leaves and equipment: their own state; station and areas: null (see `states`). */
  state: OutlineState | null;
  /** Station and areas: how many devices below are in each state. */
  states: Partial<Record<OutlineState, number>> | null;
  children: OutlineNode[];
}
const states = z.partialRecord(outlineState, z.number().int());
export const outlineNode: z.ZodType<OutlineNode> = z
  .lazy(() =>
    z.object({
      key: z.string(),
      kind: outlineNodeKind,
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      deviceId: z.number().int().nullable(),
      state: outlineState.nullable(),
      states: states.nullable(),
      children: z.array(outlineNode),
    }),
  )
  .meta({ id: 'PvOutlineNode' });

/** Station › areas › inverters › strings, then meters and the weather station, each with its state. */
export const pvOutlineDeviceTree = endpoint({
  method: 'POST',
  path: `${BASE}/pv-device-tree`,
  summary: 'PV outline: device tree with states',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  body: z.object(station),
  output: outlineNode,
});

/** The latest value of each property of one device of the station (an inverter's, string's, meter's or the weather station's). */
export const pvOutlineRecent = endpoint({
  method: 'POST',
  path: `${BASE}/data-property/recent`,
  summary: 'PV outline: latest values of a device',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  body: z.object({ ...station, deviceId: id }),
  output: z.object({
    deviceId: z.number().int(),
    code: z.string(),
    name: z.string(),
    online: z.boolean(),
    lastSeenAt: z.string().nullable(),
    values: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        unit: z.string(),
        kind: z.string(),
        ts: z.number().nullable(),
        value: z.number().nullable(),
      }),
    ),
  }),
});

/** What a staff follows: an inverter, a string, a meter or the weather station of a station. */
export const ATTENTION_KINDS = ['inverter', 'string', 'meter', 'weather'] as const;
export const attentionKind = z.enum(ATTENTION_KINDS);
export const attentionRow = z.object({
  id: z.number().int(),
  kind: attentionKind,
  /** The inverter's or string's id; a meter's or the weather station's device id. */
  refId: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceId: z.number().int().nullable(),
  state: outlineState,
  createdAt: z.string(),
});
export type AttentionRow = z.infer<typeof attentionRow>;

/**
 * The signed-in staff's attention list of a station: `list` (default), `add` or `remove` one piece of
 * equipment (`kind` and `refId`); answers the list after the change. Each staff has its own list.
 */
export const pvOutlineAttention = endpoint({
  method: 'POST',
  path: `${BASE}/attention`,
  summary: 'PV outline: the staff’s attention list',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'command',
  body: z.discriminatedUnion('action', [
    z.object({ ...station, action: z.literal('list') }),
    z.object({ ...station, action: z.literal('add'), kind: attentionKind, refId: id }),
    z.object({ ...station, action: z.literal('remove'), kind: attentionKind, refId: id }),
  ]),
  output: z.array(attentionRow),
});

/** A string with its area, inverter and latest readings. */
export const areaStringRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  inverterId: z.number().int(),
  inverterCode: z.string(),
  mpptInput: z.number().int(),
  moduleCount: z.number().int(),
  capacityKwp: z.number(),
  deviceId: z.number().int().nullable(),
  state: outlineState,
  /** Latest voltage V, current A and power kW of the string's device, and when (null without). */
  voltageV: z.number().nullable(),
  currentA: z.number().nullable(),
  powerKw: z.number().nullable(),
  readAt: z.string().nullable(),
  /** Current per kWp (A/kWp), comparable across strings of different sizes. */
  currentPerKwp: z.number().nullable(),
});
export type AreaStringRow = z.infer<typeof areaStringRow>;

const areaStringFilter = { ...station, areaId: id.optional(), inverterId: id.optional() };

/** The station's strings by area and inverter (code order), with their latest readings. */
export const pvOutlineAreaStrings = endpoint({
  method: 'POST',
  path: `${BASE}/area-string-list`,
  summary: 'PV outline: strings by area (paged)',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  body: pageRequest.extend(areaStringFilter),
  output: pageOf(areaStringRow),
});

const areaStringExport = crudContract({
  tag: outlineTag,
  base: `${BASE}/area-string-list`,
  row: areaStringRow,
  filter: areaStringFilter,
  create: z.object({}),
  update: z.object({}),
  permissions: { export: OUTLINE_EXPORT.permission },
  only: ['export'],
});
/** The string list as XLSX or CSV, with the page's filters. */
export const pvOutlineAreaStringsExport = areaStringExport.export;

/** A device of the station with alarms: how many are active, the most severe level and the latest. */
export const pvOutlineAlarmDevices = endpoint({
  method: 'POST',
  path: `${BASE}/alarm-device-list`,
  summary: 'PV outline: devices with active alarms',
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  body: z.object(station),
  output: z.array(
    z.object({
      deviceId: z.number().int(),
      code: z.string(),
      name: z.string(),
      kind: attentionKind,
      active: z.number().int(),
      highestLevel: alarmLevel,
      latestAlarmTime: z.string(),
    }),
  ),
});

/** The alarms of the station's devices, newest first. */
export const pvOutlineAlarmPage = endpoint({
  method: 'POST',
  path: `${BASE}/alarm-data-page`,
  summary: "PV outline: the station's alarms (paged)",
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  body: pageRequest.extend({
    ...station,
    deviceId: id.optional(),
    state: alarmState.optional(),
    levels: z.array(alarmLevel).max(5).optional(),
  }),
  output: pageOf(alarmLogRow),
});

/** Total and active alarms of the station's devices per level (every level, zeros included). */
export const pvOutlineAlarmCount = endpoint({
  method: 'POST',
  path: `${BASE}/alarm-count`,
  summary: "PV outline: the station's alarm counts",
  tag: outlineTag,
  access: OUTLINE,
  kind: 'query',
  body: z.object(station),
  output: z.object({
    total: z.number().int(),
    active: z.number().int(),
    levels: z.array(z.object({ level: alarmLevel, total: z.number().int(), active: z.number().int() })).length(ALARM_LEVELS.length),
  }),
});

/** The home page's PV card: the staff's grid-connected stations now, today and this month. */
export const dashboardPv = endpoint({
  method: 'POST',
  path: '/api/v2/portal/dashboard/pv',
  summary: 'Home page: PV',
  tag: 'portal',
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.object({
    stations: z.number().int(),
    capacityKwp: z.number(),
    /** Σ of the stations' generation power now, kW (those with a reading in the last 15 min). */
    powerKw: z.number(),
    energyWhToday: z.number().int(),
    energyWhMonth: z.number().int(),
    energyWhTotal: z.number().int(),
    co2AvoidedKgTotal: z.number(),
    /** Equivalent hours today over the stations' whole capacity. */
    equivalentHoursToday: z.number(),
  }),
});
