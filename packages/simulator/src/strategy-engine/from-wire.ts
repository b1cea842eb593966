import type { DischargeMode, Emptying, EnginePlan, EngineProtection, EngineSection } from './types.js';

/**
 * The one adapter from a strategy as the platform stores and delivers it (the wire format of spec 002,
 * docs/strategy-versions.md) to the engine's plan. The simulated FCS runs what it receives through it,
 * and the server's backtest runs the same, so a preview and the simulated station agree.
 *
 * Typed locally (a structural subset of `StrategyWire` in @energy/contracts): the simulator does not
 * depend on the platform's contracts. Powers are concrete kW on the wire (the editor has no percentage
 * mode), so they pass through; times 'HH:mm:ss' become minutes and the day's end '23:59:59' 1440.
 */

export interface WireMeter {
  deviceId: number;
  deviceName?: string;
  chargeThreshold?: number;
  pcsMaxChargePower?: number;
}

export interface WireSection {
  beginTime?: string;
  endTime?: string;
  type: string;
  /** The card's fields by their wire names (pcsPower, dischargeStrategy, ...); read as numbers and names. */
  additionalFields: { upstreamTransformerMeterParamList?: WireMeter[] };
}

export interface WireStrategy {
  kind?: string;
  name?: string;
  version: number;
  protectType: string;
  timeGranularity?: string;
  executiveTimes?: [string, string];
  sections: WireSection[];
  additionalFields: { dodMin?: number; dodMax?: number; cellVoltageMin?: number; cellVoltageMax?: number };
}

export type WireToPlanResult = { ok: true; plan: EnginePlan } | { ok: false; reason: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** 'HH:mm:ss' (or 'HH:mm') to minutes of the day; '23:59:59' is 1440 (the day's end). Null when not a time. */
export function wireTimeToMinutes(time: string | undefined): number | null {
  if (typeof time !== 'string') return null;
  if (time === '23:59:59') return 1440;
  const m = TIME.exec(time);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]) + Number(m[3] ?? 0) / 60;
}

class WireError extends Error {}

