import { LFP_OCV, socAtVoltage } from './ocv.js';
import type {
  ChargeSection,
  DayPoint,
  DayResult,
  DischargeSection,
  EnginePlan,
  EngineProtection,
  EngineSection,
  EngineState,
  EngineStation,
  SeriesPoint,
  SmartSection,
  StepInput,
  StepResult,
} from './types.js';

/**
 * The strategy execution engine: one pure step function (what an FCS does with the PCS over one step)
 * and a day runner for backtests. See README.md for the semantics; every number is in kW, kWh, % or
 * minutes, battery power + discharge / − charge, grid power + import.
 */

/** SOC window the BMS holds when the strategy leaves protection to it (the simulator's BMS uses the same). */
export const BMS_SOC_MIN = 5;
export const BMS_SOC_MAX = 95;
export const DEFAULT_EFFICIENCY = 0.95;
/** The FCS's control period for PI control, seconds: the PI runs this often inside each step. */
export const CONTROL_TICK_S = 1;
/** Demand is the mean grid import over windows of this many minutes. */
export const DEMAND_WINDOW_MIN = 15;

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

function checkStation(station: EngineStation): void {
  const efficiency = station.efficiency ?? DEFAULT_EFFICIENCY;
  if (!(station.capacityKwh > 0)) throw new Error('station capacityKwh must be positive');
  if (!(station.pcsRatedKw >= 0)) throw new Error('station pcsRatedKw must be zero or more');
  if (!(efficiency > 0 && efficiency <= 1)) throw new Error('station efficiency must be in (0, 1]');
}

/** The SOC window a protection allows, %. */
export function socLimits(protection: EngineProtection, station: Pick<EngineStation, 'ocv'>): { minPct: number; maxPct: number } {
  switch (protection.kind) {
    case 'dod':
      return { minPct: clamp(protection.minPct, 0, 100), maxPct: clamp(protection.maxPct, 0, 100) };
    case 'cell-voltage': {
      const curve = station.ocv ?? LFP_OCV;
      return { minPct: socAtVoltage(protection.minV, curve), maxPct: socAtVoltage(protection.maxV, curve) };
    }
    case 'bms':
      return { minPct: BMS_SOC_MIN, maxPct: BMS_SOC_MAX };
  }
}

/** Index of the card running at a minute of the day, or null when no card covers it. */
export function sectionAt(plan: EnginePlan, minuteOfDay: number): number | null {
  const m = ((minuteOfDay % 1440) + 1440) % 1440;
  const index = plan.sections.findIndex((section) => m >= section.startMin && m < section.endMin);
  return index < 0 ? null : index;
}

export function initialState(station: Pick<EngineStation, 'initialSocPct'>): EngineState {
  return {
    socPct: clamp(station.initialSocPct, 0, 100),
    sectionIndex: null,
    piIntegralKw: 0,
    piOutputKw: 0,
    dischargeOn: false,
    chargeStopped: false,
    consuming: false,
  };
}

/** Fresh controller memory for a card: immediate discharge starts on, every other latch off. */
function enterSection(state: EngineState, index: number | null, section: EngineSection | undefined): EngineState {
  return {
    socPct: state.socPct,
    sectionIndex: index,
    piIntegralKw: 0,
    piOutputKw: 0,
    dischargeOn: section?.type === 'discharge' && section.mode.kind === 'immediate',
    chargeStopped: false,
    consuming: false,
  };
}

/** What a card decides, before the SOC and PCS bounds of the step. */
interface Want {
  kw: number;
  note: string;
}

interface Context {
  station: EngineStation;
  /** Grid import without the battery: load − PV. */
  gridBefore: number;
  minute: number;
  dtMin: number;
  /** AC energy the battery can still give before its floor, kWh. */
  dischargeRoomKwh: number;
  /** Highest discharge and charge power the SOC allows over this step (at most the PCS rating), kW. */
  maxDischarge: number;
  maxCharge: number;
}

