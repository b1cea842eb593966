import { zoneOffsetMs } from '../local-time.js';
import { PlanBook, type PlanMeta } from '../plan-book.js';
import { wireToPlan, type WireStrategy } from '../strategy-engine/from-wire.js';
import type { CommandReply, DeviceModel, ModelOptions, Reading, SimDeviceSpec } from '../types.js';
import { siteMembers } from './common.js';
import { ExecutedCommands, executeFcs, once, parseRemote, type FcsRemote } from './remote-control.js';
import { acceptConfig, batteryReport, type BatteryConfig, type BatteryConfigCommand } from './fcs-battery.js';
import { DEFAULT_FIRMWARE, FcsFirmware } from './fcs-firmware.js';

/**
 * The storage station's FCS edge controller. It takes strategies from the platform on its command topic
 * (`devices/{username}/commands/strategy`), checks them, and runs them: the plan goes into the fleet's
 * PlanBook for the PCS it controls (the site's PCS of its unit), from the moment it is accepted, so the
 * PCS, its battery stack and the grid meter follow it. It answers each command on `devices/{username}/ack`
 * with `{deliveryId, accepted, reason?}` (docs/strategies.md), and reports what it runs as telemetry:
 * run_state, mode (1 strategy, 0 its own control), strategy_id and strategy_version.
 *
 * What it refuses: a strategy for another editor version than its firmware runs (spec.strategyVersion),
 * one the engine cannot run (a card without a valid time or a field it needs, overlapping cards), and a
 * field strategy whose last day has passed. A field strategy runs from the start of its first day (or
 * now) to the end of its last day, after which the PCS returns to its own control.
 */

const DAY = 86_400_000;
const VERSION_NAMES = ['', 'CA', 'CB', 'CC', 'CD', 'CE', 'CF'];

/** What the platform sends on `commands/strategy`. */
export interface StrategyCommand {
  deliveryId: number;
  action: 'deliver' | 'stop';
  strategyId?: number;
  revision?: number;
  strategy?: WireStrategy;
}

/** Local midnight of a 'YYYY-MM-DD' day in a zone, epoch ms. */
export function localMidnight(timeZone: string, day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(utc)) return null;
  // the offset at the instant itself, found in two steps (a zone's offset changes at most by the hour)
  return utc - zoneOffsetMs(timeZone, utc - zoneOffsetMs(timeZone, utc));
}

/** The PCS an FCS controls: the site's PCS of its unit (every PCS of the site when it names none). */
export function fcsTargets(fcs: SimDeviceSpec, siteDevices: SimDeviceSpec[]): string[] {
  return siteMembers(fcs, { siteDevices }, 'bsa-pcs', fcs.unit !== undefined).map((pcs) => pcs.username);
}

/**
 * Puts a strategy in force for PCS units in a PlanBook from `at` (epoch ms): the plan from its wire form,
 * and for a field strategy only on its days (from the start of its first day, or `at` if later, to the
 * end of its last day, when the PCS returns to its own control). What the FCS does on an accepted
 * delivery, and what a restarted demo does with the strategies the platform says are executing.
 */
export function applyStrategy(opts: {
  plans: PlanBook;
  pcsUsernames: string[];
  timeZone: string;
  wire: WireStrategy;
  meta: PlanMeta;
  at: number;
}): { ok: true } | { ok: false; reason: string } {
  const converted = wireToPlan(opts.wire);
  if (!converted.ok) return converted;
  let from = opts.at;
  let until: number | null = null;
  if (opts.wire.kind === 'fieldStrategy') {
    const [first, last] = opts.wire.executiveTimes ?? [];
    const start = first ? localMidnight(opts.timeZone, first) : null;
    const end = last ? localMidnight(opts.timeZone, last) : null;
    if (start === null || end === null || end < start) return { ok: false, reason: 'the field strategy has no valid days' };
    until = end + DAY;
    if (until <= opts.at) return { ok: false, reason: `its last day ${last} has passed` };
    from = Math.max(opts.at, start);
  }
  for (const pcs of opts.pcsUsernames) {
    opts.plans.set(pcs, converted.plan, from, opts.meta);
    if (until !== null) opts.plans.set(pcs, null, until);
  }
  return { ok: true };
}

/**
 * The battery container's sensors wired to the FCS: an air-conditioned container holds 24-28 °C (warmer in the
 * afternoon, when the site is hot and the battery works) and 45-60 % humidity; smoke and water stay clear.
 * A container with a failed dehumidifier (`containerFault: 'humidity'`) climbs to 88-95 % at night.
 */
export function containerEnvironment(spec: SimDeviceSpec, t: number) {
  const hour = ((((t + zoneOffsetMs(spec.site.timeZone, t)) % 86_400_000) + 86_400_000) % 86_400_000) / 3_600_000;
  const afternoon = Math.cos(((hour - 15) / 24) * 2 * Math.PI); // 1 at 15:00, -1 at 03:00
  const jitter = ((spec.seed * 31 + Math.floor(t / 300_000)) % 17) / 17 - 0.5; // -0.5..0.5, changes every 5 min
  const humid = spec.containerFault === 'humidity';
  return {
    env_temp: Math.round((26 + 2 * afternoon + 0.4 * jitter) * 10) / 10,
    env_humidity: Math.round(((humid ? 91.5 - 3.5 * afternoon : 52 - 6 * afternoon) + jitter) * 10) / 10,
    smoke: 0,
    water: 0,
  };
}

