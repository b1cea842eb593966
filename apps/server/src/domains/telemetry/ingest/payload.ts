import type { DeviceEntry } from './directory.js';

/** The protocol's limits (docs/devices.md). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
export const MAX_READINGS_PER_MESSAGE = 1000;
export const MAX_FUTURE_MS = 5 * 60 * 1000;

/** Why something was refused; counted per device and reason, and logged. */
export type RejectReason =
  | 'malformed_json'
  | 'too_large'
  | 'bad_shape'
  | 'too_many_readings'
  | 'bad_timestamp'
  | 'future_timestamp'
  | 'too_old'
  | 'unknown_property'
  | 'not_a_number'
  | 'not_an_integer';

/** A value ready to be written: which series, when, what. */
export interface Point {
  deviceId: number;
  propertyId: number;
  ts: number;
  value: number;
  /** An energy counter: its rollups hold increases. */
  cumulative: boolean;
}

export interface Rejection {
  reason: RejectReason;
  detail: string;
}

export interface Parsed {
  points: Point[];
  rejections: Rejection[];
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v) : String(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/** `ts` as epoch ms: a number of ms, or an ISO-8601 string; absent means `now`. */
function timestampOf(ts: unknown, now: number): number | Rejection {
  if (ts === undefined || ts === null) return now;
  let ms: number;
  if (typeof ts === 'number') ms = ts;
  else if (typeof ts === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(ts)) ms = Date.parse(ts);
  else return { reason: 'bad_timestamp', detail: `ts ${short(ts)} is neither epoch milliseconds nor an ISO-8601 string` };
  if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime()))
    return { reason: 'bad_timestamp', detail: `ts ${short(ts)} is not a valid time` };
  return Math.round(ms);
}

/**
 * Validates readings against the device's type: each value is accepted or refused on its own, so a
 * bad key does not cost the good values of the same message.
 */
export function readingsToPoints(entry: DeviceEntry, readings: unknown[], now: number, oldestMs: number): Parsed {
  const points: Point[] = [];
  const rejections: Rejection[] = [];
  for (const reading of readings) {
    if (!reading || typeof reading !== 'object' || Array.isArray(reading)) {
      rejections.push({ reason: 'bad_shape', detail: `a reading must be an object, got ${short(JSON.stringify(reading))}` });
      continue;
    }
    const { ts, values } = reading as { ts?: unknown; values?: unknown };
    if (!values || typeof values !== 'object' || Array.isArray(values)) {
      rejections.push({ reason: 'bad_shape', detail: 'a reading needs "values": {"<propertyKey>": <number>, ...}' });
      continue;
    }
    const at = timestampOf(ts, now);
    if (typeof at !== 'number') {
      rejections.push(at);
      continue;
    }
    if (at > now + MAX_FUTURE_MS) {
      rejections.push({ reason: 'future_timestamp', detail: `ts ${new Date(at).toISOString()} is more than 5 minutes ahead` });
      continue;
    }
    if (at < oldestMs) {
      rejections.push({ reason: 'too_old', detail: `ts ${new Date(at).toISOString()} is older than the raw retention` });
      continue;
    }
    for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
      const property = entry.properties.get(key);
      if (!property) {
        rejections.push({ reason: 'unknown_property', detail: `${short(key)} is not a property of ${entry.typeKey}` });
      } else if (typeof value !== 'number' || !Number.isFinite(value)) {
        rejections.push({ reason: 'not_a_number', detail: `${key}: ${short(value)} is not a finite number` });
      } else if (property.kind === 'state' && !Number.isInteger(value)) {
        rejections.push({ reason: 'not_an_integer', detail: `${key}: state values are integers, got ${value}` });
      } else {
        points.push({ deviceId: entry.id, propertyId: property.id, ts: at, value, cumulative: property.kind === 'cumulative' });
      }
    }
  }
  return { points, rejections };
}

/** Parses one telemetry message: a reading `{ts?, values}` or a batch `{readings: [...]}`. */
export function parseTelemetry(entry: DeviceEntry, payload: Buffer, now: number, oldestMs: number): Parsed {
  if (payload.length > MAX_MESSAGE_BYTES)
    return { points: [], rejections: [{ reason: 'too_large', detail: `${payload.length} bytes (at most ${MAX_MESSAGE_BYTES})` }] };
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    return { points: [], rejections: [{ reason: 'malformed_json', detail: (error as Error).message.slice(0, 120) }] };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { points: [], rejections: [{ reason: 'bad_shape', detail: 'the message must be a JSON object' }] };
  const readings = (body as { readings?: unknown }).readings;
  if (readings === undefined) return readingsToPoints(entry, [body], now, oldestMs);
  if (!Array.isArray(readings))
    return { points: [], rejections: [{ reason: 'bad_shape', detail: '"readings" must be an array of readings' }] };
  if (readings.length > MAX_READINGS_PER_MESSAGE)
    return {
      points: [],
      rejections: [{ reason: 'too_many_readings', detail: `${readings.length} readings (at most ${MAX_READINGS_PER_MESSAGE})` }],
    };
  return readingsToPoints(entry, readings, now, oldestMs);
}

/** `{"online": true|false}` of the status topic, or null. */
export function parseStatus(payload: Buffer): boolean | null {
  try {
    const body = JSON.parse(payload.toString('utf8')) as { online?: unknown };
    return typeof body?.online === 'boolean' ? body.online : null;
  } catch {
    return null;
  }
}
