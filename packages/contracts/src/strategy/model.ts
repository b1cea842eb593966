// Zod-free: the strategy editor's types and enumerations (spec 002 section 3). The zod schemas of the
// same shapes live in `schemas.ts`.

/** Section (card) type, as the form numbers it. */
export const SectionType = { CHARGE: 1, DISCHARGE: 2, CONSUMPTION: 3, STANDBY: 4 } as const;
export type SectionType = (typeof SectionType)[keyof typeof SectionType];

/** Discharge trigger condition. POWER_FALLOW_MODE is the spec's (and the FCS's) spelling. */
export const DischargeStrategy = { REACH_THRESHOLD: 1, IMMEDIATELY: 2, BY_DEMAND: 3, BY_LOAD_RATE: 4, POWER_FALLOW_MODE: 5 } as const;
export type DischargeStrategy = (typeof DischargeStrategy)[keyof typeof DischargeStrategy];

/** Surplus-power automatic emptying. */
export const EmptyStrategy = { NONE: 0, DEFINITE_TIME: 1, LINEAR_REGRESSION: 2 } as const;
export type EmptyStrategy = (typeof EmptyStrategy)[keyof typeof EmptyStrategy];

/** Smart charging trigger condition (intelligentConsumptionControlType). */
export const ConsumptionControlType = { LOAD: 1, CONSUMPTION_AND_LOAD: 2 } as const;
export type ConsumptionControlType = (typeof ConsumptionControlType)[keyof typeof ConsumptionControlType];

/** Action when load is high (intelligentLoadControlType). */
export const LoadControlType = { NONE: 1, DISCHARGE: 2 } as const;
export type LoadControlType = (typeof LoadControlType)[keyof typeof LoadControlType];

/** Which meter governs charging (chargingMeterType): the upper transformer meters or the total incoming meter. */
export const ChargingMeterType = { UPPER: 1, TOTAL: 2 } as const;
export type ChargingMeterType = (typeof ChargingMeterType)[keyof typeof ChargingMeterType];

export const TimeGranularity = { HOUR: 1, HALF_HOUR: 2 } as const;
export type TimeGranularity = (typeof TimeGranularity)[keyof typeof TimeGranularity];

/** Battery protection basis in the form: DOD, single-cell voltage, or left to the lower-level BMS. */
export const ProtectBasis = { DOD: 1, CELL_VOLTAGE: 2, BMS: 3 } as const;
export type ProtectBasis = (typeof ProtectBasis)[keyof typeof ProtectBasis];

/** What is being edited: a station's strategy, a template, or a field strategy (with a date range). */
export const STRATEGY_KINDS = ['strategy', 'template', 'fieldStrategy'] as const;
export type StrategyKind = (typeof STRATEGY_KINDS)[number];

/** Enumeration value to the name sent on the wire. */
export const SECTION_TYPE_NAMES = { 1: 'CHARGE', 2: 'DISCHARGE', 3: 'CONSUMPTION', 4: 'STANDBY' } as const;
export const DISCHARGE_STRATEGY_NAMES = {
  1: 'REACH_THRESHOLD',
  2: 'IMMEDIATELY',
  3: 'BY_DEMAND',
  4: 'BY_LOAD_RATE',
  5: 'POWER_FALLOW_MODE',
} as const;
export const EMPTY_STRATEGY_NAMES = { 0: 'NONE', 1: 'DEFINITE_TIME', 2: 'LINEAR_REGRESSION' } as const;
export const CONSUMPTION_CONTROL_NAMES = { 1: 'LOAD', 2: 'CONSUMPTION_AND_LOAD' } as const;
export const LOAD_CONTROL_NAMES = { 1: 'NONE', 2: 'DISCHARGE' } as const;
export const CHARGING_METER_NAMES = { 1: 'UPPER', 2: 'TOTAL' } as const;
export const TIME_GRANULARITY_NAMES = { 1: 'HOUR', 2: 'HALF_HOUR' } as const;
/** BMS is this project's name for basis 3 (the spec names only DOD and MONOMER_VOLTAGE). */
export const PROTECT_TYPE_NAMES = { 1: 'DOD', 2: 'MONOMER_VOLTAGE', 3: 'BMS' } as const;

