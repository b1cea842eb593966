import { randomUUID } from 'node:crypto';
import type { BodyOf, staff as contract } from '@energy/contracts';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, equals, list, where, type RowOf } from '../../db/list.js';
import { rowsOf } from '../../db/sql.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { customerUser } from '../auth/auth.schema.js';
import { hashPassword } from '../auth/passwords.js';
import type { OuService } from '../ou/ou.service.js';
import { ou } from '../ou/ou.schema.js';
import type { RoleService } from '../role/role.service.js';
import { role } from '../role/role.schema.js';
import { customer } from '../tenancy/tenancy.schema.js';
import { staff, staffOu } from './staff.schema.js';
import { as012 } from './staff.service.js';

type PageInput = BodyOf<typeof contract.staffPage>;
type CreateInput = BodyOf<typeof contract.staffCreate>;
type UpdateInput = BodyOf<typeof contract.staffUpdate>;
type NewUser = Extract<CreateInput['user'], { kind: 'new' }>;

/** The one answer for a username that cannot be given to a new person, whoever has it. */
export const USERNAME_UNUSABLE =
  'This username cannot be used for a new person. Choose another, or, to add someone who already has it, also give their phone or email';

/** A staff with its person, customer and role. */
const selectStaff = (tx: Db) =>
  tx
    .select({ s: staff, username: customerUser.username, name: customerUser.name, customerName: customer.name, roleName: role.name })
    .from(staff)
    .innerJoin(customerUser, eq(customerUser.muid, staff.muid))
    .innerJoin(customer, eq(customer.mcid, staff.customerMcid))
    .leftJoin(role, eq(role.id, staff.roleId))
    .$dynamic();

/**
 * The tenant's staff accounts, administered: list, create (for a person of the tenant or a new one),
 * edit, enable / disable / freeze. A caller manages only staff no more powerful than itself, gives only
 * roles it could hold, and names only OUs it sees.
 */
export class StaffAdminService {
  constructor(
    private readonly ous: OuService,
    private readonly roles: RoleService,
  ) {}

  async page(ctx: StaffCtx, input: PageInput) {
    const membersOf = (ouId: number) =>
      inArray(staff.id, ctx.tx.select({ id: staffOu.staffId }).from(staffOu).where(eq(staffOu.ouId, ouId)));
    const filters = where(input, {
      keyword: contains(staff.staffCode, customerUser.username, customerUser.name),
      status: equals(staff.status),
      roleId: equals(staff.roleId),
      customerMcid: equals(staff.customerMcid),
      ouId: membersOf,
    });
    return this.list(ctx, filters).page(input, (rows) => this.answerRows(ctx, rows));
  }

  async detail(ctx: StaffCtx, input: { id: number }) {
    const row = await this.list(ctx, [eq(staff.id, input.id)]).first((rows) => this.answerRows(ctx, rows));
    if (!row) throw notFound(`Staff ${input.id}`);
    return row;
  }

  async create(ctx: StaffCtx, input: CreateInput) {
    await this.assertCodeFree(ctx, input.staffCode, null);
    await this.assertCustomer(ctx, input.customerMcid);
    this.roles.assertWithinCaller(ctx, await this.roles.find(ctx, input.roleId));
    const ouIds = await this.visibleOuIds(ctx, input.ouIds);
    let muid: string;
    let existingPerson = input.user.kind === 'existing';
    if (input.user.kind === 'existing') {
      muid = await this.personOfTenant(ctx, input.user.muid);
    } else {
      const created = await this.createPerson(ctx, input.user);
      existingPerson = created.existing;
      muid = created.muid;
    }
    if (existingPerson) await this.assertOnePerCustomer(ctx, muid, input.customerMcid, null);
    const [row] = await ctx.tx
      .insert(staff)
      .values({ tenantId: ctx.staff.tenantId, customerMcid: input.customerMcid, muid, staffCode: input.staffCode, roleId: input.roleId })
      .returning({ id: staff.id });
    if (ouIds.length) await ctx.tx.insert(staffOu).values(ouIds.map((ouId) => ({ tenantId: ctx.staff.tenantId, staffId: row!.id, ouId })));
    return { id: row!.id, existingPerson };
  }

