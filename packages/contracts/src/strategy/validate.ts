// Zod-free: the one validator of a strategy (spec 002 section 5), used by the web form and the server.
// Only the fields a card shows are checked (`visibleFields`). Messages: `messages.ts`.
import { isSectionTypeName, timeToHours, wireToForm } from './convert.js';
import { STRATEGY_MESSAGES, type StrategyMessageCode } from './messages.js';
import {
  ChargingMeterType,
  DischargeStrategy,
  LoadControlType,
  ProtectBasis,
  SectionType,
  STRATEGY_LIMITS,
  TimeGranularity,
  type SectionForm,
  type StrategyForm,
  type StrategyIssue,
  type StrategyWire,
} from './model.js';
import { strategyVersion, type StrategyVersionInfo } from './versions.js';
import { visibleFields, type SectionField } from './visibility.js';

export interface ValidateOptions {
  /**
   * Today as 'YYYY-MM-DD' in the tenant's time zone. When given, a field strategy's date range may not
   * start before it (the picker disables past days). Without it that check is skipped.
   */
  today?: string;
}

type Path = (string | number)[];

function issue(path: Path, code: StrategyMessageCode): StrategyIssue {
  return { path, code, message: STRATEGY_MESSAGES[code] };
}

/** Chinese characters, letters, digits, hyphen, underscore. */
export const STRATEGY_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_-]+$/;

const EPS = 1e-9;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const decimals = (v: number, n: number) => Math.abs(v * 10 ** n - Math.round(v * 10 ** n)) < 1e-6;
const tenths = (v: number) => Math.round(v * 10);

/** Whether the section's time is a valid range on the granularity's grid. */
function validTime(time: SectionForm['time'], granularity: TimeGranularity): time is [number, number] {
  const [a, b] = time;
  const step = granularity === TimeGranularity.HALF_HOUR ? 0.5 : 1;
  const onGrid = (v: number | null): v is number => isNum(v) && v >= 0 && v <= 24 && Math.abs(v / step - Math.round(v / step)) < EPS;
  return onGrid(a) && onGrid(b) && a < b;
}

function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Whether the submit button should ask for confirmation: the first card (by time) is neither charge nor smart. */
export function needsStartConfirm(form: Pick<StrategyForm, 'sections'>): boolean {
  const first = firstOrLast(form.sections, 'first');
  return first !== undefined && first.type !== SectionType.CHARGE && first.type !== SectionType.CONSUMPTION;
}

/** The earliest or latest card by start time; list order when a start is missing or outside 0..24. */
function firstOrLast<T extends Pick<SectionForm, 'time'>>(sections: readonly T[], which: 'first' | 'last'): T | undefined {
  if (sections.length === 0) return undefined;
  const ordered = sections.every((s) => isNum(s.time[0]) && s.time[0] >= 0 && s.time[0] <= 24);
  if (!ordered) return which === 'first' ? sections[0] : sections[sections.length - 1];
  let pick = sections[0]!;
  for (const s of sections) {
    if (which === 'first' ? s.time[0]! < pick.time[0]! : s.time[0]! >= pick.time[0]!) pick = s;
  }
  return pick;
}

/** Every rule of spec 002 section 5 on the form. An empty list means the form may be submitted. */
export function validateStrategyForm(form: StrategyForm, options: ValidateOptions = {}): StrategyIssue[] {
  const info = strategyVersion(form.version);
  if (!info) return [issue(['version'], 'version.unknown')];
  const out: StrategyIssue[] = [];
  checkName(form, out);
  if (form.kind === 'fieldStrategy') checkDates(form, options, out);
  const granularityOk = form.timeGranularity === TimeGranularity.HOUR || form.timeGranularity === TimeGranularity.HALF_HOUR;
  if (!granularityOk) out.push(issue(['timeGranularity'], 'granularity.invalid'));
  checkProtection(form, out);
  checkSections(form, info, granularityOk, out);
  return out;
}

