import { randomBytes, scrypt as scryptCb } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
// Device passwords are 192 random bits, so a low work factor costs an attacker nothing they could use,
// while devices reconnect often: ~1 ms per check instead of ~50 ms for people's passwords.
const PARAMS = { N: 1024, r: 8, p: 1, maxmem: 16 * 1024 * 1024 };
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A platform-made MQTT username: 'd' and 16 lowercase base32 characters (80 random bits). */
export function newDeviceUsername(): string {
  const bytes = randomBytes(16);
  let out = 'd';
  for (let i = 0; i < 16; i++) out += BASE32[bytes[i]! & 31];
  return out;
}

export const newDevicePassword = () => randomBytes(24).toString('base64url');

/** scrypt hash in the format of auth/passwords.ts (`scrypt$N$r$p$salt$hash`), so verifyPassword checks it. */
export async function hashDevicePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** The topics of a device (with the deployment's prefix). */
export function deviceTopics(prefix: string, username: string) {
  const base = `${prefix}devices/${username}`;
  return { telemetry: `${base}/telemetry`, status: `${base}/status`, commands: `${base}/commands/#` };
}
