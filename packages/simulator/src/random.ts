/**
 * Deterministic randomness. Models draw from hashes of (seed, time bucket) rather than from a stream, so
 * a reading depends on the moment it describes and not on how many steps led there: a backfill at
 * 5 minutes and a live run at 5 seconds see the same clouds and the same shifts.
 */

/** A 32-bit integer hash of any number of integers (murmur3-style finaliser). */
export function hashInts(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x01000193);
    h = Math.imul(h ^ Math.floor(part / 4294967296), 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of a string, to turn site keys into seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return hashInts(h);
}

/** Uniform in [0, 1) from integers. */
export function unit(...parts: number[]): number {
  return hashInts(...parts) / 4294967296;
}

/** Uniform in [min, max) from integers. */
export function between(min: number, max: number, ...parts: number[]): number {
  return min + (max - min) * unit(...parts);
}

/** Standard normal from integers (Box-Muller on two hashes). */
export function gaussian(...parts: number[]): number {
  const u = Math.max(unit(...parts, 1), 1e-12);
  const v = unit(...parts, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Smooth noise in [-1, 1] over time: random values at knots `periodMs` apart, joined by a smoothstep,
 * so consecutive readings drift instead of jumping.
 */
export function valueNoise(seed: number, t: number, periodMs: number): number {
  const x = t / periodMs;
  const k = Math.floor(x);
  const f = x - k;
  const s = f * f * (3 - 2 * f);
  const a = unit(seed, k) * 2 - 1;
  const b = unit(seed, k + 1) * 2 - 1;
  return a + (b - a) * s;
}

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Rounds for the wire: readings carry 3 decimals at most, which keeps payloads short. */
export const round = (value: number, digits = 3): number => {
  const f = 10 ** digits;
  // `|| 0` turns -0 into 0, which JSON would print as 0 anyway but tests and comparisons would not.
  return Math.round(value * f) / f || 0;
};
