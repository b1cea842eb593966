import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { AppError } from '../../plugins/errors.js';

/**
 * Slows down password guessing: failures are counted per key (`ip:...`, `user:...`, `op:...`) in a
 * window; at the limit the key is locked for a while (429). Kept in the database, so it holds across
 * restarts and server processes.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

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

  async clear(key: string) {
    await this.db.execute(sql`delete from login_throttle where key = ${key}`);
  }
}