export type SectionTypeName = (typeof SECTION_TYPE_NAMES)[SectionType];
export type DischargeStrategyName = (typeof DISCHARGE_STRATEGY_NAMES)[DischargeStrategy];
export type EmptyStrategyName = (typeof EMPTY_STRATEGY_NAMES)[EmptyStrategy];
export type ConsumptionControlName = (typeof CONSUMPTION_CONTROL_NAMES)[ConsumptionControlType];
export type LoadControlName = (typeof LOAD_CONTROL_NAMES)[LoadControlType];
export type ChargingMeterName = (typeof CHARGING_METER_NAMES)[ChargingMeterType];
export type TimeGranularityName = (typeof TIME_GRANULARITY_NAMES)[TimeGranularity];
export type ProtectTypeName = (typeof PROTECT_TYPE_NAMES)[ProtectBasis];

// ---------------------------------------------------------------------------------------------
// Form model: what the editor binds its inputs to. Numbers are kW unless named otherwise; an
// empty input is null. Hours are numbers 0..24 (x.5 at half-hour granularity).

/** One upper transformer meter with its charge limits (kW). */
export interface MeterEntry {
  deviceId: number;
  deviceName: string;
  chargeThreshold: number | null;
  pcsMaxChargePower: number | null;
}

/** A time-slot card. One flat shape for every type; `visibleFields` says which fields a card shows. */
export interface SectionForm {
  /** 1..4. A form rebuilt from outside data may still carry another number: the validator answers 'Invalid strategy section type'. */
  type: SectionType;
  /** [start, end] in hours; end 24 is midnight. */
  time: [number | null, number | null];
  // charge (and the power of discharge modes 1..4)
  pcsPower: number | null;
  chargingLoadProtect: boolean | null;
  stopChargeLoad: number | null;
  recoverChargeLoad: number | null;
  // discharge
  dischargeStrategy: DischargeStrategy | null;
  triggerDischargeLoad: number | null;
  stopDischargeLoad: number | null;
  recoverDischargeLoad: number | null;
  /** Discharge by demand: the demand target; smart card: the demand control target. */
  targetDemand: number | null;
  /** Percent, one decimal. */
  targetLoadRate: number | null;
  pi: { kp: number | null; ki: number | null };
  emptyStrategy: EmptyStrategy | null;
  /** 'HH:mm' or 'HH:mm:ss'. */
  emptyTime: string | null;
  /** Power-following: stop threshold. */
  dischargeInterruptionPowerThreshold: number | null;
  /** Power-following: maximum total discharge power; smart card: maximum discharge power. */
  pcsMaxDischargePower: number | null;
  // smart charge/discharge (consumption)
  intelligentConsumptionControlType: ConsumptionControlType | null;
  intelligentConsumptionStartMight: number | null;
  intelligentConsumptionStopMight: number | null;
  intelligentConsumptionTotalTargetLoad: number | null;
  intelligentLoadControlType: LoadControlType | null;
  dischargeTargetLoad: number | null;
  pcsMaxChargePower: number | null;
  chargingMeterType: ChargingMeterType | null;
  upstreamTransformerCapacity: number | null;
  meters: MeterEntry[];
}

export interface StrategyForm {
  kind: StrategyKind;
  name: string;
  /** 1..6 = CA..CF. */
  version: number;
  /** Opaque label kept as sent (for example the FCS software version the strategy was made for). */
  globalVersion: string | null;
  bsaId: number | null;
  bsaName: string | null;
  timeGranularity: TimeGranularity;
  protectBasis: ProtectBasis;
  /** Percent [min, max]. */
  dod: [number | null, number | null];
  /** Volts. */
  cellVoltage: { min: number | null; max: number | null };
  /** Field strategies: ['YYYY-MM-DD', 'YYYY-MM-DD']. */
  executiveTimes: [string, string] | null;
  /** The station's upper transformer meters; CF copies them into new sections. */
  meters: MeterEntry[];
  sections: SectionForm[];
}

