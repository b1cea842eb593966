import { orgLevelName, type OrgNode, type TenantCustomerOuNode } from '@energy/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { contains, equals, list, readTenants, where } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { customerUser } from '../auth/auth.schema.js';
import type { SessionService } from '../auth/session.service.js';
import type { OuService } from '../ou/ou.service.js';
import { ou } from '../ou/ou.schema.js';
import { staff } from '../staff/staff.schema.js';
import { channelLink, customer, tenant } from './tenancy.schema.js';

type CustomerRow = typeof customer.$inferSelect;

/** Tenants, the customer organisation tree, customer users, and channel links. */
export class TenancyService {
  /**
   * Called (after the change is committed) when a channel link or a tenant's status changes, with the
   * tenants concerned: other domains' caches of who sees what (alarm push recipients) read again.
   */
  readonly scopeChanged = new Set<(tenantIds: string[]) => void>();

  constructor(
    private readonly ous: OuService,
    private readonly sessions: SessionService,
  ) {}

  /**
   * After a link or a tenant's status changed: sessions of these tenants' staff resolve anew (their
   * sockets reconnect) and the listeners run. Deferred to the end of the request (owner connection).
   */
  notifyScopeChanged(ctx: { defer(fn: () => Promise<void>): void }, tenantIds: string[]) {
    ctx.defer(async () => {
      await this.sessions.scopeChanged(tenantIds);
      for (const listener of this.scopeChanged) listener(tenantIds);
    });
  }

