import { ErrorCode } from '@energy/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { StaffContext, UserContext } from '../../plugins/context.js';
import { AppError } from '../../plugins/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { customerUser, session } from './auth.schema.js';
import { randomToken, sha256 } from './passwords.js';

export const SESSION_COOKIE = 'SESSION';
export const TOKEN_COOKIE = 'jwtToken';
export const TOKEN_HEADER = 'jwttoken';

export interface ResolvedSession {
  user: UserContext;
  /** The current staff when it exists and is enabled. */
  staff: StaffContext | null;
  /** Why there is no usable staff. */
  staffProblem:
    | typeof ErrorCode.STAFF_NOT_SELECTED
    | typeof ErrorCode.STAFF_DISABLED
    | typeof ErrorCode.STAFF_FROZEN
    | typeof ErrorCode.PASSWORD_CHANGE_REQUIRED
    | null;
}

interface Row extends Record<string, unknown> {
  id_hash: string;
  token_hash: string;
  muid: string;
  expires_at: string | Date;
  last_seen_at: string | Date;
  username: string;
  name: string;
  platform_admin: boolean;
  current_staff_id: number | null;
  staff_id: number | null;
  tenant_id: string | null;
  customer_mcid: string | null;
  staff_code: string | null;
  status: number | null;
  role_id: number | null;
  permission_codes: string[] | null;
  auto_sync_codes: string[] | null;
  all_ous: boolean | null;
  side_type: number | null;
  ou_ids: number[] | null;
  channel_ids: string[] | null;
  working_tenant_id: string | null;
  password_change_required: boolean;
  tenant_disabled: boolean;
}

const LAST_SEEN_WRITE_MS = 60_000;

/** Sessions: create on sign-in, resolve on every call (one query), end on sign-out. */
export class SessionService {
  private readonly endedListeners: ((idHash: string) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly catalogue: CatalogueService,
  ) {}

  /**
   * Called with a session's id hash when it ends (sign-out, expiry, a new sign-in, a password change)
   * or switches staff: the push hub closes that session's sockets (docs/realtime.md).
   */
  onEnded(listener: (idHash: string) => void) {
    this.endedListeners.push(listener);
  }

  private ended(idHashes: string[]) {
    for (const idHash of idHashes) for (const listener of this.endedListeners) listener(idHash);
  }

