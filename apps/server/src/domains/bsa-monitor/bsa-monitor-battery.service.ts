import { bsaMonitor as contract, type BodyOf } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import type { BsaLevelsService } from '../bsa/bsa-levels.service.js';
import type { BsaService } from '../bsa/bsa.service.js';
import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { averages, dayRange, latestValues, lifetimeWh, localToday, round, valueOf } from './bsa-monitor-readings.js';

type Level = (typeof contract.BMS_LEVELS)[number];
type Spread = z.infer<typeof contract.spreadRow>;
type EnvState = (typeof contract.ENV_STATES)[number];

/** Stacks show the figures of their cells (a stack reports nothing itself). */
const STACK_POINTS = [
  { key: 'cellVoltageMax', name: 'Highest cell voltage', unit: 'V' },
  { key: 'cellVoltageMin', name: 'Lowest cell voltage', unit: 'V' },
  { key: 'temperatureMax', name: 'Highest cell temperature', unit: '°C' },
  { key: 'socAvg', name: 'Average cell SOC', unit: '%' },
];
const CELL_COLUMNS: Record<string, string> = { voltage: 'voltage_v', temperature: 'temperature_c', soc: 'soc_pct' };
const PARENT = { stack: null, rack: 'stack', pack: 'rack', cell: 'pack' } as const;

/**
 * Environment bands of a battery container (LFP cells work best at 15-35 °C; condensation above 85 % RH):
 * temperature warning outside 5-35 °C, alarm below 0 or from 45 °C; humidity warning from 75 %, alarm from
 * 90 %; smoke or water detected is an alarm.
 */
export function temperatureState(c: number): EnvState {
  if (c < 0 || c >= 45) return 'alarm';
  return c < 5 || c > 35 ? 'warning' : 'normal';
}
export function humidityState(pct: number): EnvState {
  if (pct >= 90) return 'alarm';
  return pct >= 75 ? 'warning' : 'normal';
}
const RANK: Record<EnvState, number> = { normal: 0, warning: 1, alarm: 2 };

/**
 * The battery side of monitoring (docs/bsa.md "Monitoring (issue 22)"): BMS tabs and data with the cell heat
 * map, the container's environment, battery health and the station's structure.
 */
export class BsaMonitorBatteryService {
  constructor(
    private readonly bsa: BsaService,
    private readonly levels: BsaLevelsService,
  ) {}

  private async counts(ctx: StaffCtx, stationId: number) {
    const [row] = await rowsOf<{ stacks: number; racks: number; packs: number; cells: number }>(
      ctx.tx,
      sql`select (select count(*) from bsa_stack where station_id = ${stationId} and tenant_id = ${ctx.staff.tenantId})::int as stacks,
                 (select count(*) from bsa_rack where station_id = ${stationId} and tenant_id = ${ctx.staff.tenantId})::int as racks,
                 (select count(*) from bsa_pack where station_id = ${stationId} and tenant_id = ${ctx.staff.tenantId})::int as packs,
                 (select count(*) from bsa_cell where station_id = ${stationId} and tenant_id = ${ctx.staff.tenantId})::int as cells`,
    );
    return row!;
  }

  async bmsTab(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const c = await this.counts(ctx, station.id);
    const stacks = await rowsOf<{ id: number; code: string; name: string }>(
      ctx.tx,
      sql`select id, code, name from bsa_stack where station_id = ${station.id} and tenant_id = ${ctx.staff.tenantId} order by code`,
    );
    return {
      bsaId: station.id,
      tabs: [
        { level: 'stack' as const, units: c.stacks },
        { level: 'rack' as const, units: c.racks },
        { level: 'pack' as const, units: c.packs },
        { level: 'cell' as const, units: c.cells },
      ],
      stacks,
    };
  }

