import { pv as contract, type BodyOf } from '@energy/contracts';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contains, equals, list, where, type RowOf } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid } from '../../plugins/errors.js';
import { devicesById, EquipmentRules } from './equipment-common.js';
import type { PvStationsService } from './pv-stations.service.js';
import { pvArea, pvInverter, pvModule, pvStation, pvString } from './pv.schema.js';

// Inverters, strings and modules of the staff's stations (docs/pv.md): lists, edits, device binding.
// Excel in and out is pv-equipment-excel.ts.

type InverterRow = z.infer<typeof contract.pvInverterRow>;
type StringRow = z.infer<typeof contract.pvStringRow>;
type ModuleRow = z.infer<typeof contract.pvModuleRow>;
type Filter = { pvId?: number; keyword?: string; areaId?: number; inverterId?: number };
const iso = (d: Date) => d.toISOString();
const stringCount = sql<number>`(select count(*)::int from ${pvString} where ${pvString.inverterId} = ${pvInverter.id})`;

export const selectInverters = (tx: Db) =>
  tx
    .select({ e: pvInverter, pvName: pvStation.name, areaName: pvArea.name, stringCount })
    .from(pvInverter)
    .innerJoin(pvStation, eq(pvStation.id, pvInverter.stationId))
    .leftJoin(pvArea, eq(pvArea.id, pvInverter.areaId))
    .$dynamic();
export const selectStrings = (tx: Db) =>
  tx
    .select({ e: pvString, pvName: pvStation.name, inverterCode: pvInverter.code })
    .from(pvString)
    .innerJoin(pvStation, eq(pvStation.id, pvString.stationId))
    .innerJoin(pvInverter, eq(pvInverter.id, pvString.inverterId))
    .$dynamic();
export const selectModules = (tx: Db) =>
  tx
    .select({ e: pvModule, pvName: pvStation.name, areaName: pvArea.name })
    .from(pvModule)
    .innerJoin(pvStation, eq(pvStation.id, pvModule.stationId))
    .leftJoin(pvArea, eq(pvArea.id, pvModule.areaId))
    .$dynamic();

/** Answer rows with their bound devices, for a whole batch at once. */
const mapper =
  <S extends { e: { deviceId: number | null } }, R>(tx: Db, map: (r: S) => Omit<R, 'deviceId' | 'deviceCode' | 'deviceName'>) =>
  async (rows: S[]): Promise<R[]> => {
    const devices = await devicesById(
      tx,
      rows.map((r) => r.e.deviceId),
    );
    return rows.map((r) => {
      const d = r.e.deviceId == null ? undefined : devices.get(r.e.deviceId);
      return { ...map(r), deviceId: r.e.deviceId, deviceCode: d?.code ?? null, deviceName: d?.name ?? null } as R;
    });
  };

export const inverterRows = (tx: Db) =>
  mapper<RowOf<ReturnType<typeof selectInverters>>, InverterRow>(tx, ({ e, pvName, areaName, stringCount: n }) => ({
    id: e.id,
    pvId: e.stationId,
    pvName,
    code: e.code,
    name: e.name,
    areaId: e.areaId,
    areaName: areaName ?? null,
    model: e.model,
    ratedAcKw: e.ratedAcKw,
    mpptCount: e.mpptCount,
    stringCount: Number(n),
    createdAt: iso(e.createdAt),
  }));
export const stringRows = (tx: Db) =>
  mapper<RowOf<ReturnType<typeof selectStrings>>, StringRow>(tx, ({ e, pvName, inverterCode }) => ({
    id: e.id,
    pvId: e.stationId,
    pvName,
    code: e.code,
    name: e.name,
    inverterId: e.inverterId,
    inverterCode,
    mpptInput: e.mpptInput,
    moduleModel: e.moduleModel,
    moduleCount: e.moduleCount,
    capacityKwp: e.capacityKwp,
    createdAt: iso(e.createdAt),
  }));
