import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { bsa as contract, type BodyOf } from '@energy/contracts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contains, equals, list, NOTHING, ouScope, readTenants, staffScope, where } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import type { StaffCtx } from '../../plugins/context.js';
import { notFound } from '../../plugins/errors.js';
import { device } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { customer, tenant } from '../tenancy/tenancy.schema.js';
import { bsaStation, bsaStationDevice, bsaTariff, bsaTariffBand } from './bsa.schema.js';

export type StationRow = z.infer<typeof contract.stationRow>;
export type Tariff = z.infer<typeof contract.tariff>;
type TariffBandKind = contract.TariffBandKind;
const { bandAt, hhmm, minutesOf, BAND_STEP_MINUTES } = contract;
type Filter = { name?: string; ouId?: number; mcid?: string; statusFilter?: StationRow['status'] };

/** The station an FCS belongs to, read without a request (the FCS's acknowledgements arrive over MQTT). */
export interface FcsStation {
  stationId: number;
  tenantId: string;
  code: string;
  name: string;
  ouId: number;
  strategyVersion: number;
  fcsDeviceId: number;
}

/** Price steps of a day's curve, minutes (the SQL below says the same). Bands lie on quarter hours, so a step has one price. */
const STEP_MINUTES = BAND_STEP_MINUTES;

/**
 * A non-negative amount as the numeric(…, 4) text the database stores, from its exact count of
 * ten-thousandths: 0.3 → '0.3000', never a float's 0.30000000000000004.
 */