function decideCharge(section: ChargeSection, state: EngineState, ctx: Context): Want {
  const power = clamp(section.pcsPowerKw, 0, ctx.station.pcsRatedKw);
  const protect = section.loadProtect;
  if (protect) {
    // Compared with the import the site would have while charging at the card's power: no chatter when recover < stop.
    const withCharging = ctx.gridBefore + power;
    if (state.chargeStopped) {
      if (withCharging < protect.recoverKw) state.chargeStopped = false;
    } else if (withCharging > protect.stopKw) state.chargeStopped = true;
    if (state.chargeStopped) return { kw: 0, note: 'charge: load protection stop' };
  }
  return { kw: -power, note: 'charge' };
}

/**
 * PI control of grid import toward a target, run every CONTROL_TICK_S through the step with the step's
 * load held. Output 0..upper (discharge only); the integrator is clamped to the same range (anti-windup).
 * Returns the mean output over the step.
 */
function runPi(state: EngineState, target: number, kp: number, ki: number, upper: number, ctx: Context): number {
  const ticks = ctx.dtMin > 0 ? Math.max(1, Math.round((ctx.dtMin * 60) / CONTROL_TICK_S)) : 0;
  if (ticks === 0) return clamp(state.piOutputKw, 0, upper);
  const tickS = (ctx.dtMin * 60) / ticks;
  let output = clamp(state.piOutputKw, 0, upper);
  let integral = clamp(state.piIntegralKw, 0, upper);
  let sum = 0;
  for (let k = 0; k < ticks; k++) {
    // The meter sees the load minus what the battery gave at the previous tick.
    const error = ctx.gridBefore - output - target;
    integral = clamp(integral + ki * error * tickS, 0, upper);
    output = clamp(kp * error + integral, 0, upper);
    sum += output;
  }
  state.piIntegralKw = integral;
  state.piOutputKw = output;
  return sum / ticks;
}

function decideDischarge(section: DischargeSection, state: EngineState, ctx: Context): Want {
  const { gridBefore } = ctx;
  // Anti-backflow: never more than the site takes, so the battery never exports.
  const upper = Math.max(0, Math.min(section.powerKw, ctx.station.pcsRatedKw, ctx.maxDischarge, gridBefore));
  const mode = section.mode;
  let kw = 0;
  let note: string;
  switch (mode.kind) {
    case 'threshold':
      if (state.dischargeOn) {
        if (gridBefore <= mode.stopKw) state.dischargeOn = false;
      } else if (gridBefore >= mode.triggerKw) state.dischargeOn = true;
      kw = state.dischargeOn ? upper : 0;
      note = state.dischargeOn ? 'discharge: load above trigger' : 'discharge: load below trigger';
      break;
    case 'immediate':
      if (state.dischargeOn) {
        if (gridBefore < mode.stopKw) state.dischargeOn = false;
      } else if (gridBefore > mode.recoverKw) state.dischargeOn = true;
      kw = state.dischargeOn ? upper : 0;
      note = state.dischargeOn ? 'discharge: immediate' : 'discharge: paused below stop load';
      break;
    case 'demand':
      kw = runPi(state, mode.targetDemandKw, mode.kp, mode.ki, upper, ctx);
      note = 'discharge: demand PI';
      break;
    case 'load-rate': {
      const kva = mode.transformerKva ?? ctx.station.transformerKva;
      if (!(kva !== undefined && kva > 0)) {
        note = 'discharge: no transformer capacity for load-rate control';
        break;
      }
      kw = runPi(state, (mode.targetRatePct / 100) * kva, mode.kp, mode.ki, upper, ctx);
      note = 'discharge: load-rate PI';
      break;
    }
    case 'power-follow':
      kw = gridBefore >= mode.stopThresholdKw ? Math.min(upper, mode.maxTotalKw) : 0;
      note = kw > 0 ? 'discharge: following load' : 'discharge: load below stop threshold';
      break;
  }
  const empty = section.empty;
  const remainingMin = section.endMin - ctx.minute;
  const emptying = (empty.kind === 'timed' && ctx.minute >= empty.atMin) || empty.kind === 'linear-regression';
  if (emptying && remainingMin > 0) {
    // What is left above the floor, spread over what is left of the card.
    const emptyKw = Math.min(upper, ctx.dischargeRoomKwh / (remainingMin / 60));
    if (emptyKw > kw) {
      kw = emptyKw;
      note = empty.kind === 'timed' ? 'discharge: timed emptying' : 'discharge: linear emptying';
    }
  }
  return { kw, note };
}

