import { z } from 'zod';
import { calendarDate } from '../common/tou-schemas.js';
import { endpoint } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';
import { alarmLogRow } from '../alarm/common.js';
import { OUTLINE_STATES, type OutlineState } from './outline.js';

// The control-room noticeboard of a PV station (issue 19, spec 001 "PV noticeboard"): one full-screen
// page a wall display keeps open all day. Every call takes the station and answers what one panel
// shows; the page polls them. docs/pv-analytics.md, "Noticeboard".

export const noticeboardTag = 'pv-noticeboard';
const BOARD = { auth: 'staff', permission: 'p-pv-noticeboard' } as const;

const station = z.object({ pvId: id });
/** A station and one of its local days (its own zone, else the tenant's); today when left out. */
const stationDay = station.extend({ day: calendarDate.optional() });
/** An inverter of the station (its first monitored one when left out) on a local day. */
const inverterDay = stationDay.extend({ inverterId: id.optional() });

/** Equipment counted by the outline's states (no device, offline, fault, alarm, online). */
const stateCounts = z.object(Object.fromEntries(OUTLINE_STATES.map((s) => [s, z.number().int()])) as Record<OutlineState, z.ZodNumber>);

/** The station's card: who it is, its big figures and today's power curve. */
export const noticeboardInfo = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/pv-info',
  summary: "Noticeboard: the station's figures and today's power",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: station,
  output: z.object({
    pvId: z.number().int(),
    code: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    capacityKwp: z.number(),
    gridConnectionDate: z.string().nullable(),
    timeZone: z.string(),
    day: z.string(),
    /** When the figures were read (ISO). */
    asOf: z.string(),
    /** Generation power now, kW: the generation meters' latest `p`, else the inverters' `p_ac`; null without a reading in the last 15 minutes. */
    powerKw: z.number().nullable(),
    todayWh: z.number().int(),
    monthWh: z.number().int(),
    yearWh: z.number().int(),
    /** Since the first rollup of the station's meters (or inverters). */
    totalWh: z.number().int(),
    /** CO2 avoided by the total, kg (the grid emission factor in docs/pv-analytics.md). */
    co2AvoidedKg: z.number(),
    /** Today's generation power and irradiance per 15 minutes (kW average, W/m² average). */
    curve: z.array(z.object({ ts: z.number(), powerKw: z.number().nullable(), irradiance: z.number().nullable() })),
  }),
});

/** Today's (or a day's) performance indicators. */
export const noticeboardIndicator = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/indicator',
  summary: "Noticeboard: a day's performance ratio, equivalent hours and irradiation",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: stationDay,
  output: z.object({
    day: z.string(),
    generationWh: z.number().int(),
    /** Plane-of-array irradiation, Wh/m². */
    irradiationWhM2: z.number().nullable(),
    pr: z.number().nullable(),
    prTempCorrected: z.number().nullable(),
    equivalentHours: z.number().nullable(),
  }),
});

/** The weather station's latest values and today's irradiance and module temperature. */
export const noticeboardModuleData = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/pv-module-data',
  summary: "Noticeboard: the weather station's irradiance and module temperature",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: stationDay,
  output: z.object({
    weatherStation: z
      .object({ deviceId: z.number().int(), code: z.string(), name: z.string(), lastSeenAt: z.string().nullable() })
      .nullable(),
    /** Latest values (null: never reported). */
    irradiance: z.number().nullable(),
    tempModule: z.number().nullable(),
    tempAmbient: z.number().nullable(),
    wind: z.number().nullable(),
    humidity: z.number().nullable(),
    curve: z.array(z.object({ ts: z.number(), irradiance: z.number().nullable(), tempModule: z.number().nullable() })),
  }),
});

/** Equipment counted by state. */
export const noticeboardDeviceInfo = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/device-info',
  summary: "Noticeboard: the station's equipment by state",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: station,
  output: z.object({ inverters: stateCounts, strings: stateCounts, meters: stateCounts }),
});