  /**
   * A level's units (below `parentId`, or all of the station) with the points the station's display config
   * shows for that level, and the figures of the cells below them: max, min, spread, average, the five weakest.
   */
  async bmsData(ctx: StaffCtx, input: BodyOf<typeof contract.neoBsaGetBmsData>): Promise<z.infer<typeof contract.bmsDataOutput>> {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const level: Level = input.level;
    const parentLevel = PARENT[level];
    const tenant = ctx.staff.tenantId;
    if (input.parentId !== undefined && parentLevel) {
      const [parent] = await rowsOf<{ id: number }>(
        ctx.tx,
        sql`select id from ${sql.identifier(`bsa_${parentLevel}`)} where id = ${input.parentId} and station_id = ${station.id} and tenant_id = ${tenant}`,
      );
      if (!parent) throw invalid('body.parentId', `is not a ${parentLevel} of ${station.code}`);
    }
    const parent = input.parentId !== undefined && parentLevel ? input.parentId : null;
    // the cells below the listed units: one query, filtered by the parent's level
    const cellFilter =
      parent === null
        ? sql`true`
        : parentLevel === 'stack'
          ? sql`r.stack_id = ${parent}`
          : parentLevel === 'rack'
            ? sql`r.id = ${parent}`
            : sql`p.id = ${parent}`;
    const cells = await rowsOf<{
      id: number;
      code: string;
      seq: number;
      pack_id: number;
      rack_id: number;
      stack_id: number;
      voltage_v: number | null;
      temperature_c: number | null;
      soc_pct: number | null;
      reported_at: string | null;
    }>(
      ctx.tx,
      sql`select c.id, c.code, c.seq, c.pack_id, p.rack_id, r.stack_id, c.voltage_v, c.temperature_c, c.soc_pct,
                 to_char(c.reported_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reported_at
          from bsa_cell c join bsa_pack p on p.id = c.pack_id join bsa_rack r on r.id = p.rack_id
          where c.station_id = ${station.id} and c.tenant_id = ${tenant} and ${cellFilter}
          order by r.seq, p.seq, c.seq`,
    );
    const num = (v: number | null) => (v === null ? null : Number(v));
    const figures = {
      count: cells.length,
      reported: cells.filter((c) => c.voltage_v !== null || c.temperature_c !== null || c.soc_pct !== null).length,
      voltage: spreadOf(
        cells.map((c) => ({ code: c.code, v: num(c.voltage_v) })),
        3,
      ),
      temperature: spreadOf(
        cells.map((c) => ({ code: c.code, v: num(c.temperature_c) })),
        1,
      ),
    };
    const weakest = cells
      .filter((c) => c.voltage_v !== null)
      .sort((a, b) => Number(a.voltage_v) - Number(b.voltage_v) || a.id - b.id)
      .slice(0, 5)
      .map((c) => ({ id: c.id, code: c.code, voltageV: Number(c.voltage_v), temperatureC: num(c.temperature_c) }));

    if (level === 'stack') {
      const stacks = await rowsOf<{ id: number; code: string; name: string }>(
        ctx.tx,
        sql`select id, code, name from bsa_stack where station_id = ${station.id} and tenant_id = ${tenant} order by code`,
      );
      const units = stacks.map((s, i) => {
        const own = cells.filter((c) => c.stack_id === s.id);
        const v = spreadOf(
          own.map((c) => ({ code: c.code, v: num(c.voltage_v) })),
          3,
        );
        const t = spreadOf(
          own.map((c) => ({ code: c.code, v: num(c.temperature_c) })),
          1,
        );
        const socs = own.map((c) => num(c.soc_pct)).filter((x): x is number => x !== null);
        return {
          id: s.id,
          code: s.code,
          name: s.name,
          parentId: null,
          seq: i + 1,
          values: {
            cellVoltageMax: v.max,
            cellVoltageMin: v.min,
            temperatureMax: t.max,
            socAvg: socs.length ? round(socs.reduce((a, x) => a + x, 0) / socs.length, 1) : null,
          },
          reportedAt:
            own
              .map((c) => c.reported_at)
              .filter((x): x is string => x !== null)
              .sort()
              .at(-1) ?? null,
        };
      });
      return { bsaId: station.id, level, points: STACK_POINTS, units, cells: figures, weakest };
    }

    const config = await this.levels.getConfig(ctx, { bsaId: station.id, level });
    const points = config.keys.map((k) => config.points.find((p) => p.key === k)!).map((p) => ({ key: p.key, name: p.name, unit: p.unit }));
    let units: z.infer<typeof contract.bmsUnitRow>[];
    if (level === 'cell') {
      units = cells.map((c) => ({
        id: c.id,
        code: c.code,
        name: null,
        parentId: c.pack_id,
        seq: c.seq,
        values: Object.fromEntries(points.map((p) => [p.key, CELL_COLUMNS[p.key] ? num(c[CELL_COLUMNS[p.key] as 'voltage_v']) : null])),
        reportedAt: c.reported_at,
      }));
    } else {
      const parentColumn = level === 'rack' ? 'stack_id' : 'rack_id';
      const rows = await rowsOf<{
        id: number;
        code: string;
        seq: number;
        parent_id: number;
        latest: Record<string, number> | string | null;
        reported_at: string | null;
      }>(
        ctx.tx,
        sql`select u.id, u.code, u.seq, u.${sql.identifier(parentColumn)} as parent_id, u.latest,
                   to_char(u.reported_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reported_at
            from ${sql.identifier(`bsa_${level}`)} u
            ${level === 'pack' ? sql`join bsa_rack r on r.id = u.rack_id` : sql`join bsa_rack r on r.id = u.id`}
            where u.station_id = ${station.id} and u.tenant_id = ${tenant}
              ${parent === null ? sql`` : sql`and u.${sql.identifier(parentColumn)} = ${parent}`}
            order by r.seq, u.seq`,
      );
      units = rows.map((r) => {
        const latest = (typeof r.latest === 'string' ? JSON.parse(r.latest) : r.latest) as Record<string, number> | null;
        return {
          id: r.id,
          code: r.code,
          name: null,
          parentId: r.parent_id,
          seq: r.seq,
          values: Object.fromEntries(points.map((p) => [p.key, latest?.[p.key] ?? null])),
          reportedAt: r.reported_at,
        };
      });
    }
    return { bsaId: station.id, level, points, units, cells: figures, weakest };
  }

