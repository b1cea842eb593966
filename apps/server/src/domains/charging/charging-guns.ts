import type { charging as contract } from '@energy/contracts';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { list } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { chargingGun, chargingPile, chargingStation } from './charging.schema.js';

/** The charging guns' query and answer: each gun with its pile, station and open session (power from its two latest meter values). */

type GunRow = z.infer<typeof contract.gunRow>;
/** A gun's open session as the gun query reads it (json_build_object: times as text, numbers as JSON numbers). */
type OpenSession = { id: number; idTag: string; startedAt: string; energyWh: number; powerW: number | null; lastMeterAt: string | null };

/** A stored time as the contracts' ISO text (null stays null). */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Guns the staff sees (through their piles' stations, `scope`) matching `conditions`, by pile code and number. */
export function gunQuery(ctx: StaffCtx, scope: SQL[], conditions: (SQL | undefined)[]) {
  // the open session with its energy so far and the power between its two latest meter values
  const open = sql<OpenSession | null>`(
    select json_build_object(
      'id', s.id, 'idTag', s.id_tag, 'startedAt', s.started_at, 'energyWh', s.last_meter_wh - s.meter_start_wh,
      'powerW', (select case when count(*) = 2 and max(ts) > min(ts)
                        then round((max(wh) - min(wh)) * 3600.0 / extract(epoch from max(ts) - min(ts))) end
                 from (select ts, wh from charging_meter_value mv where mv.session_id = s.id order by ts desc limit 2) last2),
      'lastMeterAt', (select max(ts) from charging_meter_value mv where mv.session_id = s.id))
    from charging_session s
    where s.pile_id = ${chargingGun.pileId} and s.connector_id = ${chargingGun.number} and s.stopped_at is null limit 1)`;
  return list(ctx.tx, {
    query: () =>
      ctx.tx
        .select({ g: chargingGun, pileCode: chargingPile.code, stationId: chargingStation.id, stationName: chargingStation.name, open })
        .from(chargingGun)
        .innerJoin(chargingPile, eq(chargingPile.id, chargingGun.pileId))
        .innerJoin(chargingStation, eq(chargingStation.id, chargingPile.stationId))
        .$dynamic(),
    where: [...scope, ...conditions],
    order: [asc(chargingPile.code), asc(chargingGun.number), asc(chargingGun.id)],
  });
}

/** The gun rows of the contract, with the open session (if any) of each. */
export function gunAnswer(
  rows: { g: typeof chargingGun.$inferSelect; pileCode: string; stationId: number; stationName: string; open: OpenSession | null }[],
): GunRow[] {
  return rows.map(({ g, pileCode, stationId, stationName, open }) => ({
    id: g.id,
    pileId: g.pileId,
    pileCode,
    stationId,
    stationName,
    number: g.number,
    type: g.type as GunRow['type'],
    ratedPowerKw: g.ratedPowerKw,
    status: g.status as GunRow['status'],
    errorCode: g.errorCode,
    statusAt: iso(g.statusAt),
    transactionId: open ? Number(open.id) : null,
    session: open
      ? {
          transactionId: Number(open.id),
          idTag: open.idTag,
          startedAt: new Date(open.startedAt).toISOString(),
          energyWh: Number(open.energyWh),
          powerW: open.powerW === null ? null : Number(open.powerW),
          lastMeterAt: open.lastMeterAt === null ? null : new Date(open.lastMeterAt).toISOString(),
        }
      : null,
  }));
}
