// Zod schemas of the strategy form and wire shapes. They refuse malformed and hostile input (types,
// lengths, array sizes, unknown keys); business rules and their messages are `validate.ts`'s, so that
// the server answers with the form's messages.
import { z } from 'zod';
import { id } from '../common/ids.js';
import {
  CHARGING_METER_NAMES,
  CONSUMPTION_CONTROL_NAMES,
  DISCHARGE_STRATEGY_NAMES,
  EMPTY_STRATEGY_NAMES,
  LOAD_CONTROL_NAMES,
  PROTECT_TYPE_NAMES,
  STRATEGY_KINDS,
  STRATEGY_LIMITS,
  TIME_GRANULARITY_NAMES,
  type StrategyForm,
  type StrategyIssue,
  type StrategyWire,
} from './model.js';
import { validateStrategyWire, type ValidateOptions } from './validate.js';

const names = <const N extends string>(m: Readonly<Record<number, N>>) => z.enum(Object.values(m) as [N, ...N[]]);

/** Any number a field may carry; the validator checks the real range. */
const num = z.number().min(-1e9).max(1e9);
const hhmmss = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'must be a time HH:mm:ss');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const deviceName = z.string().trim().max(128);

export const meterEntryWireSchema = z.strictObject({
  deviceId: id,
  deviceName,
  chargeThreshold: num.optional(),
  pcsMaxChargePower: num.optional(),
});

export const sectionAdditionalFieldsSchema = z.strictObject({
  kp: num.optional(),
  ki: num.optional(),
  targetDemand: num.optional(),
  triggerDischargeLoad: num.optional(),
  stopDischargeLoad: num.optional(),
  recoverDischargeLoad: num.optional(),
  emptyStrategy: names(EMPTY_STRATEGY_NAMES).optional(),
  emptyTime: z.string().max(8).optional(),
  targetLoadRate: num.optional(),
  pcsPower: num.optional(),
  pcsMaxDischargePower: num.optional(),
  pcsMaxChargePower: num.optional(),
  chargingLoadProtect: z.union([z.literal(0), z.literal(1)]).optional(),
  stopChargeLoad: num.optional(),
  recoverChargeLoad: num.optional(),
  dischargeStrategy: names(DISCHARGE_STRATEGY_NAMES).optional(),
  dischargeInterruptionPowerThreshold: num.optional(),
  intelligentConsumptionControlType: names(CONSUMPTION_CONTROL_NAMES).optional(),
  intelligentConsumptionStartMight: num.optional(),
  intelligentConsumptionStopMight: num.optional(),
  intelligentConsumptionTotalTargetLoad: num.optional(),
  intelligentLoadControlType: names(LOAD_CONTROL_NAMES).optional(),
  dischargeTargetLoad: num.optional(),
  chargingMeterType: names(CHARGING_METER_NAMES).optional(),
  upstreamTransformerCapacity: num.optional(),
  upstreamTransformerMeterParamList: z.array(meterEntryWireSchema).max(STRATEGY_LIMITS.metersMax).optional(),
});

export const sectionWireSchema = z.strictObject({
  beginTime: hhmmss.optional(),
  endTime: hhmmss.optional(),
  /** A string, not an enum: an unknown name is answered 'Invalid strategy section type' by the validator. */
  type: z.string().max(32),
  additionalFields: sectionAdditionalFieldsSchema,
});

