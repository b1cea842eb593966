import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A LIKE/ILIKE pattern matching text that contains `s` literally (%, _ and \ escaped). */
export const containing = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** The rows of a raw SQL query, typed (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
