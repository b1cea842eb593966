import { randomUUID } from 'node:crypto';
import { pv as contract, type BodyOf } from '@energy/contracts';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { pageOfRows } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { addDays, counterBuckets, dayReadings, dayWindow, daysFrom, meterKey, monthEnd, monthReadings, type Reading } from './pv-energy.js';
import { dayIn, type PvStationsService } from './pv-stations.service.js';
import { pvMeterReading } from './pv.schema.js';

// Settlement readings of the stations' grid-point meters (docs/pv.md): per local day and month, the
// counter at the start and end and the energy between, computed from the 15 min rollups. Settled periods
// are stored (reImplement, pv/restart); a period not settled yet is computed when asked.

type Row = contract.MeterReadingRow;
type Station = Awaited<ReturnType<PvStationsService['visible']>>;

/** A meter of a station's grid point, with the counter its role reads. */
export interface StationMeter {
  deviceId: number;
  code: string;
  name: string;
  role: contract.MeterRole;
  pointName: string;
  key: string;
}

const ROLE_COLUMNS = [
  ['generation', 'generation_meter_id'],
  ['on-grid', 'on_grid_meter_id'],
  ['off-take', 'offtake_meter_id'],
] as const;

/** The meters of a station's grid points (code order), with the counter each reads. */
export async function stationMeters(tx: Db, stationId: number): Promise<StationMeter[]> {
  const rows = await rowsOf<{
    device_id: number;
    code: string;
    name: string;
    role: contract.MeterRole;
    point_name: string;
    has_exp: boolean;
  }>(
    tx,
    sql`select d.id as device_id, d.code, d.name, m.role, g.name as point_name,
               exists (select 1 from data_property p where p.device_type_id = d.device_type_id and p.key = 'e_exp') as has_exp
        from pv_grid_point g
        cross join lateral (values ${sql.join(
          ROLE_COLUMNS.map(([role, column]) => sql`(${role}::text, g.${sql.identifier(column)})`),
          sql`, `,
        )}) as m(role, device_id)
        join device d on d.id = m.device_id
        where g.station_id = ${stationId}
        order by d.code`,
  );
  return rows.map((r) => ({
    deviceId: Number(r.device_id),
    code: r.code,
    name: r.name,
    role: r.role,
    pointName: r.point_name,
    key: meterKey(r.role, r.has_exp),
  }));
}

const MAX_DAYS = contract.MAX_READING_DAYS;

/** The days a range of readings covers: the whole months of a month range; never past today. */
function periodDays(type: contract.ReadingType, startTime: string, endTime: string, today: string, field = 'body') {
  if (endTime < startTime) throw invalid(`${field}.endTime`, 'must not be before startTime');
  const first = type === 'month' ? `${startTime.slice(0, 7)}-01` : startTime;
  const wanted = type === 'month' ? monthEnd(endTime) : endTime;
  const last = wanted < today ? wanted : today;
  if (daysFrom(first, wanted).length > MAX_DAYS + 31) throw invalid(`${field}.endTime`, `the range must be at most ${MAX_DAYS} days`);
  return { first, last };
}

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** What settling startTime..endTime covers: whole months from startTime's 1st to endTime, never past yesterday. */
function settlePlan(timeZone: string, startTime: string, endTime: string) {
  const today = dayIn(timeZone);
  const yesterday = addDays(today, -1);
  const last = endTime < yesterday ? endTime : yesterday;
  // whole months: a month is settled once it has ended; its days from the 1st
  const first = `${startTime.slice(0, 7)}-01`;
  const days = last < first ? [] : daysFrom(first, last);
  const months = [...new Set(days.map((d) => d.slice(0, 7)))].map((month) => days.filter((d) => d.startsWith(month)));
  return { last, days, months, currentMonth: today.slice(0, 7) };
}

/** A meter's readings of the local days first..last (its buckets read once), days and months. */
async function computeReadings(tx: Db, timeZone: string, meter: StationMeter, first: string, last: string): Promise<Reading[]> {
  if (last < first) return [];
  const { from, to } = dayWindow(first, last);
  const buckets = await counterBuckets(tx, meter, from, to);
  const days = dayReadings(buckets, timeZone, daysFrom(first, last));
  return [...days, ...monthReadings(days)];
}

