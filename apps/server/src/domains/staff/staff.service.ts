import { ErrorCode, type staff as contract } from '@energy/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { said } from '../../i18n.js';
import type { StaffCtx, UserCtx } from '../../plugins/context.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { customerUser } from '../auth/auth.schema.js';
import type { SessionService } from '../auth/session.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { profileOf } from '../account/profile.js';
import { fileUrl } from '../files/file-url.js';
import { titleTypeOf } from '../tenancy/platform-settings.service.js';
import { customer, tenant } from '../tenancy/tenancy.schema.js';
import { role, staff, staffDataTypeSorting } from './staff.schema.js';

type CurrentUser = z.infer<typeof contract.currentUser>;
/** A stored status as the contract's union (enable 0, disable 1, freeze 2). */
export const as012 = (n: number) => (n === 1 ? 1 : n === 2 ? 2 : 0) as 0 | 1 | 2;

/** The signed-in person's staff accounts: list, check, switch; the current context and its settings. */
export class StaffService {
  constructor(
    private readonly sessions: SessionService,
    private readonly catalogue: CatalogueService,
  ) {}

  async current(ctx: StaffCtx): Promise<CurrentUser> {
    const [row] = await ctx.tx
      .select({ u: customerUser, st: staff, c: customer, t: tenant, roleName: role.name })
      .from(staff)
      .innerJoin(customerUser, eq(customerUser.muid, staff.muid))
      .innerJoin(customer, eq(customer.mcid, staff.customerMcid))
      .innerJoin(tenant, eq(tenant.id, staff.tenantId))
      .leftJoin(role, eq(role.id, staff.roleId))
      .where(and(eq(staff.id, ctx.staff.id), eq(staff.tenantId, ctx.staff.tenantId)));
    if (!row) throw notFound('The current staff');
    const { u, st, c, t } = row;
    return {
      customer: { mcid: c.mcid, name: c.name, logoUrl: fileUrl(t.logoKey) },
      customerUser: profileOf(u),
      staff: {
        id: st.id,
        staffCode: st.staffCode,
        status: as012(st.status),
        iconUrl: fileUrl(t.iconKey),
        platformName: t.platformName,
        platformTitleType: titleTypeOf(t.platformTitleType),
        platformSloganName: t.platformSloganName,
        roleId: st.roleId,
        roleName: said(ctx, row.roleName) ?? null,
        sideType: t.sideType === 2 ? 2 : 1,
      },
      tenant: { mcid: t.id, name: t.name, timeZone: t.timeZone },
    };
  }

  /** The user's staff accounts in every tenant, disabled and frozen ones included (shown, not selectable). */
  async list(ctx: UserCtx, input?: { muid?: string }) {
    if (input?.muid && input.muid !== ctx.user.muid)
      throw new AppError(ErrorCode.FORBIDDEN, 'muid: you can only list your own staff accounts');
    const rows = await ctx.tx
      .select({
        id: staff.id,
        staffCode: staff.staffCode,
        customerMcid: staff.customerMcid,
        customerName: customer.name,
        tenantMcid: staff.tenantId,
        tenantName: tenant.name,
        status: staff.status,
        roleName: role.name,
      })
      .from(staff)
      .innerJoin(customer, eq(customer.mcid, staff.customerMcid))
      .innerJoin(tenant, eq(tenant.id, staff.tenantId))
      .leftJoin(role, eq(role.id, staff.roleId))
      .where(eq(staff.muid, ctx.user.muid))
      .orderBy(asc(tenant.name), asc(staff.id));
    return rows.map((r) => ({ ...r, status: as012(r.status), roleName: said(ctx, r.roleName) ?? null }));
  }

  /** 403 when the staff is not the user's, 412 when it is disabled or frozen. */
  async check(ctx: UserCtx, staffId: number) {
    const [row] = await ctx.tx
      .select({ id: staff.id, status: staff.status, tenantId: staff.tenantId })
      .from(staff)
      .where(and(eq(staff.id, staffId), eq(staff.muid, ctx.user.muid)));
    if (!row) throw new AppError(ErrorCode.STAFF_NOT_OWNED);
    if (row.status === 1) throw new AppError(ErrorCode.STAFF_DISABLED);
    if (row.status === 2) throw new AppError(ErrorCode.STAFF_FROZEN);
    return row;
  }

  async checkResult(ctx: UserCtx, staffId: number) {
    const row = await this.check(ctx, staffId);
    return { id: row.id, status: 0 as const, switchable: true as const };
  }

  /** Points the session at another of the user's staff; remembered as the last used for next sign-in. */
  async switchTo(ctx: UserCtx, staffId: number) {
    const row = await this.check(ctx, staffId);
    await this.sessions.setCurrentStaff(ctx.tx, ctx.user.sessionIdHash, row.id);
    await ctx.tx.update(customerUser).set({ lastStaffId: row.id }).where(eq(customerUser.muid, ctx.user.muid));
    return { staffId: row.id, tenantMcid: row.tenantId };
  }

  permissions(ctx: StaffCtx): string[] {
    return [...ctx.staff.permissions].sort();
  }

  /** integratedAppId (as a string key) to the staff's codes in that app. */
  integratedPermissions(ctx: StaffCtx): Record<string, string[]> {
    const map: Record<string, string[]> = {};
    for (const p of this.catalogue.all()) {
      if (p.integratedAppId == null || !ctx.staff.permissions.has(p.code)) continue;
      (map[String(p.integratedAppId)] ??= []).push(p.code);
    }
    return map;
  }

  async navigationConfigDetail(ctx: StaffCtx) {
    const [row] = await ctx.tx
      .select({
        staffOrigin: staff.navigationModuleOriginId,
        staffPath: staff.navigationPath,
        tenantOrigin: tenant.homeModuleOriginId,
        tenantPath: tenant.homePath,
      })
      .from(staff)
      .innerJoin(tenant, eq(tenant.id, staff.tenantId))
      .where(eq(staff.id, ctx.staff.id));
    if (!row) throw notFound('The current staff');
    const fromStaff = row.staffOrigin != null && row.staffPath != null;
    const originId = (fromStaff ? row.staffOrigin : row.tenantOrigin) ?? 1;
    const origin = this.catalogue.moduleOrigin(originId);
    return {
      moduleOrigin: origin?.code ?? 'staff',
      moduleOriginId: originId,
      moduleOriginName: origin?.name ?? '',
      path: (fromStaff ? row.staffPath : row.tenantPath) ?? '/',
      source: fromStaff ? ('staff' as const) : ('tenant' as const),
    };
  }

  async navigationConfig(ctx: StaffCtx) {
    const { moduleOrigin, moduleOriginId, path } = await this.navigationConfigDetail(ctx);
    return { moduleOrigin, moduleOriginId, path };
  }

  async saveDataTypeSorting(ctx: StaffCtx, input: { scene: string; dataTypes: string[] }) {
    const dataTypes = [...new Set(input.dataTypes)];
    await ctx.tx
      .insert(staffDataTypeSorting)
      .values({ tenantId: ctx.staff.tenantId, staffId: ctx.staff.id, scene: input.scene, dataTypes })
      .onConflictDoUpdate({
        target: [staffDataTypeSorting.staffId, staffDataTypeSorting.scene],
        set: { dataTypes, updatedAt: sql`now()` },
      });
    return { scene: input.scene, dataTypes };
  }
}