function checkName(form: StrategyForm, out: StrategyIssue[]): void {
  const name = (form.name ?? '').trim();
  const required = form.kind !== 'fieldStrategy';
  const max = STRATEGY_LIMITS.nameMax[form.kind] ?? STRATEGY_LIMITS.nameMax.strategy;
  if (name === '' ? required : name.length > max || !STRATEGY_NAME_PATTERN.test(name)) out.push(issue(['name'], 'name.invalid'));
}

function checkDates(form: StrategyForm, options: ValidateOptions, out: StrategyIssue[]): void {
  const range = form.executiveTimes;
  if (!range || !isDay(range[0]) || !isDay(range[1]) || range[0] > range[1]) {
    out.push(issue(['executiveTimes'], 'dates.required'));
    return;
  }
  if (options.today && range[0] < options.today) out.push(issue(['executiveTimes'], 'dates.past'));
}

function checkProtection(form: StrategyForm, out: StrategyIssue[]): void {
  if (form.protectBasis === ProtectBasis.DOD) {
    const [a, b] = form.dod;
    if (a === null || b === null) {
      out.push(issue(['dod'], 'dod.required'));
      return;
    }
    const inRange = (v: number) => Number.isInteger(v) && v >= STRATEGY_LIMITS.dod.min && v <= STRATEGY_LIMITS.dod.max;
    if (!inRange(a)) out.push(issue(['dod', 0], 'dod.range'));
    if (!inRange(b)) out.push(issue(['dod', 1], 'dod.range'));
    if (inRange(a) && inRange(b) && b <= a) out.push(issue(['dod', 1], 'dod.order'));
  } else if (form.protectBasis === ProtectBasis.CELL_VOLTAGE) {
    const { min, max } = form.cellVoltage;
    const lo = STRATEGY_LIMITS.cellVoltageMin;
    const hi = STRATEGY_LIMITS.cellVoltageMax;
    const minOk = isNum(min) && min >= lo.min && min <= lo.max && decimals(min, 2);
    const maxOk = isNum(max) && max >= hi.min && max <= hi.max && decimals(max, 2);
    if (min === null) out.push(issue(['cellVoltage', 'min'], 'cellVoltage.min.required'));
    else if (!minOk) out.push(issue(['cellVoltage', 'min'], 'cellVoltage.min.range'));
    if (max === null) out.push(issue(['cellVoltage', 'max'], 'cellVoltage.max.required'));
    else if (!maxOk) out.push(issue(['cellVoltage', 'max'], 'cellVoltage.max.range'));
    if (minOk && maxOk && Math.round(max * 100) <= Math.round(min * 100)) out.push(issue(['cellVoltage', 'max'], 'cellVoltage.order'));
  } else if (form.protectBasis !== ProtectBasis.BMS) {
    out.push(issue(['protectBasis'], 'protect.required'));
  }
}

function checkSections(form: StrategyForm, info: StrategyVersionInfo, granularityOk: boolean, out: StrategyIssue[]): void {
  const sections = form.sections;
  if (sections.length === 0) {
    out.push(issue(['sections'], 'sections.empty'));
    return;
  }
  let timesOk = granularityOk;
  sections.forEach((s, i) => {
    if (!granularityOk || !validTime(s.time, form.timeGranularity)) {
      out.push(issue(['sections', i, 'time'], 'section.time.invalid'));
      timesOk = false;
    }
    checkSection(s, i, form, info, out);
  });

  if (timesOk) {
    const order = sections.map((s, i) => ({ i, a: s.time[0]!, b: s.time[1]! })).sort((x, y) => x.a - y.a || x.i - y.i);
    let overlap = false;
    for (let k = 1; k < order.length; k++) {
      if (order[k]!.a < order[k - 1]!.b) {
        out.push(issue(['sections', order[k]!.i, 'time'], 'sections.overlap'));
        overlap = true;
      }
    }
    const covers = order[0]!.a === 0 && order[order.length - 1]!.b === 24 && order.every((o, k) => k === 0 || o.a === order[k - 1]!.b);
    if (!overlap && !covers) out.push(issue(['sections'], 'sections.coverage'));
  }

  if (info.lastCardMustDischarge) {
    const last = firstOrLast(sections, 'last')!;
    if (last.type !== SectionType.DISCHARGE && last.type !== SectionType.CONSUMPTION) out.push(issue(['sections'], 'sections.lastKind'));
  }
}

