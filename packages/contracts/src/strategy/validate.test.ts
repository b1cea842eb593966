import { afterAll, describe, expect, it } from 'vitest';
import { formToWire } from './convert.js';
import { STRATEGY_MESSAGES, strategyMessagesZh } from './messages.js';
import {
  ChargingMeterType,
  ConsumptionControlType,
  DischargeStrategy,
  EmptyStrategy,
  LoadControlType,
  ProtectBasis,
  SectionType,
  TimeGranularity,
  type SectionForm,
  type StrategyForm,
  type StrategyIssue,
} from './model.js';
import { sampleSection, sampleStrategyForm } from './samples.js';
import { checkStrategyBody } from './schemas.js';
import { needsStartConfirm, validateStrategyForm, validateStrategyWire, type ValidateOptions } from './validate.js';

const VERSIONS = [1, 2, 3, 4, 5, 6] as const;
const seen = new Set<string>();

/**
 * Validates a form, and checks that the server entry point (formToWire, then the wire schema and
 * validateStrategyWire) refuses it with the same codes and messages.
 */
function check(form: StrategyForm, options: ValidateOptions = {}): StrategyIssue[] {
  const issues = validateStrategyForm(form, options);
  for (const i of issues) seen.add(i.code);
  const typesKnown = form.sections.every((s) => [1, 2, 3, 4].includes(s.type));
  // A form with an unknown type, granularity or basis cannot be put on the wire (tested separately).
  if (typesKnown && [1, 2].includes(form.timeGranularity) && [1, 2, 3].includes(form.protectBasis)) {
    const server = checkStrategyBody(formToWire(form), options);
    const serverIssues = server.ok ? [] : server.issues;
    const key = (i: StrategyIssue) => `${i.code}: ${i.message}`;
    expect(serverIssues.map(key).sort()).toEqual(issues.map(key).sort());
  }
  return issues;
}
const codes = (form: StrategyForm, options?: ValidateOptions) => check(form, options).map((i) => i.code);

/** The sample of a version, changed by `edit`. */
function sample(version: number, edit: (f: StrategyForm) => void = () => {}, kind: StrategyForm['kind'] = 'strategy'): StrategyForm {
  const f = sampleStrategyForm(version, kind);
  edit(f);
  return f;
}
const discharge = (f: StrategyForm) => f.sections[1]!;
const smart = (f: StrategyForm) => f.sections[3]!;
/** Replaces the discharge card (08-12) with one of these fields. */
const withDischarge = (version: number, fields: Partial<SectionForm>) =>
  sample(version, (f) => {
    f.sections[1] = sampleSection(SectionType.DISCHARGE, [8, 12], { pcsPower: 400, ...fields });
  });

function expectIssue(issues: StrategyIssue[], code: keyof typeof STRATEGY_MESSAGES, path?: (string | number)[]) {
  const hit = issues.find((i) => i.code === code && (!path || JSON.stringify(i.path) === JSON.stringify(path)));
  expect(hit, `expected ${code} at ${JSON.stringify(path)} in ${JSON.stringify(issues)}`).toBeDefined();
  expect(hit!.message).toBe(STRATEGY_MESSAGES[code]);
}

describe('samples', () => {
  it.each(VERSIONS)('the sample strategy, template and field strategy of version %i are valid', (v) => {
    expect(check(sampleStrategyForm(v))).toEqual([]);
    expect(check(sampleStrategyForm(v, 'template'))).toEqual([]);
    expect(check(sampleStrategyForm(v, 'fieldStrategy'))).toEqual([]);
  });
});

describe('version', () => {
  it("an unregistered version gives only 'strategy not registered'", () => {
    const issues = check(sample(1, (f) => ((f.version = 7), (f.sections = []))));
    expect(issues).toEqual([{ path: ['version'], code: 'version.unknown', message: 'strategy not registered' }]);
  });
});

