import { describe, expect, it } from 'vitest';
import {
  copyName,
  formToWire,
  hoursToTime,
  newSection,
  newStrategyForm,
  StrategySectionTypeError,
  timeToHours,
  wireToForm,
} from './convert.js';
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
} from './model.js';
import { sampleSection, sampleStrategyForm } from './samples.js';
import { strategyWireSchema } from './schemas.js';
import { validateStrategyForm } from './validate.js';

describe('times (spec 002 section 3)', () => {
  it('hours become HH:mm:ss; x.5 is HH:30:00; 24 is 23:59:59', () => {
    expect(hoursToTime(0)).toBe('00:00:00');
    expect(hoursToTime(8)).toBe('08:00:00');
    expect(hoursToTime(13.5)).toBe('13:30:00');
    expect(hoursToTime(23.5)).toBe('23:30:00');
    expect(hoursToTime(24)).toBe('23:59:59');
  });

  it('HH:mm:ss becomes hours; 23:59:59 is 24; bad text is null', () => {
    expect(timeToHours('00:00:00')).toBe(0);
    expect(timeToHours('13:30:00')).toBe(13.5);
    expect(timeToHours('13:30')).toBe(13.5);
    expect(timeToHours('23:59:59')).toBe(24);
    expect(timeToHours('24:00:00')).toBeNull();
    expect(timeToHours('8:00')).toBeNull();
    expect(timeToHours('12:60:00')).toBeNull();
  });
});

