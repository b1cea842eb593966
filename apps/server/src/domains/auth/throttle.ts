import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { AppError } from '../../plugins/errors.js';

/** Whether a sign-in attempt may have its password checked (counted already), and if not for how long to wait. */
export interface AttemptVerdict {
  allowed: boolean;
  retryAfterMs: number;
  /** This attempt locked the username (written to the audit log). */
  lockedNow: boolean;
}

/** What the person is told at a successful sign-in: attempts at their username since the last one, and a lock. */
export interface SignInNotice {
  failedAttempts: number;
  lockedUntil: Date | null;
}

/**
 * Slows down password guessing. Sign-in attempts are counted BEFORE the password is checked, in one
 * statement that also answers whether this attempt may be checked (migration 0016, app_login_attempt):
 * per address, per address and username (progressive delays) and per username (a lock that does not
 * apply to the owner's own addresses). Operation-password failures (`op:...`) are counted after the
 * check. Kept in the database, so it holds across restarts and server processes (docs/security.md).
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  private lastPrune = 0;

  /**
   * Forgets keys quiet for a day (every address and username tried leaves a row): not locked, and for a
   * username only once its owner has been told. Run by sign-in attempts at most every 10 minutes.
   */
  async prune(nowMs = Date.now()) {
    this.lastPrune = nowMs;
    await this.db.execute(sql`
      delete from login_throttle
      where updated_at < ${nowMs - 86_400_000} and (locked_until is null or locked_until < now())
        and (key not like 'user:%' or since_success = 0)`);
  }

  private get limits() {
    const { maxFailures, addressMaxFailures, accountMaxFailures, accountMinAddresses, delayMs } = this.config.login;
    return {
      pair: maxFailures,
      address: addressMaxFailures ?? maxFailures * 4,
      account: accountMaxFailures ?? maxFailures * 10,
      accountAddresses: accountMinAddresses ?? 3,
      delayMs: delayMs ?? 1000,
    };
  }

  /** Counts a sign-in attempt at `username` from `ip` and says whether its password may be checked. */
  async attempt(username: string, ip: string): Promise<AttemptVerdict> {
    if (Date.now() - this.lastPrune > 600_000) await this.prune();
    const l = this.limits;
    const { windowMinutes, lockMinutes } = this.config.login;
    const [row] = await rowsOf<{ allowed: boolean; retry_after_ms: number; locked_now: boolean }>(
      this.db,
      sql`select * from app_login_attempt(${username}, ${ip}, ${l.pair}::int, ${l.address}::int, ${l.account}::int,
            ${l.accountAddresses}::int, ${windowMinutes}::int, ${l.delayMs}::int, ${lockMinutes}::int)`,
    );
    return { allowed: row!.allowed, retryAfterMs: Number(row!.retry_after_ms), lockedNow: row!.locked_now };
  }

  /** The attempt's password was right: its count is taken back; answers what to tell the person. */
  async succeeded(username: string, ip: string, verdict: AttemptVerdict): Promise<SignInNotice> {
    const [row] = await rowsOf<{ failed_attempts: number; locked_until: string | Date | null }>(
      this.db,
      sql`select * from app_login_succeeded(${username}, ${ip}, ${this.limits.address}::int, ${verdict.lockedNow})`,
    );
    return { failedAttempts: Number(row?.failed_attempts ?? 0), lockedUntil: row?.locked_until ? new Date(row.locked_until) : null };
  }

  /** 429 when a key is locked; `db` may be a request's transaction. */
  async assertNotLocked(keys: string[], db: Db = this.db) {
    const rows = await rowsOf(
      db,
      sql`select 1 from login_throttle where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) and locked_until > now()`,
    );
    if (rows.length) throw new AppError(ErrorCode.TOO_MANY_ATTEMPTS);
  }

  /** `limitOf` gives each key its allowance (an address may carry several people's typos). */
  async recordFailure(keys: string[], limitOf: (key: string) => number = () => this.config.login.maxFailures) {
    const { windowMinutes, lockMinutes } = this.config.login;
    for (const key of keys) {
      await this.db.execute(sql`
        insert into login_throttle (key, failures, window_start, locked_until, updated_at)
        values (${key}, 1, now(), null, ${Date.now()})
        on conflict (key) do update set
          failures = case when login_throttle.window_start < now() - make_interval(mins => ${windowMinutes}) then 1 else login_throttle.failures + 1 end,
          window_start = case when login_throttle.window_start < now() - make_interval(mins => ${windowMinutes}) then now() else login_throttle.window_start end,
          updated_at = excluded.updated_at`);
      await this.db.execute(sql`
        update login_throttle set locked_until = now() + make_interval(mins => ${lockMinutes}), failures = 0, window_start = now()
        where key = ${key} and failures >= ${limitOf(key)}`);
    }
  }
}
