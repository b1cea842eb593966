import { platform, type BodyOf } from '@energy/contracts';
import { AREAS, areaCode, catalogueRows } from '@energy/contracts/catalogue-codes';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rowsOf } from '../../db/sql.js';
import { langOf } from '../../excel/columns.js';
import { sendExport } from '../../excel/export.js';
import { containing } from '../../db/sql.js';
import type { UserCtx } from '../../plugins/context.js';
import { forbidden, invalid, notFound } from '../../plugins/errors.js';
import { hashPassword } from '../auth/passwords.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { seedTenantNavigation } from '../navigation/default-navigation.js';
import { role } from '../role/role.schema.js';
import { staff } from '../staff/staff.schema.js';
import { channelLink, customer, tenant } from '../tenancy/tenancy.schema.js';
import type { TenancyService } from '../tenancy/tenancy.service.js';
import { CATALOGUE_SHEET, catalogueColumns, LINK_COLUMNS, LINK_SHEET, TENANT_COLUMNS, TENANT_SHEET } from './platform-export.js';

type TenantRow = platform.TenantRow;
type Usage = TenantRow['usage'];
const NO_USAGE: Usage = { staff: 0, devices: 0, stations: 0, ous: 0, fileBytes: 0, lastSignIn: null };
/** Rows already read, as the one batch an export writes. */
async function* once<R>(rows: R[]) {
  yield rows;
}
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** A one-time password: 12 characters of an alphabet without look-alikes, with a digit and a letter of each case. */
function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  for (;;) {
    const bytes = randomBytes(12);
    const p = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    if (/[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p)) return p;
  }
}

/**
 * The platform console (docs/platform-console.md). Every call first refuses anyone but a platform
 * administrator (403). Requests run under row-level security like any other: app_open_session sets
 * app.platform_admin, whose policies open the tenant registry, channel links and roles, nothing else;
 * usage comes from app_platform_usage() as counts. Creating a tenant scopes the transaction to the new
 * tenant while its first rows are written.
 */
