import type { EnginePlan } from './strategy-engine/types.js';

/**
 * Which strategy each simulated PCS runs, and since when. One book is shared by every model of a fleet or
 * backfill (pass it as `plans`), so the PCS, its racks, packs and cells and the grid meter's copy of the
 * PCS all switch plans at the same instant and stay in agreement. Keyed by the PCS's MQTT username.
 * Entries are kept with their start time because a model created later (a restarted fleet warms up over
 * the two days before its start) must see the plan that was in force then.
 */

const MAX_ENTRIES = 100;

/** What a plan is, for whoever reports it (the FCS's strategy_id and strategy_version): optional. */
export interface PlanMeta {
  strategyId: number;
  /** Content revision of the strategy. */
  revision?: number;
  /** Strategy editor version 1..6 (CA..CF). */
  version?: number;
}

export interface PlanEntry {
  from: number;
  plan: EnginePlan | null;
  meta?: PlanMeta;
}

/**
 * What remote commands (docs/bsa.md, "Remote control") left a PCS in: `running` false after a stop (0 kW);
 * `mode` auto follows the strategy or the built-in schedule, manual holds `setpointKw` (discharge positive).
 */
export interface RemoteState {
  running: boolean;
  mode: 'auto' | 'manual';
  setpointKw: number;
}

export class PlanBook {
  private readonly entries = new Map<string, PlanEntry[]>();
  private readonly remote = new Map<string, { from: number; state: RemoteState }[]>();

  /** From `from` (epoch ms) on, the PCS is in this remote state (the PCS, its battery and the grid meter all read it). */
  setRemote(pcsUsername: string, state: RemoteState, from: number = Date.now()): void {
    const list = (this.remote.get(pcsUsername) ?? []).filter((entry) => entry.from < from);
    list.push({ from, state: { ...state } });
    if (list.length > MAX_ENTRIES) list.splice(0, list.length - MAX_ENTRIES);
    this.remote.set(pcsUsername, list);
  }

  /** The PCS's remote state at epoch ms t, or null (never commanded: running, auto). */
  remoteAt(pcsUsername: string, t: number): RemoteState | null {
    const list = this.remote.get(pcsUsername);
    if (!list) return null;
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.from <= t) return list[i]!.state;
    return null;
  }

  /**
   * From `from` (epoch ms, default now) on, the PCS runs `plan`; null returns it to its built-in daily
   * schedule. Entries of that PCS starting at or after `from` are replaced. `meta` names the plan.
   */
  set(pcsUsername: string, plan: EnginePlan | null, from: number = Date.now(), meta?: PlanMeta): void {
    const list = (this.entries.get(pcsUsername) ?? []).filter((entry) => entry.from < from);
    list.push(meta && plan ? { from, plan, meta } : { from, plan });
    if (list.length > MAX_ENTRIES) list.splice(0, list.length - MAX_ENTRIES);
    this.entries.set(pcsUsername, list);
  }

  /** The plan in force for the PCS at epoch ms t, or null (built-in schedule). */
  at(pcsUsername: string, t: number): EnginePlan | null {
    return this.entryAt(pcsUsername, t)?.plan ?? null;
  }

  /** The entry in force for the PCS at epoch ms t (plan, since when, and its meta), or null. */
  entryAt(pcsUsername: string, t: number): PlanEntry | null {
    const list = this.entries.get(pcsUsername);
    if (!list) return null;
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.from <= t) return list[i]!;
    return null;
  }
}