/** Recomputes and stores one month's readings of the station's meters: its days from startTime, and the month once it has ended by `last`. */
async function settleMonth(
  tx: Db,
  station: { id: number; tenantId: string; timeZone: string },
  meters: StationMeter[],
  monthDays: string[],
  startTime: string,
  plan: { last: string; currentMonth: string },
) {
  const month = monthDays[0]!.slice(0, 7);
  for (const meter of meters) {
    const computed = await computeReadings(tx, station.timeZone, meter, monthDays[0]!, monthDays[monthDays.length - 1]!);
    const kept = computed.filter((r) =>
      r.type === 'day' ? r.day >= startTime : month < plan.currentMonth && monthEnd(r.day) <= plan.last,
    );
    if (!kept.length) continue;
    await tx
      .insert(pvMeterReading)
      .values(
        kept.map((r) => ({
          tenantId: station.tenantId,
          stationId: station.id,
          deviceId: meter.deviceId,
          role: meter.role,
          key: meter.key,
          type: r.type,
          day: r.day,
          startReading: r.startReading,
          startReadAt: r.startReadAt == null ? null : new Date(r.startReadAt),
          endReading: r.endReading,
          endReadAt: r.endReadAt == null ? null : new Date(r.endReadAt),
          energyWh: r.energyWh,
          resets: r.resets,
        })),
      )
      .onConflictDoUpdate({
        target: [pvMeterReading.stationId, pvMeterReading.deviceId, pvMeterReading.key, pvMeterReading.type, pvMeterReading.day],
        set: {
          role: sql`excluded.role`,
          startReading: sql`excluded.start_reading`,
          startReadAt: sql`excluded.start_read_at`,
          endReading: sql`excluded.end_reading`,
          endReadAt: sql`excluded.end_read_at`,
          energyWh: sql`excluded.energy_wh`,
          resets: sql`excluded.resets`,
          settledAt: sql`now()`,
        },
      });
  }
}

/**
 * Settles a station's readings of startTime..endTime (as reImplement does) outside a request, a month per
 * transaction on the owner connection: the demo's first start (seed/demo-pv.ts). Answers the days settled.
 */
export async function settleStationReadings(
  db: Db,
  station: { id: number; tenantId: string; timeZone: string },
  startTime: string,
  endTime: string,
): Promise<number> {
  const plan = settlePlan(station.timeZone, startTime, endTime);
  const meters = await stationMeters(db, station.id);
  if (!meters.length) return 0;
  for (const monthDays of plan.months) await db.transaction((tx) => settleMonth(tx, station, meters, monthDays, startTime, plan));
  return plan.days.filter((d) => d >= startTime).length;
}

export class MeterReadingsService {
  constructor(
    private readonly stations: PvStationsService,
    private readonly jobs: JobsService,
  ) {}

  /** A meter's readings of the local days first..last (its buckets read once), days and months. */
  compute(tx: Db, timeZone: string, meter: StationMeter, first: string, last: string): Promise<Reading[]> {
    return computeReadings(tx, timeZone, meter, first, last);
  }

  /**
   * Readings of the station's meters of a type over a range: the settled ones as stored, the others
   * computed now (settledAt null). Newest period first, then meter code.
   */
  private async readings(
    ctx: StaffCtx,
    station: Station,
    meters: StationMeter[],
    input: { type: contract.ReadingType; startTime: string; endTime: string },
    field = 'body',
  ) {
    const today = dayIn(station.timeZone);
    const { first, last } = periodDays(input.type, input.startTime, input.endTime, today, field);
    if (!meters.length || last < first) return [];
    const firstPeriod = input.type === 'month' ? first : input.startTime;
    const stored = await ctx.tx
      .select()
      .from(pvMeterReading)
      .where(
        and(
          eq(pvMeterReading.stationId, station.id),
          eq(pvMeterReading.tenantId, ctx.staff.tenantId),
          inArray(
            pvMeterReading.deviceId,
            meters.map((m) => m.deviceId),
          ),
          eq(pvMeterReading.type, input.type),
          gte(pvMeterReading.day, firstPeriod),
          lte(pvMeterReading.day, last),
        ),
      );
    const byKey = new Map(stored.map((s) => [`${s.deviceId}:${s.key}:${s.day}`, s]));
    const periods =
      input.type === 'day' ? daysFrom(firstPeriod, last) : [...new Set(daysFrom(first, last).map((d) => `${d.slice(0, 7)}-01`))];
    const rows: Row[] = [];
    for (const meter of meters) {
      const missing = periods.some((p) => !byKey.has(`${meter.deviceId}:${meter.key}:${p}`));
      const computed = missing ? await this.compute(ctx.tx, station.timeZone, meter, first, last) : [];
      for (const period of periods) {
        const s = byKey.get(`${meter.deviceId}:${meter.key}:${period}`);
        const r = s
          ? {
              ...s,
              startReadAt: s.startReadAt?.getTime() ?? null,
              endReadAt: s.endReadAt?.getTime() ?? null,
              settledAt: s.settledAt.toISOString(),
            }
          : { ...computed.find((c) => c.type === input.type && c.day === period)!, settledAt: null };
        rows.push({
          pvId: station.id,
          pvName: station.name,
          deviceId: meter.deviceId,
          meterCode: meter.code,
          meterName: meter.name,
          role: meter.role,
          pointName: meter.pointName,
          key: meter.key,
          type: input.type,
          day: period,
          startReading: r.startReading,
          startReadAt: iso(r.startReadAt),
          endReading: r.endReading,
          endReadAt: iso(r.endReadAt),
          energyWh: Number(r.energyWh),
          resets: r.resets,
          settledAt: r.settledAt,
        });
      }
    }
    return rows.sort((a, b) => (a.day === b.day ? (a.meterCode < b.meterCode ? -1 : 1) : a.day < b.day ? 1 : -1));
  }