describe('formToWire / wireToForm', () => {
  it('converts the whole strategy as spec 002 section 3 says', () => {
    const form = sampleStrategyForm(1);
    form.timeGranularity = TimeGranularity.HALF_HOUR;
    form.sections[2]!.time = [12, 13.5];
    form.sections[3]!.time = [13.5, 24];
    const wire = formToWire(form);
    expect(wire).toMatchObject({
      kind: 'strategy',
      name: 'Plant_A-strategy',
      version: 1,
      bsaId: 1,
      bsaName: 'BSA-1',
      protectType: 'DOD',
      timeGranularity: 'HALF_HOUR',
      additionalFields: { dodMin: 10, dodMax: 90 },
    });
    expect(wire.sections.map((s) => [s.type, s.beginTime, s.endTime])).toEqual([
      ['CHARGE', '00:00:00', '08:00:00'],
      ['DISCHARGE', '08:00:00', '12:00:00'],
      ['STANDBY', '12:00:00', '13:30:00'],
      ['CONSUMPTION', '13:30:00', '23:59:59'],
    ]);
    expect(wire.sections[0]!.additionalFields).toEqual({
      pcsPower: 500,
      chargingLoadProtect: 1,
      stopChargeLoad: 900,
      recoverChargeLoad: 700,
    });
    expect(wire.sections[1]!.additionalFields).toEqual({
      dischargeStrategy: 'REACH_THRESHOLD',
      pcsPower: 400,
      triggerDischargeLoad: 800,
      stopDischargeLoad: 600,
      emptyStrategy: 'DEFINITE_TIME',
      emptyTime: '11:30:00',
    });
    expect(wire.sections[2]!.additionalFields).toEqual({});
    expect(wire.sections[3]!.additionalFields).toEqual({
      intelligentConsumptionControlType: 'CONSUMPTION_AND_LOAD',
      intelligentConsumptionStartMight: 50,
      intelligentConsumptionStopMight: 10,
      intelligentConsumptionTotalTargetLoad: -20.5,
      targetDemand: 800,
      pcsMaxChargePower: 250,
      intelligentLoadControlType: 'DISCHARGE',
      dischargeTargetLoad: 1500,
      pcsMaxDischargePower: 300,
    });
    expect(strategyWireSchema.safeParse(wire).success).toBe(true);
    expect(wireToForm(wire)).toEqual(form);
  });

  it('sends dodMin/dodMax for DOD, cellVoltageMin/Max for cell voltage, nothing for BMS', () => {
    const form = sampleStrategyForm(2);
    form.cellVoltage = { min: 2.8, max: 3.65 };
    expect(formToWire(form).additionalFields).toEqual({ dodMin: 10, dodMax: 90 });
    form.protectBasis = ProtectBasis.CELL_VOLTAGE;
    const cell = formToWire(form);
    expect(cell.protectType).toBe('MONOMER_VOLTAGE');
    expect(cell.additionalFields).toEqual({ cellVoltageMin: 2.8, cellVoltageMax: 3.65 });
    expect(wireToForm(cell).cellVoltage).toEqual({ min: 2.8, max: 3.65 });
    expect(wireToForm(cell).protectBasis).toBe(ProtectBasis.CELL_VOLTAGE);
    form.protectBasis = ProtectBasis.BMS;
    expect(formToWire(form)).toMatchObject({ protectType: 'BMS', additionalFields: {} });
  });

  it('sends the hour granularity as HOUR and reads it back', () => {
    const wire = formToWire(sampleStrategyForm(3));
    expect(wire.timeGranularity).toBe('HOUR');
    expect(wireToForm(wire).timeGranularity).toBe(TimeGranularity.HOUR);
  });

  it('sends the date range of a field strategy only, and reads it back', () => {
    const field = formToWire(sampleStrategyForm(1, 'fieldStrategy'));
    expect(field.executiveTimes).toEqual(['2099-01-01', '2099-01-31']);
    expect(wireToForm(field).executiveTimes).toEqual(['2099-01-01', '2099-01-31']);
    const plain = sampleStrategyForm(1);
    plain.executiveTimes = ['2099-01-01', '2099-01-02'];
    expect(formToWire(plain).executiveTimes).toBeUndefined();
  });

  it('sends only the visible fields of each card, and every enumeration by name', () => {
    const form = sampleStrategyForm(6);
    const s = form.sections[1]!;
    Object.assign(s, {
      dischargeStrategy: DischargeStrategy.POWER_FALLOW_MODE,
      dischargeInterruptionPowerThreshold: 20,
      pcsMaxDischargePower: 500,
      pcsPower: 999,
      triggerDischargeLoad: 1,
    } satisfies Partial<SectionForm>);
    const smart = form.sections[3]!;
    smart.chargingMeterType = ChargingMeterType.UPPER;
    smart.upstreamTransformerCapacity = 700;
    smart.meters = [{ deviceId: 3, deviceName: 'M3', chargeThreshold: 600, pcsMaxChargePower: null }];
    smart.intelligentLoadControlType = LoadControlType.NONE;
    const wire = formToWire(form);
    expect(wire.sections[1]!.additionalFields).toEqual({
      dischargeStrategy: 'POWER_FALLOW_MODE',
      dischargeInterruptionPowerThreshold: 20,
      pcsMaxDischargePower: 500,
    });
    expect(wire.sections[3]!.additionalFields).toEqual({
      intelligentConsumptionControlType: 'LOAD',
      intelligentConsumptionTotalTargetLoad: -20.5,
      targetDemand: 800,
      pcsMaxChargePower: 250,
      intelligentLoadControlType: 'NONE',
      chargingMeterType: 'UPPER',
      upstreamTransformerCapacity: 700,
      upstreamTransformerMeterParamList: [{ deviceId: 3, deviceName: 'M3', chargeThreshold: 600 }],
    });
    const back = wireToForm(wire).sections[3]!;
    expect(back.meters).toEqual(smart.meters);
    expect(back.dischargeTargetLoad).toBeNull(); // hidden: not sent
  });

  it('sends PI as kp/ki, the no-emptying option as NONE, a protection flag as 0/1', () => {
    const form = sampleStrategyForm(4);
    form.sections[1] = sampleSection(SectionType.DISCHARGE, [8, 12], {
      dischargeStrategy: DischargeStrategy.BY_LOAD_RATE,
      pcsPower: 100,
      targetLoadRate: 75.5,
      pi: { kp: 0.8, ki: 0 },
      emptyStrategy: EmptyStrategy.NONE,
    });
    form.sections[0]!.chargingLoadProtect = false;
    const wire = formToWire(form);
    expect(wire.sections[1]!.additionalFields).toEqual({
      dischargeStrategy: 'BY_LOAD_RATE',
      pcsPower: 100,
      targetLoadRate: 75.5,
      kp: 0.8,
      ki: 0,
      emptyStrategy: 'NONE',
    });
    expect(wire.sections[0]!.additionalFields).toEqual({ pcsPower: 500, chargingLoadProtect: 0 });
    const back = wireToForm(wire);
    expect(back.sections[1]).toEqual(form.sections[1]);
    expect(back.sections[0]!.chargingLoadProtect).toBe(false);
  });

  it('trims the name, leaves out missing times and out-of-range hours', () => {
    const form = sampleStrategyForm(1);
    form.name = '  A-1 ';
    form.sections[2]!.time = [null, 25];
    const wire = formToWire(form);
    expect(wire.name).toBe('A-1');
    expect(wire.sections[2]).toEqual({ type: 'STANDBY', additionalFields: {} });
    expect(wireToForm(wire).sections[2]!.time).toEqual([null, null]);
  });

  it("an unknown section type cannot be read: 'Invalid strategy section type'", () => {
    const wire = formToWire(sampleStrategyForm(1));
    wire.sections[0]!.type = 'DISCHARGE_NOW';
    expect(() => wireToForm(wire)).toThrow(StrategySectionTypeError);
    expect(() => wireToForm(wire)).toThrow('Invalid strategy section type');
  });
});

