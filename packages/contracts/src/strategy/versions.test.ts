import { describe, expect, it } from 'vitest';
import { ConsumptionControlType, DischargeStrategy, EmptyStrategy, SectionType, TimeGranularity } from './model.js';
import { displayPower, overviewBars, overviewCards, overviewKindOf } from './overview.js';
import { sampleSection, sampleStrategyForm } from './samples.js';
import { STRATEGY_VERSIONS, strategyVersion, strategyVersionName } from './versions.js';
import { visibleFields } from './visibility.js';

describe('version registry', () => {
  it('registers 1..6 as CA..CF and answers undefined otherwise', () => {
    expect([1, 2, 3, 4, 5, 6].map(strategyVersionName)).toEqual(['CA', 'CB', 'CC', 'CD', 'CE', 'CF']);
    expect(strategyVersion('CD')?.version).toBe(4);
    expect(strategyVersion('5')?.name).toBe('CE');
    for (const v of [0, 7, -1, 1.5, NaN, 'CG', '', null, undefined, 'toString', '__proto__'])
      expect(strategyVersion(v as number)).toBeUndefined();
  });

  it('CF has no charge card, offers power-following, smart LOAD only and the meter type', () => {
    const cf = STRATEGY_VERSIONS[6];
    expect(cf.cardKinds).toEqual([SectionType.DISCHARGE, SectionType.CONSUMPTION, SectionType.STANDBY]);
    expect(cf.dischargeStrategies).toContain(DischargeStrategy.POWER_FALLOW_MODE);
    expect(cf.smartTriggers).toEqual([ConsumptionControlType.LOAD]);
    expect(cf.meterTypeSelectable && cf.newSectionsCarryMeters).toBe(true);
    for (const v of [1, 2, 3, 4, 5] as const) {
      expect(STRATEGY_VERSIONS[v].cardKinds).toContain(SectionType.CHARGE);
      expect(STRATEGY_VERSIONS[v].dischargeStrategies).not.toContain(DischargeStrategy.POWER_FALLOW_MODE);
      expect(STRATEGY_VERSIONS[v].meterTypeSelectable).toBe(false);
    }
  });

  it('one version (CD) offers no emptying; CE and CF accept negative immediate loads; CC has no last-card rule', () => {
    const all = Object.values(STRATEGY_VERSIONS);
    expect(all.filter((v) => v.emptyStrategies.includes(EmptyStrategy.NONE)).map((v) => v.name)).toEqual(['CD']);
    expect(all.filter((v) => v.immediateAllowsNegative).map((v) => v.name)).toEqual(['CE', 'CF']);
    expect(all.filter((v) => !v.lastCardMustDischarge).map((v) => v.name)).toEqual(['CC']);
    expect(all.filter((v) => v.megawattDisplay).map((v) => v.name)).toEqual(['CB']);
  });

  it("every version's default smart trigger is one it offers", () => {
    for (const v of Object.values(STRATEGY_VERSIONS)) expect(v.smartTriggers).toContain(v.defaults.smartTrigger);
  });
});

describe('field visibility (spec 002 section 4)', () => {
  const discharge = (dischargeStrategy: DischargeStrategy, emptyStrategy: EmptyStrategy | null = null) =>
    visibleFields(sampleSection(SectionType.DISCHARGE, [0, 1], { dischargeStrategy, emptyStrategy }), 6);

  it('by discharge trigger', () => {
    expect(discharge(DischargeStrategy.IMMEDIATELY)).toEqual([
      'time',
      'dischargeStrategy',
      'pcsPower',
      'stopDischargeLoad',
      'recoverDischargeLoad',
    ]);
    expect(discharge(DischargeStrategy.REACH_THRESHOLD)).toEqual([
      'time',
      'dischargeStrategy',
      'pcsPower',
      'triggerDischargeLoad',
      'stopDischargeLoad',
      'emptyStrategy',
    ]);
    expect(discharge(DischargeStrategy.BY_DEMAND, EmptyStrategy.DEFINITE_TIME)).toEqual([
      'time',
      'dischargeStrategy',
      'pcsPower',
      'targetDemand',
      'pi',
      'emptyStrategy',
      'emptyTime',
    ]);
    expect(discharge(DischargeStrategy.BY_LOAD_RATE)).toContain('targetLoadRate');
    expect(discharge(DischargeStrategy.POWER_FALLOW_MODE, EmptyStrategy.DEFINITE_TIME)).toEqual([
      'time',
      'dischargeStrategy',
      'dischargeInterruptionPowerThreshold',
      'pcsMaxDischargePower',
    ]);
  });

  it('charge load protection on shows stop and recover charge load', () => {
    const charge = (on: boolean) => visibleFields(sampleSection(SectionType.CHARGE, [0, 1], { chargingLoadProtect: on }), 1);
    expect(charge(false)).toEqual(['time', 'pcsPower', 'chargingLoadProtect']);
    expect(charge(true)).toEqual(['time', 'pcsPower', 'chargingLoadProtect', 'stopChargeLoad', 'recoverChargeLoad']);
  });

  it('meter type UPPER (CF) shows the per-meter list and the transformer capacity threshold', () => {
    const smart = (chargingMeterType: 1 | 2, version: number) =>
      visibleFields(sampleSection(SectionType.CONSUMPTION, [0, 1], { chargingMeterType, intelligentConsumptionControlType: 1 }), version);
    expect(smart(1, 6)).toEqual(expect.arrayContaining(['chargingMeterType', 'upstreamTransformerCapacity', 'meters']));
    expect(smart(2, 6)).not.toContain('meters');
    expect(smart(1, 1)).not.toContain('chargingMeterType');
    expect(smart(1, 1)).not.toContain('meters');
  });
});