function num(fields: Record<string, unknown>, key: string, where: string, fallback?: number): number {
  const v = fields[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (v === undefined && fallback !== undefined) return fallback;
  throw new WireError(`${where}: ${key} is missing or not a number`);
}

function optionalNum(fields: Record<string, unknown>, key: string): number | undefined {
  const v = fields[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function protectionOf(wire: WireStrategy): EngineProtection {
  const f = wire.additionalFields ?? {};
  switch (wire.protectType) {
    case 'DOD':
      return { kind: 'dod', minPct: num(f, 'dodMin', 'protection'), maxPct: num(f, 'dodMax', 'protection') };
    case 'MONOMER_VOLTAGE':
      return { kind: 'cell-voltage', minV: num(f, 'cellVoltageMin', 'protection'), maxV: num(f, 'cellVoltageMax', 'protection') };
    case 'BMS':
      return { kind: 'bms' };
    default:
      throw new WireError(`unknown protection type '${String(wire.protectType)}'`);
  }
}

function dischargeModeOf(f: Record<string, unknown>, where: string): DischargeMode {
  switch (f.dischargeStrategy) {
    case 'REACH_THRESHOLD':
      return { kind: 'threshold', triggerKw: num(f, 'triggerDischargeLoad', where), stopKw: num(f, 'stopDischargeLoad', where) };
    case 'IMMEDIATELY':
      return { kind: 'immediate', stopKw: num(f, 'stopDischargeLoad', where), recoverKw: num(f, 'recoverDischargeLoad', where) };
    case 'BY_DEMAND':
      return { kind: 'demand', targetDemandKw: num(f, 'targetDemand', where), kp: num(f, 'kp', where), ki: num(f, 'ki', where) };
    case 'BY_LOAD_RATE':
      return { kind: 'load-rate', targetRatePct: num(f, 'targetLoadRate', where), kp: num(f, 'kp', where), ki: num(f, 'ki', where) };
    case 'POWER_FALLOW_MODE':
      return {
        kind: 'power-follow',
        stopThresholdKw: num(f, 'dischargeInterruptionPowerThreshold', where),
        maxTotalKw: num(f, 'pcsMaxDischargePower', where),
      };
    default:
      throw new WireError(`${where}: unknown discharge trigger '${String(f.dischargeStrategy)}'`);
  }
}

function emptyingOf(f: Record<string, unknown>, mode: DischargeMode, where: string): Emptying {
  // immediate and power-following cards have no emptying choice (the editor hides it)
  if (mode.kind === 'immediate' || mode.kind === 'power-follow') return { kind: 'none' };
  switch (f.emptyStrategy) {
    case undefined:
    case 'NONE':
      return { kind: 'none' };
    case 'DEFINITE_TIME': {
      const at = wireTimeToMinutes(
        typeof f.emptyTime === 'string' ? (f.emptyTime.length === 5 ? `${f.emptyTime}:00` : f.emptyTime) : undefined,
      );
      if (at === null) throw new WireError(`${where}: emptyTime is not a time`);
      return { kind: 'timed', atMin: at };
    }
    case 'LINEAR_REGRESSION':
      return { kind: 'linear-regression' };
    default:
      throw new WireError(`${where}: unknown emptying '${String(f.emptyStrategy)}'`);
  }
}

function sectionOf(s: WireSection, index: number): EngineSection {
  const where = `card ${index + 1}`;
  const startMin = wireTimeToMinutes(s.beginTime);
  const endMin = wireTimeToMinutes(s.endTime);
  if (startMin === null || endMin === null || !(startMin < endMin)) throw new WireError(`${where}: time period setting error`);
  const f = (s.additionalFields ?? {}) as Record<string, unknown> & { upstreamTransformerMeterParamList?: WireMeter[] };
  switch (s.type) {
    case 'CHARGE': {
      const protect = f.chargingLoadProtect === 1;
      return {
        type: 'charge',
        startMin,
        endMin,
        pcsPowerKw: num(f, 'pcsPower', where),
        ...(protect ? { loadProtect: { stopKw: num(f, 'stopChargeLoad', where), recoverKw: num(f, 'recoverChargeLoad', where) } } : {}),
      };
    }
    case 'DISCHARGE': {
      const mode = dischargeModeOf(f, where);
      const powerKw = mode.kind === 'power-follow' ? mode.maxTotalKw : num(f, 'pcsPower', where);
      return { type: 'discharge', startMin, endMin, mode, powerKw, empty: emptyingOf(f, mode, where) };
    }
    case 'CONSUMPTION': {
      const controlType = f.intelligentConsumptionControlType === 'CONSUMPTION_AND_LOAD' ? 'consumption-and-load' : 'load';
      if (f.intelligentConsumptionControlType !== 'CONSUMPTION_AND_LOAD' && f.intelligentConsumptionControlType !== 'LOAD')
        throw new WireError(`${where}: unknown smart charging trigger '${String(f.intelligentConsumptionControlType)}'`);
      const loadHighAction = f.intelligentLoadControlType === 'DISCHARGE' ? 'discharge' : 'none';
      const upper = f.chargingMeterType === 'UPPER';
      const meters = (f.upstreamTransformerMeterParamList ?? []).map((m) => ({
        id: String(m.deviceId),
        chargeThresholdKw: m.chargeThreshold ?? 0,
        maxChargeKw: m.pcsMaxChargePower ?? 0,
      }));
      const targetDemandKw = optionalNum(f, 'targetDemand');
      const transformerCapacityKw = optionalNum(f, 'upstreamTransformerCapacity');
      return {
        type: 'smart',
        startMin,
        endMin,
        controlType,
        startKw: controlType === 'consumption-and-load' ? num(f, 'intelligentConsumptionStartMight', where) : 0,
        stopKw: controlType === 'consumption-and-load' ? num(f, 'intelligentConsumptionStopMight', where) : 0,
        totalTargetLoadKw: num(f, 'intelligentConsumptionTotalTargetLoad', where, 0),
        loadHighAction,
        dischargeTargetLoadKw: loadHighAction === 'discharge' ? num(f, 'dischargeTargetLoad', where) : 0,
        maxDischargeKw: loadHighAction === 'discharge' ? num(f, 'pcsMaxDischargePower', where) : 0,
        maxChargeKw: num(f, 'pcsMaxChargePower', where, 0),
        ...(targetDemandKw !== undefined ? { targetDemandKw } : {}),
        meterType: upper ? 'upper' : 'total',
        ...(upper ? { meters, ...(transformerCapacityKw !== undefined ? { transformerCapacityKw } : {}) } : {}),
      };
    }
    case 'STANDBY':
      return { type: 'standby', startMin, endMin };
    default:
      throw new WireError(`${where}: Invalid strategy section type`);
  }
}

/**
 * The engine plan of a wire strategy, or why it cannot run: a missing or non-numeric field a card
 * needs, an unknown name, a card without a valid time, overlapping cards. It does not repeat the
 * editor's rules (the platform checked them); it refuses what the engine could not run sensibly.
 */
export function wireToPlan(wire: WireStrategy): WireToPlanResult {
  try {
    if (!wire || typeof wire !== 'object' || !Array.isArray(wire.sections)) throw new WireError('not a strategy');
    if (wire.sections.length === 0) throw new WireError('the strategy has no cards');
    const protection = protectionOf(wire);
    const sections = wire.sections.map(sectionOf);
    const sorted = [...sections].sort((a, b) => a.startMin - b.startMin);
    for (let i = 1; i < sorted.length; i++) if (sorted[i]!.startMin < sorted[i - 1]!.endMin) throw new WireError('time periods overlap');
    return { ok: true, plan: { protection, sections } };
  } catch (error) {
    if (error instanceof WireError) return { ok: false, reason: error.message };
    throw error;
  }
}