/** The dispersion rate of each inverter's strings over a day. */
export const noticeboardDispersionDevices = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/dispersion-rate-device',
  summary: "Noticeboard: the inverters' string dispersion",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: stationDay,
  output: z.object({
    day: z.string(),
    devices: z.array(
      z.object({
        inverterId: z.number().int(),
        code: z.string(),
        name: z.string(),
        /** Standard deviation over mean of the live strings' normalised currents; null without qualifying samples. */
        rate: z.number().nullable(),
        /** The class of the station's thresholds (good, fair, poor, bad or as configured). */
        className: z.string().nullable(),
        strings: z.number().int(),
        deadStrings: z.array(z.string()),
        weakStrings: z.array(z.string()),
      }),
    ),
  }),
});

/** One inverter's dispersion per 15 minutes over a day. */
export const noticeboardDispersionCurve = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/dispersion-rate-curve',
  summary: "Noticeboard: an inverter's dispersion through a day",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: inverterDay,
  output: z.object({
    inverterId: z.number().int().nullable(),
    day: z.string(),
    points: z.array(z.object({ ts: z.number(), rate: z.number().nullable() })),
  }),
});

/** One inverter's string currents per 15 minutes over a day (the heat map and the curves). */
export const noticeboardStringCurve = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/pv-string-curve',
  summary: "Noticeboard: an inverter's string currents through a day",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: inverterDay,
  output: z.object({
    inverterId: z.number().int().nullable(),
    day: z.string(),
    strings: z.array(
      z.object({
        stringId: z.number().int(),
        code: z.string(),
        capacityKwp: z.number(),
        points: z.array(z.object({ ts: z.number(), current: z.number().nullable() })),
      }),
    ),
  }),
});

/** Alarms raised per day over the last seven local days, by level. */
export const noticeboardAlarmWeek = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/alarm-week',
  summary: "Noticeboard: the week's alarms per day",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: station,
  output: z.object({
    days: z.array(z.object({ day: z.string(), total: z.number().int(), byLevel: z.array(z.number().int()) })),
  }),
});

/** The station's alarms, newest first; `activeOnly` the active ones. */
export const noticeboardAlarmPage = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/alarm-data-page',
  summary: "Noticeboard: the station's alarms (paged)",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: pageRequest.extend({ pvId: id, activeOnly: z.boolean().default(false) }),
  output: pageOf(alarmLogRow),
});

/** The station's active alarms by level, and those raised today. */
export const noticeboardAlarmCount = endpoint({
  method: 'POST',
  path: '/api/v2/pv-noticeboard/alarm-count',
  summary: "Noticeboard: the station's alarm counts",
  tag: noticeboardTag,
  access: BOARD,
  kind: 'query',
  body: station,
  output: z.object({ active: z.number().int(), activeByLevel: z.array(z.number().int()), raisedToday: z.number().int() }),
});

export type NoticeboardInfo = z.infer<typeof noticeboardInfo.output>;
export type NoticeboardIndicator = z.infer<typeof noticeboardIndicator.output>;
export type NoticeboardModuleData = z.infer<typeof noticeboardModuleData.output>;
export type NoticeboardDeviceInfo = z.infer<typeof noticeboardDeviceInfo.output>;
export type NoticeboardDispersionDevices = z.infer<typeof noticeboardDispersionDevices.output>;
export type NoticeboardDispersionCurve = z.infer<typeof noticeboardDispersionCurve.output>;
export type NoticeboardStringCurve = z.infer<typeof noticeboardStringCurve.output>;
export type NoticeboardAlarmWeek = z.infer<typeof noticeboardAlarmWeek.output>;
export type NoticeboardAlarmCount = z.infer<typeof noticeboardAlarmCount.output>;
export type NoticeboardAlarmPageAnswer = z.infer<typeof noticeboardAlarmPage.output>;