describe('sections list (spec 002 section 5)', () => {
  it.each(VERSIONS)("version %i: no card -> 'please add a card'", (v) => {
    expectIssue(check(sample(v, (f) => (f.sections = []))), 'sections.empty', ['sections']);
  });

  it.each(VERSIONS)('version %i: the last card must be smart or discharge, except in CC', (v) => {
    const endsWithStandby = sample(v, (f) => {
      f.sections[3] = sampleSection(SectionType.STANDBY, [14, 24]);
    });
    const issues = codes(endsWithStandby);
    if (v === 3) expect(issues).toEqual([]);
    else expect(issues).toEqual(['sections.lastKind']);
    expect(
      codes(
        sample(
          v,
          (f) => (f.sections[3] = sampleSection(SectionType.DISCHARGE, [14, 24], { ...discharge(f), time: [14, 24], emptyTime: '20:00' })),
        ),
      ),
    ).toEqual([]);
  });

  it('the last card is the one that starts last, not the last in the list', () => {
    const f = sample(1, (f) => {
      const [charge, dis, standby] = f.sections;
      // the list ends with the 08-12 discharge, the day ends with a charge
      f.sections = [sampleSection(SectionType.CHARGE, [14, 24], { pcsPower: 1, chargingLoadProtect: false }), charge!, standby!, dis!];
    });
    expect(f.sections[f.sections.length - 1]!.type).toBe(SectionType.DISCHARGE);
    expect(codes(f)).toEqual(['sections.lastKind']);
    expectIssue(check(f), 'sections.lastKind', ['sections']);
  });

  it("a missing start or end -> 'time period setting error'", () => {
    expectIssue(check(sample(1, (f) => (f.sections[2]!.time = [12, null]))), 'section.time.invalid', ['sections', 2, 'time']);
    expectIssue(check(sample(1, (f) => (f.sections[2]!.time = [null, 14]))), 'section.time.invalid', ['sections', 2, 'time']);
  });

  it("a start not before the end, a time past 24 or off the granularity's grid -> 'time period setting error'", () => {
    expect(codes(sample(1, (f) => (f.sections[2]!.time = [14, 12])))).toContain('section.time.invalid');
    expect(codes(sample(1, (f) => (f.sections[2]!.time = [12, 12])))).toContain('section.time.invalid');
    expect(codes(sample(1, (f) => (f.sections[3]!.time = [14, 25])))).toContain('section.time.invalid');
    expect(codes(sample(1, (f) => (f.sections[3]!.time = [-1, 24])))).toContain('section.time.invalid');
    const half = (g: TimeGranularity) =>
      sample(1, (f) => {
        f.timeGranularity = g;
        f.sections[2]!.time = [12, 13.5];
        f.sections[3]!.time = [13.5, 24];
      });
    expect(codes(half(TimeGranularity.HOUR))).toEqual(['section.time.invalid', 'section.time.invalid']);
    expect(codes(half(TimeGranularity.HALF_HOUR))).toEqual([]);
    expect(codes(sample(1, (f) => ((f.timeGranularity = 2), (f.sections[2]!.time = [12, 13.25]))))).toContain('section.time.invalid');
  });

  it("overlapping cards -> 'time periods overlap'", () => {
    const issues = check(sample(1, (f) => (f.sections[2]!.time = [11, 14])));
    expectIssue(issues, 'sections.overlap', ['sections', 2, 'time']);
    expect(issues.map((i) => i.code)).not.toContain('sections.coverage');
  });

  it("a gap, a late start or an early end -> 'time periods must cover 0-24 hours'", () => {
    expectIssue(check(sample(1, (f) => (f.sections[2]!.time = [13, 14]))), 'sections.coverage', ['sections']);
    expect(codes(sample(1, (f) => (f.sections[0]!.time = [1, 8])))).toEqual(['sections.coverage']);
    expect(codes(sample(1, (f) => (f.sections[3]!.time = [14, 23])))).toEqual(['sections.coverage']);
  });

  it("an unknown section type -> 'Invalid strategy section type' (form and wire)", () => {
    const form = sample(1, (f) => (f.sections[2]!.type = 9 as SectionType));
    expectIssue(check(form), 'section.type.invalid', ['sections', 2, 'type']);
    const wire = formToWire(sample(1));
    wire.sections[2]!.type = 'IDLE';
    expect(validateStrategyWire(wire)).toEqual([
      { path: ['sections', 2, 'type'], code: 'section.type.invalid', message: 'Invalid strategy section type' },
    ]);
    const body = checkStrategyBody(wire);
    expect(body.ok).toBe(false);
    if (!body.ok) expect(body.issues.map((i) => i.message)).toEqual(['Invalid strategy section type']);
  });

  it('a card kind the version does not offer is refused: the charge card in CF', () => {
    const cf = sample(6, (f) => (f.sections[0] = sampleSection(SectionType.CHARGE, [0, 8], { pcsPower: 5, chargingLoadProtect: false })));
    expectIssue(check(cf), 'section.type.notInVersion', ['sections', 0, 'type']);
    const ca = sample(1);
    expect(ca.sections[0]!.type).toBe(SectionType.CHARGE);
    expect(codes(ca)).toEqual([]);
  });

  it('asks for confirmation when the first card is neither charge nor smart', () => {
    expect(needsStartConfirm(sample(1))).toBe(false);
    expect(needsStartConfirm(sample(6))).toBe(false);
    expect(needsStartConfirm(sample(1, (f) => f.sections.reverse()))).toBe(false); // by time, not list order
    expect(needsStartConfirm(sample(1, (f) => (f.sections[0] = sampleSection(SectionType.STANDBY, [0, 8]))))).toBe(true);
    expect(needsStartConfirm({ sections: [] })).toBe(false);
    expect(STRATEGY_MESSAGES['sections.startConfirm']).toBe(
      'the cards do not start with a peak-shaving charge strategy or smart charge/discharge, confirm?',
    );
  });
});

