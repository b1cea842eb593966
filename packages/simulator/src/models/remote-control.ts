import type { PlanBook, PlanEntry, RemoteState } from '../plan-book.js';
import { pcsFaultAt, type CommandReply, type PcsFault } from '../types.js';

/**
 * Remote commands to a storage PCS or FCS (docs/bsa.md, "Remote control"): `devices/{username}/commands/remote`
 * carries `{commandLogId, requestId, action, value, expiresAt}`; the device answers `{commandLogId, accepted,
 * reason?}` on its ack topic. A command is executed once: the same commandLogId (a re-sent QoS 1 message)
 * or requestId again answers the first answer without executing anything. A command past its `expiresAt`
 * (the platform has logged it as timed out) is refused, never executed late.
 */

export interface RemoteCommand {
  commandLogId: number;
  requestId?: string;
  action: string;
  value?: number | null;
  expiresAt?: string;
}

const DEFAULT: RemoteState = { running: true, mode: 'auto', setpointKw: 0 };
const MEMORY = 500;

/** Remembers the answers of executed commands, by commandLogId and requestId. */
export class ExecutedCommands {
  private readonly answers = new Map<string, CommandReply>();
  get(command: RemoteCommand): CommandReply | undefined {
    return this.answers.get(`l${command.commandLogId}`) ?? (command.requestId ? this.answers.get(`r${command.requestId}`) : undefined);
  }
  remember(command: RemoteCommand, reply: CommandReply) {
    this.answers.set(`l${command.commandLogId}`, reply);
    if (command.requestId) this.answers.set(`r${command.requestId}`, reply);
    while (this.answers.size > MEMORY * 2) this.answers.delete(this.answers.keys().next().value!);
  }
}

/** Parses a remote command, or null when it carries no usable commandLogId (nothing to answer to). */
export function parseRemote(payload: Buffer): RemoteCommand | null {
  let command: RemoteCommand;
  try {
    command = JSON.parse(payload.toString('utf8')) as RemoteCommand;
  } catch {
    return null;
  }
  const id = command?.commandLogId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? command : null;
}

/** Runs `execute` once per command: a repeat answers the first answer; an expired command is refused. */
export function once(
  executed: ExecutedCommands,
  command: RemoteCommand,
  now: number,
  execute: (refuse: (reason: string) => CommandReply) => CommandReply,
): CommandReply {
  const earlier = executed.get(command);
  if (earlier) return earlier;
  const refuse = (reason: string): CommandReply => ({ commandLogId: command.commandLogId, accepted: false, reason });
  const expires = command.expiresAt ? Date.parse(command.expiresAt) : NaN;
  const reply = Number.isFinite(expires) && now > expires ? refuse(`expired at ${command.expiresAt}: not executed`) : execute(refuse);
  executed.remember(command, reply);
  return reply;
}

/** A PCS's remote commands: start, stop, set-power (kW, within ± its rating), mode (0 auto, 1 manual). */
export function executePcs(
  opts: { plans: PlanBook; username: string; ratingKw: number; fault: PcsFault | undefined },
  command: RemoteCommand,
  now: number,
  refuse: (reason: string) => CommandReply,
): CommandReply {
  const state = { ...(opts.plans.remoteAt(opts.username, now) ?? DEFAULT) };
  const faulted = pcsFaultAt(opts.fault, now) ? opts.fault!.reason : null;
  const value = command.value;
  switch (command.action) {
    case 'stop':
      state.running = false;
      break;
    case 'start':
      if (faulted) return refuse(`PCS in fault: ${faulted}; clear the fault on site before starting`);
      state.running = true;
      break;
    case 'set-power':
      if (faulted) return refuse(`PCS in fault: ${faulted}`);
      if (!state.running) return refuse('the PCS is stopped: start it before setting its power');
      if (typeof value !== 'number' || !Number.isFinite(value)) return refuse('set-power needs a value in kW');
      if (Math.abs(value) > opts.ratingKw) return refuse(`${value} kW is beyond the PCS rating of ${opts.ratingKw} kW`);
      state.mode = 'manual';
      state.setpointKw = value;
      break;
    case 'mode':
      if (value !== 0 && value !== 1) return refuse(`unknown PCS mode ${String(value)}: 0 auto, 1 manual`);
      state.mode = value === 0 ? 'auto' : 'manual';
      break;
    default:
      return refuse(`a PCS does not execute '${command.action}'`);
  }
  opts.plans.setRemote(opts.username, state, now);
  return { commandLogId: command.commandLogId, accepted: true };
}

/** What an FCS keeps of remote control: stopped or running, its mode, the strategy it suspended. */
export interface FcsRemote {
  running: boolean;
  /** 0 manual, 1 strategy, 2 remote command (its `mode` property); null: as its strategy says. */
  mode: number | null;
  suspended: PlanEntry | null;
}

/**
 * An FCS's remote commands: stop (its PCS stand by at 0 kW), start (they resume), mode 1 strategy (the
 * strategy it suspended runs again; refused without one), 0 manual or 2 remote command (its strategy is
 * suspended: the PCS follow their own control or remote set-power).
 */
export function executeFcs(
  opts: { plans: PlanBook; pcsUsernames: string[]; remote: FcsRemote },
  command: RemoteCommand,
  now: number,
  refuse: (reason: string) => CommandReply,
): CommandReply {
  const { plans, pcsUsernames, remote } = opts;
  if (pcsUsernames.length === 0) return refuse('this FCS controls no PCS');
  const setRunning = (running: boolean) => {
    for (const pcs of pcsUsernames) plans.setRemote(pcs, { ...(plans.remoteAt(pcs, now) ?? DEFAULT), running }, now);
    remote.running = running;
  };
  switch (command.action) {
    case 'stop':
      setRunning(false);
      break;
    case 'start':
      setRunning(true);
      break;
    case 'mode': {
      const value = command.value;
      if (value !== 0 && value !== 1 && value !== 2)
        return refuse(`unknown FCS mode ${String(value)}: 0 manual, 1 strategy, 2 remote command`);
      const current = plans.entryAt(pcsUsernames[0]!, now);
      if (value === 1) {
        const plan = current?.plan ? current : remote.suspended;
        if (!plan?.plan) return refuse('no strategy to run: deliver one first');
        for (const pcs of pcsUsernames) plans.set(pcs, plan.plan, now, plan.meta);
        remote.suspended = null;
      } else {
        if (current?.plan) remote.suspended = current;
        for (const pcs of pcsUsernames) plans.set(pcs, null, now);
      }
      remote.mode = value;
      break;
    }
    default:
      return refuse(`an FCS does not execute '${command.action}'`);
  }
  return { commandLogId: command.commandLogId, accepted: true };
}
