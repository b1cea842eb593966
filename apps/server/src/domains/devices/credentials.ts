import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.js';

// Device passwords are 192 random bits, so a low work factor costs an attacker nothing they could use,
// while devices reconnect often: ~1 ms per check instead of ~50 ms for people's passwords.
const PARAMS = { N: 1024, r: 8, p: 1, maxmem: 16 * 1024 * 1024 };
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A platform-made MQTT username: 'd' and 16 lowercase base32 characters (80 random bits). */
function newDeviceUsername(): string {
  const bytes = randomBytes(16);
  let out = 'd';
  for (let i = 0; i < 16; i++) out += BASE32[bytes[i]! & 31];
  return out;
}

const newDevicePassword = () => randomBytes(24).toString('base64url');

/**
 * New credentials for a device: its username kept once made, a new password (shown once) and its hash
 * in the format of auth/passwords.ts, so verifyPassword checks it.
 */
export async function newCredentials(existingUsername: string | null) {
  const username = existingUsername ?? newDeviceUsername();
  const password = newDevicePassword();
  return { username, password, passwordHash: await hashPassword(password, PARAMS) };
}

/** The topics of a device (with the deployment's prefix). */
export function deviceTopics(prefix: string, username: string) {
  const base = `${prefix}devices/${username}`;
  return { telemetry: `${base}/telemetry`, status: `${base}/status`, commands: `${base}/commands/#` };
}