// ---------------------------------------------------------------------------------------------
// Wire model: what `energy-storage-strategy/insert|update` receive and the server stores.

export interface MeterEntryWire {
  deviceId: number;
  deviceName: string;
  chargeThreshold?: number;
  pcsMaxChargePower?: number;
}

export interface SectionAdditionalFields {
  kp?: number;
  ki?: number;
  targetDemand?: number;
  triggerDischargeLoad?: number;
  stopDischargeLoad?: number;
  recoverDischargeLoad?: number;
  emptyStrategy?: EmptyStrategyName;
  emptyTime?: string;
  targetLoadRate?: number;
  pcsPower?: number;
  pcsMaxDischargePower?: number;
  pcsMaxChargePower?: number;
  chargingLoadProtect?: 0 | 1;
  stopChargeLoad?: number;
  recoverChargeLoad?: number;
  dischargeStrategy?: DischargeStrategyName;
  dischargeInterruptionPowerThreshold?: number;
  intelligentConsumptionControlType?: ConsumptionControlName;
  intelligentConsumptionStartMight?: number;
  intelligentConsumptionStopMight?: number;
  intelligentConsumptionTotalTargetLoad?: number;
  intelligentLoadControlType?: LoadControlName;
  dischargeTargetLoad?: number;
  chargingMeterType?: ChargingMeterName;
  upstreamTransformerCapacity?: number;
  upstreamTransformerMeterParamList?: MeterEntryWire[];
}

export interface SectionWire {
  /** 'HH:mm:ss'; absent when the form had no time (the validator reports it). */
  beginTime?: string;
  /** 'HH:mm:ss'; an end of 24 is '23:59:59'. */
  endTime?: string;
  /** CHARGE | DISCHARGE | CONSUMPTION | STANDBY; anything else is 'Invalid strategy section type'. */
  type: string;
  additionalFields: SectionAdditionalFields;
}

export interface StrategyAdditionalFields {
  dodMin?: number;
  dodMax?: number;
  cellVoltageMin?: number;
  cellVoltageMax?: number;
}

export interface StrategyWire {
  kind: StrategyKind;
  name: string;
  version: number;
  globalVersion?: string;
  bsaId?: number;
  bsaName?: string;
  protectType: ProtectTypeName;
  timeGranularity: TimeGranularityName;
  executiveTimes?: [string, string];
  upstreamTransformerMeterParamList?: MeterEntryWire[];
  sections: SectionWire[];
  additionalFields: StrategyAdditionalFields;
}

/** A validation finding. `path` points into the form (or, from `validateStrategyWire`, into the wire body). */
export interface StrategyIssue {
  path: (string | number)[];
  /** Stable key, also the key of `STRATEGY_MESSAGES` and `strategyMessagesZh`. */
  code: string;
  /** The spec's English text. */
  message: string;
}

/** Limits shared by the schemas and the validator. */
export const STRATEGY_LIMITS = {
  nameMax: { strategy: 50, template: 50, fieldStrategy: 52 } as Record<StrategyKind, number>,
  /** 24 hours of half-hour cards. */
  sectionsMax: 48,
  metersMax: 64,
  /** Integer kW fields (powers, loads, thresholds). */
  kwMax: 9_999_999,
  /** Smart-card kW values: at most 7 integer digits and one decimal. */
  smartKwMax: 9_999_999.9,
  transformerCapacityMax: 99_999_999,
  dod: { min: 0, max: 100 },
  cellVoltageMin: { min: 2.5, max: 3.7 },
  cellVoltageMax: { min: 3, max: 4.2 },
} as const;
