import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { strategy, strategyDelivery } from './strategy.schema.js';

/** A strategy a station executes, as its FCS accepted it (the accepted delivery's copy). */
export interface ExecutingStrategy {
  bsaId: number;
  fcsDeviceId: number | null;
  strategyId: number;
  revision: number | null;
  version: number;
  /** When the FCS accepted it. */
  since: Date;
  body: NonNullable<(typeof strategyDelivery.$inferSelect)['body']>;
}

/**
 * Every station's executing strategy, on the owner connection (every tenant): what a restarted
 * simulated station puts back in force (seed/demo-live.ts). Not for requests.
 */
export async function executingStrategies(db: Db): Promise<ExecutingStrategy[]> {
  const rows = await db
    .select({
      bsaId: strategy.bsaId,
      fcsDeviceId: strategyDelivery.fcsDeviceId,
      strategyId: strategy.id,
      revision: strategy.executingRevision,
      version: strategyDelivery.version,
      since: strategy.executingSince,
      body: strategyDelivery.body,
    })
    .from(strategy)
    .innerJoin(strategyDelivery, eq(strategyDelivery.id, strategy.executingDeliveryId))
    .where(and(eq(strategy.executing, true), isNotNull(strategyDelivery.body)));
  return rows.map((r) => ({ ...r, bsaId: r.bsaId!, version: r.version ?? r.body!.version, since: r.since!, body: r.body! }));
}
