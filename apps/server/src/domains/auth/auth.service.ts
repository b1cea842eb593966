import { ErrorCode, type BodyOf, type auth } from '@energy/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PublicCtx, UserCtx } from '../../plugins/context.js';
import { AppError } from '../../plugins/errors.js';
import { staff } from '../staff/staff.schema.js';
import { customerUser } from './auth.schema.js';
import { DUMMY_HASH, verifyPassword } from './passwords.js';
import type { SessionService } from './session.service.js';
import type { Throttle } from './throttle.js';

/** Sign-in, sign-out and the auth probe. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sessions: SessionService,
    private readonly throttle: Throttle,
  ) {}

  async login(ctx: PublicCtx, input: BodyOf<typeof auth.login>, reply: FastifyReply) {
    const username = input.username.toLowerCase();
    const keys = [`ip:${ctx.ip}`, `user:${username}`];
    await this.throttle.assertNotLocked(keys);
    const [user] = await this.db.select().from(customerUser).where(eq(customerUser.username, username));
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !passwordOk) {
      await this.throttle.recordFailure(keys, (key) =>
        key.startsWith('ip:') ? this.config.login.maxFailures * 4 : this.config.login.maxFailures,
      );
      throw new AppError(ErrorCode.LOGIN_FAILED);
    }
    await this.throttle.clear(`user:${username}`);
    const currentStaffId = await this.pickStaff(user.muid, user.lastStaffId);
    if (ctx.user) await this.sessions.end(ctx.user.sessionIdHash);
    const created = await this.sessions.create(user.muid, currentStaffId, ctx.ip);
    this.sessions.setCookies(reply, created);
    return { muid: user.muid, jwtToken: created.token, currentStaffId };
  }

  async logout(ctx: PublicCtx, reply: FastifyReply) {
    if (ctx.user) await this.sessions.end(ctx.user.sessionIdHash);
    this.sessions.clearCookies(reply);
    return { signedOut: ctx.user != null };
  }

  probe(_ctx: UserCtx) {
    return { authenticated: true as const };
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