describe('name and dates', () => {
  it("is required for templates and strategies, optional for field strategies: 'please enter a correct name'", () => {
    expectIssue(check(sample(1, (f) => (f.name = ''), 'template')), 'name.invalid', ['name']);
    expect(codes(sample(1, (f) => (f.name = '  '), 'strategy'))).toEqual(['name.invalid']);
    expect(codes(sample(1, (f) => (f.name = ''), 'fieldStrategy'))).toEqual([]);
  });

  it('is at most 50 characters for templates and strategies, 52 for field strategies', () => {
    for (const kind of ['template', 'strategy'] as const) {
      expect(codes(sample(1, (f) => (f.name = 'a'.repeat(50)), kind))).toEqual([]);
      expect(codes(sample(1, (f) => (f.name = 'a'.repeat(51)), kind))).toEqual(['name.invalid']);
    }
    expect(codes(sample(1, (f) => (f.name = '储'.repeat(52)), 'fieldStrategy'))).toEqual([]);
    expect(codes(sample(1, (f) => (f.name = '储'.repeat(53)), 'fieldStrategy'))).toEqual(['name.invalid']);
  });

  it('allows Chinese characters, letters, digits, hyphen and underscore only', () => {
    expect(codes(sample(1, (f) => (f.name = '储能策略_Plant-01')))).toEqual([]);
    for (const bad of ['Plant A', 'a/b', 'a.b', 'ａ', 'x!', '<b>'])
      expect(codes(sample(1, (f) => (f.name = bad)))).toEqual(['name.invalid']);
  });

  it("a field strategy needs a date range: 'please select date'", () => {
    expectIssue(check(sample(1, (f) => (f.executiveTimes = null), 'fieldStrategy')), 'dates.required', ['executiveTimes']);
    expect(codes(sample(1, (f) => (f.executiveTimes = ['2099-02-01', '2099-01-01']), 'fieldStrategy'))).toEqual(['dates.required']);
    expect(codes(sample(1, (f) => (f.executiveTimes = ['2099-02-30', '2099-03-01']), 'fieldStrategy'))).toEqual(['dates.required']);
    expect(codes(sample(1, (f) => (f.executiveTimes = null), 'strategy'))).toEqual([]);
  });

  it('a field strategy may not start on a past day (when today is known)', () => {
    const f = sample(1, (f) => (f.executiveTimes = ['2026-05-01', '2026-05-31']), 'fieldStrategy');
    expectIssue(check(f, { today: '2026-05-02' }), 'dates.past', ['executiveTimes']);
    expect(codes(f, { today: '2026-05-01' })).toEqual([]);
    expect(codes(f)).toEqual([]);
  });
});

describe('protection', () => {
  it("DOD is required: 'please enter the DOD range'", () => {
    expectIssue(check(sample(1, (f) => (f.dod = [10, null]))), 'dod.required', ['dod']);
  });

  it('DOD values are integers 0 to 100', () => {
    expect(codes(sample(1, (f) => (f.dod = [0, 100])))).toEqual([]);
    expectIssue(check(sample(1, (f) => (f.dod = [-1, 90]))), 'dod.range', ['dod', 0]);
    expectIssue(check(sample(1, (f) => (f.dod = [10, 101]))), 'dod.range', ['dod', 1]);
    expect(codes(sample(1, (f) => (f.dod = [10.5, 90])))).toEqual(['dod.range']);
  });

  it("the second DOD must be greater than the first: 'DOD latter value must be greater than the former'", () => {
    expectIssue(check(sample(1, (f) => (f.dod = [50, 40]))), 'dod.order', ['dod', 1]);
    expect(codes(sample(1, (f) => (f.dod = [50, 50])))).toEqual(['dod.order']);
  });

  const cell = (min: number | null, max: number | null) =>
    sample(1, (f) => {
      f.protectBasis = ProtectBasis.CELL_VOLTAGE;
      f.dod = [null, null];
      f.cellVoltage = { min, max };
    });

  it('cell voltage minimum is 2.5 to 3.7 V with 2 decimals, maximum 3 to 4.2 V with 2 decimals', () => {
    expect(codes(cell(2.5, 4.2))).toEqual([]);
    expect(codes(cell(3.7, 3.71))).toEqual([]);
    expectIssue(check(cell(2.49, 4)), 'cellVoltage.min.range', ['cellVoltage', 'min']);
    expect(codes(cell(3.71, 4))).toEqual(['cellVoltage.min.range']);
    expect(codes(cell(2.755, 4))).toEqual(['cellVoltage.min.range']);
    expectIssue(check(cell(2.8, 2.99)), 'cellVoltage.max.range', ['cellVoltage', 'max']);
    expect(codes(cell(2.8, 4.21))).toEqual(['cellVoltage.max.range']);
    expect(codes(cell(2.8, 4.001))).toEqual(['cellVoltage.max.range']);
  });

  it('cell voltages are required and the maximum must be greater than the minimum', () => {
    expectIssue(check(cell(null, 4)), 'cellVoltage.min.required', ['cellVoltage', 'min']);
    expectIssue(check(cell(3, null)), 'cellVoltage.max.required', ['cellVoltage', 'max']);
    expectIssue(check(cell(3.5, 3.5)), 'cellVoltage.order', ['cellVoltage', 'max']);
    expect(codes(cell(3.6, 3.2))).toEqual(['cellVoltage.order']);
  });

  it('control by the lower-level BMS checks neither DOD nor cell voltage; an unknown basis is refused', () => {
    expect(codes(sample(1, (f) => ((f.protectBasis = ProtectBasis.BMS), (f.dod = [null, null]))))).toEqual([]);
    expect(codes(sample(1, (f) => (f.protectBasis = 4 as ProtectBasis)))).toEqual(['protect.required']);
  });

  it('an unknown time granularity is refused', () => {
    expectIssue(check(sample(1, (f) => (f.timeGranularity = 3 as TimeGranularity))), 'granularity.invalid', ['timeGranularity']);
  });
});

