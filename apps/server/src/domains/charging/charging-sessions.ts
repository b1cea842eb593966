import type { charging as contract } from '@energy/contracts';
import { desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contains, equals, list, where } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { iso } from './charging-guns.js';
import { chargingPile, chargingSession, chargingStation } from './charging.schema.js';
import { fromCents, fromE4 } from './pricing.js';

type SessionRow = z.infer<typeof contract.sessionRow>;

/** The sessions the staff sees (their stations' scope, `scope`), newest first, filtered by station, pile, id tag, status and start time. */
export function sessionQuery(
  ctx: StaffCtx,
  scope: SQL[],
  input: Partial<Record<'stationId' | 'pileId', number>> & {
    idTag?: string;
    status?: 'charging' | 'finished';
    from?: string;
    to?: string;
  },
) {
  const filter = [
    ...where(input, {
      stationId: equals(chargingSession.stationId),
      pileId: equals(chargingSession.pileId),
      idTag: contains(chargingSession.idTag),
    }),
    input.status === 'charging'
      ? isNull(chargingSession.stoppedAt)
      : input.status === 'finished'
        ? sql`${chargingSession.stoppedAt} is not null`
        : undefined,
    input.from ? gte(chargingSession.startedAt, new Date(input.from)) : undefined,
    input.to ? lt(chargingSession.startedAt, new Date(input.to)) : undefined,
  ];
  return list(ctx.tx, {
    query: () =>
      ctx.tx
        .select({ s: chargingSession, stationName: chargingStation.name, pileCode: chargingPile.code })
        .from(chargingSession)
        .innerJoin(chargingStation, eq(chargingStation.id, chargingSession.stationId))
        .innerJoin(chargingPile, eq(chargingPile.id, chargingSession.pileId))
        .$dynamic(),
    where: [...scope, ...filter],
    order: [desc(chargingSession.startedAt), desc(chargingSession.id)],
  });
}

/** The session rows of the contract: energy from the meter values, prices and fees in the contract's units. */
export function sessionRows(rows: { s: typeof chargingSession.$inferSelect; stationName: string; pileCode: string }[]): SessionRow[] {
  return rows.map(({ s, stationName, pileCode }) => ({
    id: s.id,
    transactionId: s.id,
    stationId: s.stationId,
    stationName,
    pileId: s.pileId,
    pileCode,
    connectorId: s.connectorId,
    idTag: s.idTag,
    status: s.stoppedAt ? 'finished' : 'charging',
    startedAt: s.startedAt.toISOString(),
    stoppedAt: iso(s.stoppedAt),
    durationSeconds: s.stoppedAt ? Math.round((s.stoppedAt.getTime() - s.startedAt.getTime()) / 1000) : null,
    meterStartWh: s.meterStartWh,
    meterStopWh: s.meterStopWh,
    energyWh: Math.max(0, (s.meterStopWh ?? s.lastMeterWh) - s.meterStartWh),
    stopReason: s.stopReason,
    currency: s.currency,
    bands: s.bands.map((b) => ({ kind: b.kind as 'flat', price: fromE4(b.price), energyWh: b.energyWh, energyFee: fromE4(b.fee) })),
    energyFee: s.energyFee == null ? null : fromE4(s.energyFee),
    serviceFee: s.serviceFee == null ? null : fromE4(s.serviceFee),
    cost: s.costCents == null ? null : fromCents(s.costCents),
  }));
}
