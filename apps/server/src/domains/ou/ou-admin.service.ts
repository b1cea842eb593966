import type { BodyOf, ou as contract } from '@energy/contracts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { contains, equals, list, where } from '../../db/list.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { customerUser } from '../auth/auth.schema.js';
import type { DevicesService } from '../devices/devices.service.js';
import { device } from '../devices/devices.schema.js';
import { staff, staffOu } from '../staff/staff.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { district, ou, ouType } from './ou.schema.js';
import type { OuService } from './ou.service.js';

type OuFields = Omit<BodyOf<typeof contract.ouUpdate>, 'id'>;

// counted per row; the device table is read here (not through DevicesService) to count in the same query
const memberCountSql = sql<number>`(select count(*)::int from ${staffOu} where ${staffOu.ouId} = ${ou.id})`;
const assetCountSql = sql<number>`(select count(*)::int from ${device} where ${device.ouId} = ${ou.id})`;

type Selected = { o: typeof ou.$inferSelect; typeName: string | null; customerName: string; members: number; assets: number };
const answerRows = (ctx: StaffCtx) => (rows: Selected[]) =>
  rows.map(({ o, typeName, customerName, members, assets }) => ({
    id: o.id,
    code: o.code,
    name: o.name,
    typeId: o.typeId,
    typeName: said(ctx, typeName) ?? null,
    customerMcid: o.customerMcid,
    customerName,
    districtAdcode: o.districtAdcode,
    address: o.address,
    lng: o.lng,
    lat: o.lat,
    memberCount: Number(members),
    assetCount: Number(assets),
    createdAt: o.createdAt.toISOString(),
  }));

/**
 * Administration of operating units: the OUs the staff may see (OuService.visibleScope), their fields,
 * members (staff_ou) and devices (through DevicesService).
 */
export class OuAdminService {
  constructor(
    private readonly ous: OuService,
    private readonly devices: DevicesService,
  ) {}

