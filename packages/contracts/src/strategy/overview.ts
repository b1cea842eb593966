// Zod-free: the overview strip (spec 002 section 2): one card per time slot, a bar per half hour, and
// CB's MW display (section 9).
import { formatHours, StrategySectionTypeError } from './convert.js';
import { ConsumptionControlType, DischargeStrategy, SectionType, type SectionForm } from './model.js';
import { strategyVersion } from './versions.js';

export const OVERVIEW_KINDS = ['charge', 'discharge', 'targetDemand', 'targetLoadRate', 'targetLoad', 'consumption', 'standby'] as const;
export type OverviewKind = (typeof OVERVIEW_KINDS)[number];

/**
 * The overview card kind of a section: charge; discharge (by demand: targetDemand, by load rate:
 * targetLoadRate, other triggers: discharge); smart (target load control only: targetLoad, with
 * consumption: consumption); standby. Throws `StrategySectionTypeError` for an unknown type.
 */
export function overviewKindOf(
  section: Pick<SectionForm, 'type' | 'dischargeStrategy' | 'intelligentConsumptionControlType'>,
): OverviewKind {
  switch (section.type) {
    case SectionType.CHARGE:
      return 'charge';
    case SectionType.DISCHARGE:
      if (section.dischargeStrategy === DischargeStrategy.BY_DEMAND) return 'targetDemand';
      if (section.dischargeStrategy === DischargeStrategy.BY_LOAD_RATE) return 'targetLoadRate';
      return 'discharge';
    case SectionType.CONSUMPTION:
      return section.intelligentConsumptionControlType === ConsumptionControlType.LOAD ? 'targetLoad' : 'consumption';
    case SectionType.STANDBY:
      return 'standby';
    default:
      throw new StrategySectionTypeError(section.type);
  }
}

/** A power for display: in CB a value over 1000 kW is shown in MW with two decimals, else in kW. */
export function displayPower(kw: number, version: number): string {
  if (strategyVersion(version)?.megawattDisplay && kw > 1000) return `${(kw / 1000).toFixed(2)} MW`;
  return `${kw} kW`;
}

/** The value an overview card shows, or null (standby, or the field is empty). */
export function overviewValueOf(section: SectionForm, version: number): string | null {
  const power = (v: number | null) => (v === null ? null : displayPower(v, version));
  switch (overviewKindOf(section)) {
    case 'charge':
      return power(section.pcsPower);
    case 'discharge':
      return power(section.dischargeStrategy === DischargeStrategy.POWER_FALLOW_MODE ? section.pcsMaxDischargePower : section.pcsPower);
    case 'targetDemand':
      return power(section.targetDemand);
    case 'targetLoadRate':
      return section.targetLoadRate === null ? null : `${section.targetLoadRate}%`;
    case 'targetLoad':
      return power(section.intelligentConsumptionTotalTargetLoad);
    case 'consumption':
      return power(section.pcsMaxChargePower);
    case 'standby':
      return null;
  }
}

export interface OverviewCard {
  /** Index of the section in the form. */
  index: number;
  kind: OverviewKind;
  /** '08:00-12:30'; '-' for a missing time. */
  period: string;
  value: string | null;
}

/** The overview cards in time order (sections without a start last, in list order). */
export function overviewCards(sections: readonly SectionForm[], version: number): OverviewCard[] {
  const label = (h: number | null) => (h === null ? '-' : formatHours(h));
  return sections
    .map((s, index) => ({
      index,
      kind: overviewKindOf(s),
      period: `${label(s.time[0])}-${label(s.time[1])}`,
      value: overviewValueOf(s, version),
    }))
    .sort((a, b) => (sections[a.index]!.time[0] ?? Infinity) - (sections[b.index]!.time[0] ?? Infinity) || a.index - b.index);
}

/** 48 half-hour bars (0:00-0:30 first): the section covering each, or null. The first section found wins. */
export function overviewBars(sections: readonly SectionForm[]): ({ index: number; kind: OverviewKind } | null)[] {
  const bars: ({ index: number; kind: OverviewKind } | null)[] = Array.from({ length: 48 }, () => null);
  sections.forEach((s, index) => {
    const [start, end] = s.time;
    if (start === null || end === null) return;
    const kind = overviewKindOf(s);
    for (let slot = 0; slot < 48; slot++) {
      const from = slot / 2;
      if (from >= start && from < end && bars[slot] === null) bars[slot] = { index, kind };
    }
  });
  return bars;
}
