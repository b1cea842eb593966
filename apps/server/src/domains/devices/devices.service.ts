import { type BodyOf, type device as contract } from '@energy/contracts';
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { IngestConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { contains, equals, list, staffScope, where, type RowOf } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import { said } from '../../i18n.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { ou } from '../ou/ou.schema.js';
import { customer, tenant } from '../tenancy/tenancy.schema.js';
import { deviceTopics, newCredentials } from './credentials.js';
import { device, deviceCategory, deviceIngestStat, deviceType } from './devices.schema.js';
import type { DeviceTypesService } from './device-types.service.js';

type DeviceRow = z.infer<typeof contract.deviceRow>;
type Filter = { code?: string; name?: string; deviceTypeId?: number; ouId?: number; gatewayId?: number };
/** Reading follows the tenants a staff works in (channel staff: linked tenants too); changing, its own tenant only. */
type Reach = 'read' | 'own';
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const gateway = alias(device, 'gateway');
const withoutZone = ({ timeZone: _tz, ...row }: DeviceRow & { timeZone: string }): DeviceRow => row;

/** A device with its type, category, customer, OU, gateway and tenant's time zone. */
const selectDevices = (tx: Db) =>
  tx
    .select({
      d: device,
      t: deviceType,
      categoryKey: deviceCategory.key,
      customerName: customer.name,
      tenantName: tenant.name,
      ouName: ou.name,
      gw: gateway.name,
      timeZone: tenant.timeZone,
    })
    .from(device)
    .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
    .innerJoin(deviceCategory, eq(deviceCategory.id, deviceType.categoryId))
    .innerJoin(customer, eq(customer.mcid, device.customerMcid))
    .innerJoin(ou, eq(ou.id, device.ouId))
    .innerJoin(tenant, eq(tenant.id, device.tenantId))
    .leftJoin(gateway, eq(gateway.id, device.gatewayId))
    .$dynamic();
type Selected = RowOf<ReturnType<typeof selectDevices>>;
const zonedRows = (rows: Selected[]): (DeviceRow & { timeZone: string })[] =>
  rows.map(({ d, t, categoryKey, customerName, tenantName, ouName, gw, timeZone }) => ({
    id: d.id,
    code: d.code,
    name: d.name,
    deviceTypeId: d.deviceTypeId,
    deviceTypeKey: t.key,
    deviceTypeName: t.name,
    categoryKey,
    isGateway: t.isGateway,
    customerMcid: d.customerMcid,
    customerName,
    tenantName,
    ouId: d.ouId,
    ouName,
    gatewayId: d.gatewayId,
    gatewayName: gw ?? null,
    location: d.lng != null && d.lat != null ? { longitude: d.lng, latitude: d.lat, address: d.address } : null,
    ratedPowerKw: d.ratedPowerKw,
    mqttUsername: d.mqttUsername,
    credentialsIssuedAt: iso(d.credentialsIssuedAt),
    online: d.online,
    lastSeenAt: iso(d.lastSeenAt),
    createdAt: d.createdAt.toISOString(),
    timeZone,
  }));
const answerRows = (rows: Selected[]): DeviceRow[] => zonedRows(rows).map(withoutZone);

/** The device registry: devices in the staff's OUs, their edits and MQTT credentials. */
export class DevicesService {
  /** Called (after the request's transaction) with the id of a device whose identity or type changed. */
  readonly changed = new Set<(deviceId: number) => void>();

  constructor(
    private readonly types: DeviceTypesService,
    private readonly ingest: Pick<IngestConfig, 'topicPrefix'>,
  ) {}

  /**
   * Devices the staff sees that match `where`, by code: for reading (`'read'`) those of the tenants it
   * works in (a channel staff's linked tenants too, docs/platform-console.md), for changing (`'own'`)
   * its own tenant's only; in its OUs unless its role sees all.
   */
  private list(ctx: StaffCtx, where: (SQL | undefined)[], reach: Reach = 'own') {
    return list(ctx.tx, {
      query: () => selectDevices(ctx.tx),
      where: [...this.scope(ctx, reach), ...where],
      order: [asc(device.code), asc(device.id)],
    });
  }

  private scope(ctx: StaffCtx, reach: Reach = 'own'): SQL[] {
    return staffScope(ctx, { tenant: device.tenantId, ou: device.ouId, channel: reach === 'read' });
  }

  private filter(input: Filter = {}): SQL[] {
    return where(input, {
      code: contains(device.code),
      name: contains(device.name),
      deviceTypeId: equals(device.deviceTypeId),
      ouId: equals(device.ouId),
      gatewayId: equals(device.gatewayId),
    });
  }

  /** Rows as answered: the type's name in the reader's language. */
  private answered(ctx: StaffCtx) {
    return (rows: Selected[]) => answerRows(rows).map((r) => ({ ...r, deviceTypeName: said(ctx, r.deviceTypeName) }));
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.devicePage>) {
    return this.list(ctx, this.filter(input), 'read').page(input, this.answered(ctx));
  }

  async ouList(ctx: StaffCtx, input?: Filter) {
    return this.list(ctx, this.filter(input), 'read').all(this.answered(ctx));
  }

  /** A device the staff may see, or 404 (the same answer for another tenant's device, on purpose). */
  async visible(ctx: StaffCtx, id: number, reach: Reach = 'own'): Promise<DeviceRow> {
    return withoutZone(await this.visibleWithZone(ctx, id, reach));
  }

  /** The same, with its tenant's time zone (days, months and years of telemetry follow it); reading by default. */
  async visibleWithZone(ctx: StaffCtx, id: number, reach: Reach = 'read'): Promise<DeviceRow & { timeZone: string }> {
    const row = await this.list(ctx, [eq(device.id, id)], reach).first(zonedRows);
    if (!row) throw notFound(`Device ${id}`);
    return row;
  }

  async detail(ctx: StaffCtx, input: { id: number }) {
    const row = await this.visible(ctx, input.id, 'read');
    const properties = await this.types.propertiesOf(ctx, row.deviceTypeId);
    const rejections = await this.rejections(ctx, [eq(device.id, row.id)]);
    return {
      ...row,
      deviceTypeName: said(ctx, row.deviceTypeName),
      properties,
      rejections: rejections.map(({ deviceId: _d, code: _c, name: _n, ...r }) => r),
    };
  }

  async ingestStats(ctx: StaffCtx, input?: { deviceId?: number }) {
    return this.rejections(ctx, input?.deviceId ? [eq(device.id, (await this.visible(ctx, input.deviceId, 'read')).id)] : []);
  }

  /** Rejection counters of the staff's devices (in its OUs) that match `where`. */
  private async rejections(ctx: StaffCtx, where: SQL[]) {
    const rows = await ctx.tx
      .select({ s: deviceIngestStat, code: device.code, name: device.name })
      .from(deviceIngestStat)
      .innerJoin(device, eq(device.id, deviceIngestStat.deviceId))
      .where(and(...this.scope(ctx, 'read'), ...where))
      .orderBy(asc(device.code), asc(deviceIngestStat.reason));
    return rows.map(({ s, code, name }) => ({
      deviceId: s.deviceId,
      code,
      name,
      reason: s.reason,
      count: s.count,
      lastAt: s.lastAt.toISOString(),
      lastDetail: s.lastDetail,
    }));
  }

  /** Checks the references of a new or changed device; answers the customer of its OU. */
  private async check(ctx: StaffCtx, input: { deviceTypeId: number; ouId: number; gatewayId?: number | null; selfId?: number }) {
    const [type] = await ctx.tx
      .select({ id: deviceType.id })
      .from(deviceType)
      .where(and(eq(deviceType.id, input.deviceTypeId), eq(deviceType.tenantId, ctx.staff.tenantId)));
    if (!type) throw invalid('body.deviceTypeId', 'is not a device type of this tenant');
    const [unit] = await ctx.tx
      .select({ id: ou.id, customerMcid: ou.customerMcid })
      .from(ou)
      .where(and(eq(ou.id, input.ouId), eq(ou.tenantId, ctx.staff.tenantId)));
    if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid('body.ouId', 'is not one of your operating units');
    if (input.gatewayId != null) {
      if (input.gatewayId === input.selfId) throw invalid('body.gatewayId', 'a device cannot be its own gateway');
      const [gw] = await ctx.tx
        .select({ isGateway: deviceType.isGateway })
        .from(device)
        .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
        .where(and(eq(device.id, input.gatewayId), ...this.scope(ctx)));
      if (!gw) throw invalid('body.gatewayId', 'is not one of your devices');
      if (!gw.isGateway) throw invalid('body.gatewayId', 'is not a gateway');
    }
    return unit.customerMcid;
  }

  private async codeFree(ctx: StaffCtx, code: string, selfId?: number) {
    const [taken] = await ctx.tx
      .select({ id: device.id })
      .from(device)
      .where(and(eq(device.tenantId, ctx.staff.tenantId), eq(device.code, code), ...(selfId ? [ne(device.id, selfId)] : [])));
    if (taken) throw conflict(`The device code ${code} is already used in this tenant`);
  }

  async create(ctx: StaffCtx, input: BodyOf<typeof contract.deviceCreate>) {
    const customerMcid = await this.check(ctx, input);
    await this.codeFree(ctx, input.code);
    const [row] = await ctx.tx
      .insert(device)
      .values({
        tenantId: ctx.staff.tenantId,
        code: input.code,
        name: input.name,
        deviceTypeId: input.deviceTypeId,
        customerMcid,
        ouId: input.ouId,
        gatewayId: input.gatewayId ?? null,
        lng: input.location?.longitude ?? null,
        lat: input.location?.latitude ?? null,
        address: input.location?.address ?? null,
        ratedPowerKw: input.ratedPowerKw ?? null,
      })
      .returning({ id: device.id });
    return this.visible(ctx, row!.id);
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.deviceUpdate>) {
    const current = await this.visible(ctx, input.id);
    const next = {
      deviceTypeId: input.deviceTypeId ?? current.deviceTypeId,
      ouId: input.ouId ?? current.ouId,
      gatewayId: input.gatewayId === undefined ? current.gatewayId : input.gatewayId,
    };
    const customerMcid = await this.check(ctx, { ...next, selfId: current.id });
    if (input.code !== undefined) await this.codeFree(ctx, input.code, current.id);
    if (next.deviceTypeId !== current.deviceTypeId && (await this.hasTelemetry(ctx, current.id)))
      throw conflict('The device already has telemetry: its type cannot change');
    const loc = input.location === undefined ? current.location : input.location;
    await ctx.tx
      .update(device)
      .set({
        code: input.code ?? current.code,
        name: input.name ?? current.name,
        ...next,
        customerMcid,
        lng: loc?.longitude ?? null,
        lat: loc?.latitude ?? null,
        address: loc?.address ?? null,
        ratedPowerKw: input.ratedPowerKw === undefined ? current.ratedPowerKw : input.ratedPowerKw,
      })
      .where(and(eq(device.id, current.id), eq(device.tenantId, ctx.staff.tenantId)));
    this.announce(ctx, current.id);
    return this.visible(ctx, current.id);
  }

  private async hasTelemetry(ctx: StaffCtx, id: number) {
    return (await rowsOf(ctx.tx, sql`select 1 from telemetry_raw where device_id = ${id} limit 1`)).length > 0;
  }

  /** Deletes the device with its telemetry and counters; refused while other devices sit behind it. */
  async delete(ctx: StaffCtx, input: { id: number }) {
    const current = await this.visible(ctx, input.id);
    const [{ n }] = (await ctx.tx
      .select({ n: count() })
      .from(device)
      .where(and(eq(device.gatewayId, current.id), eq(device.tenantId, ctx.staff.tenantId)))) as [{ n: number }];
    if (Number(n) > 0) throw conflict(`The device is the gateway of ${n} device(s): move them first`);
    for (const table of ['telemetry_raw', 'telemetry_15m', 'telemetry_1h', 'telemetry_1d'])
      await ctx.tx.execute(sql`delete from ${sql.identifier(table)} where device_id = ${current.id}`);
    await ctx.tx.delete(device).where(and(eq(device.id, current.id), eq(device.tenantId, ctx.staff.tenantId)));
    this.announce(ctx, current.id);
    return null;
  }

  /** New MQTT credentials: the username is kept once made; the password is replaced and shown only now. */
  async issueCredentials(ctx: StaffCtx, input: { id: number }) {
    const current = await this.visible(ctx, input.id);
    const { username, password, passwordHash } = await newCredentials(current.mqttUsername);
    await ctx.tx
      .update(device)
      .set({ mqttUsername: username, mqttPasswordHash: passwordHash, credentialsIssuedAt: new Date() })
      .where(and(eq(device.id, current.id), eq(device.tenantId, ctx.staff.tenantId)));
    this.announce(ctx, current.id);
    const topics = deviceTopics(this.ingest.topicPrefix, username);
    return { username, password, topic: topics.telemetry, statusTopic: topics.status, commandTopic: topics.commands };
  }

  private announce(ctx: StaffCtx, id: number) {
    ctx.defer(async () => this.notifyChanged(id));
  }

  /** Tells the listeners (the ingest's device directory) that a device changed; also for changes made outside requests. */
  notifyChanged(id: number) {
    for (const fn of this.changed) fn(id);
  }

  /** The properties of a visible device's type. */
  propertiesOfDevice(ctx: StaffCtx, deviceRow: DeviceRow) {
    return this.types.propertiesOf(ctx, deviceRow.deviceTypeId);
  }
}
