// Zod-free: the strategy version registry (spec 002 sections 2, 3, 4, 5 and 9). The decisions taken
// where the spec leaves a difference open are listed in docs/strategy-versions.md.
import {
  ChargingMeterType,
  ConsumptionControlType,
  DischargeStrategy,
  EmptyStrategy,
  LoadControlType,
  SectionType,
  type ChargingMeterType as ChargingMeterTypeT,
  type ConsumptionControlType as ConsumptionControlTypeT,
  type DischargeStrategy as DischargeStrategyT,
  type EmptyStrategy as EmptyStrategyT,
  type LoadControlType as LoadControlTypeT,
  type SectionType as SectionTypeT,
} from './model.js';

export const STRATEGY_VERSION_NAMES = { 1: 'CA', 2: 'CB', 3: 'CC', 4: 'CD', 5: 'CE', 6: 'CF' } as const;
export type StrategyVersion = keyof typeof STRATEGY_VERSION_NAMES;
export type StrategyVersionName = (typeof STRATEGY_VERSION_NAMES)[StrategyVersion];

/** What one strategy version offers and checks. */
export interface StrategyVersionInfo {
  version: StrategyVersion;
  name: StrategyVersionName;
  /** Card kinds the add buttons offer (and the validator accepts). */
  cardKinds: readonly SectionTypeT[];
  /** Discharge trigger conditions offered in the selector. */
  dischargeStrategies: readonly DischargeStrategyT[];
  /** Surplus-power emptying options offered. */
  emptyStrategies: readonly EmptyStrategyT[];
  /** Smart charging trigger conditions offered. */
  smartTriggers: readonly ConsumptionControlTypeT[];
  /** Actions when load is high. */
  loadActions: readonly LoadControlTypeT[];
  /** Whether smart cards show the charging meter type (TOTAL / UPPER with per-meter thresholds). */
  meterTypeSelectable: boolean;
  /** Whether new sections carry a copy of the station's meter list. */
  newSectionsCarryMeters: boolean;
  /** Whether the last card must be smart charge/discharge or discharge. */
  lastCardMustDischarge: boolean;
  /** Whether immediate discharge accepts any integer (negative loads: reverse power flow) for stop/recover load. */
  immediateAllowsNegative: boolean;
  /** Whether powers over 1000 kW are displayed in MW with two decimals. */
  megawattDisplay: boolean;
  /** Defaults of a new section. */
  defaults: {
    dischargeStrategy: DischargeStrategyT;
    emptyStrategy: EmptyStrategyT | null;
    smartTrigger: ConsumptionControlTypeT;
    loadAction: LoadControlTypeT;
    meterType: ChargingMeterTypeT;
    chargingLoadProtect: boolean;
  };
}

const ALL_CARDS = [SectionType.CHARGE, SectionType.DISCHARGE, SectionType.CONSUMPTION, SectionType.STANDBY] as const;
const TRIGGERS_1_TO_4 = [
  DischargeStrategy.REACH_THRESHOLD,
  DischargeStrategy.IMMEDIATELY,
  DischargeStrategy.BY_DEMAND,
  DischargeStrategy.BY_LOAD_RATE,
] as const;
const EMPTYING = [EmptyStrategy.DEFINITE_TIME, EmptyStrategy.LINEAR_REGRESSION] as const;
const SMART_BOTH = [ConsumptionControlType.CONSUMPTION_AND_LOAD, ConsumptionControlType.LOAD] as const;

const base: Omit<StrategyVersionInfo, 'version' | 'name'> = {
  cardKinds: ALL_CARDS,
  dischargeStrategies: TRIGGERS_1_TO_4,
  emptyStrategies: EMPTYING,
  smartTriggers: SMART_BOTH,
  loadActions: [LoadControlType.DISCHARGE, LoadControlType.NONE],
  meterTypeSelectable: false,
  newSectionsCarryMeters: false,
  lastCardMustDischarge: true,
  immediateAllowsNegative: false,
  megawattDisplay: false,
  defaults: {
    dischargeStrategy: DischargeStrategy.REACH_THRESHOLD,
    emptyStrategy: null,
    smartTrigger: ConsumptionControlType.CONSUMPTION_AND_LOAD,
    loadAction: LoadControlType.DISCHARGE,
    meterType: ChargingMeterType.TOTAL,
    chargingLoadProtect: false,
  },
};

/** The registered versions, 1..6 = CA..CF. */
export const STRATEGY_VERSIONS: Readonly<Record<StrategyVersion, StrategyVersionInfo>> = {
  // CA: the base card set.
  1: { ...base, version: 1, name: 'CA' },
  // CB: large stations: MW display; new discharge cards empty by linear regression, new smart cards control load.
  2: {
    ...base,
    version: 2,
    name: 'CB',
    megawattDisplay: true,
    defaults: { ...base.defaults, emptyStrategy: EmptyStrategy.LINEAR_REGRESSION, smartTrigger: ConsumptionControlType.LOAD },
  },
  // CC: the day may end with any card (for example a valley charge running to midnight).
  3: { ...base, version: 3, name: 'CC', lastCardMustDischarge: false },
  // CD: the only version offering "no emptying".
  4: { ...base, version: 4, name: 'CD', emptyStrategies: [EmptyStrategy.NONE, ...EMPTYING] },
  // CE: immediate discharge accepts negative stop/recover loads (sites that export to the grid).
  5: { ...base, version: 5, name: 'CE', immediateAllowsNegative: true },
  // CF: power-following, per-meter charge thresholds; no charge card; smart cards control load only.
  6: {
    ...base,
    version: 6,
    name: 'CF',
    cardKinds: [SectionType.DISCHARGE, SectionType.CONSUMPTION, SectionType.STANDBY],
    dischargeStrategies: [...TRIGGERS_1_TO_4, DischargeStrategy.POWER_FALLOW_MODE],
    smartTriggers: [ConsumptionControlType.LOAD],
    meterTypeSelectable: true,
    newSectionsCarryMeters: true,
    immediateAllowsNegative: true,
    defaults: { ...base.defaults, smartTrigger: ConsumptionControlType.LOAD },
  },
};

/** The version's entry, or undefined when it is not registered (the UI shows 'strategy not registered'). */
export function strategyVersion(version: number | string | null | undefined): StrategyVersionInfo | undefined {
  if (typeof version === 'string') {
    const byName = Object.values(STRATEGY_VERSIONS).find((v) => v.name === version);
    if (byName) return byName;
    version = /^\d+$/.test(version) ? Number(version) : NaN;
  }
  return typeof version === 'number' && Object.hasOwn(STRATEGY_VERSIONS, version)
    ? STRATEGY_VERSIONS[version as StrategyVersion]
    : undefined;
}

/** 'CA'..'CF', or undefined. */
export function strategyVersionName(version: number): StrategyVersionName | undefined {
  return strategyVersion(version)?.name;
}
