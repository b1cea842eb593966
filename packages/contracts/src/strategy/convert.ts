// Zod-free: form <-> wire conversion (spec 002 section 3), new sections and forms with their defaults
// (section 4), and the Copy-mode name.
import {
  CHARGING_METER_NAMES,
  CONSUMPTION_CONTROL_NAMES,
  DISCHARGE_STRATEGY_NAMES,
  EMPTY_STRATEGY_NAMES,
  LOAD_CONTROL_NAMES,
  PROTECT_TYPE_NAMES,
  ProtectBasis,
  SECTION_TYPE_NAMES,
  SectionType,
  STRATEGY_LIMITS,
  TIME_GRANULARITY_NAMES,
  TimeGranularity,
  type MeterEntry,
  type MeterEntryWire,
  type SectionAdditionalFields,
  type SectionForm,
  type SectionWire,
  type StrategyForm,
  type StrategyKind,
  type StrategyWire,
} from './model.js';
import { STRATEGY_VERSIONS, strategyVersion } from './versions.js';
import { visibleFields } from './visibility.js';

/** Thrown where a section type cannot be understood (spec 002 section 8). */
export class StrategySectionTypeError extends Error {
  constructor(readonly type: unknown) {
    super('Invalid strategy section type');
    this.name = 'StrategySectionTypeError';
  }
}