describe('charge card', () => {
  const charge = (fields: Partial<SectionForm>) =>
    sample(1, (f) => (f.sections[0] = sampleSection(SectionType.CHARGE, [0, 8], { pcsPower: 500, chargingLoadProtect: false, ...fields })));

  it('power is a required integer kW >= 0', () => {
    expectIssue(check(charge({ pcsPower: null })), 'field.required', ['sections', 0, 'pcsPower']);
    expectIssue(check(charge({ pcsPower: -1 })), 'field.kwInt', ['sections', 0, 'pcsPower']);
    expect(codes(charge({ pcsPower: 1.5 }))).toEqual(['field.kwInt']);
    expect(codes(charge({ pcsPower: 10_000_000 }))).toEqual(['field.kwInt']);
    expect(codes(charge({ pcsPower: 0 }))).toEqual([]);
  });

  it('charge load protection is required', () => {
    expectIssue(check(charge({ chargingLoadProtect: null })), 'field.required', ['sections', 0, 'chargingLoadProtect']);
  });

  it('with protection on, stop and recover charge load are required integers kW >= 0', () => {
    expectIssue(check(charge({ chargingLoadProtect: true, recoverChargeLoad: 5 })), 'field.required', ['sections', 0, 'stopChargeLoad']);
    expect(codes(charge({ chargingLoadProtect: true, stopChargeLoad: 10, recoverChargeLoad: -1 }))).toEqual(['field.kwInt']);
  });

  it("recover must be lower than stop: 'recover value cannot be higher than protection value'", () => {
    expectIssue(check(charge({ chargingLoadProtect: true, stopChargeLoad: 100, recoverChargeLoad: 120 })), 'charge.recover', [
      'sections',
      0,
      'recoverChargeLoad',
    ]);
    expect(codes(charge({ chargingLoadProtect: true, stopChargeLoad: 100, recoverChargeLoad: 100 }))).toEqual(['charge.recover']);
    expect(codes(charge({ chargingLoadProtect: true, stopChargeLoad: 100, recoverChargeLoad: 99 }))).toEqual([]);
  });

  it('with protection off, stop and recover are hidden and not checked', () => {
    expect(codes(charge({ chargingLoadProtect: false, stopChargeLoad: 1, recoverChargeLoad: 7.5 }))).toEqual([]);
  });
});

