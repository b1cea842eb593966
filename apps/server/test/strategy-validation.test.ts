import { ErrorCode, strategy } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

/**
 * The server refuses what the editor refuses, with the same messages: one case per message code of the
 * validator, sent to insert AND update. The expected answer is computed by the validator itself
 * (`checkStrategyBody` with the tenant's today), formatted as every validation error is
 * (`body.<path>: <message>`, at most 5 joined with '; ').
 *
 * Not reachable through the HTTP body, so not here: `granularity.invalid` and `protect.required` (the
 * wire carries names the contract's schema checks first), `sections.startConfirm` (a question, not an
 * error) and `wire.invalid` (the contract's schema answers shape errors before the service runs).
 */

const {
  DischargeStrategy: DS,
  EmptyStrategy: ES,
  SectionType: ST,
  ConsumptionControlType: CC,
  LoadControlType: LC,
  ChargingMeterType: MT,
} = strategy;
type Form = strategy.StrategyForm;
type Wire = strategy.StrategyWire;

const METER = { deviceId: 1, deviceName: 'TR-1', chargeThreshold: 600, pcsMaxChargePower: 200 };
const section = strategy.sampleSection;

/** A case: the code it must produce, the version, the kind, and the change to the sample form (or to its wire). */
interface Case {
  code: keyof typeof strategy.STRATEGY_MESSAGES;
  version: number;
  kind?: strategy.StrategyKind;
  form?: (f: Form) => void;
  wire?: (w: Wire) => void;
}

const discharge = (fields: Partial<strategy.SectionForm>) => (f: Form) => {
  f.sections[1] = section(ST.DISCHARGE, [8, 12], { pcsPower: 400, ...fields });
};
/** CF's smart card 14-24 with meter type UPPER. */
const upper = (fields: Partial<strategy.SectionForm>) => (f: Form) => {
  Object.assign(f.sections[3]!, { chargingMeterType: MT.UPPER, upstreamTransformerCapacity: 700, meters: [{ ...METER }], ...fields });
};