// ---------------------------------------------------------------------------------------------
// Times

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Hours to the wire's 'HH:mm:ss': 8 -> '08:00:00', 8.5 -> '08:30:00', 24 -> '23:59:59'. */
export function hoursToTime(hours: number): string {
  const seconds = Math.min(Math.round(Math.max(0, hours) * 3600), 86_399);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** 'HH:mm:ss' (or 'HH:mm') to hours; '23:59:59' is 24. Null when it is not a time. */
export function timeToHours(time: string): number | null {
  const m = TIME_RE.exec(time);
  if (!m) return null;
  if (time === '23:59:59') return 24;
  return Number(m[1]) + Number(m[2]) / 60 + Number(m[3] ?? 0) / 3600;
}

/** Hours as a label: 8.5 -> '08:30', 24 -> '24:00'. */
export function formatHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** 'HH:mm' -> 'HH:mm:ss'; other text is returned as it is. */
export function normalizeTime(time: string): string {
  return /^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time;
}

function isHour(h: number | null): h is number {
  return typeof h === 'number' && Number.isFinite(h) && h >= 0 && h <= 24;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------
// Names <-> codes

function codeOf<T extends number>(names: Readonly<Record<T, string>>, name: string | undefined): T | null {
  if (name === undefined) return null;
  for (const [code, n] of Object.entries(names)) if (n === name) return Number(code) as T;
  return null;
}

function nameOf<T extends number, N extends string>(names: Readonly<Record<T, N>>, code: T | null): N | undefined {
  return code === null ? undefined : (names as Record<number, N>)[code];
}

/** Whether a wire section type name is known. */
export function isSectionTypeName(name: string): boolean {
  return codeOf(SECTION_TYPE_NAMES, name) !== null;
}

// ---------------------------------------------------------------------------------------------
// Form -> wire

function meterToWire(m: MeterEntry): MeterEntryWire {
  const out: MeterEntryWire = { deviceId: m.deviceId, deviceName: m.deviceName };
  if (m.chargeThreshold !== null) out.chargeThreshold = m.chargeThreshold;
  if (m.pcsMaxChargePower !== null) out.pcsMaxChargePower = m.pcsMaxChargePower;
  return out;
}

function meterToForm(m: MeterEntryWire): MeterEntry {
  return {
    deviceId: m.deviceId,
    deviceName: m.deviceName,
    chargeThreshold: m.chargeThreshold ?? null,
    pcsMaxChargePower: m.pcsMaxChargePower ?? null,
  };
}

const NUMBER_FIELDS = [
  'pcsPower',
  'stopChargeLoad',
  'recoverChargeLoad',
  'triggerDischargeLoad',
  'stopDischargeLoad',
  'recoverDischargeLoad',
  'targetDemand',
  'targetLoadRate',
  'dischargeInterruptionPowerThreshold',
  'pcsMaxDischargePower',
  'intelligentConsumptionStartMight',
  'intelligentConsumptionStopMight',
  'intelligentConsumptionTotalTargetLoad',
  'dischargeTargetLoad',
  'pcsMaxChargePower',
  'upstreamTransformerCapacity',
] as const satisfies readonly (keyof SectionForm & keyof SectionAdditionalFields)[];

/** One section to the wire: its visible fields only (in display order), enumerations by name, hours as 'HH:mm:ss'. */
export function sectionToWire(section: SectionForm, version: number): SectionWire {
  const f: SectionAdditionalFields = {};
  const set = <K extends keyof SectionAdditionalFields>(key: K, value: SectionAdditionalFields[K] | null | undefined) => {
    if (value !== null && value !== undefined) f[key] = value;
  };
  for (const field of visibleFields(section, version)) {
    switch (field) {
      case 'time':
        break;
      case 'chargingLoadProtect':
        set('chargingLoadProtect', section.chargingLoadProtect === null ? null : section.chargingLoadProtect ? 1 : 0);
        break;
      case 'dischargeStrategy':
        set('dischargeStrategy', nameOf(DISCHARGE_STRATEGY_NAMES, section.dischargeStrategy));
        break;
      case 'emptyStrategy':
        set('emptyStrategy', nameOf(EMPTY_STRATEGY_NAMES, section.emptyStrategy));
        break;
      case 'emptyTime':
        set('emptyTime', section.emptyTime ? normalizeTime(section.emptyTime) : null);
        break;
      case 'pi':
        set('kp', section.pi.kp);
        set('ki', section.pi.ki);
        break;
      case 'intelligentConsumptionControlType':
        set('intelligentConsumptionControlType', nameOf(CONSUMPTION_CONTROL_NAMES, section.intelligentConsumptionControlType));
        break;
      case 'intelligentLoadControlType':
        set('intelligentLoadControlType', nameOf(LOAD_CONTROL_NAMES, section.intelligentLoadControlType));
        break;
      case 'chargingMeterType':
        set('chargingMeterType', nameOf(CHARGING_METER_NAMES, section.chargingMeterType));
        break;
      case 'meters':
        set('upstreamTransformerMeterParamList', section.meters.map(meterToWire));
        break;
      default:
        set(field, section[field]);
    }
  }
  // An hour outside 0..24 is left out rather than clamped, so the server reports the same time error.
  const [start, end] = section.time;
  return {
    ...(isHour(start) ? { beginTime: hoursToTime(start) } : {}),
    ...(isHour(end) ? { endTime: hoursToTime(end) } : {}),
    type: (SECTION_TYPE_NAMES as Record<number, string>)[section.type] ?? String(section.type),
    additionalFields: f,
  };
}

/** The form as `energy-storage-strategy/insert|update` receive it (spec 002 section 3). */
export function formToWire(form: StrategyForm): StrategyWire {
  const additionalFields: StrategyWire['additionalFields'] = {};
  if (form.protectBasis === ProtectBasis.DOD) {
    if (form.dod[0] !== null) additionalFields.dodMin = form.dod[0];
    if (form.dod[1] !== null) additionalFields.dodMax = form.dod[1];
  } else if (form.protectBasis === ProtectBasis.CELL_VOLTAGE) {
    if (form.cellVoltage.min !== null) additionalFields.cellVoltageMin = form.cellVoltage.min;
    if (form.cellVoltage.max !== null) additionalFields.cellVoltageMax = form.cellVoltage.max;
  }
  return {
    kind: form.kind,
    name: form.name.trim(),
    version: form.version,
    ...(form.globalVersion !== null ? { globalVersion: form.globalVersion } : {}),
    ...(form.bsaId !== null ? { bsaId: form.bsaId } : {}),
    ...(form.bsaName !== null ? { bsaName: form.bsaName } : {}),
    protectType: PROTECT_TYPE_NAMES[form.protectBasis],
    timeGranularity: TIME_GRANULARITY_NAMES[form.timeGranularity],
    ...(form.kind === 'fieldStrategy' && form.executiveTimes
      ? { executiveTimes: [form.executiveTimes[0], form.executiveTimes[1]] as [string, string] }
      : {}),
    ...(form.meters.length > 0 ? { upstreamTransformerMeterParamList: form.meters.map(meterToWire) } : {}),
    sections: form.sections.map((s) => sectionToWire(s, form.version)),
    additionalFields,
  };
}

// ---------------------------------------------------------------------------------------------
// Wire -> form

/** A section of a type with every field empty. */
export function blankSection(type: SectionType): SectionForm {
  return {
    type,
    time: [null, null],
    pcsPower: null,
    chargingLoadProtect: null,
    stopChargeLoad: null,
    recoverChargeLoad: null,
    dischargeStrategy: null,
    triggerDischargeLoad: null,
    stopDischargeLoad: null,
    recoverDischargeLoad: null,
    targetDemand: null,
    targetLoadRate: null,
    pi: { kp: null, ki: null },
    emptyStrategy: null,
    emptyTime: null,
    dischargeInterruptionPowerThreshold: null,
    pcsMaxDischargePower: null,
    intelligentConsumptionControlType: null,
    intelligentConsumptionStartMight: null,
    intelligentConsumptionStopMight: null,
    intelligentConsumptionTotalTargetLoad: null,
    intelligentLoadControlType: null,
    dischargeTargetLoad: null,
    pcsMaxChargePower: null,
    chargingMeterType: null,
    upstreamTransformerCapacity: null,
    meters: [],
  };
}

/** One wire section to the form. Throws `StrategySectionTypeError` for an unknown type name. */
export function sectionToForm(wire: SectionWire): SectionForm {
  const type = codeOf(SECTION_TYPE_NAMES, wire.type);
  if (type === null) throw new StrategySectionTypeError(wire.type);
  const f = wire.additionalFields ?? {};
  const s = blankSection(type);
  for (const key of NUMBER_FIELDS) s[key] = f[key] ?? null;
  s.time = [
    wire.beginTime === undefined ? null : timeToHours(wire.beginTime),
    wire.endTime === undefined ? null : timeToHours(wire.endTime),
  ];
  s.chargingLoadProtect = f.chargingLoadProtect === undefined ? null : f.chargingLoadProtect === 1;
  s.dischargeStrategy = codeOf(DISCHARGE_STRATEGY_NAMES, f.dischargeStrategy);
  s.emptyStrategy = codeOf(EMPTY_STRATEGY_NAMES, f.emptyStrategy);
  s.emptyTime = f.emptyTime ?? null;
  s.pi = { kp: f.kp ?? null, ki: f.ki ?? null };
  s.intelligentConsumptionControlType = codeOf(CONSUMPTION_CONTROL_NAMES, f.intelligentConsumptionControlType);
  s.intelligentLoadControlType = codeOf(LOAD_CONTROL_NAMES, f.intelligentLoadControlType);
  s.chargingMeterType = codeOf(CHARGING_METER_NAMES, f.chargingMeterType);
  s.meters = (f.upstreamTransformerMeterParamList ?? []).map(meterToForm);
  return s;
}

/** The wire body back to the form (23:59:59 -> 24). Throws `StrategySectionTypeError` for an unknown section type. */
export function wireToForm(wire: StrategyWire): StrategyForm {
  const a = wire.additionalFields ?? {};
  return {
    kind: wire.kind,
    name: wire.name,
    version: wire.version,
    globalVersion: wire.globalVersion ?? null,
    bsaId: wire.bsaId ?? null,
    bsaName: wire.bsaName ?? null,
    timeGranularity: codeOf(TIME_GRANULARITY_NAMES, wire.timeGranularity) ?? TimeGranularity.HOUR,
    protectBasis: codeOf(PROTECT_TYPE_NAMES, wire.protectType) ?? ProtectBasis.DOD,
    dod: [a.dodMin ?? null, a.dodMax ?? null],
    cellVoltage: { min: a.cellVoltageMin ?? null, max: a.cellVoltageMax ?? null },
    executiveTimes: wire.executiveTimes ? [wire.executiveTimes[0], wire.executiveTimes[1]] : null,
    meters: (wire.upstreamTransformerMeterParamList ?? []).map(meterToForm),
    sections: wire.sections.map(sectionToForm),
  };
}

// ---------------------------------------------------------------------------------------------
// New sections and forms

/**
 * A new card of `type` added after `previousSections` (the cards before the insertion point), with the
 * version's defaults: start = the previous card's end (0 for the first card), end empty; discharge
 * trigger REACH_THRESHOLD (CB: emptying by linear regression); smart trigger CONSUMPTION_AND_LOAD
 * (CB and CF: LOAD), load action DISCHARGE, meter type TOTAL; charge load protection off; in CF a copy
 * of the station's `meters`. An unregistered version gets CA's defaults.
 */
export function newSection(
  version: number,
  type: SectionType,
  previousSections: readonly Pick<SectionForm, 'time'>[],
  meters: readonly MeterEntry[] = [],
): SectionForm {
  const info = strategyVersion(version) ?? STRATEGY_VERSIONS[1];
  const d = info.defaults;
  const s = blankSection(type);
  const previousEnd = previousSections.length === 0 ? 0 : (previousSections[previousSections.length - 1]!.time[1] ?? null);
  s.time = [previousEnd !== null && previousEnd < 24 ? previousEnd : null, null];
  if (type === SectionType.CHARGE) s.chargingLoadProtect = d.chargingLoadProtect;
  if (type === SectionType.DISCHARGE) {
    s.dischargeStrategy = d.dischargeStrategy;
    s.emptyStrategy = d.emptyStrategy;
  }
  if (type === SectionType.CONSUMPTION) {
    s.intelligentConsumptionControlType = d.smartTrigger;
    s.intelligentLoadControlType = d.loadAction;
    s.chargingMeterType = d.meterType;
  }
  if (info.newSectionsCarryMeters) s.meters = meters.map((m) => ({ ...m }));
  return s;
}

/** An empty form: no cards, protection by DOD, hour granularity. */
export function newStrategyForm(
  version: number,
  kind: StrategyKind,
  station: { bsaId?: number | null; bsaName?: string | null; meters?: readonly MeterEntry[] } = {},
): StrategyForm {
  return {
    kind,
    name: '',
    version,
    globalVersion: null,
    bsaId: station.bsaId ?? null,
    bsaName: station.bsaName ?? null,
    timeGranularity: TimeGranularity.HOUR,
    protectBasis: ProtectBasis.DOD,
    dod: [null, null],
    cellVoltage: { min: null, max: null },
    executiveTimes: null,
    meters: (station.meters ?? []).map((m) => ({ ...m })),
    sections: [],
  };
}

/** The suffix Copy mode appends. ASCII, so the copy still passes the name rule. */
export const COPY_SUFFIX = '-copy';

/**
 * The name of a copy: the name plus '-copy', the name cut so the result stays within the kind's
 * limit (50 for strategies and templates, 52 for field strategies). An empty name stays empty.
 */
export function copyName(name: string, kind: StrategyKind = 'template'): string {
  const base = name.trim();
  if (!base) return '';
  return base.slice(0, STRATEGY_LIMITS.nameMax[kind] - COPY_SUFFIX.length) + COPY_SUFFIX;
}
