import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { contains, equals, isIn, list, ouScope, readTenants, where } from '../../db/list.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { notFound } from '../../plugins/errors.js';
import { customer, tenant } from '../tenancy/tenancy.schema.js';
import { district, ou, ouType } from './ou.schema.js';

export interface OuFilter {
  tenantIds?: string[];
  name?: string;
  typeId?: number;
  customerMcids?: string[];
}

/** Operating units (always within the staff's OUs, unless its role sees all) and location lookups. */
export class OuService {
  /** The OUs the staff may see. An all-OU staff sees every OU of its tenant and of linked tenants. */
  async visibleOus(ctx: StaffCtx, filter: OuFilter = {}) {
    const ous = list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ o: ou, typeName: ouType.name, customerName: customer.name, tenantName: tenant.name })
          .from(ou)
          .innerJoin(customer, eq(customer.mcid, ou.customerMcid))
          .innerJoin(tenant, eq(tenant.id, ou.tenantId))
          .leftJoin(ouType, eq(ouType.id, ou.typeId))
          .$dynamic(),
      where: [
        ...this.visibleScope(ctx, filter.tenantIds),
        ...where(filter, {
          name: contains(ou.name, ou.code),
          typeId: equals(ou.typeId),
          customerMcids: isIn(ou.customerMcid, { empty: 'nothing' }),
        }),
      ],
      order: [asc(tenant.name), asc(ou.code)],
    });
    const rows = await ous.all();
    return rows.map(({ o, typeName, customerName, tenantName }) => ({
      id: o.id,
      name: o.name,
      code: o.code,
      typeId: o.typeId,
      typeName: said(ctx, typeName) ?? null,
      customerMcid: o.customerMcid,
      customerName,
      districtAdcode: o.districtAdcode,
      address: o.address,
      tenantMcid: o.tenantId,
      tenantName,
    }));
  }

  /** The condition for the OUs the staff may see, of its tenant (or of the given tenants). */
  visibleScope(ctx: StaffCtx, tenantIds = [ctx.staff.tenantId]): SQL[] {
    const ous = ouScope(ctx, ou.id);
    return [inArray(ou.tenantId, tenantIds), ...(ous ? [ous] : [])];
  }

  async types(ctx: StaffCtx) {
    const rows = await ctx.tx
      .select({ id: ouType.id, code: ouType.code, name: ouType.name })
      .from(ouType)
      .where(eq(ouType.tenantId, ctx.staff.tenantId))
      .orderBy(asc(ouType.id));
    return rows.map((t) => ({ ...t, name: said(ctx, t.name) }));
  }

  async list(ctx: StaffCtx, input?: { name?: string; typeId?: number; customerMcid?: string }) {
    const rows = await this.visibleOus(ctx, {
      name: input?.name,
      typeId: input?.typeId,
      customerMcids: input?.customerMcid ? [input.customerMcid] : undefined,
    });
    return rows.map(({ tenantMcid: _t, tenantName: _n, ...rest }) => rest);
  }

  async listWithTenant(ctx: StaffCtx, input?: { name?: string }) {
    return this.visibleOus(ctx, { name: input?.name, tenantIds: readTenants(ctx) });
  }

  /** OUs of a customer of the tenant (404 for an unknown or foreign customer), optionally with its sub-customers'. */
  async listByCustomer(ctx: StaffCtx, input: { mcid: string; includeChildren?: boolean }) {
    const [own] = await ctx.tx
      .select()
      .from(customer)
      .where(and(eq(customer.mcid, input.mcid), eq(customer.tenantId, ctx.staff.tenantId)));
    if (!own) throw notFound(`Customer ${input.mcid}`);
    let mcids = [own.mcid];
    if (input.includeChildren) {
      const all = await ctx.tx
        .select({ mcid: customer.mcid, code: customer.code })
        .from(customer)
        .where(eq(customer.tenantId, ctx.staff.tenantId));
      mcids = all.filter((c) => c.code === own.code || c.code.startsWith(`${own.code}.`)).map((c) => c.mcid);
    }
    const rows = await this.visibleOus(ctx, { customerMcids: mcids });
    return rows.map(({ tenantMcid: _t, tenantName: _n, ...rest }) => rest);
  }

  async districts(ctx: StaffCtx, input?: { parentAdcode?: string }) {
    const rows = await ctx.tx
      .select()
      .from(district)
      .where(input?.parentAdcode ? eq(district.parentAdcode, input.parentAdcode) : eq(district.level, 'province'))
      .orderBy(asc(district.adcode));
    return rows.map((d) => ({
      adcode: d.adcode,
      name: d.name,
      level: d.level,
      parentAdcode: d.parentAdcode,
      center: d.lng != null && d.lat != null ? ([d.lng, d.lat] as [number, number]) : null,
    }));
  }

  /** Districts and the staff's OU addresses whose names contain the keyword, at most 10. */
  async inputTips(ctx: StaffCtx, input: { keyword: string }) {
    const all = await ctx.tx.select().from(district);
    const byCode = new Map(all.map((d) => [d.adcode, d]));
    const pathOf = (adcode: string | null): string => {
      const names: string[] = [];
      for (
        let d = adcode ? byCode.get(adcode) : undefined;
        d && d.level !== 'country';
        d = d.parentAdcode ? byCode.get(d.parentAdcode) : undefined
      )
        names.unshift(d.name);
      return names.join(' / ');
    };
    const kw = input.keyword.toLowerCase();
    const tips: { name: string; district: string; adcode: string; location: [number, number] | null; source: 'district' | 'ou' }[] = [];
    for (const o of await this.visibleOus(ctx, { name: input.keyword })) {
      if (!o.districtAdcode) continue;
      tips.push({ name: o.address ?? o.name, district: pathOf(o.districtAdcode), adcode: o.districtAdcode, location: null, source: 'ou' });
    }
    for (const d of all) {
      if (d.level === 'country' || !d.name.toLowerCase().includes(kw)) continue;
      tips.push({
        name: d.name,
        district: pathOf(d.adcode),
        adcode: d.adcode,
        location: d.lng != null && d.lat != null ? [d.lng, d.lat] : null,
        source: 'district',
      });
    }
    return tips.slice(0, 10);
  }
}