export class PlatformService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly tenancy: TenancyService,
  ) {}

  private admin(ctx: UserCtx) {
    if (!ctx.user.platformAdmin) throw forbidden('platform administrator');
  }

  private async usage(ctx: UserCtx): Promise<Map<string, Usage>> {
    const rows = await rowsOf<{
      tenant_id: string;
      staff_count: number;
      device_count: number;
      station_count: number;
      ou_count: number;
      file_bytes: string | number;
      last_sign_in: string | Date | null;
    }>(ctx.tx, sql`select * from app_platform_usage()`);
    return new Map(
      rows.map((r) => [
        r.tenant_id,
        {
          staff: Number(r.staff_count),
          devices: Number(r.device_count),
          stations: Number(r.station_count),
          ous: Number(r.ou_count),
          fileBytes: Number(r.file_bytes),
          lastSignIn: iso(r.last_sign_in),
        },
      ]),
    );
  }

  private toRow(t: typeof tenant.$inferSelect, usage: Usage | undefined): TenantRow {
    return {
      id: t.id,
      code: t.code,
      name: t.name,
      sideType: t.sideType === 2 ? 2 : 1,
      timeZone: t.timeZone,
      platformName: t.platformName,
      status: t.status === 1 ? 1 : 0,
      createdAt: t.createdAt.toISOString(),
      disabledAt: iso(t.disabledAt),
      usage: usage ?? NO_USAGE,
    };
  }

  /** Every tenant the filter finds, with its usage, by name. */
  private async tenants(ctx: UserCtx, input: { keyword?: string; status?: 0 | 1 }): Promise<TenantRow[]> {
    const where: SQL[] = [];
    if (input.keyword) where.push(or(ilike(tenant.name, containing(input.keyword)), ilike(tenant.code, containing(input.keyword)))!);
    if (input.status !== undefined) where.push(eq(tenant.status, input.status));
    const all = await ctx.tx
      .select()
      .from(tenant)
      .where(and(...where))
      .orderBy(asc(tenant.name), asc(tenant.id));
    const usage = await this.usage(ctx);
    return all.map((t) => this.toRow(t, usage.get(t.id)));
  }

  async tenantPage(ctx: UserCtx, input: BodyOf<typeof platform.tenantPage>) {
    this.admin(ctx);
    const all = await this.tenants(ctx, input);
    const offset = (input.pageOffset - 1) * input.pageSize;
    return {
      list: all.slice(offset, offset + input.pageSize),
      totalCount: all.length,
      pageSize: input.pageSize,
      pageOffset: input.pageOffset,
    };
  }

  /** The tenant list as a file: the page's filter, every row (a platform has tens of tenants, not millions). */
  async tenantExport(ctx: UserCtx, input: BodyOf<typeof platform.tenantExport>, http: { req: FastifyRequest; reply: FastifyReply }) {
    this.admin(ctx);
    const rows = await this.tenants(ctx, input);
    return sendExport(http.reply, {
      name: 'tenants',
      sheet: TENANT_SHEET,
      columns: TENANT_COLUMNS,
      lang: langOf(http.req, input.lang),
      timeZone: 'UTC',
      format: input.format,
      batches: once(rows),
    });
  }

  /** The channel links as a file, with the consent recorded for each. */
  async linkExport(ctx: UserCtx, input: BodyOf<typeof platform.channelLinkExport>, http: { req: FastifyRequest; reply: FastifyReply }) {
    const rows = await this.linkList(ctx, input);
    return sendExport(http.reply, {
      name: 'channel-links',
      sheet: LINK_SHEET,
      columns: LINK_COLUMNS,
      lang: langOf(http.req, input.lang),
      timeZone: 'UTC',
      format: input.format,
      batches: once(rows),
    });
  }

  async createTenant(ctx: UserCtx, input: BodyOf<typeof platform.tenantCreate>) {
    this.admin(ctx);
    const [taken] = await ctx.tx
      .select({ id: tenant.id })
      .from(tenant)
      .where(sql`lower(${tenant.code}) = lower(${input.code})`);
    if (taken) throw invalid('body.code', `"${input.code}" is already the code of another tenant`);
    const id = randomUUID();
    await ctx.tx.insert(tenant).values({
      id,
      code: input.code,
      name: input.name,
      sideType: input.sideType,
      timeZone: input.timeZone,
      platformName: input.platformName,
      ...(input.platformSloganName ? { platformSloganName: input.platformSloganName } : {}),
      orgLevels: ['headquarters'],
    });
    // the new tenant's own rows are written as that tenant (its RLS policies apply), then the scope goes back
    await ctx.tx.execute(sql`select set_config('app.tenant_id', ${id}, true)`);
    const mcid = randomUUID();
    await ctx.tx.insert(customer).values({ mcid, tenantId: id, parentMcid: null, name: input.name, code: '001', level: 1 });
    const [adminRole] = await ctx.tx
      .insert(role)
      .values({
        tenantId: id,
        name: 'Tenant administrator',
        description: 'Every page and button, and every OU; grows with the platform (auto-sync).',
        permissionCodes: catalogueRows().map((r) => r.code),
        autoSyncCodes: AREAS.map(areaCode),
        allOus: true,
      })
      .returning({ id: role.id });
    await seedTenantNavigation(ctx.tx, id);
    const password = oneTimePassword();
    const muid = randomUUID();
    const a = input.admin;
    const [made] = await rowsOf<{ ok: boolean }>(
      ctx.tx,
      sql`select app_create_tenant_admin(${muid}::uuid, ${a.username}, ${await hashPassword(password)}, ${a.name},
                                         ${a.phone ?? null}, ${a.email ?? null}) as ok`,
    );
    if (!made?.ok) throw invalid('body.admin.username', `"${a.username}" cannot be used: choose another username`);
    await ctx.tx.insert(staff).values({ tenantId: id, customerMcid: mcid, muid, staffCode: 'ADMIN', status: 0, roleId: adminRole!.id });
    await ctx.tx.execute(sql`select set_config('app.tenant_id', '', true)`);
    return { id, code: input.code, admin: { username: a.username, oneTimePassword: password } };
  }

  async setTenantStatus(ctx: UserCtx, input: BodyOf<typeof platform.tenantStatus>) {
    this.admin(ctx);
    const [row] = await ctx.tx
      .update(tenant)
      .set({ status: input.status, disabledAt: input.status === 1 ? new Date() : null })
      .where(eq(tenant.id, input.id))
      .returning();
    if (!row) throw notFound(`Tenant ${input.id}`);
    // its staff, and the providers operating for it, resolve anew at once
    const providers = await ctx.tx.select({ id: channelLink.tenantId }).from(channelLink).where(eq(channelLink.customerTenantId, input.id));
    this.tenancy.notifyScopeChanged(ctx, [input.id, ...providers.map((p) => p.id)]);
    return this.toRow(row, (await this.usage(ctx)).get(row.id));
  }

  private async links(ctx: UserCtx, where?: SQL) {
    const rows = await rowsOf<{
      provider_tenant_id: string;
      provider_name: string;
      customer_tenant_id: string;
      customer_name: string;
      consent_by: string | null;
      consent_at: string | Date | null;
      consent_reference: string | null;
      created_at: string | Date;
    }>(
      ctx.tx,
      sql`select l.tenant_id as provider_tenant_id, p.name as provider_name, l.customer_tenant_id, c.name as customer_name,
                 l.consent_by, l.consent_at, l.consent_reference, l.created_at
          from channel_link l join tenant p on p.id = l.tenant_id join tenant c on c.id = l.customer_tenant_id
          ${where ? sql`where ${where}` : sql``}
          order by p.name, c.name`,
    );
    return rows.map((r) => ({
      providerTenantId: r.provider_tenant_id,
      providerName: r.provider_name,
      customerTenantId: r.customer_tenant_id,
      customerName: r.customer_name,
      consentBy: r.consent_by,
      consentAt: iso(r.consent_at),
      consentReference: r.consent_reference,
      createdAt: iso(r.created_at)!,
    }));
  }

  async linkList(ctx: UserCtx, input?: { keyword?: string }) {
    this.admin(ctx);
    const k = input?.keyword ? containing(input.keyword) : null;
    return this.links(ctx, k ? sql`(p.name ilike ${k} or c.name ilike ${k})` : undefined);
  }

  async link(ctx: UserCtx, input: BodyOf<typeof platform.channelLinkCreate>) {
    this.admin(ctx);
    if (input.providerTenantId === input.customerTenantId)
      throw invalid('body.customerTenantId', 'must be another tenant than the provider: a tenant cannot operate for itself');
    const [provider] = await ctx.tx.select().from(tenant).where(eq(tenant.id, input.providerTenantId));
    if (!provider) throw invalid('body.providerTenantId', 'is not a tenant of the platform');
    if (provider.sideType !== 2) throw invalid('body.providerTenantId', `${provider.name} is not a service provider (side type 2)`);
    const [cust] = await ctx.tx.select().from(tenant).where(eq(tenant.id, input.customerTenantId));
    if (!cust) throw invalid('body.customerTenantId', 'is not a tenant of the platform');
    const [existing] = await ctx.tx
      .select({ at: channelLink.createdAt })
      .from(channelLink)
      .where(and(eq(channelLink.tenantId, provider.id), eq(channelLink.customerTenantId, cust.id)));
    if (existing) throw invalid('body.customerTenantId', `${cust.name} is already linked to ${provider.name}`);
    await ctx.tx.insert(channelLink).values({
      tenantId: provider.id,
      customerTenantId: cust.id,
      consentBy: input.consentBy,
      consentAt: new Date(`${input.consentAt}T00:00:00Z`),
      consentReference: input.consentReference || null,
    });
    this.tenancy.notifyScopeChanged(ctx, [provider.id]);
    return (await this.links(ctx, sql`l.tenant_id = ${provider.id} and l.customer_tenant_id = ${cust.id}`))[0]!;
  }

  async unlink(ctx: UserCtx, input: BodyOf<typeof platform.channelLinkDelete>) {
    this.admin(ctx);
    const gone = await ctx.tx
      .delete(channelLink)
      .where(and(eq(channelLink.tenantId, input.providerTenantId), eq(channelLink.customerTenantId, input.customerTenantId)))
      .returning({ id: channelLink.tenantId });
    if (!gone.length) throw notFound('Channel link');
    this.tenancy.notifyScopeChanged(ctx, [input.providerTenantId]);
    return { removed: true as const };
  }

  /** The catalogue (menu pages, buttons, integrated apps) and, per tenant, how many of its roles grant each code. */
  async catalogueGrants(ctx: UserCtx) {
    this.admin(ctx);
    const tenants = await ctx.tx.select({ id: tenant.id, name: tenant.name }).from(tenant).orderBy(asc(tenant.name), asc(tenant.id));
    const roles = await ctx.tx.select({ tenantId: role.tenantId, codes: role.permissionCodes, auto: role.autoSyncCodes }).from(role);
    const grants = tenants.map((t) =>
      roles.filter((r) => r.tenantId === t.id).map((r) => this.catalogue.effectivePermissions(r.codes ?? [], r.auto ?? [])),
    );
    return {
      tenants: tenants.map((t, i) => ({ ...t, roles: grants[i]!.length })),
      rows: catalogueRows().map((r) => ({
        code: r.code,
        name: r.name,
        type: r.integratedAppId != null ? ('ia' as const) : r.type,
        parentCode: r.parentCode,
        grantedBy: grants.map((sets) => sets.filter((s) => s.has(r.code)).length),
      })),
    };
  }

  /** The catalogue and its grants as a file: the page's filter, a column per tenant. */
  async catalogueExport(ctx: UserCtx, input: BodyOf<typeof platform.catalogueExport>, http: { req: FastifyRequest; reply: FastifyReply }) {
    const { tenants, rows } = await this.catalogueGrants(ctx);
    return sendExport(http.reply, {
      name: 'permission-catalogue',
      sheet: CATALOGUE_SHEET,
      columns: catalogueColumns(tenants),
      lang: langOf(http.req, input.lang),
      timeZone: 'UTC',
      format: input.format,
      batches: once(rows.filter((r) => platform.catalogueMatches(r, input))),
    });
  }
}