describe('discharge card', () => {
  it("the trigger condition is required: 'please select the discharge trigger condition'", () => {
    expectIssue(check(withDischarge(1, { dischargeStrategy: null, emptyStrategy: 2 })), 'discharge.trigger.required', [
      'sections',
      1,
      'dischargeStrategy',
    ]);
  });

  it.each(VERSIONS)('version %i: power-following is offered only in CF', (v) => {
    const f = withDischarge(v, {
      dischargeStrategy: DischargeStrategy.POWER_FALLOW_MODE,
      dischargeInterruptionPowerThreshold: 50,
      pcsMaxDischargePower: 400,
    });
    if (v === 6) expect(codes(f)).toEqual([]);
    else expectIssue(check(f), 'discharge.trigger.notInVersion', ['sections', 1, 'dischargeStrategy']);
  });

  it('power is a required integer kW >= 0', () => {
    const base = { dischargeStrategy: DischargeStrategy.IMMEDIATELY, stopDischargeLoad: 100, recoverDischargeLoad: 200 };
    expectIssue(check(withDischarge(1, { ...base, pcsPower: null })), 'field.required', ['sections', 1, 'pcsPower']);
    expectIssue(check(withDischarge(1, { ...base, pcsPower: 12.5 })), 'field.kwInt', ['sections', 1, 'pcsPower']);
    expect(codes(withDischarge(1, { ...base, pcsPower: -3 }))).toEqual(['field.kwInt']);
  });

  it("immediate: recover must be greater than stop: 'recovery discharge load cannot be lower than stop discharge load'", () => {
    const immediate = (stop: number, recover: number) =>
      withDischarge(1, { dischargeStrategy: DischargeStrategy.IMMEDIATELY, stopDischargeLoad: stop, recoverDischargeLoad: recover });
    expectIssue(check(immediate(300, 200)), 'discharge.immediate.order', ['sections', 1, 'recoverDischargeLoad']);
    expect(codes(immediate(300, 300))).toEqual(['discharge.immediate.order']);
    expect(codes(immediate(300, 301))).toEqual([]);
  });

  it('immediate: emptying is hidden, so not required', () => {
    expect(
      codes(withDischarge(1, { dischargeStrategy: DischargeStrategy.IMMEDIATELY, stopDischargeLoad: 1, recoverDischargeLoad: 2 })),
    ).toEqual([]);
  });

  it.each(VERSIONS)('version %i: immediate accepts negative stop/recover loads only in CE and CF', (v) => {
    const f = withDischarge(v, { dischargeStrategy: DischargeStrategy.IMMEDIATELY, stopDischargeLoad: -200, recoverDischargeLoad: -100 });
    if (v === 5 || v === 6) expect(codes(f)).toEqual([]);
    else {
      expectIssue(check(f), 'field.kwInt', ['sections', 1, 'stopDischargeLoad']);
      expect(codes(f)).toEqual(['field.kwInt', 'field.kwInt']);
    }
    const fraction = withDischarge(v, {
      dischargeStrategy: DischargeStrategy.IMMEDIATELY,
      stopDischargeLoad: -2.5,
      recoverDischargeLoad: 1,
    });
    expect(codes(fraction)).toEqual([v === 5 || v === 6 ? 'field.kwIntSigned' : 'field.kwInt']);
  });

  it("threshold: trigger must be greater than stop: 'trigger discharge load cannot be lower than stop discharge load'", () => {
    expectIssue(check(sample(1, (f) => (discharge(f).triggerDischargeLoad = 500))), 'discharge.threshold.order', [
      'sections',
      1,
      'triggerDischargeLoad',
    ]);
    expect(codes(sample(1, (f) => (discharge(f).triggerDischargeLoad = 600)))).toEqual(['discharge.threshold.order']);
    expect(codes(sample(1, (f) => (discharge(f).stopDischargeLoad = null)))).toEqual(['field.required']);
  });

  const byDemand = (pi: { kp: number | null; ki: number | null }, extra: Partial<SectionForm> = {}) =>
    withDischarge(1, {
      dischargeStrategy: DischargeStrategy.BY_DEMAND,
      targetDemand: 900,
      pi,
      emptyStrategy: EmptyStrategy.LINEAR_REGRESSION,
      ...extra,
    });

  it("demand and load-rate modes need PI: 'please fill P and I'", () => {
    expectIssue(check(byDemand({ kp: 1, ki: null })), 'pi.required', ['sections', 1, 'pi']);
    expect(codes(byDemand({ kp: null, ki: 0 }))).toEqual(['pi.required']);
    const rate = withDischarge(1, {
      dischargeStrategy: DischargeStrategy.BY_LOAD_RATE,
      targetLoadRate: 80,
      pi: { kp: null, ki: null },
      emptyStrategy: 2,
    });
    expect(codes(rate)).toEqual(['pi.required']);
  });

  it("kp must be greater than 0 ('P must be greater than 0'), ki at least 0", () => {
    expectIssue(check(byDemand({ kp: 0, ki: 0 })), 'pi.kp', ['sections', 1, 'pi', 'kp']);
    expect(codes(byDemand({ kp: -0.1, ki: 0 }))).toEqual(['pi.kp']);
    expectIssue(check(byDemand({ kp: 0.2, ki: -0.01 })), 'pi.ki', ['sections', 1, 'pi', 'ki']);
    expect(codes(byDemand({ kp: 0.2, ki: 0 }))).toEqual([]);
  });

  it('demand mode: the target demand is a required integer kW >= 0', () => {
    expectIssue(check(byDemand({ kp: 1, ki: 1 }, { targetDemand: null })), 'field.required', ['sections', 1, 'targetDemand']);
    expect(codes(byDemand({ kp: 1, ki: 1 }, { targetDemand: 10.5 }))).toEqual(['field.kwInt']);
  });

  it('load-rate mode: the target load rate is 0 to 100 percent with one decimal', () => {
    const rate = (targetLoadRate: number | null) =>
      withDischarge(1, { dischargeStrategy: DischargeStrategy.BY_LOAD_RATE, targetLoadRate, pi: { kp: 1, ki: 0.5 }, emptyStrategy: 2 });
    expect(codes(rate(0))).toEqual([]);
    expect(codes(rate(100))).toEqual([]);
    expect(codes(rate(55.5))).toEqual([]);
    expectIssue(check(rate(100.1)), 'discharge.loadRate', ['sections', 1, 'targetLoadRate']);
    expect(codes(rate(-0.1))).toEqual(['discharge.loadRate']);
    expect(codes(rate(55.55))).toEqual(['discharge.loadRate']);
    expect(codes(rate(null))).toEqual(['field.required']);
  });

  it("emptying is required outside immediate and power-following: 'please select surplus-power automatic emptying'", () => {
    expectIssue(check(sample(1, (f) => (discharge(f).emptyStrategy = null))), 'discharge.empty.required', ['sections', 1, 'emptyStrategy']);
    expect(codes(byDemand({ kp: 1, ki: 1 }, { emptyStrategy: null }))).toEqual(['discharge.empty.required']);
    const follow = withDischarge(6, {
      dischargeStrategy: 5,
      dischargeInterruptionPowerThreshold: 1,
      pcsMaxDischargePower: 9_999_999,
      emptyStrategy: null,
    });
    expect(codes(follow)).toEqual([]);
  });

  it.each(VERSIONS)("version %i: 'no emptying' is offered only in CD", (v) => {
    const f = sample(v, (f) => ((discharge(f).emptyStrategy = EmptyStrategy.NONE), (discharge(f).emptyTime = null)));
    if (v === 4) expect(codes(f)).toEqual([]);
    else expectIssue(check(f), 'discharge.empty.notInVersion', ['sections', 1, 'emptyStrategy']);
  });

  it("timed emptying needs a time: 'please select the surplus-power automatic emptying time'", () => {
    expectIssue(check(sample(1, (f) => (discharge(f).emptyTime = null))), 'discharge.emptyTime.required', ['sections', 1, 'emptyTime']);
    expect(codes(sample(1, (f) => (discharge(f).emptyTime = '25:00')))).toEqual(['discharge.emptyTime.required']);
    expect(codes(sample(1, (f) => ((discharge(f).emptyStrategy = 2), (discharge(f).emptyTime = null))))).toEqual([]);
  });

  it("the emptying time lies within the card: 'the emptying time must be within the time section'", () => {
    expectIssue(check(sample(1, (f) => (discharge(f).emptyTime = '07:59'))), 'discharge.emptyTime.outside', ['sections', 1, 'emptyTime']);
    expect(codes(sample(1, (f) => (discharge(f).emptyTime = '12:00:01')))).toEqual(['discharge.emptyTime.outside']);
    expect(codes(sample(1, (f) => (discharge(f).emptyTime = '08:00')))).toEqual([]);
    expect(codes(sample(1, (f) => (discharge(f).emptyTime = '12:00:00')))).toEqual([]);
  });

  it('power-following thresholds are integers 1 to 9999999', () => {
    const follow = (a: number | null, b: number | null) =>
      withDischarge(6, { dischargeStrategy: 5, dischargeInterruptionPowerThreshold: a, pcsMaxDischargePower: b, pcsPower: null });
    expect(codes(follow(1, 9_999_999))).toEqual([]);
    expectIssue(check(follow(0, 5)), 'field.int1', ['sections', 1, 'dischargeInterruptionPowerThreshold']);
    expectIssue(check(follow(5, 10_000_000)), 'field.int1', ['sections', 1, 'pcsMaxDischargePower']);
    expect(codes(follow(2.5, 5))).toEqual(['field.int1']);
    expect(codes(follow(null, 5))).toEqual(['field.required']);
  });

  it('hidden fields are not validated (threshold mode ignores recover load and PI)', () => {
    expect(codes(sample(1, (f) => ((discharge(f).recoverDischargeLoad = -5.5), (discharge(f).pi = { kp: -1, ki: null }))))).toEqual([]);
  });
});

