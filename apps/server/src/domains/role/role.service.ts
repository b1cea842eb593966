import { ErrorCode, type BodyOf, type role as contract } from '@energy/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { contains, list, where } from '../../db/list.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, conflict, invalid, notFound } from '../../plugins/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { staff } from '../staff/staff.schema.js';
import { role } from './role.schema.js';

type RoleInput = BodyOf<typeof contract.roleCreate>;
type RoleRow = typeof role.$inferSelect;

/** The tenant's roles: which catalogue codes they grant, which they auto-sync, and whether they see every OU. */
export class RoleService {
  constructor(private readonly catalogue: CatalogueService) {}

  async page(ctx: StaffCtx, input: BodyOf<typeof contract.rolePage>) {
    const roles = list(ctx.tx, {
      query: () => ctx.tx.select().from(role).$dynamic(),
      where: [eq(role.tenantId, ctx.staff.tenantId), ...where(input, { keyword: contains(role.name, role.description) })],
      order: [asc(role.id)],
    });
    return roles.page(input, async (rows) => {
      const counts = await this.staffCounts(
        ctx,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: r.id,
        name: said(ctx, r.name),
        description: said(ctx, r.description),
        allOus: r.allOus,
        staffCount: counts.get(r.id) ?? 0,
        permissionCount: r.permissionCodes.length,
        createdAt: r.createdAt.toISOString(),
      }));
    });
  }

  async list(ctx: StaffCtx) {
    const rows = await ctx.tx
      .select({ id: role.id, name: role.name })
      .from(role)
      .where(eq(role.tenantId, ctx.staff.tenantId))
      .orderBy(asc(role.name));
    return rows.map((r) => ({ ...r, name: said(ctx, r.name) }));
  }

  /** A role of the tenant, or 404 (also for another tenant's role: the same answer on purpose). */
  async find(ctx: StaffCtx, id: number): Promise<RoleRow> {
    const [row] = await ctx.tx
      .select()
      .from(role)
      .where(and(eq(role.id, id), eq(role.tenantId, ctx.staff.tenantId)));
    if (!row) throw notFound(`Role ${id}`);
    return row;
  }

  async detail(ctx: StaffCtx, input: { id: number }) {
    const r = await this.find(ctx, input.id);
    const staffCount = (await this.staffCounts(ctx, [r.id])).get(r.id) ?? 0;
    return {
      id: r.id,
      name: said(ctx, r.name),
      description: said(ctx, r.description),
      allOus: r.allOus,
      permissionCodes: r.permissionCodes,
      autoSyncCodes: r.autoSyncCodes,
      staffCount,
    };
  }

  async create(ctx: StaffCtx, input: RoleInput) {
    const values = await this.checked(ctx, input, null);
    const [row] = await ctx.tx
      .insert(role)
      .values({ tenantId: ctx.staff.tenantId, ...values })
      .returning({ id: role.id });
    return { id: row!.id };
  }

  async update(ctx: StaffCtx, input: RoleInput & { id: number }) {
    const existing = await this.find(ctx, input.id);
    this.assertWithinCaller(ctx, existing);
    const values = await this.checked(ctx, input, existing);
    await ctx.tx
      .update(role)
      .set(values)
      .where(and(eq(role.id, existing.id), eq(role.tenantId, ctx.staff.tenantId)));
    return null;
  }

  async delete(ctx: StaffCtx, input: { id: number }) {
    const r = await this.find(ctx, input.id);
    this.assertWithinCaller(ctx, r);
    const n = (await this.staffCounts(ctx, [r.id])).get(r.id) ?? 0;
    if (n > 0) throw conflict(`The role "${r.name}" is assigned to ${n} staff account(s); give them another role first`);
    await ctx.tx.delete(role).where(and(eq(role.id, r.id), eq(role.tenantId, ctx.staff.tenantId)));
    return null;
  }

  /**
   * Refuses a role the caller could not hold itself: a code it lacks, or every OU when it does not see
   * every OU (403). No one edits or deletes such a role, gives it to a staff, or manages a staff who
   * has it: no one acts on what is more powerful than themselves.
   */
  assertWithinCaller(ctx: StaffCtx, r: RoleRow) {
    // what the role grants: its checked codes and everything under its auto-synced nodes, never frozen ones
    const grants = this.catalogue.effectivePermissions(r.permissionCodes, r.autoSyncCodes);
    const beyond = [...grants].filter((c) => !ctx.staff.permissions.has(c));
    if (beyond.length)
      throw new AppError(ErrorCode.FORBIDDEN, `The role "${r.name}" grants permissions you do not hold: ${listOf(beyond)}`);
    if (r.allOus && !ctx.staff.allOus)
      throw new AppError(ErrorCode.FORBIDDEN, `The role "${r.name}" sees every operating unit, which you do not`);
  }

  /**
   * Checks a role's fields: a unique name, codes of the catalogue (not frozen), auto-sync only on
   * checked, non-customized nodes of levels 0 and 1; and that the caller grants only what it holds.
   * On an edit only what is added is checked against the catalogue's freeze and the caller: a code
   * frozen since it was granted may stay (the permission tree shows it disabled, so it cannot be unticked).
   */
  private async checked(ctx: StaffCtx, input: RoleInput, existing: RoleRow | null) {
    const name = input.name;
    const sameName = and(
      eq(role.tenantId, ctx.staff.tenantId),
      sql`lower(${role.name}) = lower(${name})`,
      existing ? ne(role.id, existing.id) : undefined,
    );
    const [taken] = await ctx.tx.select({ id: role.id }).from(role).where(sameName);
    if (taken) throw conflict(`A role named "${name}" already exists`);

    const had = new Set(existing?.permissionCodes ?? []);
    const hadAutoSync = new Set(existing?.autoSyncCodes ?? []);
    const permissionCodes = [...new Set(input.permissionCodes)];
    const autoSyncCodes = [...new Set(input.autoSyncCodes)];
    const checkedSet = new Set(permissionCodes);
    for (const code of permissionCodes) {
      const p = this.catalogue.get(code);
      if (!p) throw invalid('permissionCodes', `${code} is not in the permission catalogue`);
      if (p.freeze && !had.has(code)) throw invalid('permissionCodes', `${code} is frozen and cannot be granted`);
    }
    for (const code of autoSyncCodes) {
      const p = this.catalogue.get(code);
      if (!p) throw invalid('autoSyncCodes', `${code} is not in the permission catalogue`);
      if (!checkedSet.has(code)) throw invalid('autoSyncCodes', `${code} must also be checked (in permissionCodes)`);
      if (p.level > 1) throw invalid('autoSyncCodes', `${code} is at level ${p.level}; auto-sync is only for levels 0 and 1`);
      if (p.customized) throw invalid('autoSyncCodes', `${code} is customized and cannot be auto-synced`);
    }

    const notHeld = permissionCodes.filter((c) => !had.has(c) && !ctx.staff.permissions.has(c));
    if (notHeld.length) throw new AppError(ErrorCode.FORBIDDEN, `You cannot grant permissions you do not hold: ${listOf(notHeld)}`);
    // an auto-synced node grants what the platform adds later: only a caller whose own role auto-syncs
    // that node (or one above it) will hold those codes too
    const newAutoSync = autoSyncCodes.filter((c) => !hadAutoSync.has(c));
    if (newAutoSync.length) {
      const own = ctx.staff.roleId ? await this.ownAutoSync(ctx, ctx.staff.roleId) : new Set<string>();
      const uncovered = newAutoSync.filter((c) => !this.catalogue.selfAndAncestors(c).some((a) => own.has(a)));
      if (uncovered.length)
        throw new AppError(ErrorCode.FORBIDDEN, `You can auto-sync only nodes your own role auto-syncs: ${listOf(uncovered)}`);
    }
    const allOus = input.allOus ?? existing?.allOus ?? false;
    if (allOus && !existing?.allOus && !ctx.staff.allOus)
      throw new AppError(ErrorCode.FORBIDDEN, 'Only a staff who sees every operating unit may give a role every operating unit');

    return { name, description: input.description ?? existing?.description ?? '', allOus, permissionCodes, autoSyncCodes };
  }

  /** How many staff of the tenant have each role. */
  private async staffCounts(ctx: StaffCtx, roleIds: number[]) {
    if (!roleIds.length) return new Map<number, number>();
    const rows = await ctx.tx
      .select({ roleId: staff.roleId, n: count() })
      .from(staff)
      .where(and(eq(staff.tenantId, ctx.staff.tenantId), inArray(staff.roleId, roleIds)))
      .groupBy(staff.roleId);
    return new Map(rows.map((r) => [r.roleId!, r.n]));
  }

  private async ownAutoSync(ctx: StaffCtx, roleId: number) {
    const [own] = await ctx.tx
      .select({ codes: role.autoSyncCodes })
      .from(role)
      .where(and(eq(role.id, roleId), eq(role.tenantId, ctx.staff.tenantId)));
    return new Set(own?.codes ?? []);
  }
}

/** At most five codes, then how many more. */
function listOf(codes: string[]): string {
  return codes.length > 5 ? `${codes.slice(0, 5).join(', ')} and ${codes.length - 5} more` : codes.join(', ');
}