export const moduleRows = (tx: Db) =>
  mapper<RowOf<ReturnType<typeof selectModules>>, ModuleRow>(tx, ({ e, pvName, areaName }) => ({
    id: e.id,
    pvId: e.stationId,
    pvName,
    code: e.code,
    areaId: e.areaId,
    areaName: areaName ?? null,
    model: e.model,
    ratedWp: e.ratedWp,
    count: e.count,
    // Wp to kWp: count x Wp / 1000, rounded to the Wp
    capacityKwp: Math.round(e.count * e.ratedWp) / 1000,
    createdAt: iso(e.createdAt),
  }));

export class PvEquipmentService {
  readonly rules: EquipmentRules;
  constructor(stations: PvStationsService) {
    this.rules = new EquipmentRules(stations);
  }

  // -------------------------------------------------------------------------------------------
  // Inverters

  inverters(ctx: StaffCtx, input: Filter = {}, extra: SQL[] = []) {
    return list(ctx.tx, {
      query: () => selectInverters(ctx.tx),
      where: [
        ...this.rules.scope(ctx),
        ...where(input, {
          pvId: equals(pvInverter.stationId),
          keyword: contains(pvInverter.code, pvInverter.name),
          areaId: equals(pvInverter.areaId),
        }),
        ...extra,
      ],
      order: [asc(pvStation.code), asc(pvInverter.code), asc(pvInverter.id)],
    });
  }

  private async inverter(ctx: StaffCtx, id: number) {
    return (await this.inverters(ctx, {}, [eq(pvInverter.id, id)]).first(inverterRows(ctx.tx)))!;
  }

  private async inverterValues(
    ctx: StaffCtx,
    station: { id: number },
    input: BodyOf<typeof contract.pvInverterCreateCall>,
    selfId?: number,
  ) {
    await this.rules.codeFree(ctx, pvInverter, station.id, input.code, 'inverter', selfId);
    if (selfId !== undefined) {
      const [above] = await ctx.tx
        .select({ n: sql<number>`max(${pvString.mpptInput})::int` })
        .from(pvString)
        .where(eq(pvString.inverterId, selfId));
      if (above?.n && above.n > input.mpptCount)
        throw invalid('body.mpptCount', `must be at least ${above.n}: a string is wired to MPPT input ${above.n}`);
    }
    return {
      code: input.code,
      name: input.name,
      areaId: await this.rules.areaOf(ctx, station.id, input.areaId),
      model: input.model ?? null,
      ratedAcKw: input.ratedAcKw,
      mpptCount: input.mpptCount,
    };
  }

  async createInverter(ctx: StaffCtx, input: BodyOf<typeof contract.pvInverterCreateCall>) {
    const station = await this.rules.stations.writable(ctx, input.pvId);
    const values = await this.inverterValues(ctx, station, input);
    const [row] = await ctx.tx
      .insert(pvInverter)
      .values({ tenantId: ctx.staff.tenantId, stationId: station.id, ...values })
      .returning({ id: pvInverter.id });
    return this.inverter(ctx, row!.id);
  }

