import type { BodyOf, charging as contract } from '@energy/contracts';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffCtx } from '../../plugins/context.js';
import { localClock } from '../../pricing/tou-pricing.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { chargingSession } from './charging.schema.js';
import { energyPieces, type RegisterSample } from './pricing.js';

// Energy and revenue per local day of a station or a pile (docs/charging.md, "Energy per day").

type Daily = z.infer<typeof contract.dailyStatistics.output>;
const DAY_MS = 86_400_000;
/** Zones are at most 14 hours off UTC: a query window this much wider holds every session of the local days. */
const ZONE_MARGIN_MS = 14 * 3_600_000;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The local dates `last - count + 1` .. `last`, oldest first. */
export function localDays(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * A session's share of energy and revenue per local day. Energy: the session's readings (meter start, the
 * meter values strictly inside, meter stop) cut at the quarter hours exactly as its pricing cuts them
 * (`energyPieces`), each piece on the local date of its start. Revenue: the session's cost in whole cents
 * (what the driver is charged), shared by energy: the cents up to a day are round(cost × energy up to the day
 * ÷ session energy), each day's share the difference, so the shares add up to the cost exactly.
 */
export function splitSessionByDay(samples: RegisterSample[], costCents: number | null, timeZone: string) {
  const energy = new Map<string, number>();
  for (const { t0, wh } of energyPieces(samples)) {
    const date = localClock(timeZone, t0).date;
    energy.set(date, (energy.get(date) ?? 0) + wh);
  }
  const total = [...energy.values()].reduce((a, b) => a + b, 0);
  const days = [...energy.keys()].sort();
  const shares = new Map<string, { energyWh: number; cents: number }>();
  let cumulative = 0;
  let centsBefore = 0;
  for (const date of days) {
    cumulative += energy.get(date)!;
    const centsUpTo = costCents == null || total === 0 ? 0 : Math.round((costCents * cumulative) / total);
    shares.set(date, { energyWh: energy.get(date)!, cents: centsUpTo - centsBefore });
    centsBefore = centsUpTo;
  }
  return shares;
}

/** Energy and revenue per local day of a station or of one pile (already checked visible: `stationId`, `pileId`). */
export async function dailyStatistics(
  ctx: StaffCtx,
  target: { stationId: number; pileId: number | null },
  input: BodyOf<typeof contract.dailyStatistics>,
): Promise<Daily> {
  const timeZone = await tenantTimeZone(ctx);
  const last = input.to ?? localClock(timeZone, Date.now()).date;
  const dates = localDays(last, input.days);
  const first = dates[0]!;
  const windowFrom = new Date(Date.parse(`${first}T00:00:00Z`) - ZONE_MARGIN_MS);
  const windowTo = new Date(Date.parse(`${nextDay(last)}T00:00:00Z`) + ZONE_MARGIN_MS);
  // each session's readings as pricing reads them (ocpp-server.ts `finish`): strictly inside (start, stop)
  const readings = sql<[string, number][]>`(
    select coalesce(json_agg(json_build_array(mv.ts, mv.wh) order by mv.ts), '[]'::json)
    from charging_meter_value mv
    where mv.session_id = ${chargingSession.id} and mv.ts > ${chargingSession.startedAt}
      and (${chargingSession.stoppedAt} is null or mv.ts < ${chargingSession.stoppedAt}))`;
  const rows = await ctx.tx
    .select({
      startedAt: chargingSession.startedAt,
      stoppedAt: chargingSession.stoppedAt,
      meterStartWh: chargingSession.meterStartWh,
      meterStopWh: chargingSession.meterStopWh,
      costCents: chargingSession.costCents,
      currency: chargingSession.currency,
      readings,
    })
    .from(chargingSession)
    .where(
      and(
        eq(chargingSession.stationId, target.stationId),
        target.pileId === null ? undefined : eq(chargingSession.pileId, target.pileId),
        lt(chargingSession.startedAt, windowTo),
        or(isNull(chargingSession.stoppedAt), gt(chargingSession.stoppedAt, windowFrom)),
      ),
    )
    .orderBy(asc(chargingSession.startedAt));

  const byDay = new Map(dates.map((date) => [date, { date, sessions: 0, energyWh: 0, revenue10k: 0 }]));
  let currency: string | null = null;
  for (const r of rows) {
    const samples: RegisterSample[] = [
      { ts: r.startedAt.getTime(), wh: Number(r.meterStartWh) },
      ...r.readings.map(([ts, wh]) => ({ ts: Date.parse(ts), wh: Number(wh) })),
      ...(r.stoppedAt && r.meterStopWh !== null ? [{ ts: r.stoppedAt.getTime(), wh: Number(r.meterStopWh) }] : []),
    ];
    const started = byDay.get(localClock(timeZone, r.startedAt.getTime()).date);
    if (started) started.sessions += 1;
    const priced = r.stoppedAt && r.costCents !== null ? Number(r.costCents) : null;
    if (priced !== null) currency ??= r.currency;
    for (const [date, share] of splitSessionByDay(samples, priced, timeZone)) {
      const day = byDay.get(date);
      if (!day) continue;
      day.energyWh += share.energyWh;
      day.revenue10k += share.cents * 100;
    }
  }
  const days = [...byDay.values()];
  return {
    stationId: target.stationId,
    pileId: target.pileId,
    timeZone,
    currency,
    days,
    totalEnergyWh: days.reduce((a, d) => a + d.energyWh, 0),
    totalRevenue10k: days.reduce((a, d) => a + d.revenue10k, 0),
  };
}
