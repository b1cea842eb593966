import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestConfig } from '../../config.js';
import type { Db } from '../../db/client.js';

/** Deletes raw readings older than RAW_RETENTION_DAYS (rollups are kept). Answers the rows deleted. */
export async function deleteExpiredRaw(db: Db, retentionDays: number): Promise<number> {
  const result = await db.execute(sql`delete from telemetry_raw where ts < now() - ${retentionDays} * interval '1 day'`);
  return Number(
    (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
  );
}

/** Runs the retention job every RETENTION_INTERVAL_MINUTES (first run a minute after start). */
export function startRetention(db: Db, config: IngestConfig, log: FastifyBaseLogger): () => void {
  const run = () =>
    deleteExpiredRaw(db, config.rawRetentionDays)
      .then((n) => n && log.info({ deleted: n, retentionDays: config.rawRetentionDays }, 'raw telemetry past retention deleted'))
      .catch((err) => log.error({ err }, 'telemetry retention failed'));
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, Math.max(1, config.retentionIntervalMinutes) * 60_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
