import { between, clamp, round } from '../random.js';
import { PlanBook } from '../plan-book.js';
import { pcsFaultAt, type CommandReply, type DeviceModel, type ModelOptions, type Reading, type SimDeviceSpec } from '../types.js';
import { Clock, ageYears, siteMembers, startCounter } from './common.js';
import { ExecutedCommands, executePcs, once, parseRemote } from './remote-control.js';
import { SOC_MAX, SOC_MIN, StorageCore, lfpOpenCircuitVoltage, type StorageState } from './storage-core.js';

/**
 * The PCS and the battery stack under it. Racks, packs and cells rebuild their unit's StorageCore from
 * the PCS spec (same site and unit), so their currents, voltages and temperatures follow the PCS's
 * power and SOC; each adds its own small, seeded offsets, as real cells never quite agree.
 */

const CELLS_PER_PACK = 48;
const PACKS_PER_RACK = 8;
const CELLS_PER_RACK = CELLS_PER_PACK * PACKS_PER_RACK;
const NOMINAL_CELL_V = 3.2;
/** Cell internal resistance, ohm: about 35 mV of sag at 0.5 C on 280 Ah cells. */
const CELL_RESISTANCE = 0.00025;

class PcsModel implements DeviceModel {
  private readonly core: StorageCore;
  private readonly clock: Clock;
  private readonly plans: PlanBook;
  private readonly executed = new ExecutedCommands();
  private eChg: number;
  private eDis: number;
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options?: ModelOptions,
  ) {
    this.plans = options?.plans ?? new PlanBook();
    this.core = new StorageCore(spec, start, { ...options, plans: this.plans });
    this.clock = new Clock(start);
    const cycles = 1.6 * 365 * ageYears(spec.seed, start) * ((SOC_MAX - SOC_MIN) / 100) * this.core.capacity;
    this.eChg = startCounter(spec, options, 'e_chg', cycles / 0.95);
    this.eDis = startCounter(spec, options, 'e_dis', cycles * 0.95);
  }
  step(at: Date): Reading {
    const t = at.getTime();
    const dt = this.clock.advance(t);
    const state = this.core.advance(t);
    this.eChg += Math.max(0, -state.p) * dt;
    this.eDis += Math.max(0, state.p) * dt;
    const idle = state.p === 0;
    const faulted = pcsFaultAt(this.spec.pcsFault, t);
    return {
      ts: t,
      values: {
        p: round(idle ? 0 : state.p),
        soc: round(state.soc, 2),
        soh: round(this.core.stateOfHealth(t), 2),
        e_chg: round(this.eChg),
        e_dis: round(this.eDis),
        status: faulted ? 3 : idle ? 0 : state.p < 0 ? 1 : 2,
      },
    };
  }

  /** Remote commands (docs/bsa.md, "Remote control"): start, stop, set-power, mode; each executed once. */
  onCommand(name: string, payload: Buffer, now: number): CommandReply | null {
    if (name !== 'remote') return null;
    const command = parseRemote(payload);
    if (!command) return null;
    const opts = { plans: this.plans, username: this.spec.username, ratingKw: this.core.rating, fault: this.spec.pcsFault };
    return once(this.executed, command, now, (refuse) => executePcs(opts, command, now, refuse));
  }
}