  /** The container's temperature, humidity, smoke and water from the station's FCS, now and over a local day. */
  async environment(ctx: StaffCtx, input: { bsaId: number; date?: string }): Promise<z.infer<typeof contract.envOutput>> {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const timeZone = await tenantTimeZone(ctx);
    const date = input.date ?? (await localToday(ctx, timeZone));
    const fcs = station.fcs?.deviceId;
    const latest = fcs ? await latestValues(ctx, [fcs], ['env_temp', 'env_humidity', 'smoke', 'water']) : [];
    const at = (key: string) => (fcs ? valueOf(latest, fcs, key) : null);
    const temperatureC = at('env_temp');
    const humidityPct = at('env_humidity');
    const smoke = at('smoke') === null ? null : Math.round(at('smoke')!);
    const water = at('water') === null ? null : Math.round(at('water')!);
    const states = {
      temperature: temperatureC === null ? null : temperatureState(temperatureC),
      humidity: humidityPct === null ? null : humidityState(humidityPct),
      smoke: smoke === null ? null : smoke ? ('alarm' as const) : ('normal' as const),
      water: water === null ? null : water ? ('alarm' as const) : ('normal' as const),
    };
    const known = Object.values(states).filter((s): s is EnvState => s !== null);
    const range = await dayRange(ctx, timeZone, date);
    const temps = fcs ? await averages(ctx, 'telemetry_15m', [fcs], 'env_temp', range.from, range.to) : new Map<number, number>();
    const hums = fcs ? await averages(ctx, 'telemetry_15m', [fcs], 'env_humidity', range.from, range.to) : new Map<number, number>();
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const steps = [];
    for (let t = Date.parse(range.from); t < Date.parse(range.to); t += 15 * 60_000) {
      const temp = temps.get(t);
      const hum = hums.get(t);
      steps.push({
        ts: t,
        time: clock.format(t),
        temperatureC: temp === undefined ? null : round(temp, 1),
        humidityPct: hum === undefined ? null : round(hum, 1),
      });
    }
    return {
      bsaId: station.id,
      fcsCode: station.fcs?.code ?? null,
      reportedAt:
        latest
          .map((l) => l.at)
          .sort()
          .at(-1) ?? null,
      temperatureC,
      humidityPct,
      smoke,
      water,
      states,
      state: known.length ? known.reduce((w, s) => (RANK[s] > RANK[w] ? s : w), 'normal' as EnvState) : null,
      date,
      steps,
    };
  }