describe('new sections and forms: defaults (spec 002 section 4)', () => {
  it('a new strategy form: no cards, DOD protection, hour granularity', () => {
    const f = newStrategyForm(6, 'template');
    expect(f).toMatchObject({ kind: 'template', version: 6, name: '', timeGranularity: 1, protectBasis: ProtectBasis.DOD, sections: [] });
    expect(validateStrategyForm(f).map((i) => i.code)).toEqual(['name.invalid', 'dod.required', 'sections.empty']);
  });

  it("a new card starts at the previous card's end (the first at 0)", () => {
    expect(newSection(1, SectionType.CHARGE, []).time).toEqual([0, null]);
    expect(newSection(1, SectionType.STANDBY, [{ time: [0, 7.5] }]).time).toEqual([7.5, null]);
    expect(newSection(1, SectionType.STANDBY, [{ time: [0, 24] }]).time).toEqual([null, null]);
    expect(newSection(1, SectionType.STANDBY, [{ time: [3, null] }]).time).toEqual([null, null]);
  });

  it.each([1, 2, 3, 4, 5, 6])('version %i: discharge REACH_THRESHOLD; emptying by linear regression only in CB', (v) => {
    const s = newSection(v, SectionType.DISCHARGE, []);
    expect(s.dischargeStrategy).toBe(DischargeStrategy.REACH_THRESHOLD);
    expect(s.emptyStrategy).toBe(v === 2 ? EmptyStrategy.LINEAR_REGRESSION : null);
  });

  it.each([1, 2, 3, 4, 5, 6])('version %i: smart card CONSUMPTION_AND_LOAD (CB and CF: LOAD), action DISCHARGE, meter TOTAL', (v) => {
    const s = newSection(v, SectionType.CONSUMPTION, []);
    expect(s.intelligentConsumptionControlType).toBe(
      v === 2 || v === 6 ? ConsumptionControlType.LOAD : ConsumptionControlType.CONSUMPTION_AND_LOAD,
    );
    expect(s.intelligentLoadControlType).toBe(LoadControlType.DISCHARGE);
    expect(s.chargingMeterType).toBe(ChargingMeterType.TOTAL);
  });

  it('a charge card starts with load protection off', () => {
    expect(newSection(1, SectionType.CHARGE, []).chargingLoadProtect).toBe(false);
  });

  it.each([1, 2, 3, 4, 5, 6])("version %i: new cards carry the station's meter list only in CF", (v) => {
    const meters = [{ deviceId: 1, deviceName: 'TR-1', chargeThreshold: 500, pcsMaxChargePower: 100 }];
    const s = newSection(v, SectionType.CONSUMPTION, [], meters);
    expect(s.meters).toEqual(v === 6 ? meters : []);
    if (v === 6) expect(s.meters[0]).not.toBe(meters[0]);
  });
});

describe('copyName (Copy mode)', () => {
  it("appends '-copy' and stays within the kind's limit and the name rule", () => {
    expect(copyName('峰谷策略')).toBe('峰谷策略-copy');
    const long = copyName('a'.repeat(50), 'template');
    expect(long).toHaveLength(50);
    expect(long.endsWith('-copy')).toBe(true);
    expect(copyName('b'.repeat(60), 'fieldStrategy')).toHaveLength(52);
    expect(copyName('  ')).toBe('');
    const form = sampleStrategyForm(1, 'template');
    form.name = copyName('x'.repeat(50), 'template');
    expect(validateStrategyForm(form)).toEqual([]);
  });
});