  async update(ctx: StaffCtx, input: UpdateInput) {
    const target = await this.manageable(ctx, input.id);
    if (input.staffCode !== target.staffCode) await this.assertCodeFree(ctx, input.staffCode, target.id);
    if (input.customerMcid !== target.customerMcid) {
      await this.assertCustomer(ctx, input.customerMcid);
      await this.assertOnePerCustomer(ctx, target.muid, input.customerMcid, target.id);
    }
    if (input.roleId !== target.roleId) this.roles.assertWithinCaller(ctx, await this.roles.find(ctx, input.roleId));
    const visible = ctx.staff.allOus ? undefined : await this.visibleOuIdSet(ctx);
    const ouIds = await this.visibleOuIds(ctx, input.ouIds, visible);
    await ctx.tx
      .update(staff)
      .set({ staffCode: input.staffCode, customerMcid: input.customerMcid, roleId: input.roleId })
      .where(and(eq(staff.id, target.id), eq(staff.tenantId, ctx.staff.tenantId)));
    // the caller replaces the OUs it sees; the target's other OUs stay
    const mine = eq(staffOu.staffId, target.id);
    if (!visible) await ctx.tx.delete(staffOu).where(mine);
    else if (visible.size) await ctx.tx.delete(staffOu).where(and(mine, inArray(staffOu.ouId, [...visible])));
    if (ouIds.length)
      await ctx.tx.insert(staffOu).values(ouIds.map((ouId) => ({ tenantId: ctx.staff.tenantId, staffId: target.id, ouId })));
    return null;
  }

  /** Enable 0, disable 1, freeze 2: the session function reads the status on each call, so it applies at once. */
  async setStatus(ctx: StaffCtx, input: { id: number; status: 0 | 1 | 2 }) {
    if (input.id === ctx.staff.id) throw conflict('You cannot change the status of your own staff account');
    const target = await this.manageable(ctx, input.id);
    await ctx.tx
      .update(staff)
      .set({ status: input.status })
      .where(and(eq(staff.id, target.id), eq(staff.tenantId, ctx.staff.tenantId)));
    return null;
  }

  /** The staff rows of the list and detail, with their OUs. */
  /** The tenant's staff that match `where`, by code. */
  private list(ctx: StaffCtx, where: SQL[]) {
    return list(ctx.tx, {
      query: () => selectStaff(ctx.tx),
      where: [eq(staff.tenantId, ctx.staff.tenantId), ...where],
      order: [asc(staff.staffCode)],
    });
  }

  /** Answer rows, with each staff's OUs. */
  private async answerRows(ctx: StaffCtx, rows: RowOf<ReturnType<typeof selectStaff>>[]) {
    const ids = rows.map((r) => r.s.id);
    const ouRows = ids.length
      ? await ctx.tx
          .select({ staffId: staffOu.staffId, id: ou.id, name: ou.name })
          .from(staffOu)
          .innerJoin(ou, eq(ou.id, staffOu.ouId))
          .where(and(inArray(staffOu.staffId, ids), eq(ou.tenantId, ctx.staff.tenantId)))
          .orderBy(asc(ou.code))
      : [];
    return rows.map(({ s, username, name, customerName, roleName }) => ({
      id: s.id,
      staffCode: s.staffCode,
      muid: s.muid,
      username,
      name,
      customerMcid: s.customerMcid,
      customerName,
      roleId: s.roleId,
      roleName: said(ctx, roleName) ?? null,
      status: as012(s.status),
      ous: ouRows.filter((o) => o.staffId === s.id).map((o) => ({ id: o.id, name: o.name })),
      createdAt: s.createdAt.toISOString(),
    }));
  }

  /** A staff of the tenant that the caller may manage: its role grants nothing the caller lacks. */
  private async manageable(ctx: StaffCtx, id: number) {
    const [target] = await ctx.tx
      .select()
      .from(staff)
      .where(and(eq(staff.id, id), eq(staff.tenantId, ctx.staff.tenantId)));
    if (!target) throw notFound(`Staff ${id}`);
    if (target.roleId != null) this.roles.assertWithinCaller(ctx, await this.roles.find(ctx, target.roleId));
    return target;
  }