describe('smart charge/discharge card', () => {
  it("the trigger is required: 'please select the smart charging trigger condition'", () => {
    expectIssue(check(sample(1, (f) => (smart(f).intelligentConsumptionControlType = null))), 'smart.trigger.required', [
      'sections',
      3,
      'intelligentConsumptionControlType',
    ]);
  });

  it.each(VERSIONS)('version %i: consumption-and-load is not allowed in CF', (v) => {
    const f = sample(v, (f) => {
      smart(f).intelligentConsumptionControlType = ConsumptionControlType.CONSUMPTION_AND_LOAD;
      smart(f).intelligentConsumptionStartMight = 30;
      smart(f).intelligentConsumptionStopMight = 5;
    });
    if (v === 6) expectIssue(check(f), 'smart.trigger.notInVersion', ['sections', 3, 'intelligentConsumptionControlType']);
    else expect(codes(f)).toEqual([]);
  });

  it("the load-high action is required: 'please select the action when load is high'", () => {
    expectIssue(check(sample(1, (f) => (smart(f).intelligentLoadControlType = null))), 'smart.loadAction.required', [
      'sections',
      3,
      'intelligentLoadControlType',
    ]);
  });

  it("kW values have at most one decimal: 'please enter a number, at most one decimal'", () => {
    expectIssue(check(sample(1, (f) => (smart(f).pcsMaxChargePower = 12.25))), 'smart.kw.format', ['sections', 3, 'pcsMaxChargePower']);
    expect(codes(sample(1, (f) => (smart(f).intelligentConsumptionStartMight = 0.05)))).toEqual(['smart.kw.format']);
    expect(codes(sample(1, (f) => (smart(f).targetDemand = 10_000_000)))).toEqual(['smart.kw.format']);
    expect(codes(sample(1, (f) => (smart(f).pcsMaxChargePower = 12.5)))).toEqual([]);
  });

  it('the total target load, discharge target load and max discharge power may be negative; the others may not', () => {
    expect(codes(sample(1, (f) => (smart(f).intelligentConsumptionTotalTargetLoad = -99.9)))).toEqual([]);
    expect(
      codes(
        sample(1, (f) => ((smart(f).dischargeTargetLoad = -100), (smart(f).pcsMaxDischargePower = -1500), (smart(f).targetDemand = 100))),
      ),
    ).toEqual([]);
    expectIssue(check(sample(1, (f) => (smart(f).targetDemand = -1))), 'smart.kw.negative', ['sections', 3, 'targetDemand']);
    expect(codes(sample(1, (f) => (smart(f).pcsMaxChargePower = -0.5)))).toEqual(['smart.kw.negative']);
    expect(codes(sample(1, (f) => (smart(f).intelligentConsumptionStopMight = -1)))).toEqual(['smart.kw.negative']);
  });

  it('visible smart values are required; start/stop power show only with consumption-and-load', () => {
    expectIssue(check(sample(1, (f) => (smart(f).intelligentConsumptionTotalTargetLoad = null))), 'field.required', [
      'sections',
      3,
      'intelligentConsumptionTotalTargetLoad',
    ]);
    expect(codes(sample(1, (f) => (smart(f).intelligentConsumptionStartMight = null)))).toEqual(['field.required']);
    const loadOnly = sample(1, (f) => {
      smart(f).intelligentConsumptionControlType = ConsumptionControlType.LOAD;
      smart(f).intelligentConsumptionStartMight = null;
      smart(f).intelligentConsumptionStopMight = 1.23;
    });
    expect(codes(loadOnly)).toEqual([]);
  });

  it("when discharging: target - max discharge - max charge > demand target ('discharge target load minus max discharge power ...')", () => {
    const balance = (target: number) => sample(1, (f) => (smart(f).dischargeTargetLoad = target)); // 300 discharge, 250 charge, 800 demand
    expect(codes(balance(1350.1))).toEqual([]);
    expectIssue(check(balance(1350)), 'smart.discharge.balance', ['sections', 3, 'dischargeTargetLoad']);
    expect(codes(balance(1000))).toEqual(['smart.discharge.balance']);
    expect(STRATEGY_MESSAGES['smart.discharge.balance']).toBe(
      'discharge target load minus max discharge power must be greater than demand control target plus max charge power',
    );
    const noAction = sample(1, (f) => ((smart(f).intelligentLoadControlType = LoadControlType.NONE), (smart(f).dischargeTargetLoad = 0)));
    expect(codes(noAction)).toEqual([]);
  });

  const upper = (edit: (s: SectionForm) => void = () => {}) =>
    sample(6, (f) => {
      const s = smart(f);
      s.chargingMeterType = ChargingMeterType.UPPER;
      s.upstreamTransformerCapacity = 800;
      s.meters = [
        { deviceId: 11, deviceName: 'TR-1 meter', chargeThreshold: 700, pcsMaxChargePower: 200 },
        { deviceId: 12, deviceName: 'TR-2 meter', chargeThreshold: 1, pcsMaxChargePower: 9_999_999 },
      ];
      edit(s);
    });

  it('CF: the meter type is required; UPPER shows the transformer capacity threshold and the meter list', () => {
    expect(codes(upper())).toEqual([]);
    expectIssue(check(sample(6, (f) => (smart(f).chargingMeterType = null))), 'smart.meterType.required', [
      'sections',
      3,
      'chargingMeterType',
    ]);
    expect(
      codes(sample(6, (f) => ((smart(f).chargingMeterType = ChargingMeterType.TOTAL), (smart(f).upstreamTransformerCapacity = -5)))),
    ).toEqual([]);
  });

  it('outside CF the meter type is hidden and its fields are not checked', () => {
    expect(
      codes(sample(1, (f) => ((smart(f).chargingMeterType = ChargingMeterType.UPPER), (smart(f).upstreamTransformerCapacity = 0)))),
    ).toEqual([]);
  });

  it('the transformer capacity threshold is an integer 1 to 99999999, not above the demand target', () => {
    expectIssue(check(upper((s) => (s.upstreamTransformerCapacity = 0))), 'field.capacity', ['sections', 3, 'upstreamTransformerCapacity']);
    expect(codes(upper((s) => (s.upstreamTransformerCapacity = 100_000_000)))).toEqual(['field.capacity']);
    expect(codes(upper((s) => (s.upstreamTransformerCapacity = 10.5)))).toEqual(['field.capacity']);
    expectIssue(check(upper((s) => (s.upstreamTransformerCapacity = 801))), 'smart.capacity.aboveDemand', [
      'sections',
      3,
      'upstreamTransformerCapacity',
    ]);
    expect(
      codes(upper((s) => ((s.upstreamTransformerCapacity = 99_999_999), (s.targetDemand = 9_999_999), (s.intelligentLoadControlType = 1)))),
    ).toEqual(['smart.capacity.aboveDemand']);
  });

  it('per-meter charge threshold and max charge power are integers 1 to 9999999; the threshold not above the demand target', () => {
    expectIssue(check(upper((s) => (s.meters[0]!.chargeThreshold = 0))), 'field.int1', ['sections', 3, 'meters', 0, 'chargeThreshold']);
    expectIssue(check(upper((s) => (s.meters[1]!.pcsMaxChargePower = 10_000_000))), 'field.int1', [
      'sections',
      3,
      'meters',
      1,
      'pcsMaxChargePower',
    ]);
    expectIssue(check(upper((s) => (s.meters[0]!.chargeThreshold = 801))), 'smart.meter.aboveDemand', [
      'sections',
      3,
      'meters',
      0,
      'chargeThreshold',
    ]);
    expect(codes(upper((s) => (s.meters[0]!.pcsMaxChargePower = null)))).toEqual(['field.required']);
    expectIssue(check(upper((s) => (s.meters = []))), 'smart.meters.empty', ['sections', 3, 'meters']);
  });
});