  /** The station's readings, all of them (exports) or filtered by role. */
  async stationReadings(
    ctx: StaffCtx,
    input: { pvId: number; type: contract.ReadingType; startTime: string; endTime: string; role?: contract.MeterRole },
    field = 'body',
  ) {
    const station = await this.stations.visible(ctx, input.pvId);
    const meters = (await stationMeters(ctx.tx, station.id)).filter((m) => !input.role || m.role === input.role);
    return { timeZone: station.timeZone, rows: await this.readings(ctx, station, meters, input, field) };
  }

  /** One meter's readings: a meter of a grid point of a station the staff sees (404 otherwise). */
  async meterReadings(
    ctx: StaffCtx,
    input: { id: number; type: contract.ReadingType; startTime: string; endTime: string },
    field = 'body',
  ) {
    const [point] = await rowsOf<{ station_id: number }>(
      ctx.tx,
      sql`select station_id from pv_grid_point where tenant_id = ${ctx.staff.tenantId}
            and ${input.id} in (generation_meter_id, on_grid_meter_id, offtake_meter_id) limit 1`,
    );
    if (!point) throw notFound(`Meter ${input.id} of a PV station`);
    const station = await this.stations.visible(ctx, Number(point.station_id)).catch(() => {
      throw notFound(`Meter ${input.id} of a PV station`);
    });
    const meters = (await stationMeters(ctx.tx, station.id)).filter((m) => m.deviceId === input.id);
    return { timeZone: station.timeZone, rows: await this.readings(ctx, station, meters, input, field) };
  }

  page({ rows }: { rows: Row[] }, input: { pageSize: number; pageOffset: number }) {
    return pageOfRows(rows, input);
  }

  /** Settles (recomputes and stores) the station's readings of the ended days and months of first..last, as a job: a unit a day. */
  private async settle(ctx: StaffCtx, station: Station, startTime: string, endTime: string) {
    const plan = settlePlan(station.timeZone, startTime, endTime);
    const meters = await stationMeters(ctx.tx, station.id);
    const target = { id: station.id, tenantId: ctx.staff.tenantId, timeZone: station.timeZone };
    return this.jobs.start(ctx, { id: randomUUID(), kind: 'pv-meter-reading', total: plan.days.length, inlineLimit: 62 }, async (io) => {
      let done = 0;
      // a month at a time, each its own transaction in the background: progress shows between them
      for (const monthDays of plan.months) {
        await io.transaction((tx) => settleMonth(tx, target, meters, monthDays, startTime, plan));
        done += monthDays.length;
        io.progress(done);
      }
      return { imported: plan.days.length, problems: [] };
    });
  }

  async reImplement(ctx: StaffCtx, input: BodyOf<typeof contract.meterReadingReImplement>) {
    const station = await this.stations.visible(ctx, input.pvId);
    if (input.endTime < input.startTime) throw invalid('body.endTime', 'must not be before startTime');
    if (daysFrom(input.startTime, input.endTime).length > MAX_DAYS)
      throw invalid('body.endTime', `the range must be at most ${MAX_DAYS} days`);
    return this.settle(ctx, station, input.startTime, input.endTime);
  }

  /** From the grid-connection day (at most 400 days back; without one, 400 days back) to yesterday. */
  async restart(ctx: StaffCtx, input: { pvId: number }) {
    const station = await this.stations.visible(ctx, input.pvId);
    const today = dayIn(station.timeZone);
    const earliest = addDays(today, -MAX_DAYS);
    const from = station.gridConnectionDate && station.gridConnectionDate > earliest ? station.gridConnectionDate : earliest;
    return this.settle(ctx, station, from, addDays(today, -1));
  }
}
