import { sql } from 'drizzle-orm';

// The periods circuits' meter bindings are in force (docs/circuits.md, "Energy config"): every query that
// reads a circuit's energy joins its bindings `m` (circuit_meter) to a rollup `r` only where the binding
// is in force at the rollup's bucket, and reads the binding's own counter (`p.key = m.counter`).

/** The binding `m` is in force at the bucket of the rollup `r`: starts_at ≤ bucket < ends_at (null: open). */
export const IN_FORCE = sql.raw(`coalesce(m.starts_at, '-infinity') <= r.bucket and r.bucket < coalesce(m.ends_at, 'infinity')`);

/** The binding `m` is in force now (a circuit's meters as its list and tree show them). */
export const IN_FORCE_NOW = sql.raw(`coalesce(m.starts_at, '-infinity') <= now() and now() < coalesce(m.ends_at, 'infinity')`);

/** The property the binding `m` counts its energy from. */
export const COUNTER = sql.raw('m.counter');
