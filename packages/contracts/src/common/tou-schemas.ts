import { z } from 'zod';
import { hasAtMostDecimals, PRICE_DECIMALS, TOU_BAND_KINDS } from './tou.js';

// The zod shapes of time-of-use prices, shared by every priced domain (storage stations' cost info,
// electricity accounts, charging stations). The band rules themselves (quarter hours, coverage, seasons)
// are the zod-free ones of common/tou.ts, run by each contract's superRefine.

/** A price per kWh (or per kW·month): not negative, at most 4 decimals, stored exactly (integer ten-thousandths or numeric). */
export const priceAmount = (max: number) =>
  z
    .number()
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`)
    .refine((v) => hasAtMostDecimals(v), `must have at most ${PRICE_DECIMALS} decimals`);

/** A band's start or end, 'HH:mm' (its rules are checked with the band's others: bandProblems). */
export const bandTime = z.string().max(5, 'must be a time HH:mm');

/** One time-of-use band of a day: from `start` to `end`, its kind and its price per kWh. */
export const touBand = z.object({
  start: bandTime,
  end: bandTime,
  kind: z.enum(TOU_BAND_KINDS),
  /** Currency per kWh. */
  price: priceAmount(1000),
});

/** A calendar day 'YYYY-MM-DD' (2000..2099) that exists. */
export const calendarDate = z
  .string()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD between 2000 and 2099')
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, m - 1, d));
    return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, 'is not a day of the calendar');
