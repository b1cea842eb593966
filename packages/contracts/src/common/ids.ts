import { z } from 'zod';

/** A tenant or customer id: 36 characters of lowercase hex and dashes (a UUID). */
export const mcid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be 36 characters of lowercase hex and dashes');

/** A customer user id (same form as mcid). */
export const muid = mcid;

/** The largest value of a database integer column. */
const INT_MAX = 2_147_483_647;

/** A numeric object id sent in a body. */
export const id = z.number().int().min(1).max(INT_MAX);

/** A numeric object id sent in a query string or path. */
export const idParam = z.coerce.number().int().min(1).max(INT_MAX);

/** A short free-text field: trimmed, bounded. */
export const text = (max: number) => z.string().trim().max(max);

/** A file-center key. */
export const fileKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not a valid file key');

const MIN_TIME = Date.UTC(1970, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);

/** An ISO-8601 date-time with an offset, between 1970 and the end of 9999 (what the database stores). */
export const isoDateTime = z.iso.datetime({ offset: true }).refine((v) => {
  const t = Date.parse(v);
  return t >= MIN_TIME && t <= MAX_TIME;
}, 'must be between 1970-01-01 and 9999-12-31');
