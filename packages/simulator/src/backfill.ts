import { PlanBook } from './plan-book.js';
import { createModel } from './models/index.js';
import type { DeviceModel, ModelOptions, Reading, SimDeviceSpec } from './types.js';

/**
 * History for a set of devices, and the fast-forward that lets a live run continue it. Both step on the
 * same clock-aligned grid (multiples of the step since the epoch), from the same origin, so a fleet
 * started with `startFrom` = a backfill's origin reaches exactly the state the backfill ended in.
 */

export interface BackfillOptions {
  /** When the models start (default `from`): a later backfill or fleet with the same origin and step continues this one exactly. */
  origin?: Date;
  resume?: ModelOptions['resume'];
  /** Strategies the PCSs run (see PlanBook). */
  plans?: ModelOptions['plans'];
}

/** Models for all devices, each told about its site's other devices (grid-meter balance, rack to PCS). */
export function createModels(
  specs: SimDeviceSpec[],
  start: Date,
  resume?: ModelOptions['resume'],
  plans?: ModelOptions['plans'],
): DeviceModel[] {
  const bySite = new Map<string, SimDeviceSpec[]>();
  for (const spec of specs) bySite.set(spec.site.key, [...(bySite.get(spec.site.key) ?? []), spec]);
  // one book for all, so a PCS, its battery, its grid meter and its FCS agree on plans and remote commands
  const book = plans ?? new PlanBook();
  return specs.map((spec) => createModel(spec, start, { siteDevices: bySite.get(spec.site.key), resume, plans: book }));
}

/** Grid times in [from, to]: multiples of stepMs. */
export function* gridTimes(from: number, to: number, stepMs: number): Generator<number> {
  for (let t = Math.ceil(from / stepMs) * stepMs; t <= to; t += stepMs) yield t;
}

/** Steps models over the grid in [from, until), time by time; `each` sees every reading (default: none kept). */
export function fastForward(
  models: DeviceModel[],
  from: number,
  until: number,
  stepMs: number,
  each?: (index: number, reading: Reading) => void,
): void {
  for (const t of gridTimes(from, until - 1, stepMs)) {
    const at = new Date(t);
    models.forEach((model, index) => {
      const reading = model.step(at);
      each?.(index, reading);
    });
  }
}

/**
 * Readings of every device at every grid time in [from, to], time by time. 30 days at 5 minutes for a
 * few dozen devices takes a second or two.
 */
export function* backfill(
  specs: SimDeviceSpec[],
  from: Date,
  to: Date,
  stepSeconds: number,
  options: BackfillOptions = {},
): Generator<{ spec: SimDeviceSpec; reading: Reading }> {
  if (!(stepSeconds > 0)) throw new Error('stepSeconds must be positive');
  const stepMs = Math.round(stepSeconds * 1000);
  const origin = Math.min(options.origin?.getTime() ?? from.getTime(), from.getTime());
  const models = createModels(specs, new Date(origin), options.resume, options.plans);
  fastForward(models, origin, from.getTime(), stepMs);
  for (const t of gridTimes(from.getTime(), to.getTime(), stepMs)) {
    const at = new Date(t);
    for (const model of models) yield { spec: model.spec, reading: model.step(at) };
  }
}
