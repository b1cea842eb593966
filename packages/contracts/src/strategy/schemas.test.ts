import { describe, expect, it } from 'vitest';
import { formToWire } from './convert.js';
import { sampleStrategyForm } from './samples.js';
import { checkStrategyBody, strategyFormSchema, strategyWireSchema } from './schemas.js';
import { validateStrategyWire, wirePathOf } from './validate.js';

const body = () => JSON.parse(JSON.stringify(formToWire(sampleStrategyForm(6)))) as Record<string, any>;

describe('wire schema', () => {
  it('accepts the wire form of every sample', () => {
    for (const v of [1, 2, 3, 4, 5, 6]) {
      expect(strategyWireSchema.safeParse(formToWire(sampleStrategyForm(v))).success).toBe(true);
      expect(strategyFormSchema.safeParse(sampleStrategyForm(v, 'fieldStrategy')).success).toBe(true);
    }
  });

  it.each([
    ['unknown top-level key', (b: any) => (b.admin = true)],
    ['unknown section field', (b: any) => (b.sections[0].additionalFields.script = 'x')],
    ['string where a number goes', (b: any) => (b.sections[0].additionalFields.targetDemand = '100')],
    ['huge number', (b: any) => (b.sections[0].additionalFields.targetDemand = 1e12)],
    ['unknown trigger name', (b: any) => (b.sections[1].additionalFields.dischargeStrategy = 'NOW')],
    ['bad time text', (b: any) => (b.sections[0].beginTime = '24:00:00')],
    ['too many sections', (b: any) => (b.sections = Array.from({ length: 49 }, () => b.sections[2]))],
    [
      'too many meters',
      (b: any) => (b.upstreamTransformerMeterParamList = Array.from({ length: 65 }, (_, i) => ({ deviceId: i + 1, deviceName: 'm' }))),
    ],
    ['long name', (b: any) => (b.name = 'x'.repeat(257))],
    ['long section type', (b: any) => (b.sections[0].type = 'X'.repeat(33))],
    ['unknown protect type', (b: any) => (b.protectType = 'VOLTAGE')],
    ['unknown kind', (b: any) => (b.kind = 'draft')],
    ['version out of range', (b: any) => (b.version = 100)],
    ['bad date', (b: any) => (b.executiveTimes = ['tomorrow', '2099-01-01'])],
    ['protect flag 2', (b: any) => (b.sections[0].additionalFields.chargingLoadProtect = 2)],
  ])('refuses %s', (_name, edit) => {
    const b = body();
    edit(b);
    expect(strategyWireSchema.safeParse(b).success).toBe(false);
    const res = checkStrategyBody(b);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.issues.every((i) => i.code === 'wire.invalid')).toBe(true);
  });

  it('lets an unknown section type and a too-long name through to the validator, which gives the form message', () => {
    const b = body();
    b.name = 'n'.repeat(60);
    expect(checkStrategyBody(b)).toEqual({
      ok: false,
      issues: [{ path: ['name'], code: 'name.invalid', message: 'please enter a correct name' }],
    });
    b.sections[0].type = 'BOOST';
    expect(checkStrategyBody(b)).toEqual({
      ok: false,
      issues: [{ path: ['sections', 0, 'type'], code: 'section.type.invalid', message: 'Invalid strategy section type' }],
    });
  });

  it('a valid body passes', () => {
    expect(checkStrategyBody(body())).toMatchObject({ ok: true });
  });
});

describe('wire paths', () => {
  it('points each issue into the wire body', () => {
    expect(wirePathOf(['dod', 1])).toEqual(['additionalFields', 'dodMax']);
    expect(wirePathOf(['cellVoltage', 'min'])).toEqual(['additionalFields', 'cellVoltageMin']);
    expect(wirePathOf(['sections', 2, 'time'])).toEqual(['sections', 2]);
    expect(wirePathOf(['sections', 2, 'pi', 'kp'])).toEqual(['sections', 2, 'additionalFields', 'kp']);
    expect(wirePathOf(['sections', 3, 'meters', 0, 'chargeThreshold'])).toEqual([
      'sections',
      3,
      'additionalFields',
      'upstreamTransformerMeterParamList',
      0,
      'chargeThreshold',
    ]);
    expect(wirePathOf(['sections', 1, 'pcsPower'])).toEqual(['sections', 1, 'additionalFields', 'pcsPower']);
    const wire = formToWire(sampleStrategyForm(1));
    wire.sections[1]!.additionalFields.triggerDischargeLoad = 100;
    expect(validateStrategyWire(wire)).toEqual([
      {
        path: ['sections', 1, 'additionalFields', 'triggerDischargeLoad'],
        code: 'discharge.threshold.order',
        message: 'trigger discharge load cannot be lower than stop discharge load',
      },
    ]);
  });
});