const CASES: Case[] = [
  { code: 'version.unknown', version: 2, wire: (w) => (w.version = 7) },
  { code: 'sections.empty', version: 2, form: (f) => (f.sections = []) },
  { code: 'sections.lastKind', version: 2, form: (f) => (f.sections[3] = section(ST.STANDBY, [14, 24])) },
  { code: 'sections.overlap', version: 2, form: (f) => (f.sections[2]!.time = [11, 14]) },
  { code: 'sections.coverage', version: 2, form: (f) => (f.sections[2]!.time = [12, 13]) },
  { code: 'section.time.invalid', version: 2, form: (f) => (f.sections[2]!.time = [12, null]) },
  { code: 'section.type.invalid', version: 2, wire: (w) => (w.sections[2]!.type = 'BOOST') },
  {
    code: 'section.type.notInVersion',
    version: 6,
    form: (f) => (f.sections[0] = section(ST.CHARGE, [0, 8], { pcsPower: 100, chargingLoadProtect: false })),
  },
  { code: 'name.invalid', version: 2, form: (f) => (f.name = 'bad name!') },
  { code: 'name.invalid', version: 2, kind: 'template', form: (f) => (f.name = 'x'.repeat(51)) },
  { code: 'dates.required', version: 2, kind: 'fieldStrategy', wire: (w) => delete w.executiveTimes },
  { code: 'dates.past', version: 2, kind: 'fieldStrategy', form: (f) => (f.executiveTimes = ['2020-01-01', '2020-01-02']) },
  { code: 'dod.required', version: 2, form: (f) => (f.dod = [null, 90]) },
  { code: 'dod.range', version: 2, form: (f) => (f.dod = [10, 101]) },
  { code: 'dod.order', version: 2, form: (f) => (f.dod = [50, 40]) },
  { code: 'cellVoltage.min.required', version: 2, form: (f) => ((f.protectBasis = 2), (f.cellVoltage = { min: null, max: 3.6 })) },
  { code: 'cellVoltage.max.required', version: 2, form: (f) => ((f.protectBasis = 2), (f.cellVoltage = { min: 3.0, max: null })) },
  { code: 'cellVoltage.min.range', version: 2, form: (f) => ((f.protectBasis = 2), (f.cellVoltage = { min: 2.0, max: 3.6 })) },
  { code: 'cellVoltage.max.range', version: 2, form: (f) => ((f.protectBasis = 2), (f.cellVoltage = { min: 3.0, max: 4.5 })) },
  { code: 'cellVoltage.order', version: 2, form: (f) => ((f.protectBasis = 2), (f.cellVoltage = { min: 3.5, max: 3.4 })) },
  { code: 'field.required', version: 2, form: (f) => (f.sections[0]!.pcsPower = null) },
  { code: 'field.kwInt', version: 2, form: (f) => (f.sections[0]!.pcsPower = 1.5) },
  {
    code: 'field.kwIntSigned',
    version: 6,
    form: discharge({ dischargeStrategy: DS.IMMEDIATELY, stopDischargeLoad: -10_000_000, recoverDischargeLoad: 10 }),
  },
  {
    code: 'field.int1',
    version: 6,
    form: discharge({
      pcsPower: null,
      dischargeStrategy: DS.POWER_FALLOW_MODE,
      dischargeInterruptionPowerThreshold: 0,
      pcsMaxDischargePower: 100,
    }),
  },
  { code: 'field.capacity', version: 6, form: upper({ upstreamTransformerCapacity: 0 }) },
  { code: 'charge.recover', version: 2, form: (f) => Object.assign(f.sections[0]!, { stopChargeLoad: 700, recoverChargeLoad: 900 }) },
  { code: 'discharge.trigger.required', version: 2, form: (f) => (f.sections[1]!.dischargeStrategy = null) },
  {
    code: 'discharge.trigger.notInVersion',
    version: 2,
    form: discharge({ dischargeStrategy: DS.POWER_FALLOW_MODE, dischargeInterruptionPowerThreshold: 10, pcsMaxDischargePower: 100 }),
  },
  {
    code: 'discharge.immediate.order',
    version: 2,
    form: discharge({ dischargeStrategy: DS.IMMEDIATELY, stopDischargeLoad: 500, recoverDischargeLoad: 400 }),
  },
  {
    code: 'discharge.threshold.order',
    version: 2,
    form: (f) => Object.assign(f.sections[1]!, { triggerDischargeLoad: 500, stopDischargeLoad: 600 }),
  },
  {
    code: 'discharge.loadRate',
    version: 2,
    form: discharge({
      dischargeStrategy: DS.BY_LOAD_RATE,
      targetLoadRate: 120,
      pi: { kp: 0.5, ki: 0.1 },
      emptyStrategy: ES.LINEAR_REGRESSION,
    }),
  },
  {
    code: 'pi.required',
    version: 2,
    form: discharge({ dischargeStrategy: DS.BY_DEMAND, targetDemand: 800, pi: { kp: null, ki: 0.1 }, emptyStrategy: ES.LINEAR_REGRESSION }),
  },
  {
    code: 'pi.kp',
    version: 2,
    form: discharge({ dischargeStrategy: DS.BY_DEMAND, targetDemand: 800, pi: { kp: 0, ki: 0.1 }, emptyStrategy: ES.LINEAR_REGRESSION }),
  },
  {
    code: 'pi.ki',
    version: 2,
    form: discharge({ dischargeStrategy: DS.BY_DEMAND, targetDemand: 800, pi: { kp: 0.5, ki: -1 }, emptyStrategy: ES.LINEAR_REGRESSION }),
  },
  { code: 'discharge.empty.required', version: 2, form: (f) => (f.sections[1]!.emptyStrategy = null) },
  { code: 'discharge.empty.notInVersion', version: 2, form: (f) => (f.sections[1]!.emptyStrategy = ES.NONE) },
  { code: 'discharge.emptyTime.required', version: 2, form: (f) => (f.sections[1]!.emptyTime = null) },
  { code: 'discharge.emptyTime.outside', version: 2, form: (f) => (f.sections[1]!.emptyTime = '13:00') },
  { code: 'smart.trigger.required', version: 2, form: (f) => (f.sections[3]!.intelligentConsumptionControlType = null) },
  {
    code: 'smart.trigger.notInVersion',
    version: 6,
    form: (f) =>
      Object.assign(f.sections[3]!, {
        intelligentConsumptionControlType: CC.CONSUMPTION_AND_LOAD,
        intelligentConsumptionStartMight: 50,
        intelligentConsumptionStopMight: 10,
      }),
  },
  { code: 'smart.loadAction.required', version: 2, form: (f) => (f.sections[3]!.intelligentLoadControlType = null) },
  { code: 'smart.kw.format', version: 2, form: (f) => (f.sections[3]!.pcsMaxChargePower = 250.55) },
  { code: 'smart.kw.negative', version: 2, form: (f) => (f.sections[3]!.pcsMaxChargePower = -5) },
  {
    code: 'smart.discharge.balance',
    version: 2,
    form: (f) => Object.assign(f.sections[3]!, { intelligentLoadControlType: LC.DISCHARGE, dischargeTargetLoad: 1000 }),
  },
  { code: 'smart.meterType.required', version: 6, form: (f) => (f.sections[3]!.chargingMeterType = null) },
  { code: 'smart.capacity.aboveDemand', version: 6, form: upper({ upstreamTransformerCapacity: 900 }) },
  { code: 'smart.meters.empty', version: 6, form: upper({ meters: [] }) },
  { code: 'smart.meter.aboveDemand', version: 6, form: upper({ meters: [{ ...METER, chargeThreshold: 900 }] }) },
];

