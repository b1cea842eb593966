import { bsaSecond as contract, type BodyOf } from '@energy/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { pageOfRows, staffScope } from '../../db/list.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid } from '../../plugins/errors.js';
import type { BsaConfigService } from '../bsa/bsa-config.service.js';
import type { BsaLevelsService } from '../bsa/bsa-levels.service.js';
import type { BsaLifecycleService } from '../bsa/bsa-lifecycle.service.js';
import { bsaStation, bsaStationDevice } from '../bsa/bsa.schema.js';
import type { BsaService, StationRow, Tariff } from '../bsa/bsa.service.js';
import type { DevicesService } from '../devices/devices.service.js';
import { ou } from '../ou/ou.schema.js';
import type { BsaSecondCabinetService } from './bsa-second-cabinet.service.js';
import { bsaCabinetLink, bsaFcsVersion, bsaObs } from './bsa-second.schema.js';

type Obs = typeof bsaObs.$inferSelect;

const obsRow = (o: Obs) => ({
  manufacturer: o.manufacturer,
  model: o.model,
  serialNumber: o.serialNumber,
  chemistry: o.chemistry as (typeof contract.OBS_CHEMISTRIES)[number],
  cooling: o.cooling as (typeof contract.OBS_COOLING)[number],
  fireSuppression: o.fireSuppression as (typeof contract.OBS_FIRE_SUPPRESSION)[number],
  ipRating: o.ipRating,
  commissionedOn: o.commissionedOn,
  designCycles: o.designCycles,
  updatedAt: o.updatedAt.toISOString(),
  updatedByName: o.updatedByName,
});

/**
 * Second-edition stations (docs/bsa.md, "Second edition and firmware"): a bsa_station with its OBS record
 * and cabinets. Basic info, lifecycle, cost info and configuration publish go through the storage
 * domain's services, so their rules and messages are the same; the FCS binding is written here.
 */
export class BsaSecondService {
  constructor(
    private readonly bsa: BsaService,
    private readonly lifecycle: BsaLifecycleService,
    private readonly levels: BsaLevelsService,
    private readonly config: BsaConfigService,
    private readonly devices: DevicesService,
    private readonly cabinets: BsaSecondCabinetService,
  ) {}

  /** Station rows as the second edition answers them. */
  private async rows(ctx: StaffCtx, stations: StationRow[]) {
    const ids = stations.map((s) => s.id);
    const fcsIds = stations.flatMap((s) => (s.fcs ? [s.fcs.deviceId] : []));
    const [obs, cabinets, versions] = await Promise.all([
      ids.length ? ctx.tx.select().from(bsaObs).where(inArray(bsaObs.stationId, ids)) : [],
      this.cabinets.counts(ctx, ids),
      this.versions(ctx, fcsIds),
    ]);
    const obsOf = new Map(obs.map((o) => [o.stationId, o]));
    return stations.map((s) => ({
      row: {
        id: s.id,
        code: s.code,
        name: s.name,
        status: s.status,
        ouId: s.ouId,
        ouName: s.ouName,
        ratedPowerKw: s.ratedPowerKw,
        capacityKwh: s.capacityKwh,
        strategyVersion: s.strategyVersion,
        online: s.online,
        secondEdition: obsOf.has(s.id),
        fcs: s.fcs
          ? {
              ...s.fcs,
              softwareVersion: versions.get(s.fcs.deviceId)?.softwareVersion ?? null,
              hardwareVersion: versions.get(s.fcs.deviceId)?.hardwareVersion ?? null,
            }
          : null,
        cabinets: cabinets.get(s.id) ?? 0,
        createdAt: s.createdAt,
      },
      obs: obsOf.get(s.id) ?? null,
      station: s,
    }));
  }

  /** What the given FCS last reported they run. */
  async versions(ctx: StaffCtx, fcsIds: number[]) {
    if (!fcsIds.length) return new Map<number, typeof bsaFcsVersion.$inferSelect>();
    const rows = await ctx.tx.select().from(bsaFcsVersion).where(inArray(bsaFcsVersion.deviceId, fcsIds));
    return new Map(rows.map((r) => [r.deviceId, r]));
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.page>) {
    const stations = await this.bsa.list(ctx, { name: input.name, ouId: input.ouId, statusFilter: input.status });
    const rows = (await this.rows(ctx, stations))
      .filter((r) => !input.edition || (input.edition === 'second') === r.row.secondEdition)
      .map((r) => r.row);
    return pageOfRows(rows, input);
  }