  /** SOH, lifetime energy, equivalent cycles (discharged energy / capacity) and efficiency. */
  async batteryInfo(ctx: StaffCtx, input: { bsaId: number }): Promise<z.infer<typeof contract.batteryInfoOutput>> {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const pcs = station.pcs.map((p) => p.deviceId);
    const latest = await latestValues(ctx, pcs, ['soh']);
    const withSoh = station.pcs.filter((p) => valueOf(latest, p.deviceId, 'soh') !== null);
    const rated = withSoh.every((p) => (p.ratedPowerKw ?? 0) > 0);
    const weight = (p: (typeof withSoh)[number]) => (rated ? p.ratedPowerKw! : 1);
    const sohPct = withSoh.length
      ? round(
          withSoh.reduce((a, p) => a + valueOf(latest, p.deviceId, 'soh')! * weight(p), 0) / withSoh.reduce((a, p) => a + weight(p), 0),
          2,
        )
      : null;
    const [racks] = await rowsOf<{ min: number | null; avg: number | null }>(
      ctx.tx,
      sql`select min((latest->>'soh')::float8) as min, avg((latest->>'soh')::float8) as avg
          from bsa_rack where station_id = ${station.id} and tenant_id = ${ctx.staff.tenantId} and latest ? 'soh'`,
    );
    const life = await lifetimeWh(ctx, [
      ...pcs.map((d) => ({ deviceId: d, key: 'e_chg', name: 'charge' })),
      ...pcs.map((d) => ({ deviceId: d, key: 'e_dis', name: 'discharge' })),
    ]);
    const chargeWh = life.wh.get('charge') ?? 0;
    const dischargeWh = life.wh.get('discharge') ?? 0;
    const timeZone = await tenantTimeZone(ctx);
    const [first] = life.firstBucket
      ? await rowsOf<{ date: string }>(
          ctx.tx,
          sql`select to_char(${life.firstBucket}::timestamptz at time zone ${timeZone}, 'YYYY-MM-DD') as date`,
        )
      : [];
    return {
      bsaId: station.id,
      capacityKwh: station.capacityKwh,
      sohPct,
      rackSohMinPct: racks?.min === null || racks?.min === undefined ? null : round(Number(racks.min), 2),
      rackSohAvgPct: racks?.avg === null || racks?.avg === undefined ? null : round(Number(racks.avg), 2),
      chargeWh,
      dischargeWh,
      throughputWh: chargeWh + dischargeWh,
      cycles: cyclesOf(dischargeWh, station.capacityKwh),
      efficiencyPct: chargeWh > 0 ? round((dischargeWh / chargeWh) * 100, 2) : null,
      firstDate: first?.date ?? null,
    };
  }

