import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { equals, readTenants, where } from '../../db/list.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { dataProperty, deviceCategory, deviceType } from './devices.schema.js';

/** The tenant's device type tree and the data properties of its types (read-only: seeded from the contracts). */
export class DeviceTypesService {
  /** The data properties of these types of the staff's tenant, in their order, each with its type. */
  private async properties(ctx: StaffCtx, typeIds: number[]) {
    if (!typeIds.length) return [];
    const rows = await ctx.tx
      .select({
        id: dataProperty.id,
        deviceTypeId: dataProperty.deviceTypeId,
        key: dataProperty.key,
        name: dataProperty.name,
        unit: dataProperty.unit,
        kind: dataProperty.kind,
      })
      .from(dataProperty)
      .where(and(inArray(dataProperty.tenantId, readTenants(ctx)), inArray(dataProperty.deviceTypeId, typeIds)))
      .orderBy(asc(dataProperty.sort), asc(dataProperty.id));
    return rows.map(({ deviceTypeId, ...property }) => ({ deviceTypeId, property: { ...property, name: said(ctx, property.name) } }));
  }

  private async types(ctx: StaffCtx, where: SQL[] = []) {
    const types = await ctx.tx
      .select()
      .from(deviceType)
      .where(and(eq(deviceType.tenantId, ctx.staff.tenantId), ...where))
      .orderBy(asc(deviceType.sort), asc(deviceType.id));
    const props = await this.properties(
      ctx,
      types.map((t) => t.id),
    );
    return types.map((t) => ({
      categoryId: t.categoryId,
      node: {
        id: t.id,
        key: t.key,
        name: said(ctx, t.name),
        level: 2 as const,
        isGateway: t.isGateway,
        properties: props.filter((p) => p.deviceTypeId === t.id).map((p) => p.property),
      },
    }));
  }

  async tree(ctx: StaffCtx) {
    const categories = await ctx.tx
      .select()
      .from(deviceCategory)
      .where(eq(deviceCategory.tenantId, ctx.staff.tenantId))
      .orderBy(asc(deviceCategory.sort), asc(deviceCategory.id));
    const types = await this.types(ctx);
    return categories.map((c) => ({
      id: c.id,
      key: c.key,
      name: said(ctx, c.name),
      level: 1 as const,
      children: types.filter((t) => t.categoryId === c.id).map((t) => t.node),
    }));
  }

  async gateways(ctx: StaffCtx) {
    return (await this.types(ctx, [eq(deviceType.isGateway, true)])).map((t) => t.node);
  }

  /** The properties of one type (none when it is not a type of the staff's tenant), named in the reader's language. */
  async propertiesOf(ctx: StaffCtx, deviceTypeId: number) {
    return (await this.properties(ctx, [deviceTypeId])).map((p) => p.property);
  }

  /** Properties of one type (by id, or the type of a device the staff may see), or of every type. */
  async list(ctx: StaffCtx, input?: { deviceTypeId?: number; deviceId?: number }, visibleDeviceType?: (id: number) => Promise<number>) {
    const ofDevice = input?.deviceId && visibleDeviceType ? await visibleDeviceType(input.deviceId) : undefined;
    return this.flat(
      await this.types(ctx, where({ ...input, ofDevice }, { deviceTypeId: equals(deviceType.id), ofDevice: equals(deviceType.id) })),
    );
  }

  async listOfKey(ctx: StaffCtx, key: string) {
    return this.flat(await this.types(ctx, [eq(deviceType.key, key)]));
  }

  private flat(types: Awaited<ReturnType<DeviceTypesService['types']>>) {
    return types.flatMap((t) => t.node.properties.map((p) => ({ ...p, deviceTypeId: t.node.id, deviceTypeKey: t.node.key })));
  }
}