class FcsModel implements DeviceModel {
  private readonly plans: PlanBook;
  private readonly pcsUsernames: string[];
  private readonly versionName: string;
  /** The battery configuration it accepted last (docs/bsa.md), reported with each step. */
  private battery: BatteryConfig | null = null;
  /** Its firmware: versions reported at connect, updates from `commands/firmware`. */
  private readonly firmware: FcsFirmware;
  /** Remote control (docs/bsa.md, "Remote control"): stopped or running, the mode switched to, each command once. */
  private readonly remote: FcsRemote = { running: true, mode: null, suspended: null };
  private readonly executed = new ExecutedCommands();
  constructor(
    readonly spec: SimDeviceSpec,
    options?: ModelOptions,
  ) {
    this.plans = options?.plans ?? new PlanBook();
    this.pcsUsernames = fcsTargets(spec, options?.siteDevices ?? []);
    this.versionName = VERSION_NAMES[spec.strategyVersion ?? 0] ?? String(spec.strategyVersion);
    this.firmware = new FcsFirmware(spec.firmware ?? DEFAULT_FIRMWARE);
    if (spec.batteryConfig) {
      const held = acceptConfig(spec.batteryConfig as BatteryConfigCommand);
      if (held.ok) this.battery = held.config;
    }
  }

  step(at: Date): Reading {
    const t = at.getTime();
    const entry = this.pcsUsernames.length ? this.plans.entryAt(this.pcsUsernames[0]!, t) : null;
    const running = entry?.plan ? entry : null;
    return {
      ts: t,
      values: {
        run_state: this.remote.running ? 1 : 0,
        mode: this.remote.mode ?? (running ? 1 : 0),
        strategy_id: running?.meta?.strategyId ?? 0,
        strategy_version: running ? (running.meta?.version ?? this.spec.strategyVersion ?? 0) : 0,
        ...containerEnvironment(this.spec, t),
      },
    };
  }

  report(at: Date) {
    return this.battery ? { topic: 'battery' as const, payload: batteryReport(this.battery, at.getTime(), this.spec.seed) } : null;
  }

  /** A battery configuration: accepted (reported from now on) or refused with the reason. */
  private onConfig(payload: Buffer): CommandReply | null {
    let command: BatteryConfigCommand;
    try {
      command = JSON.parse(payload.toString('utf8')) as BatteryConfigCommand;
    } catch {
      return null;
    }
    const publishId = command?.publishId;
    if (typeof publishId !== 'number' || !Number.isInteger(publishId) || publishId <= 0) return null;
    const accepted = acceptConfig(command);
    if (!accepted.ok) return { publishId, accepted: false, reason: accepted.reason };
    this.battery = accepted.config;
    return { publishId, accepted: true };
  }

  /** Its versions at connect, when its configuration names its firmware (the demo's and the tests' FCS). */
  hello() {
    return this.spec.firmware ? this.firmware.hello() : null;
  }

  onCommand(name: string, payload: Buffer, now: number, send?: (message: unknown) => void): CommandReply | null {
    if (name === 'bsa-config') return this.onConfig(payload);
    if (name === 'firmware') {
      // downloads, verifies and installs in the background, reporting each state through send
      if (send) void this.firmware.run(payload, send);
      return null;
    }
    if (name === 'remote') {
      const command = parseRemote(payload);
      if (!command) return null;
      const opts = { plans: this.plans, pcsUsernames: this.pcsUsernames, remote: this.remote };
      return once(this.executed, command, now, (refuse) => executeFcs(opts, command, now, refuse));
    }
    if (name !== 'strategy') return null;
    let command: StrategyCommand;
    try {
      command = JSON.parse(payload.toString('utf8')) as StrategyCommand;
    } catch {
      return null; // no delivery id to answer to
    }
    const deliveryId = command?.deliveryId;
    if (typeof deliveryId !== 'number' || !Number.isInteger(deliveryId) || deliveryId <= 0) return null;
    const reject = (reason: string): CommandReply => ({ deliveryId, accepted: false, reason });
    if (this.pcsUsernames.length === 0) return reject('this FCS controls no PCS');

    if (command.action === 'stop') {
      for (const pcs of this.pcsUsernames) this.plans.set(pcs, null, now);
      return { deliveryId, accepted: true };
    }
    if (command.action !== 'deliver') return reject(`unknown action '${String(command.action)}'`);
    const wire = command.strategy;
    if (!wire || typeof wire !== 'object') return reject('the command carries no strategy');
    if (this.spec.strategyVersion !== undefined && wire.version !== this.spec.strategyVersion) {
      const sent = VERSION_NAMES[wire.version] ?? String(wire.version);
      return reject(`strategy version ${sent} does not match this FCS (${this.versionName})`);
    }
    const applied = applyStrategy({
      plans: this.plans,
      pcsUsernames: this.pcsUsernames,
      timeZone: this.spec.site.timeZone,
      wire,
      meta: { strategyId: command.strategyId ?? 0, revision: command.revision, version: wire.version },
      at: now,
    });
    if (!applied.ok) return reject(applied.reason);
    // a delivered strategy runs: a remote mode switch from before no longer holds
    this.remote.mode = null;
    this.remote.suspended = null;
    return { deliveryId, accepted: true };
  }
}

export const createFcs = (spec: SimDeviceSpec, options?: ModelOptions): DeviceModel => new FcsModel(spec, options);