function decideSmart(section: SmartSection, state: EngineState, ctx: Context): Want {
  const { gridBefore } = ctx;
  const pcs = ctx.station.pcsRatedKw;
  if (section.loadHighAction === 'discharge' && gridBefore > section.dischargeTargetLoadKw) {
    const kw = Math.max(0, Math.min(gridBefore - section.dischargeTargetLoadKw, section.maxDischargeKw, pcs, gridBefore));
    return { kw, note: 'smart: discharge above target load' };
  }
  // Ceiling of grid import while charging: the demand target and, metered upstream, the transformer threshold.
  let ceiling = section.targetDemandKw ?? Infinity;
  let chargeCap = Math.min(section.maxChargeKw, pcs);
  if (section.meterType === 'upper') {
    if (section.transformerCapacityKw !== undefined) ceiling = Math.min(ceiling, section.transformerCapacityKw);
    if (section.meters?.length)
      chargeCap = Math.min(
        chargeCap,
        section.meters.reduce((sum, meter) => sum + meter.maxChargeKw, 0),
      );
  }
  let consumption = 0;
  if (section.controlType === 'consumption-and-load') {
    const surplus = -gridBefore;
    if (state.consuming) {
      if (surplus <= section.stopKw) state.consuming = false;
    } else if (surplus >= section.startKw) state.consuming = true;
    if (state.consuming) consumption = section.totalTargetLoadKw - gridBefore;
  }
  // Target load control: with a demand target, charge from the grid up to it.
  const loadControl = Number.isFinite(ceiling) ? ceiling - gridBefore : 0;
  const kw = clamp(Math.min(Math.max(consumption, loadControl), ceiling - gridBefore), 0, Math.max(0, chargeCap));
  if (kw <= 0) return { kw: 0, note: 'smart: idle' };
  return { kw: -kw, note: consumption >= loadControl ? 'smart: charging from PV surplus' : 'smart: charging up to target demand' };
}

function decide(section: EngineSection, state: EngineState, ctx: Context): Want {
  switch (section.type) {
    case 'charge':
      return decideCharge(section, state, ctx);
    case 'discharge':
      return decideDischarge(section, state, ctx);
    case 'smart':
      return decideSmart(section, state, ctx);
    case 'standby':
      return { kw: 0, note: 'standby' };
    default:
      throw new Error(`Invalid strategy section type '${(section as { type: unknown }).type}'`);
  }
}

/**
 * One step of the station under a plan: the card at input.tMinuteOfDay decides, the PCS rating and the
 * SOC window bound it, SOC integrates it over dtMin. The state passed in is not changed.
 */