  private async one(ctx: StaffCtx, id: number) {
    const [found] = await this.rows(ctx, [await this.bsa.detail(ctx, { id })]);
    return found!;
  }

  async info(ctx: StaffCtx, input: { id: number }) {
    const { row, obs, station } = await this.one(ctx, input.id);
    return {
      ...row,
      obs: obs ? obsRow(obs) : null,
      cabinetList: await this.cabinets.ofStation(ctx, station.id),
      pcs: station.pcs.map((p) => ({ deviceId: p.deviceId, code: p.code, name: p.name })),
      meters: station.meters.map((m) => ({ deviceId: m.deviceId, code: m.code, name: m.name, role: m.role })),
      tariff: await this.bsa.costInfo(ctx, { bsaId: station.id }),
    };
  }

  update(ctx: StaffCtx, input: BodyOf<typeof contract.update>) {
    return this.levels.update(ctx, input);
  }

  /** Saves the OBS record, replaced as a whole; an invalid station's is no longer changed. */
  async updateObs(ctx: StaffCtx, input: BodyOf<typeof contract.updateObs>) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    if (station.status === 'invalid')
      throw conflict(`Storage station ${station.code} is invalid: it is out of service for good and no longer edited`);
    const values = {
      manufacturer: input.manufacturer,
      model: input.model,
      serialNumber: input.serialNumber ?? null,
      chemistry: input.chemistry,
      cooling: input.cooling,
      fireSuppression: input.fireSuppression,
      ipRating: input.ipRating,
      commissionedOn: input.commissionedOn ?? null,
      designCycles: input.designCycles ?? null,
      updatedByName: ctx.user.name,
      updatedAt: new Date(),
    };
    const [row] = await ctx.tx
      .insert(bsaObs)
      .values({ stationId: station.id, tenantId: ctx.staff.tenantId, ...values })
      .onConflictDoUpdate({ target: bsaObs.stationId, set: values })
      .returning();
    return { bsaId: station.id, ...obsRow(row!) };
  }

  async ouList(ctx: StaffCtx) {
    const rows = await ctx.tx
      .select({
        ouId: ou.id,
        ouName: ou.name,
        stations: count(),
        secondEdition: sql<number>`count(${bsaObs.stationId})::int`,
      })
      .from(bsaStation)
      .innerJoin(ou, eq(ou.id, bsaStation.ouId))
      .leftJoin(bsaObs, eq(bsaObs.stationId, bsaStation.id))
      .where(and(...staffScope(ctx, { tenant: bsaStation.tenantId, ou: bsaStation.ouId })))
      .groupBy(ou.id, ou.name)
      .orderBy(asc(ou.name));
    return rows.map((r) => ({ ...r, secondEdition: Number(r.secondEdition) }));
  }

  // ---- lifecycle: the storage domain's rules (docs/bsa.md, "Lifecycle"), plus the cabinet of a second edition

  async enable(ctx: StaffCtx, input: { id: number }) {
    const { row, station } = await this.one(ctx, input.id);
    if (row.secondEdition && row.cabinets === 0 && (station.status === 'configured' || station.status === 'disabled'))
      throw conflict(
        `Storage station ${station.code} cannot go from ${station.status} to enabled: a second-edition station needs at least one storage cabinet: the station has none`,
      );
    return this.lifecycle.updateStatus(ctx, { id: station.id, status: 'enabled' });
  }

  disable(ctx: StaffCtx, input: { id: number }) {
    return this.lifecycle.updateStatus(ctx, { id: input.id, status: 'disabled' });
  }

  invalidation(ctx: StaffCtx, input: { id: number }) {
    return this.lifecycle.updateStatus(ctx, { id: input.id, status: 'invalid' });
  }

  /** The station's latest configuration version to its FCS again, through bsaConfig/publish (its rules). */
  forward(ctx: StaffCtx, input: { bsaId: number }) {
    return this.config.publish(ctx, { bsaId: input.bsaId });
  }

  // ---- FCS binding

  /**
   * Binds an FCS to the station (replacing the one it had) or unbinds it (null). Refused: an invalid
   * station, an enabled one (its FCS runs its strategy: disable it first), a device that is not a visible
   * bsa-fcs of the station's OU, an FCS of another station.
   */
  async bindFcs(ctx: StaffCtx, input: { bsaId: number; fcsDeviceId: number | null }) {
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    await ctx.tx.select({ id: bsaStation.id }).from(bsaStation).where(eq(bsaStation.id, station.id)).for('update');
    if ((station.fcs?.deviceId ?? null) === input.fcsDeviceId) return (await this.one(ctx, station.id)).row;
    if (station.status === 'invalid') throw conflict(`Storage station ${station.code} is invalid: its devices are no longer changed`);
    if (station.status === 'enabled')
      throw conflict(
        `Storage station ${station.code} is enabled and its FCS runs its strategy: disable the station before changing its FCS`,
      );
    if (input.fcsDeviceId !== null) {
      const fcs = await this.devices.visible(ctx, input.fcsDeviceId, 'own').catch(() => {
        throw invalid('body.fcsDeviceId', 'is not one of your devices');
      });
      if (fcs.deviceTypeKey !== 'bsa-fcs')
        throw invalid('body.fcsDeviceId', `${fcs.code} is a ${fcs.deviceTypeName}, not an FCS edge controller`);
      if (fcs.ouId !== station.ouId)
        throw invalid('body.fcsDeviceId', `${fcs.code} is in ${fcs.ouName}, not in the station's operating unit`);
      const [owner] = await ctx.tx
        .select({ code: bsaStation.code })
        .from(bsaStationDevice)
        .innerJoin(bsaStation, eq(bsaStation.id, bsaStationDevice.stationId))
        .where(and(eq(bsaStationDevice.deviceId, fcs.id), eq(bsaStationDevice.role, 'fcs')));
      if (owner) throw invalid('body.fcsDeviceId', `${fcs.code} already belongs to storage station ${owner.code}`);
    }
    if (station.fcs) {
      await ctx.tx.delete(bsaStationDevice).where(and(eq(bsaStationDevice.stationId, station.id), eq(bsaStationDevice.role, 'fcs')));
      // the FCS left the station: it no longer sits in the station's cabinet
      await ctx.tx.delete(bsaCabinetLink).where(and(eq(bsaCabinetLink.deviceId, station.fcs.deviceId), eq(bsaCabinetLink.kind, 'fcs')));
    }
    if (input.fcsDeviceId !== null)
      await ctx.tx
        .insert(bsaStationDevice)
        .values({ tenantId: ctx.staff.tenantId, stationId: station.id, deviceId: input.fcsDeviceId, role: 'fcs', sort: 0 });
    return (await this.one(ctx, station.id)).row;
  }

  // ---- cost info: the storage domain's tariff, with what one full cycle earns

  private costDetailOf(station: StationRow, tariff: Tariff | null) {
    const prices = tariff?.bands ?? [];
    const cheapest = prices.length ? prices.reduce((a, b) => (b.price < a.price ? b : a)) : null;
    const dearest = prices.length ? prices.reduce((a, b) => (b.price > a.price ? b : a)) : null;
    // prices have at most 4 decimals: ten-thousandths are exact integers; capacity has at most 3 decimals
    const spreadMinor =
      cheapest && dearest
        ? Math.round(
            ((Math.round(dearest.price * 10_000) - Math.round(cheapest.price * 10_000)) * Math.round(station.capacityKwh * 1000)) / 1000,
          )
        : null;
    return {
      bsaId: station.id,
      tariff,
      capacityKwh: station.capacityKwh,
      cheapest: cheapest ? { kind: cheapest.kind, price: cheapest.price } : null,
      dearest: dearest ? { kind: dearest.kind, price: dearest.price } : null,
      cycleSpreadMinor: spreadMinor,
      cycleSpread: spreadMinor === null ? null : spreadMinor / 10_000,
    };
  }

  async costDetail(ctx: StaffCtx, input: { bsaId: number }) {
    const { station, tariff } = await this.bsa.stationOf(ctx, input.bsaId);
    return this.costDetailOf(station, tariff);
  }

  async costUpset(ctx: StaffCtx, input: BodyOf<typeof contract.costUpset>) {
    const tariff = await this.bsa.upsertCostInfo(ctx, input);
    const station = await this.bsa.detail(ctx, { id: input.bsaId });
    return this.costDetailOf(station, tariff);
  }
}