  /** Per local day: charged and discharged energy, the day's cycles and the PCS' average SOH. */
  async batteryInfoCurve(ctx: StaffCtx, input: { bsaId: number; from: string; to: string }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const days = await this.levels.days(ctx, { bsaId: station.id, from: input.from, to: input.to });
    const range = await dayRange(ctx, days.timeZone, input.from, input.to);
    const soh = await averages(
      ctx,
      'telemetry_1d',
      station.pcs.map((p) => p.deviceId),
      'soh',
      range.from,
      range.to,
    );
    const dates = await rowsOf<{ date: string; ts: number | string }>(
      ctx.tx,
      sql`select to_char(d, 'YYYY-MM-DD') as date, (extract(epoch from (d::timestamp at time zone ${days.timeZone})) * 1000)::float8 as ts
          from generate_series(${input.from}::date, ${input.to}::date, interval '1 day') as g(d)`,
    );
    return {
      bsaId: station.id,
      days: days.days.map((d) => {
        const s = soh.get(Number(dates.find((x) => x.date === d.date)?.ts));
        return {
          date: d.date,
          chargeWh: d.chargeWh,
          dischargeWh: d.dischargeWh,
          cycles: cyclesOf(d.dischargeWh, station.capacityKwh),
          sohPct: s === undefined ? null : round(s, 2),
        };
      }),
    };
  }

  /** The station's devices and battery levels with their counts, each stack with its PCS and units. */
  async construction(ctx: StaffCtx, input: { bsaId: number }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    const c = await this.counts(ctx, station.id);
    const stacks = await rowsOf<{
      id: number;
      code: string;
      name: string;
      pcs_device_id: number | null;
      racks: number;
      packs: number;
      cells: number;
    }>(
      ctx.tx,
      sql`select s.id, s.code, s.name, s.pcs_device_id,
                 (select count(*) from bsa_rack r where r.stack_id = s.id)::int as racks,
                 (select count(*) from bsa_pack p join bsa_rack r on r.id = p.rack_id where r.stack_id = s.id)::int as packs,
                 (select count(*) from bsa_cell x join bsa_pack p on p.id = x.pack_id join bsa_rack r on r.id = p.rack_id where r.stack_id = s.id)::int as cells
          from bsa_stack s where s.station_id = ${station.id} and s.tenant_id = ${ctx.staff.tenantId} order by s.code`,
    );
    return {
      bsaId: station.id,
      code: station.code,
      counts: {
        pcs: station.pcs.length,
        gridMeters: station.meters.filter((m) => m.role === 'grid').length,
        upperMeters: station.meters.filter((m) => m.role === 'upper').length,
        fcs: station.fcs ? 1 : 0,
        ...c,
      },
      stacks: stacks.map((s) => ({
        id: s.id,
        code: s.code,
        name: s.name,
        pcsCode: station.pcs.find((p) => p.deviceId === s.pcs_device_id)?.code ?? null,
        racks: s.racks,
        packs: s.packs,
        cells: s.cells,
      })),
    };
  }
}

/** Equivalent full cycles: discharged Wh / (capacity kWh x 1000), 2 decimals. */
export const cyclesOf = (dischargeWh: number, capacityKwh: number) => (capacityKwh > 0 ? round(dischargeWh / (capacityKwh * 1000), 2) : 0);

function spreadOf(values: { code: string; v: number | null }[], decimals: number): Spread {
  const known = values.filter((x): x is { code: string; v: number } => x.v !== null);
  if (!known.length) return { max: null, maxCode: null, min: null, minCode: null, spread: null, avg: null };
  let max = known[0]!;
  let min = known[0]!;
  for (const x of known) {
    if (x.v > max.v) max = x;
    if (x.v < min.v) min = x;
  }
  return {
    max: max.v,
    maxCode: max.code,
    min: min.v,
    minCode: min.code,
    spread: round(max.v - min.v, decimals),
    avg: round(known.reduce((a, x) => a + x.v, 0) / known.length, decimals),
  };
}