describe('messages', () => {
  it("keeps the spec's English text", () => {
    const spec = [
      'please add a card',
      'must end with smart charge/discharge or peak-shaving discharge',
      'time period setting error',
      'time periods overlap',
      'time periods must cover 0-24 hours',
      'please enter a correct name',
      'please select date',
      'DOD latter value must be greater than the former',
      'recover value cannot be higher than protection value',
      'please select the discharge trigger condition',
      'recovery discharge load cannot be lower than stop discharge load',
      'trigger discharge load cannot be lower than stop discharge load',
      'please fill P and I',
      'P must be greater than 0',
      'please select surplus-power automatic emptying',
      'please select the surplus-power automatic emptying time',
      'the emptying time must be within the time section',
      'please select the smart charging trigger condition',
      'please select the action when load is high',
      'please enter a number, at most one decimal',
      'discharge target load minus max discharge power must be greater than demand control target plus max charge power',
      'Invalid strategy section type',
      'strategy not registered',
    ];
    const all = Object.values(STRATEGY_MESSAGES) as string[];
    for (const text of spec) expect(all).toContain(text);
  });

  it('has a Chinese text for every code', () => {
    for (const code of Object.keys(STRATEGY_MESSAGES))
      expect(strategyMessagesZh[code as keyof typeof STRATEGY_MESSAGES]).toMatch(/[\u4e00-\u9fa5]/);
  });
});

afterAll(() => {
  // Every message except the confirm dialog's text was produced by at least one test above.
  const never = Object.keys(STRATEGY_MESSAGES).filter((c) => c !== 'sections.startConfirm' && !seen.has(c));
  expect(never).toEqual([]);
});