/** The body of `energy-storage-strategy/insert` (update adds its id). */
export const strategyWireSchema = z.strictObject({
  kind: z.enum(STRATEGY_KINDS),
  /** Bounded well above the name rule, so a too-long name gets the form's message. */
  name: z.string().max(256),
  version: z.number().int().min(1).max(99),
  globalVersion: z.string().trim().max(32).optional(),
  bsaId: id.optional(),
  bsaName: z.string().trim().max(128).optional(),
  protectType: names(PROTECT_TYPE_NAMES),
  timeGranularity: names(TIME_GRANULARITY_NAMES),
  executiveTimes: z.tuple([day, day]).optional(),
  upstreamTransformerMeterParamList: z.array(meterEntryWireSchema).max(STRATEGY_LIMITS.metersMax).optional(),
  sections: z.array(sectionWireSchema).max(STRATEGY_LIMITS.sectionsMax),
  additionalFields: z.strictObject({
    dodMin: num.optional(),
    dodMax: num.optional(),
    cellVoltageMin: num.optional(),
    cellVoltageMax: num.optional(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Form schema: the shape the editor holds (for tests, storage of drafts, or a typed parse of a form).

const n = num.nullable();
const code = <const T extends number>(...values: T[]) => z.literal(values);

export const meterEntrySchema = z.strictObject({ deviceId: id, deviceName, chargeThreshold: n, pcsMaxChargePower: n });

export const sectionFormSchema = z.strictObject({
  type: code(1, 2, 3, 4),
  time: z.tuple([n, n]),
  pcsPower: n,
  chargingLoadProtect: z.boolean().nullable(),
  stopChargeLoad: n,
  recoverChargeLoad: n,
  dischargeStrategy: code(1, 2, 3, 4, 5).nullable(),
  triggerDischargeLoad: n,
  stopDischargeLoad: n,
  recoverDischargeLoad: n,
  targetDemand: n,
  targetLoadRate: n,
  pi: z.strictObject({ kp: n, ki: n }),
  emptyStrategy: code(0, 1, 2).nullable(),
  emptyTime: z.string().max(8).nullable(),
  dischargeInterruptionPowerThreshold: n,
  pcsMaxDischargePower: n,
  intelligentConsumptionControlType: code(1, 2).nullable(),
  intelligentConsumptionStartMight: n,
  intelligentConsumptionStopMight: n,
  intelligentConsumptionTotalTargetLoad: n,
  intelligentLoadControlType: code(1, 2).nullable(),
  dischargeTargetLoad: n,
  pcsMaxChargePower: n,
  chargingMeterType: code(1, 2).nullable(),
  upstreamTransformerCapacity: n,
  meters: z.array(meterEntrySchema).max(STRATEGY_LIMITS.metersMax),
});

export const strategyFormSchema = z.strictObject({
  kind: z.enum(STRATEGY_KINDS),
  name: z.string().max(256),
  version: z.number().int().min(1).max(99),
  globalVersion: z.string().max(32).nullable(),
  bsaId: id.nullable(),
  bsaName: z.string().max(128).nullable(),
  timeGranularity: code(1, 2),
  protectBasis: code(1, 2, 3),
  dod: z.tuple([n, n]),
  cellVoltage: z.strictObject({ min: n, max: n }),
  executiveTimes: z.tuple([day, day]).nullable(),
  meters: z.array(meterEntrySchema).max(STRATEGY_LIMITS.metersMax),
  sections: z.array(sectionFormSchema).max(STRATEGY_LIMITS.sectionsMax),
});

// The schemas and the hand-written types must agree (a compile error here means they drifted).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireAgrees: Same<z.infer<typeof strategyWireSchema>, StrategyWire> = true;
const formAgrees: Same<z.infer<typeof strategyFormSchema>, StrategyForm> = true;
void wireAgrees;
void formAgrees;

/**
 * The server's one call: parse an unknown body with `strategyWireSchema`, then run the validator.
 * Shape errors come back as issues with code 'wire.invalid' and zod's message.
 */
export function checkStrategyBody(
  body: unknown,
  options: ValidateOptions = {},
): { ok: true; wire: StrategyWire } | { ok: false; issues: StrategyIssue[] } {
  const parsed = strategyWireSchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
        code: 'wire.invalid',
        message: i.message,
      })),
    };
  }
  const issues = validateStrategyWire(parsed.data, options);
  return issues.length ? { ok: false, issues } : { ok: true, wire: parsed.data };
}
