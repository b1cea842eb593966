import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
export type ScryptParams = typeof PARAMS;

/** scrypt hash as `scrypt$N$r$p$salt$hash` (base64url); the parameters travel in the hash, so verifying needs none. */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** How many passwords were checked against a hash since the process started (tests count scrypt work with it). */
export const passwordChecks = { count: 0 };

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  passwordChecks.count++;
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(expected, actual);
}

/** A hash to compare against when the user does not exist, so timing does not tell. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');
