import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { staffScope } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { device, deviceType } from '../devices/devices.schema.js';
import type { PvStationsService } from './pv-stations.service.js';
import { pvArea, pvStation } from './pv.schema.js';

// What the three equipment lists (inverters, strings, modules) share: their station's scope, codes unique
// in a station, areas and bound devices of the station, and the delete of visible rows.

/** The columns every equipment table has. */
export interface EquipmentTable extends PgTable {
  id: PgColumn;
  tenantId: PgColumn;
  stationId: PgColumn;
  code: PgColumn;
  deviceId: PgColumn;
}

/** Which device types may measure each kind of equipment. */
export const MEASURED_BY = {
  inverter: ['pv-inverter'],
  string: ['pv-string'],
  module: ['pv-string', 'pv-inverter', 'env-sensor'],
} as const;

export class EquipmentRules {
  constructor(readonly stations: PvStationsService) {}

  /** The staff's scope on an equipment table, through its station (tenant and the staff's OUs). */
  scope(ctx: StaffCtx): SQL[] {
    return staffScope(ctx, { tenant: pvStation.tenantId, ou: pvStation.ouId });
  }

  /** The station of an equipment row the staff sees (404 otherwise); a decommissioned station refuses changes. */
  async stationOfRow(ctx: StaffCtx, table: EquipmentTable, id: number, what: string) {
    const [row] = await ctx.tx
      .select({ stationId: table.stationId })
      .from(table)
      .innerJoin(pvStation, eq(pvStation.id, table.stationId))
      .where(and(eq(table.id, id), ...this.scope(ctx)));
    if (!row) throw notFound(`${what} ${id}`);
    return this.stations.writable(ctx, row.stationId as number);
  }

  async codeFree(ctx: StaffCtx, table: EquipmentTable, stationId: number, code: string, what: string, selfId?: number) {
    const [taken] = await ctx.tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.stationId, stationId), eq(table.code, code), selfId ? ne(table.id, selfId) : undefined));
    if (taken) throw conflict(`The ${what} code ${code} is already used in this station`);
  }

  async areaOf(ctx: StaffCtx, stationId: number, areaId: number | null | undefined) {
    if (areaId == null) return null;
    const [a] = await ctx.tx
      .select({ id: pvArea.id })
      .from(pvArea)
      .where(and(eq(pvArea.id, areaId), eq(pvArea.stationId, stationId)));
    if (!a) throw invalid('body.areaId', 'is not an area of this station');
    return a.id;
  }

  /** A device of the station's OU whose type may measure this kind of equipment. */
  async deviceOf(ctx: StaffCtx, station: { ouId: number }, deviceId: number, kind: keyof typeof MEASURED_BY) {
    const [d] = await ctx.tx
      .select({ id: device.id })
      .from(device)
      .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
      .where(
        and(
          eq(device.id, deviceId),
          eq(device.tenantId, ctx.staff.tenantId),
          eq(device.ouId, station.ouId),
          inArray(deviceType.key, [...MEASURED_BY[kind]]),
        ),
      );
    if (!d) throw invalid('body.deviceId', `is not a ${MEASURED_BY[kind].join(' or ')} device of the station's operating unit`);
    return d.id;
  }

  async bind(
    ctx: StaffCtx,
    table: EquipmentTable,
    input: { id: number; deviceId: number | null },
    kind: keyof typeof MEASURED_BY,
    what: string,
  ) {
    const station = await this.stationOfRow(ctx, table, input.id, what);
    const deviceId = input.deviceId === null ? null : await this.deviceOf(ctx, station, input.deviceId, kind);
    await ctx.tx
      .update(table)
      .set({ deviceId } as never)
      .where(and(eq(table.id, input.id), eq(table.tenantId, ctx.staff.tenantId)));
    return null;
  }

  /** Deletes the given rows of stations the staff sees and may change; any other id is refused, nothing deleted. */
  async deleteRows(ctx: StaffCtx, table: EquipmentTable, ids: number[], what: string): Promise<number> {
    const rows = await ctx.tx
      .select({ id: table.id, stationId: table.stationId })
      .from(table)
      .innerJoin(pvStation, eq(pvStation.id, table.stationId))
      .where(and(inArray(table.id, ids), ...this.scope(ctx)));
    const found = new Set(rows.map((r) => r.id as number));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`${what} ${missing}`);
    for (const stationId of new Set(rows.map((r) => r.stationId as number))) await this.stations.writable(ctx, stationId);
    await ctx.tx.delete(table).where(and(inArray(table.id, ids), eq(table.tenantId, ctx.staff.tenantId)));
    return rows.length;
  }
}

/** One query's rows by id for a mapper (bound devices by id). */
export async function devicesById(tx: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is number => i != null))];
  if (!wanted.length) return new Map<number, { code: string; name: string }>();
  const rows = await tx.select({ id: device.id, code: device.code, name: device.name }).from(device).where(inArray(device.id, wanted));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }]));
}
