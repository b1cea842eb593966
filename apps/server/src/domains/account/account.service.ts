import { ErrorCode, type BodyOf, type account } from '@energy/contracts';
import { eq } from 'drizzle-orm';
import type { UserCtx } from '../../plugins/context.js';
import { AppError } from '../../plugins/errors.js';
import { customerUser } from '../auth/auth.schema.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { SessionService } from '../auth/session.service.js';
import type { Throttle } from '../auth/throttle.js';
import { fileOfTenant } from '../files/files.service.js';
import { profileOf } from './profile.js';

const updated = { updated: true as const };

/** The signed-in person's own settings: passwords, personal information, navigation preference. */
export class AccountService {
  constructor(
    private readonly sessions: SessionService,
    private readonly throttle: Throttle,
  ) {}

  /** Checks a password given to confirm an action; failures count towards a lock-out per person. */
  private async confirm(ctx: UserCtx, password: string, hash: string, message: string) {
    const key = `confirm:${ctx.user.muid}`;
    await this.throttle.assertNotLocked([key], ctx.tx);
    if (!(await verifyPassword(password, hash))) {
      // written after the transaction, which this error rolls back
      ctx.defer(() => this.throttle.recordFailure([key]));
      throw new AppError(ErrorCode.WRONG_PASSWORD, message);
    }
  }

  /** The person's own profile, for the settings pages (no staff needed). */
  async profile(ctx: UserCtx) {
    return profileOf(await this.me(ctx));
  }

  private async me(ctx: UserCtx) {
    const [row] = await ctx.tx.select().from(customerUser).where(eq(customerUser.muid, ctx.user.muid));
    if (!row) throw new AppError(ErrorCode.UNAUTHENTICATED);
    return row;
  }

  async changeLoginPassword(ctx: UserCtx, input: BodyOf<typeof account.changeLoginPassword>) {
    const me = await this.me(ctx);
    await this.confirm(ctx, input.oldPassword, me.passwordHash, 'oldPassword: the current password is incorrect');
    if (input.oldPassword === input.newPassword)
      throw new AppError(ErrorCode.VALIDATION, 'newPassword: must differ from the current password');
    await ctx.tx
      .update(customerUser)
      .set({ passwordHash: await hashPassword(input.newPassword) })
      .where(eq(customerUser.muid, me.muid));
    // Other browsers signed in as this person are signed out; this one stays.
    await this.sessions.endOthers(ctx.tx, me.muid, ctx.user.sessionIdHash);
    // a one-time password (a new tenant's first administrator) is replaced: staff calls work again
    if (me.passwordChangeRequired) await this.sessions.passwordChanged(ctx.tx, me.muid, ctx.user.sessionIdHash);
    return updated;
  }

  async setOperationPassword(ctx: UserCtx, input: BodyOf<typeof account.setOperationPassword>) {
    const me = await this.me(ctx);
    if (me.operationPasswordHash) {
      if (!input.oldOperationPassword)
        throw new AppError(ErrorCode.VALIDATION, 'oldOperationPassword: is required to change the operation password');
      await this.confirm(
        ctx,
        input.oldOperationPassword,
        me.operationPasswordHash,
        'oldOperationPassword: the current operation password is incorrect',
      );
    } else {
      if (!input.loginPassword) throw new AppError(ErrorCode.VALIDATION, 'loginPassword: is required to set the operation password');
      await this.confirm(ctx, input.loginPassword, me.passwordHash, 'loginPassword: the login password is incorrect');
    }
    await ctx.tx
      .update(customerUser)
      .set({ operationPasswordHash: await hashPassword(input.newOperationPassword) })
      .where(eq(customerUser.muid, me.muid));
    return updated;
  }

  async verifyOperationPassword(ctx: UserCtx, input: { operationPassword: string }) {
    const me = await this.me(ctx);
    if (!me.operationPasswordHash) throw new AppError(ErrorCode.VALIDATION, 'operationPassword: no operation password is set yet');
    await this.confirm(ctx, input.operationPassword, me.operationPasswordHash, 'operationPassword: the operation password is incorrect');
    return { verified: true as const };
  }

  async updateInfo(ctx: UserCtx, input: BodyOf<typeof account.updatePersonalInfo>) {
    const me = await this.me(ctx);
    if (input.headPic && input.headPic !== me.headPic) {
      // the picture must be a file the current staff's tenant holds
      const tenantId = ctx.staff?.tenantId;
      const found = tenantId ? await fileOfTenant(ctx.tx, tenantId, input.headPic) : undefined;
      if (!found) throw new AppError(ErrorCode.VALIDATION, 'headPic: no such uploaded file');
    }
    await ctx.tx
      .update(customerUser)
      .set({
        name: input.name,
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
        ...(input.email !== undefined ? { email: input.email || null } : {}),
        ...(input.headPic !== undefined ? { headPic: input.headPic } : {}),
      })
      .where(eq(customerUser.muid, me.muid));
    return updated;
  }

  async setNavigationPreference(ctx: UserCtx, input: { navigationPreference: 1 | 2 | 3 }) {
    await ctx.tx.update(customerUser).set({ navigationPreference: input.navigationPreference }).where(eq(customerUser.muid, ctx.user.muid));
    return { navigationPreference: input.navigationPreference };
  }
}
