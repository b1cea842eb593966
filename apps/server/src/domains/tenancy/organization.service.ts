import { randomUUID } from 'node:crypto';
import { orgLevelName, type OrganizationNode } from '@energy/contracts';
import { and, asc, count, eq, max, ne, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql.js';
import { said } from '../../i18n.js';
import type { StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { device } from '../devices/devices.schema.js';
import { ou } from '../ou/ou.schema.js';
import { staff } from '../staff/staff.schema.js';
import { customer, tenant } from './tenancy.schema.js';

type CustomerRow = typeof customer.$inferSelect;

/** Children per node: codes are three digits a level ('001.002'), so they sort as the tree does. */
const MAX_CHILDREN = 999;
const segment = (n: number) => String(n).padStart(3, '0');
const inSubtree = (code: string, root: string) => code === root || code.startsWith(`${root}.`);

/**
 * Administration of the customer organisation tree and its level names. Every change locks the
 * tenant row first, so codes, levels and depth checks always read a tree no one else is changing.
 */
export class OrganizationService {
  private async lockTenant(ctx: StaffCtx) {
    await ctx.tx.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId)).for('update');
  }

  private async customers(ctx: StaffCtx): Promise<CustomerRow[]> {
    return ctx.tx.select().from(customer).where(eq(customer.tenantId, ctx.staff.tenantId)).orderBy(asc(customer.code));
  }

  /** A node of the tenant by mcid, or null. */
  private async find(ctx: StaffCtx, mcid: string): Promise<CustomerRow | null> {
    const [row] = await ctx.tx
      .select()
      .from(customer)
      .where(and(eq(customer.mcid, mcid), eq(customer.tenantId, ctx.staff.tenantId)));
    return row ?? null;
  }

  /** The node a call acts on: 404 when it is not the tenant's. */
  private async target(ctx: StaffCtx, mcid: string): Promise<CustomerRow> {
    const row = await this.find(ctx, mcid);
    if (!row) throw notFound(`Organisation ${mcid}`);
    return row;
  }

  /** The parent a call names: refused when it is not the tenant's. */
  private async parent(ctx: StaffCtx, mcid: string): Promise<CustomerRow> {
    const row = await this.find(ctx, mcid);
    if (!row) throw invalid('body.parentMcid', 'is not an organisation of this tenant');
    return row;
  }

  private async deepestLevel(ctx: StaffCtx): Promise<number> {
    const [row] = await ctx.tx
      .select({ deepest: max(customer.level) })
      .from(customer)
      .where(eq(customer.tenantId, ctx.staff.tenantId));
    return Number(row?.deepest ?? 0);
  }

  /** The level names: as many as stored, and at least as many as the tree uses; unnamed ones get the default names. */
  private async levelNames(ctx: StaffCtx): Promise<string[]> {
    const [row] = await ctx.tx.select({ orgLevels: tenant.orgLevels }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId));
    const stored = row?.orgLevels ?? [];
    const n = Math.max(stored.length, await this.deepestLevel(ctx), 1);
    return Array.from({ length: n }, (_, i) => said(ctx, orgLevelName(stored, i + 1)));
  }

  /** Names are unique among siblings, whatever their case. */
  private async nameFree(ctx: StaffCtx, parent: CustomerRow, name: string, selfMcid?: string) {
    const [taken] = await ctx.tx
      .select({ mcid: customer.mcid })
      .from(customer)
      .where(
        and(
          eq(customer.tenantId, ctx.staff.tenantId),
          eq(customer.parentMcid, parent.mcid),
          sql`lower(${customer.name}) = lower(${name})`,
          ...(selfMcid ? [ne(customer.mcid, selfMcid)] : []),
        ),
      );
    if (taken) throw conflict(`An organisation named "${name}" already exists under "${parent.name}"`);
  }

  /** The next child code under a parent: after its last child, else the first gap. */
  private async nextChildCode(ctx: StaffCtx, parent: CustomerRow): Promise<string> {
    const children = await ctx.tx
      .select({ code: customer.code })
      .from(customer)
      .where(and(eq(customer.tenantId, ctx.staff.tenantId), eq(customer.parentMcid, parent.mcid)));
    const used = new Set(children.map((c) => Number(c.code.split('.').pop())));
    let n = Math.max(0, ...used) + 1;
    if (n > MAX_CHILDREN) n = Array.from({ length: MAX_CHILDREN }, (_, i) => i + 1).find((i) => !used.has(i)) ?? 0;
    if (!n) throw conflict(`"${parent.name}" already has ${MAX_CHILDREN} sub-organisations`);
    return `${parent.code}.${segment(n)}`;
  }

  async tree(ctx: StaffCtx): Promise<OrganizationNode[]> {
    const tenantId = ctx.staff.tenantId;
    const rows = await this.customers(ctx);
    const names = await this.levelNames(ctx);
    const staffCounts = await ctx.tx
      .select({ mcid: staff.customerMcid, n: count() })
      .from(staff)
      .where(eq(staff.tenantId, tenantId))
      .groupBy(staff.customerMcid);
    const ouCounts = await ctx.tx
      .select({ mcid: ou.customerMcid, n: count() })
      .from(ou)
      .where(eq(ou.tenantId, tenantId))
      .groupBy(ou.customerMcid);
    const staffOf = new Map(staffCounts.map((r) => [r.mcid, Number(r.n)]));
    const ousOf = new Map(ouCounts.map((r) => [r.mcid, Number(r.n)]));
    const nodes = new Map<string, OrganizationNode>();
    for (const r of rows)
      nodes.set(r.mcid, {
        mcid: r.mcid,
        parentMcid: r.parentMcid,
        name: r.name,
        code: r.code,
        level: r.level,
        levelName: orgLevelName(names, r.level),
        childCount: 0,
        staffCount: staffOf.get(r.mcid) ?? 0,
        ouCount: ousOf.get(r.mcid) ?? 0,
        children: [],
      });
    const roots: OrganizationNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentMcid ? nodes.get(node.parentMcid) : undefined;
      if (parent) {
        parent.children.push(node);
        parent.childCount++;
      } else roots.push(node);
    }
    return roots;
  }

  async create(ctx: StaffCtx, input: { parentMcid: string; name: string }) {
    await this.lockTenant(ctx);
    const parent = await this.parent(ctx, input.parentMcid);
    const levels = await this.levelNames(ctx);
    const level = parent.level + 1;
    if (level > levels.length)
      throw invalid(
        'body.parentMcid',
        `the tenant has ${levels.length} organisation level(s): an organisation under "${parent.name}" would be at level ${level}`,
      );
    await this.nameFree(ctx, parent, input.name);
    const mcid = randomUUID();
    await ctx.tx.insert(customer).values({
      mcid,
      tenantId: ctx.staff.tenantId,
      parentMcid: parent.mcid,
      name: input.name,
      code: await this.nextChildCode(ctx, parent),
      level,
    });
    return { mcid };
  }

  async rename(ctx: StaffCtx, input: { mcid: string; name: string }) {
    await this.lockTenant(ctx);
    const node = await this.target(ctx, input.mcid);
    if (node.parentMcid) await this.nameFree(ctx, (await this.find(ctx, node.parentMcid))!, input.name, node.mcid);
    await ctx.tx
      .update(customer)
      .set({ name: input.name })
      .where(and(eq(customer.mcid, node.mcid), eq(customer.tenantId, ctx.staff.tenantId)));
    return null;
  }

  /** Moves a node with its subtree under another parent: the subtree's codes and levels follow. */
  async move(ctx: StaffCtx, input: { mcid: string; parentMcid: string }) {
    await this.lockTenant(ctx);
    const node = await this.target(ctx, input.mcid);
    if (!node.parentMcid) throw invalid('body.mcid', 'the root organisation cannot move');
    const parent = await this.parent(ctx, input.parentMcid);
    if (inSubtree(parent.code, node.code))
      throw invalid('body.parentMcid', 'an organisation cannot move into itself or one of its sub-organisations');
    if (parent.mcid === node.parentMcid) return null;
    await this.nameFree(ctx, parent, node.name);
    const subtree = (await this.customers(ctx)).filter((c) => inSubtree(c.code, node.code));
    const shift = parent.level + 1 - node.level;
    const deepest = Math.max(...subtree.map((c) => c.level)) + shift;
    const levels = await this.levelNames(ctx);
    if (deepest > levels.length)
      throw invalid(
        'body.parentMcid',
        `the tenant has ${levels.length} organisation level(s): under "${parent.name}" the organisations of "${node.name}" would reach level ${deepest}`,
      );
    const code = await this.nextChildCode(ctx, parent);
    await ctx.tx
      .update(customer)
      .set({ parentMcid: parent.mcid })
      .where(and(eq(customer.mcid, node.mcid), eq(customer.tenantId, ctx.staff.tenantId)));
    await ctx.tx
      .update(customer)
      .set({
        code: sql`${code} || substr(${customer.code}, ${node.code.length + 1})`,
        level: sql`${customer.level} + ${shift}`,
      })
      .where(
        and(
          eq(customer.tenantId, ctx.staff.tenantId),
          sql`(${customer.code} = ${node.code} or left(${customer.code}, ${node.code.length + 1}) = ${`${node.code}.`})`,
        ),
      );
    return null;
  }

  /** Deletes an empty node; the message says what is left on it. */
  async delete(ctx: StaffCtx, input: { mcid: string }) {
    await this.lockTenant(ctx);
    const node = await this.target(ctx, input.mcid);
    if (!node.parentMcid) throw invalid('body.mcid', 'the root organisation cannot be deleted');
    const tenantId = ctx.staff.tenantId;
    const [left] = await rowsOf<{ children: number; staff: number; ous: number; devices: number }>(
      ctx.tx,
      sql`
        select (select count(*)::int from ${customer} where parent_mcid = ${node.mcid} and tenant_id = ${tenantId}) as "children",
               (select count(*)::int from ${staff} where customer_mcid = ${node.mcid} and tenant_id = ${tenantId}) as "staff",
               (select count(*)::int from ${ou} where customer_mcid = ${node.mcid} and tenant_id = ${tenantId}) as "ous",
               (select count(*)::int from ${device} where customer_mcid = ${node.mcid} and tenant_id = ${tenantId}) as "devices"`,
    );
    const remaining = [
      left!.children ? `${left!.children} sub-organisation(s)` : '',
      left!.staff ? `${left!.staff} staff` : '',
      left!.ous ? `${left!.ous} operating unit(s)` : '',
      left!.devices ? `${left!.devices} device(s)` : '',
    ].filter(Boolean);
    if (remaining.length) throw conflict(`"${node.name}" still has ${remaining.join(', ')}: move or delete them first`);
    await ctx.tx.delete(customer).where(and(eq(customer.mcid, node.mcid), eq(customer.tenantId, tenantId)));
    return null;
  }

  async levels(ctx: StaffCtx) {
    return { levels: await this.levelNames(ctx) };
  }

  /** Replaces the level names; the tree's deepest level must keep a name. */
  async setLevels(ctx: StaffCtx, input: { levels: string[] }) {
    await this.lockTenant(ctx);
    const deepest = await this.deepestLevel(ctx);
    if (input.levels.length < deepest)
      throw invalid('body.levels', `the organisation tree uses ${deepest} levels: at least ${deepest} level names are needed`);
    await ctx.tx.update(tenant).set({ orgLevels: input.levels }).where(eq(tenant.id, ctx.staff.tenantId));
    return { levels: input.levels };
  }
}
