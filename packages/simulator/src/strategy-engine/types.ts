/**
 * The executable form of a storage strategy (spec 002, sections 3 and 4) and of the station it runs on.
 * Units: power kW, energy kWh, SOC %, voltage V, time in minutes of the local day (0..1440).
 * Sign: battery power is positive when discharging, negative when charging; grid power is positive when
 * importing. The server adapts its strategy model to these types; nothing here depends on it.
 */

/** What bounds the SOC: a DOD window, a cell-voltage window (mapped to SOC by the OCV curve), or the BMS's own limits. */
export type EngineProtection =
  { kind: 'dod'; minPct: number; maxPct: number } | { kind: 'cell-voltage'; minV: number; maxV: number } | { kind: 'bms' };

interface SectionTime {
  /** Minute of the local day the card starts, inclusive (0..1440). */
  startMin: number;
  /** Minute of the local day the card ends, exclusive (0..1440; a day's last card ends at 1440, not 23:59:59). */
  endMin: number;
}

/** Peak-shaving charge: charge at pcsPowerKw; with load protection, stop when import with charging would pass stopKw. */
export interface ChargeSection extends SectionTime {
  type: 'charge';
  pcsPowerKw: number;
  loadProtect?: { stopKw: number; recoverKw: number };
}

export type DischargeMode =
  /** Discharge once the site load reaches triggerKw, until it falls to stopKw (REACH_THRESHOLD). */
  | { kind: 'threshold'; triggerKw: number; stopKw: number }
  /** Discharge from the card's start; pause when the load drops below stopKw, resume above recoverKw (IMMEDIATELY). */
  | { kind: 'immediate'; stopKw: number; recoverKw: number }
  /** PI control of grid import toward targetDemandKw (BY_DEMAND). */
  | { kind: 'demand'; targetDemandKw: number; kp: number; ki: number }
  /** PI control of grid import toward targetRatePct of the transformer (BY_LOAD_RATE); transformerKva defaults to the station's. */
  | { kind: 'load-rate'; targetRatePct: number; transformerKva?: number; kp: number; ki: number }
  /** Follow the site load (grid toward zero) while it is at least stopThresholdKw, at most maxTotalKw (POWER_FALLOW_MODE). */
  | { kind: 'power-follow'; stopThresholdKw: number; maxTotalKw: number };

export type Emptying =
  | { kind: 'none' }
  /** From atMin (minute of the day, inside the card) discharge what is left so the card ends at the floor (DEFINITE_TIME). */
  | { kind: 'timed'; atMin: number }
  /** Spread what is left evenly over the rest of the card, so SOC falls at least linearly to the floor (LINEAR_REGRESSION). */
  | { kind: 'linear-regression' };

/** Peak-shaving discharge. powerKw caps the discharge power of every mode (and of emptying). */
export interface DischargeSection extends SectionTime {
  type: 'discharge';
  mode: DischargeMode;
  powerKw: number;
  empty: Emptying;
}

/** Smart charge/discharge: consumption of PV surplus plus load control. */
export interface SmartSection extends SectionTime {
  type: 'smart';
  /** 'consumption-and-load' charges from PV surplus and controls load; 'load' only controls load. */
  controlType: 'consumption-and-load' | 'load';
  /** PV surplus (export before the battery) at which consumption starts, kW. */
  startKw: number;
  /** PV surplus at or below which consumption stops, kW. */
  stopKw: number;
  /** Grid power the consumption charges toward (0 = no export; negative allows some export), kW. */
  totalTargetLoadKw: number;
  loadHighAction: 'discharge' | 'none';
  /** With action 'discharge': grid import above this is discharged away, kW. */
  dischargeTargetLoadKw: number;
  maxDischargeKw: number;
  maxChargeKw: number;
  /** Ceiling of grid import while charging (demand control target), kW. */
  targetDemandKw?: number;
  meterType: 'total' | 'upper';
  /** With meterType 'upper': per-meter limits; their maxChargeKw sum caps the charge power. */
  meters?: { id: string; chargeThresholdKw: number; maxChargeKw: number }[];
  /** With meterType 'upper': a further ceiling of grid import while charging, kW. */
  transformerCapacityKw?: number;
}

