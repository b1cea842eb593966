import { ErrorCode, pv as contract, type BodyOf } from '@energy/contracts';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { contains, equals, list, staffScope, where, type RowOf } from '../../db/list.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../plugins/errors.js';
import { device, deviceCategory, deviceType } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { customer, tenant } from '../tenancy/tenancy.schema.js';
import { pvArea, pvStation, pvStationStage } from './pv.schema.js';

// PV stations: basic info, the stage lifecycle, status, pickers and weather-station candidates
// (docs/pv.md). Areas, grid points, cost info and the calculation ways are pv-settings.service.ts.

type StationRow = contract.PvStationRow;
const { PV_STAGES } = contract;

/** A step the station's state does not allow: the message says why. */
export const refused = (why: string) => new AppError(ErrorCode.BUSINESS_FAILURE, why);

const weather = alias(device, 'weather');
const areaCount = sql<number>`(select count(*)::int from ${pvArea} where ${pvArea.stationId} = ${pvStation.id})`;

/** A station with its customer, OU, zone and weather station. */
const selectStations = (tx: Db) =>
  tx
    .select({
      s: pvStation,
      customerName: customer.name,
      ouName: ou.name,
      tenantZone: tenant.timeZone,
      weatherName: weather.name,
      areaCount,
    })
    .from(pvStation)
    .innerJoin(customer, eq(customer.mcid, pvStation.customerMcid))
    .innerJoin(ou, eq(ou.id, pvStation.ouId))
    .innerJoin(tenant, eq(tenant.id, pvStation.tenantId))
    .leftJoin(weather, eq(weather.id, pvStation.weatherStationId))
    .$dynamic();

const answerRows = (rows: RowOf<ReturnType<typeof selectStations>>[]): StationRow[] =>
  rows.map(({ s, customerName, ouName, tenantZone, weatherName, areaCount: areas }) => ({
    id: s.id,
    code: s.code,
    name: s.name,
    mcid: s.customerMcid,
    customerName,
    ouId: s.ouId,
    ouName,
    address: s.address,
    districtAdcode: s.districtAdcode,
    location: s.lng != null && s.lat != null ? { longitude: s.lng, latitude: s.lat } : null,
    capacityKwp: s.capacityKwp,
    gridConnectionDate: s.gridConnectionDate,
    timeZone: s.timeZone ?? tenantZone,
    stage: s.stage,
    status: s.status,
    weatherStationId: s.weatherStationId,
    weatherStationName: weatherName ?? null,
    areaCount: Number(areas),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  }));