  async updateInverter(ctx: StaffCtx, input: BodyOf<typeof contract.pvInverterUpdateCall>) {
    const station = await this.rules.stationOfRow(ctx, pvInverter, input.id, 'PV inverter');
    const values = await this.inverterValues(ctx, station, { ...input, pvId: station.id }, input.id);
    await ctx.tx
      .update(pvInverter)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(pvInverter.id, input.id), eq(pvInverter.tenantId, ctx.staff.tenantId)));
    return this.inverter(ctx, input.id);
  }

  // -------------------------------------------------------------------------------------------
  // Strings

  strings(ctx: StaffCtx, input: Filter = {}, extra: SQL[] = []) {
    return list(ctx.tx, {
      query: () => selectStrings(ctx.tx),
      where: [
        ...this.rules.scope(ctx),
        ...where(input, {
          pvId: equals(pvString.stationId),
          keyword: contains(pvString.code, pvString.name),
          inverterId: equals(pvString.inverterId),
        }),
        ...extra,
      ],
      order: [asc(pvStation.code), asc(pvString.code), asc(pvString.id)],
    });
  }

  private async stringValues(ctx: StaffCtx, station: { id: number }, input: BodyOf<typeof contract.pvStringCreateCall>, selfId?: number) {
    await this.rules.codeFree(ctx, pvString, station.id, input.code, 'string', selfId);
    const [inv] = await ctx.tx
      .select({ id: pvInverter.id, mpptCount: pvInverter.mpptCount })
      .from(pvInverter)
      .where(and(eq(pvInverter.id, input.inverterId), eq(pvInverter.stationId, station.id)));
    if (!inv) throw invalid('body.inverterId', 'is not an inverter of this station');
    if (input.mpptInput > inv.mpptCount) throw invalid('body.mpptInput', `must be at most ${inv.mpptCount}, the inverter's MPPT count`);
    return {
      code: input.code,
      name: input.name,
      inverterId: inv.id,
      mpptInput: input.mpptInput,
      moduleModel: input.moduleModel ?? null,
      moduleCount: input.moduleCount,
      capacityKwp: input.capacityKwp,
    };
  }

  async createString(ctx: StaffCtx, input: BodyOf<typeof contract.pvStringCreateCall>) {
    const station = await this.rules.stations.writable(ctx, input.pvId);
    const values = await this.stringValues(ctx, station, input);
    const [row] = await ctx.tx
      .insert(pvString)
      .values({ tenantId: ctx.staff.tenantId, stationId: station.id, ...values })
      .returning({ id: pvString.id });
    return (await this.strings(ctx, {}, [eq(pvString.id, row!.id)]).first(stringRows(ctx.tx)))!;
  }

  async updateString(ctx: StaffCtx, input: BodyOf<typeof contract.pvStringUpdateCall>) {
    const station = await this.rules.stationOfRow(ctx, pvString, input.id, 'PV string');
    const values = await this.stringValues(ctx, station, { ...input, pvId: station.id }, input.id);
    await ctx.tx
      .update(pvString)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(pvString.id, input.id), eq(pvString.tenantId, ctx.staff.tenantId)));
    return (await this.strings(ctx, {}, [eq(pvString.id, input.id)]).first(stringRows(ctx.tx)))!;
  }

  // -------------------------------------------------------------------------------------------
  // Modules

  modules(ctx: StaffCtx, input: Filter = {}, extra: SQL[] = []) {
    return list(ctx.tx, {
      query: () => selectModules(ctx.tx),
      where: [
        ...this.rules.scope(ctx),
        ...where(input, {
          pvId: equals(pvModule.stationId),
          keyword: contains(pvModule.code, pvModule.model),
          areaId: equals(pvModule.areaId),
        }),
        ...extra,
      ],
      order: [asc(pvStation.code), asc(pvModule.code), asc(pvModule.id)],
    });
  }

  private async moduleValues(ctx: StaffCtx, station: { id: number }, input: BodyOf<typeof contract.pvModuleCreateCall>, selfId?: number) {
    await this.rules.codeFree(ctx, pvModule, station.id, input.code, 'module', selfId);
    return {
      code: input.code,
      model: input.model,
      areaId: await this.rules.areaOf(ctx, station.id, input.areaId),
      ratedWp: input.ratedWp,
      count: input.count,
    };
  }

  async createModule(ctx: StaffCtx, input: BodyOf<typeof contract.pvModuleCreateCall>) {
    const station = await this.rules.stations.writable(ctx, input.pvId);
    const values = await this.moduleValues(ctx, station, input);
    const [row] = await ctx.tx
      .insert(pvModule)
      .values({ tenantId: ctx.staff.tenantId, stationId: station.id, ...values })
      .returning({ id: pvModule.id });
    return (await this.modules(ctx, {}, [eq(pvModule.id, row!.id)]).first(moduleRows(ctx.tx)))!;
  }

  async updateModule(ctx: StaffCtx, input: BodyOf<typeof contract.pvModuleUpdateCall>) {
    const station = await this.rules.stationOfRow(ctx, pvModule, input.id, 'PV module');
    const values = await this.moduleValues(ctx, station, { ...input, pvId: station.id }, input.id);
    await ctx.tx
      .update(pvModule)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(pvModule.id, input.id), eq(pvModule.tenantId, ctx.staff.tenantId)));
    return (await this.modules(ctx, {}, [eq(pvModule.id, input.id)]).first(moduleRows(ctx.tx)))!;
  }
}