/** What a battery device needs to know about its unit: the shared core and how the stack is built. */
class StackView {
  readonly core: StorageCore;
  readonly racks: number;
  readonly cellAh: number;
  constructor(spec: SimDeviceSpec, start: number, options?: ModelOptions) {
    const pcsSpecs = siteMembers(spec, options, 'bsa-pcs', spec.unit !== undefined);
    const pcs = pcsSpecs[0] ?? { ...spec, seed: spec.seed ^ 0x5bd1e995 };
    this.core = new StorageCore(pcs, start, options);
    const rackCount = siteMembers(spec, options, 'bsa-rack', spec.unit !== undefined).length;
    this.racks = rackCount || Math.max(1, Math.round(this.core.capacity / ((CELLS_PER_RACK * NOMINAL_CELL_V * 280) / 1000)));
    this.cellAh = (this.core.capacity * 1000) / (this.racks * CELLS_PER_RACK * NOMINAL_CELL_V);
  }
  /** Rack (= cell) current in A, discharge positive, and the cell voltage at a local SOC. */
  electrical(state: StorageState, localSoc: number): { current: number; cellV: number } {
    const rackPower = state.p / this.racks;
    const ocv = lfpOpenCircuitVoltage(localSoc);
    const current = (rackPower * 1000) / (CELLS_PER_RACK * ocv);
    return { current, cellV: ocv - current * CELL_RESISTANCE };
  }
  /** Cells drift apart near empty and full, where the LFP curve is steep. */
  spread(soc: number): number {
    return 0.008 + 0.03 * clamp((15 - soc) / 10, 0, 1) + 0.03 * clamp((soc - 88) / 7, 0, 1);
  }
}

/** What a battery device's values are made of at one step. */
interface BatteryStep {
  state: StorageState;
  /** The device's own SOC: the unit's, with its offset. */
  soc: number;
  current: number;
  cellV: number;
  stack: StackView;
}

/**
 * A rack, pack or cell: the unit's core stepped, the device's SOC offset applied, its values read off.
 * Each device's seeded offsets are drawn once, at construction.
 */
class BatteryModel implements DeviceModel {
  private readonly stack: StackView;
  constructor(
    readonly spec: SimDeviceSpec,
    start: number,
    options: ModelOptions | undefined,
    private readonly socOffset: number,
    private readonly valuesOf: (step: BatteryStep) => Record<string, number>,
  ) {
    this.stack = new StackView(spec, start, options);
  }
  step(at: Date): Reading {
    const t = at.getTime();
    const state = this.stack.core.advance(t);
    const soc = clamp(state.soc + this.socOffset, 0, 100);
    const { current, cellV } = this.stack.electrical(state, soc);
    return { ts: t, values: this.valuesOf({ state, soc, current, cellV, stack: this.stack }) };
  }
}

export const createPcs = (spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel => new PcsModel(spec, start, options);
export function createRack(spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel {
  const hotter = between(2, 3.5, spec.seed, 52);
  const cooler = between(0.5, 2, spec.seed, 53);
  return new BatteryModel(spec, start, options, between(-1.5, 1.5, spec.seed, 51), ({ state, soc, current, cellV }) => ({
    v: round(cellV * CELLS_PER_RACK, 1),
    i: round(current, 2),
    soc: round(soc, 2),
    temp_max: round(state.cellTemp + hotter, 1),
    temp_min: round(state.cellTemp - cooler, 1),
  }));
}

export function createPack(spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel {
  const spreadFactor = between(0.8, 1.3, spec.seed, 62);
  const warmer = between(-0.5, 2, spec.seed, 63);
  return new BatteryModel(spec, start, options, between(-1.5, 1.5, spec.seed, 61), ({ state, soc, cellV, stack }) => {
    const spread = stack.spread(soc) * spreadFactor;
    return {
      v: round(cellV * CELLS_PER_PACK, 2),
      cell_v_max: round(cellV + spread * 0.6, 3),
      cell_v_min: round(cellV - spread * 0.4, 3),
      temp: round(state.cellTemp + warmer, 1),
    };
  });
}

export function createCell(spec: SimDeviceSpec, start: number, options?: ModelOptions): DeviceModel {
  const voltageOffset = between(-0.004, 0.004, spec.seed, 72);
  const warmer = between(-1.5, 2, spec.seed, 73);
  return new BatteryModel(spec, start, options, between(-2, 2, spec.seed, 71), ({ state, cellV }) => ({
    v: round(cellV + voltageOffset, 3),
    temp: round(state.cellTemp + warmer, 1),
  }));
}