  async create(muid: string, currentStaffId: number | null, ip: string) {
    const id = randomToken();
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.config.sessionMaxDays * 86_400_000);
    await this.db.insert(session).values({ idHash: sha256(id), tokenHash: sha256(token), muid, currentStaffId, ip, expiresAt });
    return { id, token, expiresAt };
  }

  setCookies(reply: FastifyReply, created: { id: string; token: string; expiresAt: Date }) {
    const common = { path: '/', sameSite: 'lax' as const, secure: this.config.secureCookies, expires: created.expiresAt };
    reply.setCookie(SESSION_COOKIE, created.id, { ...common, httpOnly: true });
    reply.setCookie(TOKEN_COOKIE, created.token, { ...common, httpOnly: false });
  }

  clearCookies(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
  }

  async end(idHash: string) {
    await this.db.delete(session).where(eq(session.idHash, idHash));
    this.ended([idHash]);
  }

  /** Ends the person's other sessions (in the request's transaction: row-level security limits it to their own). */
  async endOthers(tx: Db, muid: string, exceptIdHash: string) {
    const rows = await rowsOf<{ id_hash: string }>(
      tx,
      sql`delete from session where muid = ${muid} and id_hash <> ${exceptIdHash} returning id_hash`,
    );
    this.ended(rows.map((r) => r.id_hash));
  }

  /** A switch ends what the session's sockets were signed in as: they close, and the client connects again. */
  async setCurrentStaff(tx: Db, idHash: string, staffId: number | null) {
    await tx.update(session).set({ currentStaffId: staffId, workingTenantId: null }).where(eq(session.idHash, idHash));
    this.ended([idHash]);
  }

  /**
   * A channel staff's working tenant (null: own and every linked tenant); the caller checked that it is
   * the staff's own or a linked tenant. Its sockets close and connect again under the new scope.
   */
  async setWorkingTenant(tx: Db, idHash: string, tenantId: string | null) {
    await tx.update(session).set({ workingTenantId: tenantId }).where(eq(session.idHash, idHash));
    this.ended([idHash]);
  }

  /** A one-time password was replaced (in the request's transaction): this session resolves to its staff again. */
  async passwordChanged(tx: Db, muid: string, idHash: string) {
    await tx.update(customerUser).set({ passwordChangeRequired: false }).where(eq(customerUser.muid, muid));
    this.ended([idHash]);
  }

  /**
   * A tenant was disabled or a channel link changed: sessions whose current staff is in these tenants
   * resolve differently from now on. On the owner connection (other people's sessions), after the change.
   */
  async scopeChanged(tenantIds: string[]) {
    if (!tenantIds.length) return;
    const rows = await rowsOf<{ id_hash: string }>(
      this.db,
      sql`select s.id_hash from session s join staff st on st.id = s.current_staff_id
          where st.tenant_id = any(${sql.param(tenantIds)}::uuid[])`,
    );
    this.ended(rows.map((r) => r.id_hash));
  }

  /**
   * The session of a public call (sign-in, sign-out), if any, by its cookie alone: a logout link
   * cannot send a header, and ending one's own session needs no proof beyond the cookie. Never throws.
   */
  async resolveOptional(req: FastifyRequest): Promise<ResolvedSession | null> {
    try {
      return await this.resolve(req, { cookieOnly: true });
    } catch {
      return null;
    }
  }

  /**
   * The session of a STOMP connection (docs/realtime.md): the SESSION cookie of the WebSocket upgrade
   * and the GT header of CONNECT, checked as the jwtToken header is. Null when either does not match or
   * the session has expired.
   */
  async resolveForSocket(sessionId: string | undefined, token: string | undefined): Promise<ResolvedSession | null> {
    try {
      return await this.check(this.db, sessionId, token, { cookieOnly: false, scope: false, defer: (fn) => void fn() });
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** The signed-in user and current staff, or 401 (no session, wrong or missing jwtToken header, expired). */
  private async resolve(req: FastifyRequest, opts: { cookieOnly: boolean }): Promise<ResolvedSession> {
    return this.resolveWith(this.db, req, { ...opts, scope: false, defer: (fn) => void fn() });
  }

  /**
   * The first statement of a signed-in request's transaction (Database.requestTransaction): it resolves
   * the session and in the same statement scopes the transaction: app.muid, app.tenant_id and
   * app.channel_tenants are set from the session's usable staff, and the role becomes energy_app, so every
   * later query of the request is under row-level security. On PostgreSQL it leaves with BEGIN, in one
   * round trip. 401 at once without a session cookie.
   */
  opening(req: FastifyRequest): SQL {
    return this.openingFor(req.cookies[SESSION_COOKIE], true);
  }

  /** The request's session from the rows of its opening statement (`opening`), checked as any lookup is. */
  async resolveOpened(
    tx: Db,
    rows: Record<string, unknown>[],
    req: FastifyRequest,
    opts: { cookieOnly: boolean; defer: (fn: () => Promise<void>) => void },
  ): Promise<ResolvedSession> {
    const header = req.headers[TOKEN_HEADER];
    return this.checkRow(tx, rows[0] as Row | undefined, typeof header === 'string' ? header : undefined, opts);
  }

  private async resolveWith(
    db: Db,
    req: FastifyRequest,
    opts: { cookieOnly: boolean; scope: boolean; defer: (fn: () => Promise<void>) => void },
  ): Promise<ResolvedSession> {
    const header = req.headers[TOKEN_HEADER];
    return this.check(db, req.cookies[SESSION_COOKIE], typeof header === 'string' ? header : undefined, opts);
  }

  private async check(
    db: Db,
    id: string | undefined,
    token: string | undefined,
    opts: { cookieOnly: boolean; scope: boolean; defer: (fn: () => Promise<void>) => void },
  ): Promise<ResolvedSession> {
    const row = (await rowsOf<Row>(db, this.openingFor(id, opts.scope)))[0];
    return this.checkRow(db, row, token, opts);
  }

  private async checkRow(
    db: Db,
    row: Row | undefined,
    token: string | undefined,
    opts: { cookieOnly: boolean; defer: (fn: () => Promise<void>) => void },
  ): Promise<ResolvedSession> {
    if (!row) throw new AppError(ErrorCode.UNAUTHENTICATED);
    if (!opts.cookieOnly) {
      if (typeof token !== 'string' || token.length > 100 || sha256(token) !== row.token_hash) {
        throw new AppError(ErrorCode.UNAUTHENTICATED, 'Not signed in: the jwtToken header is missing or does not match');
      }
    }
    const now = Date.now();
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (new Date(row.expires_at).getTime() < now || lastSeen + this.config.sessionIdleHours * 3_600_000 < now) {
      // outside the request's transaction, which this error rolls back
      opts.defer(() => this.end(row.id_hash));
      throw new AppError(ErrorCode.SESSION_EXPIRED);
    }
    if (now - lastSeen > LAST_SEEN_WRITE_MS) {
      await db
        .update(session)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(session.idHash, row.id_hash));
    }
    const user: UserContext = {
      sessionIdHash: row.id_hash,
      muid: row.muid,
      username: row.username,
      name: row.name,
      platformAdmin: row.platform_admin && !row.password_change_required,
      passwordChangeRequired: row.password_change_required === true,
    };
    let staff: StaffContext | null = null;
    let staffProblem: ResolvedSession['staffProblem'] = null;
    if (row.password_change_required) staffProblem = ErrorCode.PASSWORD_CHANGE_REQUIRED;
    else if (row.staff_id == null) staffProblem = ErrorCode.STAFF_NOT_SELECTED;
    else if (row.status === 1 || row.tenant_disabled) staffProblem = ErrorCode.STAFF_DISABLED;
    else if (row.status === 2) staffProblem = ErrorCode.STAFF_FROZEN;
    else {
      staff = {
        id: row.staff_id,
        tenantId: row.tenant_id!,
        customerMcid: row.customer_mcid!,
        staffCode: row.staff_code!,
        roleId: row.role_id,
        sideType: row.side_type === 2 ? 2 : 1,
        permissions: this.catalogue.effectivePermissions(row.permission_codes ?? [], row.auto_sync_codes ?? []),
        allOus: row.all_ous === true,
        ouIds: row.ou_ids ?? [],
        channelTenantIds: row.channel_ids ?? [],
        workingTenantId: row.working_tenant_id,
      };
    }
    return { user, staff, staffProblem };
  }

  /** 412 unless the session has a usable current staff. */
  requireUsableStaff(resolved: ResolvedSession): asserts resolved is ResolvedSession & { staff: StaffContext } {
    if (!resolved.staff) throw new AppError(resolved.staffProblem ?? ErrorCode.STAFF_NOT_SELECTED);
  }

  /** One statement: session, person, current staff, role, tenant, OUs, channel links (migration 0002); 401 without a usable cookie. */
  private openingFor(id: string | undefined, scope: boolean): SQL {
    if (!id || id.length > 100) throw new AppError(ErrorCode.UNAUTHENTICATED);
    return sql`select * from app_open_session(${sha256(id)}, ${scope})`;
  }
}