  /** The OUs the staff may see that match `where`, by code, with their member and device counts. */
  private list(ctx: StaffCtx, where: SQL[]) {
    return list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ o: ou, typeName: ouType.name, customerName: customer.name, members: memberCountSql, assets: assetCountSql })
          .from(ou)
          .innerJoin(customer, eq(customer.mcid, ou.customerMcid))
          .leftJoin(ouType, eq(ouType.id, ou.typeId))
          .$dynamic(),
      where: [...this.ous.visibleScope(ctx), ...where],
      order: [asc(ou.code)],
    });
  }

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.ouPage>) {
    const filters = where(input, { keyword: contains(ou.name, ou.code), typeId: equals(ou.typeId), customerMcid: equals(ou.customerMcid) });
    return this.list(ctx, filters).page(input, answerRows(ctx));
  }

  /** An OU the staff may see, or 404 (the same answer for another tenant's OU, on purpose). */
  async detail(ctx: StaffCtx, input: { id: number }) {
    const row = await this.list(ctx, [eq(ou.id, input.id)]).first(answerRows(ctx));
    if (!row) throw notFound(`Operating unit ${input.id}`);
    return row;
  }

  /** The same, with the OU's row locked until the end of the request (no member or device slips in meanwhile). */
  private async locked(ctx: StaffCtx, id: number) {
    // lock first, then count: members and devices read after the lock are the ones the change sees
    await ctx.tx
      .select({ id: ou.id })
      .from(ou)
      .where(and(eq(ou.id, id), eq(ou.tenantId, ctx.staff.tenantId)))
      .for('update');
    return this.detail(ctx, { id });
  }

  /** Checks the references of new or changed fields; answers the columns to store. */
  private async fields(ctx: StaffCtx, input: OuFields) {
    const tenantId = ctx.staff.tenantId;
    const [owner] = await ctx.tx
      .select({ mcid: customer.mcid })
      .from(customer)
      .where(and(eq(customer.mcid, input.customerMcid), eq(customer.tenantId, tenantId)));
    if (!owner) throw invalid('body.customerMcid', 'is not an organisation of this tenant');
    const [type] = await ctx.tx
      .select({ id: ouType.id })
      .from(ouType)
      .where(and(eq(ouType.id, input.typeId), eq(ouType.tenantId, tenantId)));
    if (!type) throw invalid('body.typeId', 'is not an OU type of this tenant');
    if (input.districtAdcode) {
      const [known] = await ctx.tx.select({ adcode: district.adcode }).from(district).where(eq(district.adcode, input.districtAdcode));
      if (!known) throw invalid('body.districtAdcode', 'is not a known district');
    }
    const lng = input.lng ?? null;
    const lat = input.lat ?? null;
    if ((lng === null) !== (lat === null)) throw invalid(lng === null ? 'body.lng' : 'body.lat', 'is required with the other coordinate');
    return {
      name: input.name,
      customerMcid: input.customerMcid,
      typeId: input.typeId,
      districtAdcode: input.districtAdcode ?? null,
      address: input.address || null,
      lng,
      lat,
    };
  }

  async create(ctx: StaffCtx, input: BodyOf<typeof contract.ouCreate>) {
    const values = await this.fields(ctx, input);
    const [taken] = await ctx.tx
      .select({ id: ou.id })
      .from(ou)
      .where(and(eq(ou.tenantId, ctx.staff.tenantId), eq(ou.code, input.code)));
    if (taken) throw conflict(`The OU code ${input.code} is already used in this tenant`);
    const [row] = await ctx.tx
      .insert(ou)
      .values({ tenantId: ctx.staff.tenantId, code: input.code, ...values })
      .returning({ id: ou.id });
    // a creator who sees only its own OUs would otherwise lose sight of what it just made
    if (!ctx.staff.allOus) await ctx.tx.insert(staffOu).values({ tenantId: ctx.staff.tenantId, staffId: ctx.staff.id, ouId: row!.id });
    return { id: row!.id };
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.ouUpdate>) {
    const current = await this.locked(ctx, input.id);
    const values = await this.fields(ctx, input);
    await ctx.tx
      .update(ou)
      .set(values)
      .where(and(eq(ou.id, current.id), eq(ou.tenantId, ctx.staff.tenantId)));
    // a device's customer is its OU's: re-saving each device takes the new one
    if (values.customerMcid !== current.customerMcid)
      for (const d of await this.devices.ouList(ctx, { ouId: current.id })) await this.devices.update(ctx, { id: d.id });
    return null;
  }

  async delete(ctx: StaffCtx, input: { id: number }) {
    const current = await this.locked(ctx, input.id);
    const left = [
      current.memberCount ? `${current.memberCount} member(s)` : '',
      current.assetCount ? `${current.assetCount} device(s)` : '',
    ].filter(Boolean);
    if (left.length) throw conflict(`The operating unit ${current.code} still has ${left.join(' and ')}: remove them first`);
    await ctx.tx.delete(ou).where(and(eq(ou.id, current.id), eq(ou.tenantId, ctx.staff.tenantId)));
    return null;
  }

  async members(ctx: StaffCtx, input: { id: number }) {
    const target = await this.detail(ctx, input);
    return ctx.tx
      .select({
        staffId: staff.id,
        staffCode: staff.staffCode,
        username: customerUser.username,
        name: customerUser.name,
        status: staff.status,
      })
      .from(staffOu)
      .innerJoin(staff, eq(staff.id, staffOu.staffId))
      .innerJoin(customerUser, eq(customerUser.muid, staff.muid))
      .where(and(eq(staffOu.ouId, target.id), eq(staffOu.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(staff.staffCode));
  }

  /** Replaces the members: every id must be a staff of the tenant. */
  async setMembers(ctx: StaffCtx, input: { id: number; staffIds: number[] }) {
    const target = await this.locked(ctx, input.id);
    const wanted = [...new Set(input.staffIds)];
    if (wanted.length) {
      const found = await ctx.tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.tenantId, ctx.staff.tenantId), inArray(staff.id, wanted)));
      const known = new Set(found.map((s) => s.id));
      const unknown = wanted.filter((id) => !known.has(id));
      if (unknown.length) throw invalid('body.staffIds', `${unknown.join(', ')}: not a staff of this tenant`);
    }
    await ctx.tx.delete(staffOu).where(and(eq(staffOu.ouId, target.id), eq(staffOu.tenantId, ctx.staff.tenantId)));
    if (wanted.length)
      await ctx.tx.insert(staffOu).values(wanted.map((staffId) => ({ tenantId: ctx.staff.tenantId, staffId, ouId: target.id })));
    return null;
  }

  async assets(ctx: StaffCtx, input: { id: number }) {
    const target = await this.detail(ctx, input);
    const rows = await this.devices.ouList(ctx, { ouId: target.id });
    return rows.map((d) => ({ deviceId: d.id, code: d.code, name: d.name, typeName: d.deviceTypeName }));
  }

  /**
   * Sets the devices of an OU. A device always has an OU, so one of this OU's devices cannot be left
   * out (it is moved by adding it to its new OU); the others come in from the staff's other OUs.
   */
  async setAssets(ctx: StaffCtx, input: { id: number; deviceIds: number[] }) {
    const target = await this.locked(ctx, input.id);
    const wanted = new Set(input.deviceIds);
    // every device the staff sees, this OU's among them (one read)
    const mine = new Map((await this.devices.ouList(ctx)).map((d) => [d.id, d]));
    const left = [...mine.values()].filter((d) => d.ouId === target.id && !wanted.has(d.id));
    if (left.length)
      throw conflict(
        `A device always belongs to an operating unit: to take ${left.map((d) => d.code).join(', ')} out of ${target.code}, add it to its new operating unit`,
      );
    const unknown = [...wanted].filter((id) => !mine.has(id));
    if (unknown.length) throw invalid('body.deviceIds', `${unknown.join(', ')}: not one of your devices`);
    for (const id of wanted) if (mine.get(id)!.ouId !== target.id) await this.devices.update(ctx, { id, ouId: target.id });
    return null;
  }
}
