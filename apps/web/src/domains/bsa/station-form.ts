import type { RefInput } from '@energy/contracts/refs-types';
import type { bsa } from '@energy/contracts/refs';
import type { StationDraft } from './queries';

type DraftBody = RefInput<typeof bsa.bsaDraft>;
type Band = { start: string; end: string; kind: 'sharp' | 'peak' | 'flat' | 'valley' | 'deepValley'; price: number };

/** The wizard's steps, in the order of the contract's DRAFT_STEPS. */
export const STEPS = ['basic', 'pcs', 'stack', 'meters', 'fcs', 'costInfo'] as const;
export type Step = (typeof STEPS)[number];

/** The fields of the wizard's one form, flat (antd keeps every step's fields while the dialog is open). */
export interface StationFormValues {
  code?: string;
  name?: string;
  ouId?: number;
  ratedPowerKw?: number;
  capacityKwh?: number;
  strategyVersion?: number;
  pcs?: number[];
  stackCode?: string;
  stackName?: string;
  stackPcs?: number | null;
  gridMeter?: number;
  upperMeter?: number | null;
  upperKva?: number | null;
  fcs?: number;
  bands?: Band[];
  demandPrice?: number | null;
  currency?: string;
  effectiveFrom?: string;
}

/** The fields each step shows (validated before the draft is saved). */
export const STEP_FIELDS: Record<Step, (keyof StationFormValues)[]> = {
  basic: ['code', 'name', 'ouId', 'ratedPowerKw', 'capacityKwh', 'strategyVersion'],
  pcs: ['pcs'],
  stack: ['stackCode', 'stackName', 'stackPcs'],
  meters: ['gridMeter', 'upperMeter', 'upperKva'],
  fcs: ['fcs'],
  costInfo: ['bands', 'demandPrice', 'currency', 'effectiveFrom'],
};

/** A new station's defaults: a plain day of three bands the staff adjusts. */
export const NEW_STATION: StationFormValues = {
  strategyVersion: 6,
  currency: 'CNY',
  bands: [
    { start: '00:00', end: '08:00', kind: 'valley', price: 0.3 },
    { start: '08:00', end: '20:00', kind: 'peak', price: 1.05 },
    { start: '20:00', end: '24:00', kind: 'flat', price: 0.65 },
  ],
};

/** The draft body of the form as filled so far: empty steps are left out (a draft may be incomplete). */
export function toDraftBody(v: StationFormValues, step: Step, id?: number): DraftBody {
  const meters = [
    ...(v.gridMeter ? [{ deviceId: v.gridMeter, role: 'grid' as const }] : []),
    ...(v.upperMeter ? [{ deviceId: v.upperMeter, role: 'upper' as const, transformerCapacityKva: v.upperKva ?? null }] : []),
  ];
  return {
    ...(id ? { id } : {}),
    step,
    basic: {
      code: (v.code ?? '').trim(),
      name: (v.name ?? '').trim(),
      ouId: v.ouId!,
      ratedPowerKw: v.ratedPowerKw!,
      capacityKwh: v.capacityKwh!,
      strategyVersion: v.strategyVersion!,
    },
    pcs: (v.pcs ?? []).map((deviceId) => ({ deviceId })),
    stack: v.stackCode && v.stackName ? { code: v.stackCode.trim(), name: v.stackName.trim(), pcsDeviceId: v.stackPcs ?? null } : null,
    meters,
    fcs: v.fcs ? { deviceId: v.fcs } : null,
    costInfo: v.bands?.length
      ? {
          currency: v.currency ?? 'CNY',
          bands: v.bands,
          demandPricePerKwMonth: v.demandPrice ?? null,
          ...(v.effectiveFrom ? { effectiveFrom: v.effectiveFrom } : {}),
        }
      : null,
  };
}

/** The form's fields from a saved draft (to continue where the staff left). */
export function toFormValues(draft: StationDraft['form']): StationFormValues {
  const grid = draft.meters?.find((m) => m.role === 'grid');
  const upper = draft.meters?.find((m) => m.role === 'upper');
  return {
    ...draft.basic,
    pcs: draft.pcs?.map((p) => p.deviceId) ?? [],
    stackCode: draft.stack?.code,
    stackName: draft.stack?.name,
    stackPcs: draft.stack?.pcsDeviceId ?? null,
    gridMeter: grid?.deviceId,
    upperMeter: upper?.deviceId ?? null,
    upperKva: upper?.transformerCapacityKva ?? null,
    fcs: draft.fcs?.deviceId,
    bands: draft.costInfo?.bands ?? NEW_STATION.bands,
    demandPrice: draft.costInfo?.demandPricePerKwMonth ?? null,
    currency: draft.costInfo?.currency ?? 'CNY',
    effectiveFrom: draft.costInfo?.effectiveFrom,
  };
}
