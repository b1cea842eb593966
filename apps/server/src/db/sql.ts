import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A LIKE/ILIKE pattern matching text that contains `s` literally (%, _ and \ escaped). */
export const containing = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** The rows of a raw SQL query, typed (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Plans every later statement of this transaction for its own parameters (`plan_cache_mode =
 * force_custom_plan`, transaction-local). Request statements are prepared once hot (request-transaction.ts),
 * and after five runs PostgreSQL may keep a generic plan made without the parameters' values; an analytic
 * query whose best plan depends on its range or its arrays (a day against a year, ten buckets against
 * twenty thousand) can then run a hundred times slower (the PV bench's loss waterfall: 58 s instead of
 * 0.4 s). Analytic services call this first; short hot queries keep their cached plans.
 */
export async function customPlans(db: Db): Promise<void> {
  await db.execute(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
}