/** Great-circle distance in km (haversine, mean Earth radius 6371 km). */
export function distanceKm(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The calendar day of an instant in a zone, 'YYYY-MM-DD'. */
export const dayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

export class PvStationsService {
  /** Stations the staff sees that match `conditions` (its tenant and OUs), by code. */
  private list(ctx: StaffCtx, conditions: (SQL | undefined)[]) {
    return list(ctx.tx, {
      query: () => selectStations(ctx.tx),
      where: [...staffScope(ctx, { tenant: pvStation.tenantId, ou: pvStation.ouId }), ...conditions],
      order: [asc(pvStation.code), asc(pvStation.id)],
    });
  }

  private filter(input: { keyword?: string; ouId?: number; mcid?: string; stage?: contract.PvStage; status?: 'enabled' | 'disabled' }) {
    return where(input, {
      keyword: contains(pvStation.code, pvStation.name),
      ouId: equals(pvStation.ouId),
      mcid: equals(pvStation.customerMcid),
      stage: equals(pvStation.stage),
      status: equals(pvStation.status),
    });
  }

  page(ctx: StaffCtx, input: BodyOf<typeof contract.pvStationPage>) {
    return this.list(ctx, this.filter(input)).page(input, answerRows);
  }

  /** Every station the page's filter finds, in its order (the export). */
  all(ctx: StaffCtx, input: Parameters<PvStationsService['filter']>[0]) {
    return this.list(ctx, this.filter(input)).all(answerRows);
  }

  /** A station the staff sees, or 404 (the same answer for another tenant's station, on purpose). */
  async visible(ctx: StaffCtx, id: number): Promise<StationRow> {
    const row = await this.list(ctx, [eq(pvStation.id, id)]).first(answerRows);
    if (!row) throw notFound(`PV station ${id}`);
    return row;
  }

  /** A visible station that may change: a decommissioned station is read-only. */
  async writable(ctx: StaffCtx, id: number): Promise<StationRow> {
    const row = await this.visible(ctx, id);
    if (row.stage === 'decommissioned') throw refused(`PV station ${row.code} is decommissioned: it is read-only`);
    return row;
  }

  async detail(ctx: StaffCtx, input: { id: number }) {
    const row = await this.visible(ctx, input.id);
    const stages = await ctx.tx
      .select({ stage: pvStationStage.stage, at: pvStationStage.at, byName: pvStationStage.byName })
      .from(pvStationStage)
      .where(and(eq(pvStationStage.stationId, row.id), eq(pvStationStage.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(pvStationStage.at), asc(pvStationStage.id));
    return { ...row, stages: stages.map((s) => ({ ...s, at: s.at.toISOString() })) };
  }

  /** The OU of a new or moved station: one of the staff's, in its tenant; answers its customer. */
  private async ouOf(ctx: StaffCtx, ouId: number) {
    const [unit] = await ctx.tx
      .select({ id: ou.id, customerMcid: ou.customerMcid })
      .from(ou)
      .where(and(eq(ou.id, ouId), eq(ou.tenantId, ctx.staff.tenantId)));
    if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid('body.ouId', 'is not one of your operating units');
    return unit.customerMcid;
  }

  /** The environment devices of the tenant the staff sees (irradiance sensors). */
  private weatherDevices(ctx: StaffCtx, conditions: SQL[] = []) {
    return ctx.tx
      .select({ id: device.id, code: device.code, name: device.name, ouName: ou.name, lng: device.lng, lat: device.lat })
      .from(device)
      .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
      .innerJoin(deviceCategory, eq(deviceCategory.id, deviceType.categoryId))
      .innerJoin(ou, eq(ou.id, device.ouId))
      .where(and(...staffScope(ctx, { tenant: device.tenantId, ou: device.ouId }), eq(deviceCategory.key, 'environment'), ...conditions))
      .orderBy(asc(device.code));
  }

  async basicInfo(ctx: StaffCtx, input: BodyOf<typeof contract.pvStationBasicInfo>): Promise<StationRow> {
    const code = input.id ? 'b-pv-station-edit' : 'b-pv-station-create';
    if (!ctx.staff.permissions.has(code)) throw forbidden(code);
    const current = input.id ? await this.writable(ctx, input.id) : null;
    if (current && input.stage !== undefined && input.stage !== current.stage)
      throw invalid('body.stage', 'changes only through pv/modify-stage, one step forward at a time');
    const customerMcid = await this.ouOf(ctx, input.ouId);
    const [taken] = await ctx.tx
      .select({ id: pvStation.id })
      .from(pvStation)
      .where(
        and(eq(pvStation.tenantId, ctx.staff.tenantId), eq(pvStation.code, input.code), ...(current ? [ne(pvStation.id, current.id)] : [])),
      );
    if (taken) throw conflict(`The PV station code ${input.code} is already used in this tenant`);
    if (input.weatherStationId != null && !(await this.weatherDevices(ctx, [eq(device.id, input.weatherStationId)])).length)
      throw invalid('body.weatherStationId', 'is not one of your environment devices');
    const stage = current?.stage ?? input.stage ?? 'planning';
    if (!current && stage === 'decommissioned') throw invalid('body.stage', 'a new station cannot be decommissioned');
    const gridConnectionDate = input.gridConnectionDate === undefined ? (current?.gridConnectionDate ?? null) : input.gridConnectionDate;
    if (stage === 'grid-connected' && !gridConnectionDate)
      throw invalid('body.gridConnectionDate', 'is required for a grid-connected station');
    const values = {
      code: input.code,
      name: input.name,
      ouId: input.ouId,
      customerMcid,
      address: input.address === undefined ? (current?.address ?? null) : input.address,
      districtAdcode: input.districtAdcode === undefined ? (current?.districtAdcode ?? null) : input.districtAdcode,
      ...locationOf(input.location === undefined ? current?.location : input.location),
      capacityKwp: input.capacityKwp,
      gridConnectionDate,
      timeZone: input.timeZone === undefined ? (current ? undefined : null) : input.timeZone,
      weatherStationId: input.weatherStationId === undefined ? (current?.weatherStationId ?? null) : input.weatherStationId,
      updatedAt: new Date(),
    };
    if (current) {
      await ctx.tx
        .update(pvStation)
        .set(values)
        .where(and(eq(pvStation.id, current.id), eq(pvStation.tenantId, ctx.staff.tenantId)));
      return this.visible(ctx, current.id);
    }
    const [row] = await ctx.tx
      .insert(pvStation)
      .values({ tenantId: ctx.staff.tenantId, ...values, timeZone: values.timeZone ?? null, stage })
      .returning({ id: pvStation.id });
    await this.logStage(ctx, row!.id, stage);
    return this.visible(ctx, row!.id);
  }

  private async logStage(ctx: StaffCtx, stationId: number, stage: contract.PvStage) {
    await ctx.tx.insert(pvStationStage).values({ tenantId: ctx.staff.tenantId, stationId, stage, byName: ctx.user.name });
  }

  /** One step forward (planning → construction → grid-connected → decommissioned); any other step is refused with why. */
  async modifyStage(ctx: StaffCtx, input: BodyOf<typeof contract.pvModifyStage>): Promise<StationRow> {
    const current = await this.writable(ctx, input.id);
    const from = PV_STAGES.indexOf(current.stage);
    const to = PV_STAGES.indexOf(input.stage);
    if (to === from) throw refused(`PV station ${current.code} is already in the stage ${input.stage}`);
    if (to < from)
      throw refused(`PV station ${current.code} cannot go back from ${current.stage} to ${input.stage}: the stage only moves forward`);
    if (to > from + 1)
      throw refused(`PV station ${current.code} goes from ${current.stage} to ${PV_STAGES[from + 1]} first: stages are not skipped`);
    const gridConnectionDate = input.gridConnectionDate ?? current.gridConnectionDate;
    if (input.stage === 'grid-connected' && !gridConnectionDate)
      throw refused(`PV station ${current.code} needs its grid-connection date (gridConnectionDate) to become grid-connected`);
    await ctx.tx
      .update(pvStation)
      .set({ stage: input.stage, gridConnectionDate, updatedAt: new Date() })
      .where(and(eq(pvStation.id, current.id), eq(pvStation.tenantId, ctx.staff.tenantId)));
    await this.logStage(ctx, current.id, input.stage);
    return this.visible(ctx, current.id);
  }

  async updateStatus(ctx: StaffCtx, input: { id: number; status: 'enabled' | 'disabled' }): Promise<StationRow> {
    const current = await this.writable(ctx, input.id);
    await ctx.tx
      .update(pvStation)
      .set({ status: input.status, updatedAt: new Date() })
      .where(and(eq(pvStation.id, current.id), eq(pvStation.tenantId, ctx.staff.tenantId)));
    return this.visible(ctx, current.id);
  }

  /** Environment devices the staff sees, nearest to the station first (those without coordinates last, by code). */
  async candidateWeatherStations(ctx: StaffCtx, input: { pvId: number }) {
    const station = await this.visible(ctx, input.pvId);
    const here = station.location ? { lng: station.location.longitude, lat: station.location.latitude } : null;
    const rows = (await this.weatherDevices(ctx)).map((d) => ({
      deviceId: d.id,
      code: d.code,
      name: d.name,
      ouName: d.ouName,
      distanceKm: here && d.lng != null && d.lat != null ? Math.round(distanceKm(here, { lng: d.lng, lat: d.lat }) * 1000) / 1000 : null,
      selected: d.id === station.weatherStationId,
    }));
    return rows.sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) || a.code.localeCompare(b.code));
  }

  async pvList(ctx: StaffCtx) {
    const rows = await this.list(ctx, []).all(answerRows);
    return rows.map(({ id, code, name, ouId, stage, status, capacityKwp }) => ({ id, code, name, ouId, stage, status, capacityKwp }));
  }

  /** OU → station → area of the stations the staff sees. */
  async pvTree(ctx: StaffCtx): Promise<contract.PvTreeNode[]> {
    const stations = await this.list(ctx, []).all(answerRows);
    if (!stations.length) return [];
    const areas = await ctx.tx
      .select({ id: pvArea.id, stationId: pvArea.stationId, name: pvArea.name })
      .from(pvArea)
      .where(eq(pvArea.tenantId, ctx.staff.tenantId))
      .orderBy(asc(pvArea.sort), asc(pvArea.name));
    const byOu = new Map<number, contract.PvTreeNode>();
    for (const s of [...stations].sort((a, b) => a.ouName.localeCompare(b.ouName) || a.code.localeCompare(b.code))) {
      let node = byOu.get(s.ouId);
      if (!node) byOu.set(s.ouId, (node = { key: `ou-${s.ouId}`, type: 'ou', id: s.ouId, name: s.ouName, children: [] }));
      node.children.push({
        key: `station-${s.id}`,
        type: 'station',
        id: s.id,
        name: s.name,
        children: areas
          .filter((a) => a.stationId === s.id)
          .map((a) => ({ key: `area-${a.id}`, type: 'area' as const, id: a.id, name: a.name, children: [] })),
      });
    }
    return [...byOu.values()];
  }
}

function locationOf(location: { longitude: number; latitude: number } | null | undefined) {
  return { lng: location?.longitude ?? null, lat: location?.latitude ?? null };
}