/** The tenant's today (Sunrise: Asia/Shanghai), as the server passes it to the validator. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** What the server must answer: the validator's issues, formatted like every validation error. */
function expectedMessage(body: Wire): string {
  const result = strategy.checkStrategyBody(body, { today: today() });
  if (result.ok) throw new Error('the case is valid');
  const parts = result.issues.slice(0, 5).map((i) => `${['body', ...i.path].join('.')}: ${i.message}`);
  if (result.issues.length > 5) parts.push(`and ${result.issues.length - 5} more`);
  return parts.join('; ');
}

describe.each(DB_KINDS)('strategy validation through insert and update on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  const stations: Record<number, { id: number }> = {};
  /** An existing strategy per version and kind, for the updates. */
  const existing = new Map<string, number>();

  function bodyOf(c: Pick<Case, 'version' | 'kind' | 'form' | 'wire'>): Wire {
    const kind = c.kind ?? 'strategy';
    const form = strategy.sampleStrategyForm(c.version, kind);
    if (kind !== 'template') form.bsaId = stations[c.version]!.id;
    c.form?.(form);
    const wire = strategy.formToWire(form);
    c.wire?.(wire);
    return wire;
  }

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    alice = await signIn(t, 'alice');
    for (const s of (await alice.post('/api/v2/bsa/list')).body.data as { id: number; strategyVersion: number }[])
      stations[s.strategyVersion] = s;
    for (const version of [2, 6])
      for (const kind of ['strategy', 'fieldStrategy', 'template'] as const) {
        const res = await alice.post('/api/v2/energy-storage-strategy/insert', bodyOf({ version, kind }));
        expect(res.status, `${version} ${kind}: ${JSON.stringify(res.body)}`).toBe(200);
        existing.set(`${version}:${kind}`, res.body.data.id);
      }
  });
  afterAll(() => t?.close());

  it('covers every message code the wire can carry', () => {
    const unreachable = ['granularity.invalid', 'protect.required', 'sections.startConfirm'];
    const covered = new Set(CASES.map((c) => c.code));
    expect(
      Object.keys(strategy.STRATEGY_MESSAGES).filter((code) => !covered.has(code as Case['code']) && !unreachable.includes(code)),
    ).toEqual([]);
  });

  it.each(CASES.map((c, i) => [`${c.code} (${i})`, c] as const))(
    '%s: refused by insert and update with the validator message',
    async (_name, c) => {
      const body = bodyOf(c);
      const issues = strategy.checkStrategyBody(body, { today: today() });
      expect(issues.ok ? [] : issues.issues.map((i) => i.code)).toContain(c.code);
      const message = expectedMessage(body);
      expect(message).toContain(strategy.STRATEGY_MESSAGES[c.code]);

      const inserted = await alice.post('/api/v2/energy-storage-strategy/insert', body);
      expect(inserted.status).toBe(400);
      expect(inserted.body).toEqual({ code: ErrorCode.VALIDATION, data: null, msg: message });

      const id = existing.get(`${c.version}:${c.kind ?? 'strategy'}`)!;
      const updated = await alice.post('/api/v2/energy-storage-strategy/update', { id, ...body });
      expect(updated.status).toBe(400);
      expect(updated.body).toEqual({ code: ErrorCode.VALIDATION, data: null, msg: message });
    },
  );

  it('changes nothing when it refuses', async () => {
    const list = (await alice.post('/api/v2/energy-storage-strategy/list')).body.data as { id: number; revision: number }[];
    expect(list).toHaveLength(existing.size);
    expect(list.every((r) => r.revision === 1)).toBe(true);
  });
});