export function stepStation(state: EngineState, plan: EnginePlan, station: EngineStation, input: StepInput): StepResult {
  checkStation(station);
  const dtMin = Math.max(0, input.dtMin);
  const dtH = dtMin / 60;
  const efficiency = station.efficiency ?? DEFAULT_EFFICIENCY;
  const capacity = station.capacityKwh;
  const gridBefore = input.loadKw - (input.pvKw ?? 0);
  const { minPct, maxPct } = socLimits(plan.protection, station);
  const soc = state.socPct;
  const dischargeRoomKwh = soc > minPct ? ((soc - minPct) / 100) * capacity * efficiency : 0;
  const chargeRoomKwh = soc < maxPct ? ((maxPct - soc) / 100) * (capacity / efficiency) : 0;
  const rating = Math.max(0, station.pcsRatedKw);
  const maxDischarge = Math.min(rating, dtH > 0 ? dischargeRoomKwh / dtH : dischargeRoomKwh > 0 ? Infinity : 0);
  const maxCharge = Math.min(rating, dtH > 0 ? chargeRoomKwh / dtH : chargeRoomKwh > 0 ? Infinity : 0);

  const index = sectionAt(plan, input.tMinuteOfDay);
  const section = index === null ? undefined : plan.sections[index];
  const next: EngineState = index === state.sectionIndex ? { ...state } : enterSection(state, index, section);
  const ctx: Context = { station, gridBefore, minute: input.tMinuteOfDay, dtMin, dischargeRoomKwh, maxDischarge, maxCharge };
  const want = section ? decide(section, next, ctx) : { kw: 0, note: 'no card: standby' };

  let batteryKw = clamp(want.kw, -maxCharge, maxDischarge);
  let note = want.note;
  if (section?.type === 'discharge' && maxDischarge <= 0) note += '; SOC floor reached';
  else if (want.kw > batteryKw) note += '; limited by SOC floor';
  if (section?.type === 'charge' && maxCharge <= 0) note += '; SOC ceiling reached';
  else if (want.kw < batteryKw) note += batteryKw < 0 ? '; limited by SOC ceiling' : '; SOC ceiling reached';
  if (batteryKw === 0) batteryKw = 0; // no −0

  let socAfter = soc;
  if (batteryKw > 0) socAfter = Math.max(minPct, soc - ((batteryKw / efficiency) * dtH * 100) / capacity);
  else if (batteryKw < 0) socAfter = Math.min(maxPct, soc + (-batteryKw * efficiency * dtH * 100) / capacity);
  next.socPct = socAfter;
  return { state: next, batteryKw, gridKw: gridBefore - batteryKw, gridBeforeKw: gridBefore, socPct: socAfter, note };
}

/**
 * A day (or any run of equal steps) under a plan: each point's load, PV and price hold for dtMin from its
 * minute t. Demand is the highest mean grid import over 15-minute windows of the day (the demand charge
 * basis; steps longer than 15 minutes count as their own window); cost is Σ import kWh × price, export
 * earns nothing; charged/discharged energy is counted at the PCS's AC side.
 */
export function runDay(plan: EnginePlan, station: EngineStation, series: SeriesPoint[], dtMin: number): DayResult {
  checkStation(station);
  if (!(dtMin > 0)) throw new Error('dtMin must be positive');
  let state = initialState(station);
  const points: DayPoint[] = [];
  const windows = new Map<number, { before: number; after: number; minutes: number }>();
  let chargedKwh = 0;
  let dischargedKwh = 0;
  let costBefore = 0;
  let costAfter = 0;
  const dtH = dtMin / 60;
  for (const point of series) {
    const result = stepStation(state, plan, station, { tMinuteOfDay: point.t, dtMin, loadKw: point.loadKw, pvKw: point.pvKw });
    state = result.state;
    points.push({
      t: point.t,
      gridBeforeKw: result.gridBeforeKw,
      gridAfterKw: result.gridKw,
      batteryKw: result.batteryKw,
      socPct: result.socPct,
      note: result.note,
    });
    const importBefore = Math.max(0, result.gridBeforeKw);
    const importAfter = Math.max(0, result.gridKw);
    chargedKwh += Math.max(0, -result.batteryKw) * dtH;
    dischargedKwh += Math.max(0, result.batteryKw) * dtH;
    costBefore += importBefore * dtH * point.price;
    costAfter += importAfter * dtH * point.price;
    const key = Math.floor(point.t / DEMAND_WINDOW_MIN);
    const window = windows.get(key) ?? { before: 0, after: 0, minutes: 0 };
    window.before += importBefore * dtMin;
    window.after += importAfter * dtMin;
    window.minutes += dtMin;
    windows.set(key, window);
  }
  let peakDemandBeforeKw = 0;
  let peakDemandAfterKw = 0;
  for (const window of windows.values()) {
    peakDemandBeforeKw = Math.max(peakDemandBeforeKw, window.before / window.minutes);
    peakDemandAfterKw = Math.max(peakDemandAfterKw, window.after / window.minutes);
  }
  return {
    points,
    peakDemandBeforeKw,
    peakDemandAfterKw,
    chargedKwh,
    dischargedKwh,
    costBefore,
    costAfter,
    finalSocPct: state.socPct,
  };
}
