import { ErrorCode, type BodyOf, type auth } from '@energy/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PublicCtx, UserCtx } from '../../plugins/context.js';
import { AppError } from '../../plugins/errors.js';
import { AuditService } from '../audit/audit.service.js';
import { staff } from '../staff/staff.schema.js';
import { customerUser } from './auth.schema.js';
import { assertJsonBody, assertSameOrigin } from './origin.js';
import { DUMMY_HASH, verifyPassword } from './passwords.js';
import { logoutPageHtml } from './logout-page.js';
import type { SessionService } from './session.service.js';
import type { Throttle } from './throttle.js';

/** Sign-in, sign-out and the auth probe (docs/security.md). */
export class AuthService {
  /** Records of locked usernames, on the owner connection like every audit record. */
  private readonly audit: AuditService;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sessions: SessionService,
    private readonly throttle: Throttle,
  ) {
    this.audit = new AuditService(db);
  }

  /**
   * JSON from this site only. The attempt is counted before the password is checked (one statement
   * that also says whether it may be checked), and an unknown username is checked against a dummy
   * hash: unknown and known usernames get the same answers, in about the same time.
   */
  async login(ctx: PublicCtx, input: BodyOf<typeof auth.login>, { req, reply }: { req: FastifyRequest; reply: FastifyReply }) {
    assertJsonBody(req);
    assertSameOrigin(req, this.config.trustedOrigins);
    const username = input.username.toLowerCase();
    const verdict = await this.throttle.attempt(username, ctx.ip);
    if (!verdict.allowed) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
      throw new AppError(ErrorCode.TOO_MANY_ATTEMPTS);
    }
    const [user] = await this.db.select().from(customerUser).where(eq(customerUser.username, username));
    if (verdict.lockedNow) await this.recordLock(username, user?.muid ?? null, ctx.ip);
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !passwordOk) throw new AppError(ErrorCode.LOGIN_FAILED);
    const notice = await this.throttle.succeeded(username, ctx.ip, verdict);
    const currentStaffId = await this.pickStaff(user.muid, user.lastStaffId);
    if (ctx.user) await this.sessions.end(ctx.user.sessionIdHash);
    const created = await this.sessions.create(user.muid, currentStaffId, ctx.ip);
    this.sessions.setCookies(reply, created);
    return {
      muid: user.muid,
      jwtToken: created.token,
      currentStaffId,
      notice:
        notice.failedAttempts > 0 || notice.lockedUntil
          ? { failedAttempts: notice.failedAttempts, lockedUntil: notice.lockedUntil?.toISOString() ?? null }
          : null,
    };
  }

  /** POST from this site only; a form post (the logout page) goes on to the login page. */
  async logout(ctx: PublicCtx, { req, reply }: { req: FastifyRequest; reply: FastifyReply }) {
    assertSameOrigin(req, this.config.trustedOrigins);
    if (ctx.user) await this.sessions.end(ctx.user.sessionIdHash);
    this.sessions.clearCookies(reply);
    const answer = { code: ErrorCode.OK, data: { signedOut: ctx.user != null }, msg: 'success' };
    // the form of the logout page goes on to the login page: a raw call may answer with the reply itself
    if (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return reply.redirect('/login', 303) as unknown as typeof answer;
    return answer;
  }

  /** The spec's GET link: a page whose button posts the sign-out (no script, so any CSP allows it). */
  logoutPage(reply: FastifyReply) {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(logoutPageHtml);
  }

  /** What `GET /ms-ac/login` needs (ms-ac-login.ts): the origins it may return to, the sign-in page. */
  signInOptions() {
    return { trustedOrigins: this.config.trustedOrigins, webDist: this.config.webDist };
  }

  probe(_ctx: UserCtx) {
    return { authenticated: true as const };
  }

  /** A username locked by attempts from many addresses: in the audit log (the person is told at their next sign-in). */
  private async recordLock(username: string, muid: string | null, ip: string) {
    const { lockMinutes } = this.config.login;
    await this.audit.record({
      tenantId: null,
      muid,
      username,
      staffId: null,
      staffCode: null,
      call: 'LOCK /server/login',
      target: `username=${username.slice(0, 64)} lockMinutes=${lockMinutes}`,
      outcome: 'error',
      code: ErrorCode.TOO_MANY_ATTEMPTS,
      ip,
      durationMs: 0,
    });
  }

  /** The last used staff if still enabled, else the first enabled one, else none (staff selection). */
  private async pickStaff(muid: string, lastStaffId: number | null): Promise<number | null> {
    const usable = await this.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.muid, muid), eq(staff.status, 0)))
      .orderBy(asc(staff.id));
    if (lastStaffId && usable.some((s) => s.id === lastStaffId)) return lastStaffId;
    return usable[0]?.id ?? null;
  }
}
