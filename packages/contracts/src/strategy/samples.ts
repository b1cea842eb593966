// Zod-free: a valid full-day strategy for each version, for tests, demo data and end-to-end runs.
import { blankSection } from './convert.js';
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
  type StrategyKind,
} from './model.js';
import { strategyVersion } from './versions.js';

/** A section of `type` over [start, end] with `fields` set (everything else empty). */
export function sampleSection(type: SectionType, time: [number | null, number | null], fields: Partial<SectionForm> = {}): SectionForm {
  return { ...blankSection(type), time, ...fields };
}

/**
 * A valid strategy: 00-08 valley charge (CF: smart charge controlling load), 08-12 discharge at a load
 * threshold with timed emptying at 11:30, 12-14 standby, 14-24 smart charge/discharge.
 */
export function sampleStrategyForm(version = 1, kind: StrategyKind = 'strategy'): StrategyForm {
  const info = strategyVersion(version);
  const smartTrigger = info?.smartTriggers.includes(ConsumptionControlType.CONSUMPTION_AND_LOAD)
    ? ConsumptionControlType.CONSUMPTION_AND_LOAD
    : ConsumptionControlType.LOAD;
  const smart = (time: [number, number]) =>
    sampleSection(SectionType.CONSUMPTION, time, {
      intelligentConsumptionControlType: smartTrigger,
      ...(smartTrigger === ConsumptionControlType.CONSUMPTION_AND_LOAD
        ? { intelligentConsumptionStartMight: 50, intelligentConsumptionStopMight: 10 }
        : {}),
      intelligentConsumptionTotalTargetLoad: -20.5,
      targetDemand: 800,
      pcsMaxChargePower: 250,
      intelligentLoadControlType: LoadControlType.DISCHARGE,
      dischargeTargetLoad: 1500,
      pcsMaxDischargePower: 300,
      chargingMeterType: info?.meterTypeSelectable ? ChargingMeterType.TOTAL : null,
    });
  const first = info?.cardKinds.includes(SectionType.CHARGE)
    ? sampleSection(SectionType.CHARGE, [0, 8], { pcsPower: 500, chargingLoadProtect: true, stopChargeLoad: 900, recoverChargeLoad: 700 })
    : smart([0, 8]);
  return {
    kind,
    name: kind === 'template' ? '削峰填谷模板-1' : 'Plant_A-strategy',
    version,
    globalVersion: null,
    bsaId: kind === 'template' ? null : 1,
    bsaName: kind === 'template' ? null : 'BSA-1',
    timeGranularity: TimeGranularity.HOUR,
    protectBasis: ProtectBasis.DOD,
    dod: [10, 90],
    cellVoltage: { min: null, max: null },
    executiveTimes: kind === 'fieldStrategy' ? ['2099-01-01', '2099-01-31'] : null,
    meters: [],
    sections: [
      first,
      sampleSection(SectionType.DISCHARGE, [8, 12], {
        dischargeStrategy: DischargeStrategy.REACH_THRESHOLD,
        pcsPower: 400,
        triggerDischargeLoad: 800,
        stopDischargeLoad: 600,
        emptyStrategy: EmptyStrategy.DEFINITE_TIME,
        emptyTime: '11:30:00',
      }),
      sampleSection(SectionType.STANDBY, [12, 14]),
      smart([14, 24]),
    ],
  };
}