export interface StandbySection extends SectionTime {
  type: 'standby';
}

export type EngineSection = ChargeSection | DischargeSection | SmartSection | StandbySection;

export interface EnginePlan {
  protection: EngineProtection;
  /** Cards in any order; at a given minute the first card whose [startMin, endMin) holds it runs; none means standby. */
  sections: EngineSection[];
}

export interface EngineStation {
  /** PCS rating, kW: the bound of battery power in both directions. */
  pcsRatedKw: number;
  /** Usable nameplate energy of the battery at 0..100 % SOC, kWh. */
  capacityKwh: number;
  /** One-way efficiency (AC to battery and battery to AC), 0 < efficiency <= 1; default 0.95 (round trip about 0.90). */
  efficiency?: number;
  /** SOC at the start of a run, %. */
  initialSocPct: number;
  /** Cell open-circuit voltage by SOC, ascending in both: [soc %, volts][]; default LFP_OCV. Maps cell-voltage limits to SOC. */
  ocv?: [soc: number, volts: number][];
  /** Transformer capacity, kVA (taken as kW at power factor 1), the base of load-rate control. */
  transformerKva?: number;
}

/** One step's inputs. */
export interface StepInput {
  /** Minute of the local day at the step (0 <= t < 1440): picks the card. */
  tMinuteOfDay: number;
  /** Length of the step, minutes: power is held over it and SOC integrated. */
  dtMin: number;
  /** Site consumption without the battery, kW (before PV unless pvKw is left out). */
  loadKw: number;
  /** PV output, kW (default 0). */
  pvKw?: number;
}

/** Controller memory carried from step to step. */
export interface EngineState {
  socPct: number;
  /** Index of the card that ran last (null: none yet or outside every card); a change resets the fields below. */
  sectionIndex: number | null;
  /** PI integrator (kW) and the last PI output (kW) of demand and load-rate control. */
  piIntegralKw: number;
  piOutputKw: number;
  /** Threshold/immediate discharge latch: true while discharging is on. */
  dischargeOn: boolean;
  /** Charge load protection latch: true while charging is stopped. */
  chargeStopped: boolean;
  /** Smart card: true while PV-surplus consumption is on. */
  consuming: boolean;
}

export interface StepResult {
  state: EngineState;
  /** Mean battery (PCS AC) power over the step, kW: + discharge, − charge. */
  batteryKw: number;
  /** Grid import over the step, kW: loadKw − pvKw − batteryKw (negative = export). */
  gridKw: number;
  /** Grid import without the battery: loadKw − pvKw. */
  gridBeforeKw: number;
  /** SOC at the end of the step, %. */
  socPct: number;
  /** What the controller did, e.g. 'discharge: demand PI', 'charge: load protection stop', 'floor reached'. */
  note: string;
}

export interface SeriesPoint {
  /** Minute of the local day. */
  t: number;
  loadKw: number;
  pvKw?: number;
  /** Energy price in force, per kWh. */
  price: number;
}

export interface DayPoint {
  t: number;
  gridBeforeKw: number;
  gridAfterKw: number;
  batteryKw: number;
  /** SOC at the end of the step that starts at t, %. */
  socPct: number;
  note: string;
}

export interface DayResult {
  points: DayPoint[];
  /** Highest 15-minute mean grid import, kW, without and with the battery. */
  peakDemandBeforeKw: number;
  peakDemandAfterKw: number;
  /** Energy into and out of the PCS on its AC side (what its e_chg/e_dis meters count), kWh. */
  chargedKwh: number;
  dischargedKwh: number;
  /** Σ grid import kWh × price, without and with the battery; export earns nothing. */
  costBefore: number;
  costAfter: number;
  finalSocPct: number;
}