export function toNumeric(value: number): string {
  const n = Math.round(value * 10_000);
  return `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
}

/** The price in force at a minute of the local day (0..1439), with its band kind; null without a band. */
export function priceAt(tariff: Pick<Tariff, 'bands'>, localMinuteOfDay: number): { kind: TariffBandKind; price: number } | null {
  const band = bandAt(tariff.bands, localMinuteOfDay);
  return band ? { kind: band.kind, price: band.price } : null;
}

/** Storage stations, as far as strategies need them: their devices, cost info and price curves. */
export class BsaService {
  constructor(private readonly db: Db) {}

  /** The staff's tenant, and its OUs unless its role sees all. */
  private scope(ctx: StaffCtx): SQL[] {
    return staffScope(ctx, { tenant: bsaStation.tenantId, ou: bsaStation.ouId });
  }

  private filter(input: Filter = {}): SQL[] {
    return where(input, {
      name: contains(bsaStation.name),
      ouId: equals(bsaStation.ouId),
      mcid: equals(bsaStation.customerMcid),
      statusFilter: equals(bsaStation.status),
    });
  }

  /** Stations of the staff's tenant in its OUs, with their devices, as answer rows (by code). */
  private async rows(ctx: StaffCtx, where: SQL[], scope: SQL[] = this.scope(ctx)): Promise<StationRow[]> {
    const stations = await list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ s: bsaStation, customerName: customer.name, ouName: ou.name })
          .from(bsaStation)
          .innerJoin(customer, eq(customer.mcid, bsaStation.customerMcid))
          .innerJoin(ou, eq(ou.id, bsaStation.ouId))
          .$dynamic(),
      where: [...scope, ...where],
      order: [asc(bsaStation.code), asc(bsaStation.id)],
    }).all();
    if (stations.length === 0) return [];
    // a linked device counts only while it is in the station's tenant and OU (a device moved to
    // another OU is not shown to the station's viewers)
    const links = await ctx.tx
      .select({
        stationId: bsaStationDevice.stationId,
        role: bsaStationDevice.role,
        kva: bsaStationDevice.transformerCapacityKva,
        deviceId: device.id,
        code: device.code,
        name: device.name,
        ratedPowerKw: device.ratedPowerKw,
        online: device.online,
      })
      .from(bsaStationDevice)
      .innerJoin(bsaStation, eq(bsaStation.id, bsaStationDevice.stationId))
      .innerJoin(
        device,
        and(eq(device.id, bsaStationDevice.deviceId), eq(device.tenantId, bsaStation.tenantId), eq(device.ouId, bsaStation.ouId)),
      )
      .where(
        inArray(
          bsaStationDevice.stationId,
          stations.map(({ s }) => s.id),
        ),
      )
      .orderBy(asc(bsaStationDevice.sort), asc(device.code));
    return stations.map(({ s, customerName, ouName }) => {
      const own = links.filter((l) => l.stationId === s.id);
      const fcs = own.find((l) => l.role === 'fcs');
      return {
        id: s.id,
        code: s.code,
        name: s.name,
        mcid: s.customerMcid,
        customerName,
        ouId: s.ouId,
        ouName,
        status: s.status,
        ratedPowerKw: s.ratedPowerKw,
        capacityKwh: s.capacityKwh,
        strategyVersion: s.strategyVersion,
        pcs: own
          .filter((l) => l.role === 'pcs')
          .map((l) => ({ deviceId: l.deviceId, code: l.code, name: l.name, ratedPowerKw: l.ratedPowerKw })),
        meters: own
          .filter((l) => l.role === 'meter-grid' || l.role === 'meter-upper')
          .map((l) => ({
            deviceId: l.deviceId,
            code: l.code,
            name: l.name,
            role: l.role === 'meter-grid' ? ('grid' as const) : ('upper' as const),
            transformerCapacityKva: l.role === 'meter-upper' ? l.kva : null,
          })),
        fcs: fcs ? { deviceId: fcs.deviceId, code: fcs.code, name: fcs.name, online: fcs.online } : null,
        online: fcs?.online ?? false,
        createdAt: s.createdAt.toISOString(),
      };
    });
  }

  async list(ctx: StaffCtx, input: Filter = {}) {
    return this.rows(ctx, this.filter(input));
  }

  /**
   * channel-bsa/bsa/list: stations of the linked tenants a channel staff works in (all of them, or its
   * working tenant; optionally one of them), with their tenant. Row-level security limits them to linked
   * tenants; its own tenant's stations are in bsa/list.
   */
  async channelList(ctx: StaffCtx, input: Filter & { tenantId?: string } = {}) {
    const tenants = readTenants(ctx).filter((t) => t !== ctx.staff.tenantId && (!input.tenantId || t === input.tenantId));
    const scope = tenants.length
      ? [inArray(bsaStation.tenantId, tenants), ...[ouScope(ctx, bsaStation.ouId)].filter((c) => c !== undefined)]
      : [NOTHING];
    const rows = await this.rows(ctx, this.filter(input), scope);
    if (!rows.length) return [];
    const owners = await ctx.tx
      .select({ id: bsaStation.id, tenantId: bsaStation.tenantId, tenantName: tenant.name })
      .from(bsaStation)
      .innerJoin(tenant, eq(tenant.id, bsaStation.tenantId))
      .where(
        inArray(
          bsaStation.id,
          rows.map((r) => r.id),
        ),
      );
    const byId = new Map(owners.map((o) => [o.id, o]));
    return rows.map((r) => ({ ...r, tenantId: byId.get(r.id)!.tenantId, tenantName: byId.get(r.id)!.tenantName }));
  }

  /** A station the staff may see, or 404 (the same answer for another tenant's station, on purpose). */
  async detail(ctx: StaffCtx, input: { id: number }): Promise<StationRow> {
    const [row] = await this.rows(ctx, [eq(bsaStation.id, input.id)]);
    if (!row) throw notFound(`Storage station ${input.id}`);
    return row;
  }

  /**
   * For other domains (strategies): a visible station with its devices, its cost info (or null) and
   * its tenant's time zone (the zone of the tariff's bands); 404 otherwise.
   */
  async stationOf(ctx: StaffCtx, id: number): Promise<{ station: StationRow; tariff: Tariff | null; timeZone: string }> {
    const station = await this.detail(ctx, { id });
    return { station, tariff: await this.tariffOf(ctx, station.id), timeZone: await tenantTimeZone(ctx) };
  }

  private async tariffOf(ctx: StaffCtx, stationId: number): Promise<Tariff | null> {
    const [head] = await ctx.tx
      .select()
      .from(bsaTariff)
      .where(and(eq(bsaTariff.stationId, stationId), eq(bsaTariff.tenantId, ctx.staff.tenantId)));
    if (!head) return null;
    const bands = await ctx.tx
      .select()
      .from(bsaTariffBand)
      .where(and(eq(bsaTariffBand.stationId, stationId), eq(bsaTariffBand.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(bsaTariffBand.startMin));
    return {
      bsaId: stationId,
      currency: head.currency,
      // numeric comes back as text; Number() gives the double nearest to the stored 4-decimal value
      bands: bands.map((b) => ({ start: hhmm(b.startMin), end: hhmm(b.endMin), kind: b.kind as TariffBandKind, price: Number(b.price) })),
      demandPricePerKwMonth: head.demandPricePerKwMonth === null ? null : Number(head.demandPricePerKwMonth),
      effectiveFrom: head.effectiveFrom,
      updatedAt: head.updatedAt.toISOString(),
    };
  }

  async costInfo(ctx: StaffCtx, input: { bsaId: number }): Promise<Tariff | null> {
    const station = await this.detail(ctx, { id: input.bsaId });
    return this.tariffOf(ctx, station.id);
  }

  /** Creates or replaces a station's cost info (the contract has checked the bands and prices). */
  async upsertCostInfo(ctx: StaffCtx, input: BodyOf<typeof contract.bsaUpsetCostInfo>): Promise<Tariff> {
    const station = await this.detail(ctx, { id: input.bsaId });
    const head = {
      currency: input.currency,
      demandPricePerKwMonth: input.demandPricePerKwMonth == null ? null : toNumeric(input.demandPricePerKwMonth),
      effectiveFrom: input.effectiveFrom,
      updatedAt: new Date(),
    };
    // the upsert locks the tariff row until commit, so two saves of one station run one after the other
    await ctx.tx
      .insert(bsaTariff)
      .values({ stationId: station.id, tenantId: ctx.staff.tenantId, ...head })
      .onConflictDoUpdate({ target: bsaTariff.stationId, set: head });
    await ctx.tx.delete(bsaTariffBand).where(and(eq(bsaTariffBand.stationId, station.id), eq(bsaTariffBand.tenantId, ctx.staff.tenantId)));
    const bands = input.bands
      .map((b) => ({ startMin: minutesOf(b.start)!, endMin: minutesOf(b.end)!, kind: b.kind, price: toNumeric(b.price) }))
      .sort((a, b) => a.startMin - b.startMin);
    await ctx.tx.insert(bsaTariffBand).values(bands.map((b, seq) => ({ stationId: station.id, tenantId: ctx.staff.tenantId, seq, ...b })));
    return (await this.tariffOf(ctx, station.id))!;
  }

  /**
   * The price curve of a local day: a step per 15 minutes from the tenant's local midnight to the next.
   * The database walks the real instants, so a day whose clocks change has 92 or 100 steps.
   */
  async prices(ctx: StaffCtx, input: { bsaId: number; date: string }) {
    const station = await this.detail(ctx, { id: input.bsaId });
    const tariff = await this.tariffOf(ctx, station.id);
    if (!tariff) throw notFound(`The cost info of storage station ${station.id}`);
    const timeZone = await tenantTimeZone(ctx);
    const steps = await rowsOf<{ ts: number | string; m: number | string }>(
      ctx.tx,
      sql`select (extract(epoch from gs) * 1000)::float8 as ts,
                 (extract(hour from gs at time zone ${timeZone}) * 60 + extract(minute from gs at time zone ${timeZone}))::int as m
          from generate_series((${input.date}::date)::timestamp at time zone ${timeZone},
                               ((${input.date}::date + 1)::timestamp at time zone ${timeZone}) - interval '15 minutes',
                               interval '15 minutes') as gs
          order by gs`,
    );
    return {
      bsaId: station.id,
      date: input.date,
      timeZone,
      currency: tariff.currency,
      stepMinutes: STEP_MINUTES,
      steps: steps.map((s) => {
        const minute = Number(s.m);
        const band = priceAt(tariff, minute)!;
        return { ts: Number(s.ts), time: hhmm(minute), kind: band.kind, price: band.price };
      }),
    };
  }

  /** The station whose FCS is this device, on the owner connection (no request, every tenant); null if none. */
  async stationByFcs(fcsDeviceId: number): Promise<FcsStation | null> {
    const [row] = await this.db
      .select({
        stationId: bsaStation.id,
        tenantId: bsaStation.tenantId,
        code: bsaStation.code,
        name: bsaStation.name,
        ouId: bsaStation.ouId,
        strategyVersion: bsaStation.strategyVersion,
        fcsDeviceId: bsaStationDevice.deviceId,
      })
      .from(bsaStationDevice)
      .innerJoin(bsaStation, eq(bsaStation.id, bsaStationDevice.stationId))
      .where(and(eq(bsaStationDevice.deviceId, fcsDeviceId), eq(bsaStationDevice.role, 'fcs')));
    return row ?? null;
  }
}
