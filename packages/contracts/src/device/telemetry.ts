import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id, isoDateTime } from '../common/ids.js';
import { propertyKind } from './registry.js';

const tag = 'device-data';

/** A point in time: an ISO-8601 date-time with an offset, or epoch milliseconds. */
export const instant = z.union([isoDateTime, z.number().int().min(0).max(253_402_300_799_000)]);

/** Resampling intervals: 1 minute, 15 minutes, hour, day, month, year (days and longer in the tenant's time zone). */
export const resampleInterval = z.enum(['1m', '15m', '1h', '1d', '1mo', '1y']);
export type ResampleInterval = z.infer<typeof resampleInterval>;

const propertyKeys = z.array(z.string().trim().min(1).max(64)).min(1).max(50);

const range = {
  deviceId: id,
  /** Property keys; all of the device type's properties of the matching kind when left out. */
  propertyKeys: propertyKeys.optional(),
  from: instant,
  to: instant,
  timestamp: z.number().optional(),
};
const rangeBody = z.object(range);
const resampledBody = rangeBody.extend({ interval: resampleInterval });

const answerHead = { deviceId: z.number().int(), timeZone: z.string() };
const propertyHead = { key: z.string(), name: z.string(), unit: z.string(), kind: propertyKind };

/** Times in answers are epoch milliseconds (UTC); buckets are named by their start. */
const seriesAnswer = <T extends z.ZodType>(point: T) =>
  z.object({ ...answerHead, properties: z.array(z.object({ ...propertyHead, points: z.array(point) })) });

/** One total per property over the whole range. */
const totalsAnswer = <T extends z.ZodRawShape>(fields: T) =>
  z.object({ ...answerHead, values: z.array(z.object({ ...propertyHead, ...fields })) });

const instantaneousBucket = z.object({
  ts: z.number(),
  avg: z.number().nullable(),
  max: z.number().nullable(),
  min: z.number().nullable(),
  /** The last value in the bucket (what a state property was at the end of it). */
  last: z.number().nullable(),
  count: z.number().int(),
});
const cumulativeBucket = z.object({
  ts: z.number(),
  /** Energy in the bucket: the counter's robust increase (resets and implausible jumps do not count). */
  increase: z.number().nullable(),
  /** The counter reading at the end of the bucket. */
  last: z.number().nullable(),
});

/** Raw readings of a device's properties in [from, to), oldest first, at most `limit` per property. */
export const dataPropertyRaw = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/raw',
  summary: 'Raw readings',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  cost: 'heavy',
  body: z.object({ ...range, limit: z.number().int().min(1).max(20_000).optional() }),
  output: seriesAnswer(z.object({ ts: z.number(), value: z.number() })).extend({ truncated: z.boolean() }),
});

/** The latest value of each property of a device (null when it never reported). */
export const dataPropertyRecent = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/recent',
  summary: 'Latest values',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ deviceId: id, propertyKeys: propertyKeys.optional(), timestamp: z.number().optional() }),
  output: z.object({
    ...answerHead,
    online: z.boolean(),
    lastSeenAt: z.string().nullable(),
    values: z.array(z.object({ ...propertyHead, ts: z.number().nullable(), value: z.number().nullable() })),
  }),
});

/** Instantaneous (and state) properties resampled: avg, max, min and last per bucket; empty buckets are nulls. */
export const dataPropertyResampledInstantaneous = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/resampled/instantaneous',
  summary: 'Resampled instantaneous values',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  cost: 'heavy',
  body: resampledBody,
  output: seriesAnswer(instantaneousBucket),
});

/** Like resampled/instantaneous at one minute (ranges up to 7 days). */
export const dataPropertyResampledInstantaneous1m = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/resampled/instantaneous1m',
  summary: 'Instantaneous values per minute',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  cost: 'heavy',
  body: rangeBody,
  output: seriesAnswer(instantaneousBucket),
});

/** Cumulative properties resampled: the increase (energy) per bucket and the counter at its end. */
export const dataPropertyResampledCumulative = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/resampled/cumulative',
  summary: 'Resampled cumulative values',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  cost: 'heavy',
  body: resampledBody,
  output: seriesAnswer(cumulativeBucket),
});

/** Instantaneous properties over the whole range: avg, max, min and the number of readings. */
export const dataPropertyTimeAggrInstantaneous = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/time-aggr/instantaneous',
  summary: 'Instantaneous values over a range',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  cost: 'heavy',
  body: rangeBody,
  output: totalsAnswer({ avg: z.number().nullable(), max: z.number().nullable(), min: z.number().nullable(), count: z.number() }),
});

/** Cumulative properties over the whole range: the increase (energy) in it. */
export const dataPropertyTimeAggrCumulative = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/time-aggr/cumulative',
  summary: 'Cumulative increase over a range',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  cost: 'heavy',
  body: rangeBody,
  output: totalsAnswer({ increase: z.number().nullable() }),
});

const curveBody = z.object({
  deviceId: id,
  from: instant,
  to: instant,
  interval: resampleInterval.optional(),
  timestamp: z.number().optional(),
});

/** The state-of-charge curve of a storage device (its `soc` property), 15 minutes by default. */
export const dataPropertySoc = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/soc',
  summary: 'State-of-charge curve',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  cost: 'heavy',
  body: curveBody,
  output: seriesAnswer(instantaneousBucket),
});

/** The active-power curve of a device (its `p` or `p_ac` property), 15 minutes by default. */
export const dataPropertyPower = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/power',
  summary: 'Active-power curve',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  cost: 'heavy',
  body: curveBody,
  output: seriesAnswer(instantaneousBucket),
});

/**
 * Whether the tenant's device history is still being written in the background (the demo's 30 days on
 * a first start), and how far: pages that chart telemetry say so while it fills.
 */
export const dataPropertyHistoryFill = endpoint({
  method: 'POST',
  path: '/api/v2/device/dataProperty/historyFill',
  summary: 'History still filling',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.object({ filling: z.boolean(), percent: z.number().int().min(0).max(100) }),
});