  private async assertCodeFree(ctx: StaffCtx, staffCode: string, exceptId: number | null) {
    const [taken] = await ctx.tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.tenantId, ctx.staff.tenantId), eq(staff.staffCode, staffCode), exceptId ? ne(staff.id, exceptId) : undefined));
    if (taken) throw conflict(`Staff code "${staffCode}" already exists`);
  }

  private async assertCustomer(ctx: StaffCtx, mcid: string) {
    const [found] = await ctx.tx
      .select({ mcid: customer.mcid })
      .from(customer)
      .where(and(eq(customer.mcid, mcid), eq(customer.tenantId, ctx.staff.tenantId)));
    if (!found) throw notFound(`Customer ${mcid}`);
  }

  /** One staff account per person and customer. */
  private async assertOnePerCustomer(ctx: StaffCtx, muid: string, customerMcid: string, exceptId: number | null) {
    const [other] = await ctx.tx
      .select({ staffCode: staff.staffCode })
      .from(staff)
      .where(
        and(
          eq(staff.tenantId, ctx.staff.tenantId),
          eq(staff.muid, muid),
          eq(staff.customerMcid, customerMcid),
          exceptId ? ne(staff.id, exceptId) : undefined,
        ),
      );
    if (other) throw conflict(`This person already has a staff account (${other.staffCode}) in that customer`);
  }

  /** A person who has a staff account in the tenant; anyone else is "not found", whoever they are. */
  private async personOfTenant(ctx: StaffCtx, muid: string) {
    const [found] = await ctx.tx
      .select({ muid: customerUser.muid })
      .from(customerUser)
      .innerJoin(staff, eq(staff.muid, customerUser.muid))
      .where(and(eq(customerUser.muid, muid), eq(staff.tenantId, ctx.staff.tenantId)))
      .limit(1);
    if (!found) throw notFound(`Customer user ${muid}`);
    return found.muid;
  }

  /**
   * A new person: usernames are platform-wide, beyond what the tenant-scoped role energy_app sees, so
   * the check and the insert are one narrow database function (migration 0006). A username that is
   * taken adds that person only when the phone or email given is theirs (migration 0016; they keep
   * their own password); otherwise one answer, whether the username is taken here, elsewhere, or
   * the fact did not match, so administrators do not learn who has an account elsewhere
   * (docs/security.md). The password is hashed first either way: the time does not tell either.
   */
  private async createPerson(ctx: StaffCtx, user: NewUser): Promise<{ muid: string; existing: boolean }> {
    const passwordHash = await hashPassword(user.password);
    const muid = randomUUID();
    const [row] = await rowsOf<{ created: boolean }>(
      ctx.tx,
      sql`select app_create_person(${muid}::uuid, ${user.username}, ${passwordHash}, ${user.name}, ${user.phone || null}, ${user.email || null}) as created`,
    );
    if (row?.created) return { muid, existing: false };
    const [match] = await rowsOf<{ muid: string | null }>(
      ctx.tx,
      sql`select app_person_by_fact(${user.username}, ${user.phone || null}, ${user.email || null}) as muid`,
    );
    if (!match?.muid) throw conflict(USERNAME_UNUSABLE);
    return { muid: match.muid, existing: true };
  }

  private async visibleOuIdSet(ctx: StaffCtx) {
    return new Set((await this.ous.visibleOus(ctx)).map((o) => o.id));
  }

  /** The OUs asked for, each one the caller sees (404 otherwise), without repeats; `visible` when already read. */
  private async visibleOuIds(ctx: StaffCtx, ids: number[], visible?: Set<number>) {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return wanted;
    visible ??= await this.visibleOuIdSet(ctx);
    const unseen = wanted.find((id) => !visible.has(id));
    if (unseen !== undefined) throw notFound(`Operating unit ${unseen}`);
    return wanted;
  }
}