function checkSection(s: SectionForm, i: number, form: StrategyForm, info: StrategyVersionInfo, out: StrategyIssue[]): void {
  const at = (...rest: Path): Path => ['sections', i, ...rest];
  if (![SectionType.CHARGE, SectionType.DISCHARGE, SectionType.CONSUMPTION, SectionType.STANDBY].includes(s.type)) {
    out.push(issue(at('type'), 'section.type.invalid'));
    return;
  }
  if (!info.cardKinds.includes(s.type)) out.push(issue(at('type'), 'section.type.notInVersion'));

  const shown = new Set<SectionField>(visibleFields(s, form.version));
  const valid = new Set<SectionField>();
  const value = (field: SectionField) => s[field as keyof SectionForm] as number | null;

  /** An integer kW field: 0..9999999, or (signed) -9999999..9999999. */
  const kwInt = (field: SectionField, signed = false) => {
    if (!shown.has(field)) return;
    const v = value(field);
    if (v === null) return void out.push(issue(at(field), 'field.required'));
    const ok = Number.isInteger(v) && v <= STRATEGY_LIMITS.kwMax && v >= (signed ? -STRATEGY_LIMITS.kwMax : 0);
    if (ok) valid.add(field);
    else out.push(issue(at(field), signed ? 'field.kwIntSigned' : 'field.kwInt'));
  };
  /** An integer 1..max at a path. */
  const intFrom1 = (path: Path, v: number | null, max: number, code: 'field.int1' | 'field.capacity'): boolean => {
    if (v === null) {
      out.push(issue(path, 'field.required'));
      return false;
    }
    const ok = Number.isInteger(v) && v >= 1 && v <= max;
    if (!ok) out.push(issue(path, code));
    return ok;
  };
  /** A smart-card kW value: optional sign, digits, at most one decimal; negatives only where allowed. */
  const smartKw = (field: SectionField, signed: boolean) => {
    if (!shown.has(field)) return;
    const v = value(field);
    if (v === null) return void out.push(issue(at(field), 'field.required'));
    if (!isNum(v) || !decimals(v, 1) || Math.abs(v) > STRATEGY_LIMITS.smartKwMax) return void out.push(issue(at(field), 'smart.kw.format'));
    if (!signed && v < 0) return void out.push(issue(at(field), 'smart.kw.negative'));
    valid.add(field);
  };
  const ok = (...fields: SectionField[]) => fields.every((f) => valid.has(f));

  switch (s.type) {
    case SectionType.CHARGE: {
      kwInt('pcsPower');
      if (s.chargingLoadProtect === null) out.push(issue(at('chargingLoadProtect'), 'field.required'));
      kwInt('stopChargeLoad');
      kwInt('recoverChargeLoad');
      if (ok('stopChargeLoad', 'recoverChargeLoad') && s.recoverChargeLoad! >= s.stopChargeLoad!)
        out.push(issue(at('recoverChargeLoad'), 'charge.recover'));
      break;
    }
    case SectionType.DISCHARGE: {
      const mode = s.dischargeStrategy;
      if (mode === null) out.push(issue(at('dischargeStrategy'), 'discharge.trigger.required'));
      else if (!info.dischargeStrategies.includes(mode)) out.push(issue(at('dischargeStrategy'), 'discharge.trigger.notInVersion'));
      kwInt('pcsPower');
      const signed = mode === DischargeStrategy.IMMEDIATELY && info.immediateAllowsNegative;
      kwInt('stopDischargeLoad', signed);
      kwInt('recoverDischargeLoad', signed);
      kwInt('triggerDischargeLoad');
      if (
        mode === DischargeStrategy.IMMEDIATELY &&
        ok('stopDischargeLoad', 'recoverDischargeLoad') &&
        s.recoverDischargeLoad! <= s.stopDischargeLoad!
      )
        out.push(issue(at('recoverDischargeLoad'), 'discharge.immediate.order'));
      if (
        mode === DischargeStrategy.REACH_THRESHOLD &&
        ok('stopDischargeLoad', 'triggerDischargeLoad') &&
        s.triggerDischargeLoad! <= s.stopDischargeLoad!
      )
        out.push(issue(at('triggerDischargeLoad'), 'discharge.threshold.order'));
      kwInt('targetDemand');
      if (shown.has('targetLoadRate')) {
        const v = s.targetLoadRate;
        if (v === null) out.push(issue(at('targetLoadRate'), 'field.required'));
        else if (!isNum(v) || v < 0 || v > 100 || !decimals(v, 1)) out.push(issue(at('targetLoadRate'), 'discharge.loadRate'));
      }
      if (shown.has('pi')) {
        const { kp, ki } = s.pi;
        if (kp === null || ki === null) out.push(issue(at('pi'), 'pi.required'));
        else {
          if (!isNum(kp) || kp <= 0) out.push(issue(at('pi', 'kp'), 'pi.kp'));
          if (!isNum(ki) || ki < 0) out.push(issue(at('pi', 'ki'), 'pi.ki'));
        }
      }
      if (shown.has('dischargeInterruptionPowerThreshold'))
        intFrom1(at('dischargeInterruptionPowerThreshold'), s.dischargeInterruptionPowerThreshold, STRATEGY_LIMITS.kwMax, 'field.int1');
      if (shown.has('pcsMaxDischargePower'))
        intFrom1(at('pcsMaxDischargePower'), s.pcsMaxDischargePower, STRATEGY_LIMITS.kwMax, 'field.int1');
      if (shown.has('emptyStrategy')) {
        if (s.emptyStrategy === null) out.push(issue(at('emptyStrategy'), 'discharge.empty.required'));
        else if (!info.emptyStrategies.includes(s.emptyStrategy)) out.push(issue(at('emptyStrategy'), 'discharge.empty.notInVersion'));
      }
      if (shown.has('emptyTime')) {
        const t = s.emptyTime ? timeToHours(s.emptyTime) : null;
        if (t === null) out.push(issue(at('emptyTime'), 'discharge.emptyTime.required'));
        else if (validTime(s.time, form.timeGranularity) && (t < s.time[0] || t > s.time[1]))
          out.push(issue(at('emptyTime'), 'discharge.emptyTime.outside'));
      }
      break;
    }
    case SectionType.CONSUMPTION: {
      const trigger = s.intelligentConsumptionControlType;
      if (trigger === null) out.push(issue(at('intelligentConsumptionControlType'), 'smart.trigger.required'));
      else if (!info.smartTriggers.includes(trigger))
        out.push(issue(at('intelligentConsumptionControlType'), 'smart.trigger.notInVersion'));
      smartKw('intelligentConsumptionStartMight', false);
      smartKw('intelligentConsumptionStopMight', false);
      smartKw('intelligentConsumptionTotalTargetLoad', true);
      smartKw('targetDemand', false);
      smartKw('pcsMaxChargePower', false);
      if (s.intelligentLoadControlType !== LoadControlType.DISCHARGE && s.intelligentLoadControlType !== LoadControlType.NONE)
        out.push(issue(at('intelligentLoadControlType'), 'smart.loadAction.required'));
      smartKw('dischargeTargetLoad', true);
      smartKw('pcsMaxDischargePower', true);
      if (
        shown.has('dischargeTargetLoad') &&
        ok('dischargeTargetLoad', 'pcsMaxDischargePower', 'pcsMaxChargePower', 'targetDemand') &&
        !(tenths(s.dischargeTargetLoad!) - tenths(s.pcsMaxDischargePower!) - tenths(s.pcsMaxChargePower!) > tenths(s.targetDemand!))
      )
        out.push(issue(at('dischargeTargetLoad'), 'smart.discharge.balance'));
      if (
        shown.has('chargingMeterType') &&
        s.chargingMeterType !== ChargingMeterType.TOTAL &&
        s.chargingMeterType !== ChargingMeterType.UPPER
      )
        out.push(issue(at('chargingMeterType'), 'smart.meterType.required'));
      const demand = ok('targetDemand') ? s.targetDemand! : null;
      if (shown.has('upstreamTransformerCapacity')) {
        const v = s.upstreamTransformerCapacity;
        if (
          intFrom1(at('upstreamTransformerCapacity'), v, STRATEGY_LIMITS.transformerCapacityMax, 'field.capacity') &&
          demand !== null &&
          v! > demand
        )
          out.push(issue(at('upstreamTransformerCapacity'), 'smart.capacity.aboveDemand'));
      }
      if (shown.has('meters')) {
        if (s.meters.length === 0) out.push(issue(at('meters'), 'smart.meters.empty'));
        s.meters.forEach((m, j) => {
          if (
            intFrom1(at('meters', j, 'chargeThreshold'), m.chargeThreshold, STRATEGY_LIMITS.kwMax, 'field.int1') &&
            demand !== null &&
            m.chargeThreshold! > demand
          )
            out.push(issue(at('meters', j, 'chargeThreshold'), 'smart.meter.aboveDemand'));
          intFrom1(at('meters', j, 'pcsMaxChargePower'), m.pcsMaxChargePower, STRATEGY_LIMITS.kwMax, 'field.int1');
        });
      }
      break;
    }
    default:
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// Server entry point

const WIRE_SECTION_FIELDS: Partial<Record<string, string>> = {
  chargingLoadProtect: 'chargingLoadProtect',
  meters: 'upstreamTransformerMeterParamList',
};

/** A form path to the matching path in the wire body. */
export function wirePathOf(path: Path): Path {
  const [head, ...rest] = path;
  switch (head) {
    case 'dod':
      return rest.length ? ['additionalFields', rest[0] === 0 ? 'dodMin' : 'dodMax'] : ['additionalFields'];
    case 'cellVoltage':
      return rest.length ? ['additionalFields', rest[0] === 'min' ? 'cellVoltageMin' : 'cellVoltageMax'] : ['additionalFields'];
    case 'protectBasis':
      return ['protectType'];
    case 'meters':
      return ['upstreamTransformerMeterParamList', ...rest];
    case 'sections': {
      if (rest.length < 2) return path;
      const [i, field, ...more] = rest;
      if (field === 'type') return ['sections', i!, 'type'];
      if (field === 'time') return ['sections', i!];
      if (field === 'pi') return more.length ? ['sections', i!, 'additionalFields', ...more] : ['sections', i!, 'additionalFields'];
      return ['sections', i!, 'additionalFields', WIRE_SECTION_FIELDS[String(field)] ?? field!, ...more];
    }
    default:
      return path;
  }
}

/**
 * The server's check of a body already parsed by `strategyWireSchema`: the same rules and messages as
 * the form (`wireToForm` then `validateStrategyForm`), with paths into the wire body. A section whose
 * type is not CHARGE, DISCHARGE, CONSUMPTION or STANDBY gives 'Invalid strategy section type' (and the
 * other rules are not run, as the day cannot be understood).
 */
export function validateStrategyWire(wire: StrategyWire, options: ValidateOptions = {}): StrategyIssue[] {
  const bad = wire.sections.flatMap((s, i) => (isSectionTypeName(s.type) ? [] : [issue(['sections', i, 'type'], 'section.type.invalid')]));
  if (bad.length > 0) return bad;
  return validateStrategyForm(wireToForm(wire), options).map((x) => ({ ...x, path: wirePathOf(x.path) }));
}