  /** The staff's working tenant and the tenants it can choose (its own and its enabled linked tenants). */
  async workingTenant(ctx: StaffCtx) {
    const [own] = await ctx.tx.select({ mcid: tenant.id, name: tenant.name }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId));
    // tenant rows of every enabled linked tenant are readable whatever the working tenant (app_linked_tenants)
    const linked = await ctx.tx
      .select({ mcid: tenant.id, name: tenant.name })
      .from(channelLink)
      .innerJoin(tenant, eq(tenant.id, channelLink.customerTenantId))
      .where(and(eq(channelLink.tenantId, ctx.staff.tenantId), eq(tenant.status, 0)))
      .orderBy(asc(tenant.name), asc(tenant.id));
    return { workingTenantId: ctx.staff.workingTenantId ?? null, own: own!, linked };
  }

  /** Chooses the working tenant: null (all), the staff's own, or one of its linked tenants. */
  async setWorkingTenant(ctx: StaffCtx, input: { tenantId: string | null }) {
    const current = await this.workingTenant(ctx);
    const id = input.tenantId;
    if (id !== null && id !== current.own.mcid && !current.linked.some((t) => t.mcid === id))
      throw invalid('body.tenantId', 'is not your tenant nor a tenant your company is linked to');
    await this.sessions.setWorkingTenant(ctx.tx, ctx.user.sessionIdHash, id);
    return { ...current, workingTenantId: id };
  }

  private async customers(ctx: StaffCtx): Promise<CustomerRow[]> {
    return ctx.tx.select().from(customer).where(eq(customer.tenantId, ctx.staff.tenantId)).orderBy(asc(customer.code));
  }

  private async levelNames(ctx: StaffCtx, tenantId = ctx.staff.tenantId): Promise<string[]> {
    const [row] = await ctx.tx.select({ orgLevels: tenant.orgLevels }).from(tenant).where(eq(tenant.id, tenantId));
    return (row?.orgLevels ?? []).map((name) => said(ctx, name));
  }

  private toTree(rows: CustomerRow[], rootMcids: Set<string> | null, currentMcid: string): OrgNode[] {
    const nodes = new Map<string, OrgNode>();
    for (const r of rows) {
      nodes.set(r.mcid, {
        mcid: r.mcid,
        name: r.name,
        code: r.code,
        level: r.level,
        parentMcid: r.parentMcid,
        current: r.mcid === currentMcid,
        children: [],
      });
    }
    const roots: OrgNode[] = [];
    for (const r of rows) {
      const node = nodes.get(r.mcid)!;
      const parent = r.parentMcid ? nodes.get(r.parentMcid) : undefined;
      if (rootMcids ? rootMcids.has(r.mcid) : !parent) roots.push(node);
      else if (parent) parent.children.push(node);
    }
    return roots;
  }

  async organizationTree(ctx: StaffCtx) {
    return this.toTree(await this.customers(ctx), null, ctx.staff.customerMcid);
  }

  /** The staff's own customer and everything under it. */
  async organizationTreeFromCurrent(ctx: StaffCtx) {
    const rows = await this.customers(ctx);
    const own = rows.find((r) => r.mcid === ctx.staff.customerMcid);
    if (!own) return [];
    const subtree = rows.filter((r) => r.code === own.code || r.code.startsWith(`${own.code}.`));
    return this.toTree(subtree, new Set([own.mcid]), own.mcid);
  }

  async orgAll(ctx: StaffCtx) {
    const rows = await this.customers(ctx);
    const names = await this.levelNames(ctx);
    return rows.map((r) => ({
      mcid: r.mcid,
      name: r.name,
      code: r.code,
      level: r.level,
      parentMcid: r.parentMcid,
      levelName: orgLevelName(names, r.level),
    }));
  }

  async customerDetail(ctx: StaffCtx, mcid: string) {
    const [row] = await ctx.tx
      .select({ c: customer, tenantName: tenant.name, orgLevels: tenant.orgLevels })
      .from(customer)
      .innerJoin(tenant, eq(tenant.id, customer.tenantId))
      .where(and(eq(customer.mcid, mcid), eq(customer.tenantId, ctx.staff.tenantId)));
    if (!row) throw notFound(`Customer ${mcid}`);
    const { c } = row;
    const [counts] = await rowsOf<{ parentName: string | null; childCount: number; staffCount: number; ouCount: number }>(
      ctx.tx,
      sql`
        select (select name from ${customer} where mcid = ${c.parentMcid}) as "parentName",
               (select count(*)::int from ${customer} where parent_mcid = ${c.mcid}) as "childCount",
               (select count(*)::int from ${staff} where customer_mcid = ${c.mcid} and tenant_id = ${ctx.staff.tenantId}) as "staffCount",
               (select count(*)::int from ${ou} where customer_mcid = ${c.mcid}) as "ouCount"`,
    );
    return {
      mcid: c.mcid,
      name: c.name,
      code: c.code,
      level: c.level,
      levelName: orgLevelName(row.orgLevels, c.level),
      parentMcid: c.parentMcid,
      parentName: counts!.parentName,
      tenantMcid: c.tenantId,
      tenantName: row.tenantName,
      childCount: counts!.childCount,
      staffCount: counts!.staffCount,
      ouCount: counts!.ouCount,
    };
  }

  async customerUsers(ctx: StaffCtx, input?: { customerMcid?: string; keyword?: string }) {
    const rows = await list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({
            u: customerUser,
            s: { id: staff.id, staffCode: staff.staffCode, customerMcid: staff.customerMcid, status: staff.status },
          })
          .from(staff)
          .innerJoin(customerUser, eq(customerUser.muid, staff.muid))
          .$dynamic(),
      where: [
        eq(staff.tenantId, ctx.staff.tenantId),
        ...where(input, { customerMcid: equals(staff.customerMcid), keyword: contains(customerUser.username, customerUser.name) }),
      ],
      order: [asc(customerUser.username), asc(staff.id)],
    }).all();
    const byUser = new Map<
      string,
      { muid: string; username: string; name: string; phone: string | null; email: string | null; staff: (typeof rows)[number]['s'][] }
    >();
    for (const { u, s } of rows) {
      const entry = byUser.get(u.muid) ?? { muid: u.muid, username: u.username, name: u.name, phone: u.phone, email: u.email, staff: [] };
      entry.staff.push(s);
      byUser.set(u.muid, entry);
    }
    return [...byUser.values()];
  }

  /** Tenants the staff works in now: its own first, then the ones its channel tenant operates for (working tenant: that one). */
  async visibleTenants(ctx: StaffCtx) {
    const ids = readTenants(ctx);
    const rows = await ctx.tx
      .select({ mcid: tenant.id, name: tenant.name, sideType: tenant.sideType })
      .from(tenant)
      .where(inArray(tenant.id, ids));
    return rows.sort((a, b) => (a.mcid === ctx.staff.tenantId ? -1 : b.mcid === ctx.staff.tenantId ? 1 : a.name.localeCompare(b.name)));
  }

  async channelTenants(ctx: StaffCtx, input?: { name?: string }) {
    const rows = await list(ctx.tx, {
      query: () =>
        ctx.tx
          .select({ mcid: tenant.id, name: tenant.name, sideType: tenant.sideType, linkedAt: channelLink.createdAt })
          .from(channelLink)
          .innerJoin(tenant, eq(tenant.id, channelLink.customerTenantId))
          .$dynamic(),
      where: [eq(channelLink.tenantId, ctx.staff.tenantId), eq(tenant.status, 0), ...where(input, { name: contains(tenant.name) })],
      order: [asc(tenant.name), asc(tenant.id)],
    }).all();
    return rows.map((r) => ({ ...r, linkedAt: r.linkedAt.toISOString() }));
  }

  /** Tenant, then customers (as a tree), then the OUs the staff may see, for every visible tenant. */
  async tenantCustomerOuTree(ctx: StaffCtx): Promise<TenantCustomerOuNode[]> {
    const tenants = await this.visibleTenants(ctx);
    const ids = tenants.map((t) => t.mcid);
    const customers = await ctx.tx.select().from(customer).where(inArray(customer.tenantId, ids)).orderBy(asc(customer.code));
    const ous = await this.ous.visibleOus(ctx, { tenantIds: ids });
    const customerNodes = new Map<string, TenantCustomerOuNode>();
    for (const c of customers)
      customerNodes.set(c.mcid, { key: `customer-${c.mcid}`, type: 'customer', id: c.mcid, name: c.name, children: [] });
    const tenantNodes = tenants.map((t): TenantCustomerOuNode => ({
      key: `tenant-${t.mcid}`,
      type: 'tenant',
      id: t.mcid,
      name: t.name,
      children: [],
    }));
    const tenantNode = new Map(tenantNodes.map((n) => [n.id, n]));
    // sub-customers first (sorted by code), then each customer's OUs
    for (const c of customers) {
      const parent = c.parentMcid ? customerNodes.get(c.parentMcid) : tenantNode.get(c.tenantId);
      parent?.children.push(customerNodes.get(c.mcid)!);
    }
    for (const o of ous)
      customerNodes.get(o.customerMcid)?.children.push({ key: `ou-${o.id}`, type: 'ou', id: String(o.id), name: o.name, children: [] });
    return tenantNodes;
  }
}