describe('overview (spec 002 section 2)', () => {
  it('derives the card kind from each section', () => {
    const k = (type: SectionType, fields = {}) => overviewKindOf(sampleSection(type, [0, 1], fields));
    expect(k(SectionType.CHARGE)).toBe('charge');
    expect(k(SectionType.DISCHARGE, { dischargeStrategy: DischargeStrategy.REACH_THRESHOLD })).toBe('discharge');
    expect(k(SectionType.DISCHARGE, { dischargeStrategy: DischargeStrategy.IMMEDIATELY })).toBe('discharge');
    expect(k(SectionType.DISCHARGE, { dischargeStrategy: DischargeStrategy.BY_DEMAND })).toBe('targetDemand');
    expect(k(SectionType.DISCHARGE, { dischargeStrategy: DischargeStrategy.BY_LOAD_RATE })).toBe('targetLoadRate');
    expect(k(SectionType.CONSUMPTION, { intelligentConsumptionControlType: 1 })).toBe('targetLoad');
    expect(k(SectionType.CONSUMPTION, { intelligentConsumptionControlType: 2 })).toBe('consumption');
    expect(k(SectionType.STANDBY)).toBe('standby');
    expect(() => k(7 as SectionType)).toThrow('Invalid strategy section type');
  });

  it('lists the cards in time order with period and value', () => {
    const form = sampleStrategyForm(2);
    form.sections.reverse();
    expect(overviewCards(form.sections, 2)).toEqual([
      { index: 3, kind: 'charge', period: '00:00-08:00', value: '500 kW' },
      { index: 2, kind: 'discharge', period: '08:00-12:00', value: '400 kW' },
      { index: 1, kind: 'standby', period: '12:00-14:00', value: null },
      { index: 0, kind: 'consumption', period: '14:00-24:00', value: '250 kW' },
    ]);
  });

  it('colours 48 half-hour bars', () => {
    const form = sampleStrategyForm(1);
    form.timeGranularity = TimeGranularity.HALF_HOUR;
    form.sections[2]!.time = [12, 13.5];
    form.sections[3]!.time = [13.5, 24];
    const bars = overviewBars(form.sections);
    expect(bars).toHaveLength(48);
    expect(bars[0]).toEqual({ index: 0, kind: 'charge' });
    expect(bars[26]).toEqual({ index: 2, kind: 'standby' });
    expect(bars[27]).toEqual({ index: 3, kind: 'consumption' });
    expect(bars[47]).toEqual({ index: 3, kind: 'consumption' });
    form.sections[3]!.time = [13.5, null];
    expect(overviewBars(form.sections)[47]).toBeNull();
  });

  it('CB shows a power over 1000 kW in MW with two decimals; other versions in kW', () => {
    expect(displayPower(1500, 2)).toBe('1.50 MW');
    expect(displayPower(1234.5, 2)).toBe('1.23 MW');
    expect(displayPower(1000, 2)).toBe('1000 kW');
    expect(displayPower(999, 2)).toBe('999 kW');
    for (const v of [1, 3, 4, 5, 6]) expect(displayPower(1500, v)).toBe('1500 kW');
  });
});
