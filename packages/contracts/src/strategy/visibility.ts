// Zod-free: which fields a section card shows (spec 002 section 4). The validator checks only visible
// fields and `formToWire` sends only visible fields.
import {
  ChargingMeterType,
  ConsumptionControlType,
  DischargeStrategy,
  EmptyStrategy,
  LoadControlType,
  SectionType,
  type SectionForm,
} from './model.js';
import { strategyVersion } from './versions.js';

export type SectionField =
  | 'time'
  | 'pcsPower'
  | 'chargingLoadProtect'
  | 'stopChargeLoad'
  | 'recoverChargeLoad'
  | 'dischargeStrategy'
  | 'triggerDischargeLoad'
  | 'stopDischargeLoad'
  | 'recoverDischargeLoad'
  | 'targetDemand'
  | 'targetLoadRate'
  | 'pi'
  | 'emptyStrategy'
  | 'emptyTime'
  | 'dischargeInterruptionPowerThreshold'
  | 'pcsMaxDischargePower'
  | 'intelligentConsumptionControlType'
  | 'intelligentConsumptionStartMight'
  | 'intelligentConsumptionStopMight'
  | 'intelligentConsumptionTotalTargetLoad'
  | 'intelligentLoadControlType'
  | 'dischargeTargetLoad'
  | 'pcsMaxChargePower'
  | 'chargingMeterType'
  | 'upstreamTransformerCapacity'
  | 'meters';

type SectionState = Pick<
  SectionForm,
  | 'type'
  | 'chargingLoadProtect'
  | 'dischargeStrategy'
  | 'emptyStrategy'
  | 'intelligentConsumptionControlType'
  | 'intelligentLoadControlType'
  | 'chargingMeterType'
>;

/** The fields a section shows, in display order. */
export function visibleFields(section: SectionState, version: number): SectionField[] {
  const fields: SectionField[] = ['time'];
  switch (section.type) {
    case SectionType.CHARGE:
      fields.push('pcsPower', 'chargingLoadProtect');
      if (section.chargingLoadProtect === true) fields.push('stopChargeLoad', 'recoverChargeLoad');
      break;
    case SectionType.DISCHARGE: {
      const mode = section.dischargeStrategy;
      fields.push('dischargeStrategy');
      if (mode === DischargeStrategy.POWER_FALLOW_MODE) fields.push('dischargeInterruptionPowerThreshold', 'pcsMaxDischargePower');
      else fields.push('pcsPower');
      if (mode === DischargeStrategy.IMMEDIATELY) fields.push('stopDischargeLoad', 'recoverDischargeLoad');
      if (mode === DischargeStrategy.REACH_THRESHOLD) fields.push('triggerDischargeLoad', 'stopDischargeLoad');
      if (mode === DischargeStrategy.BY_DEMAND) fields.push('targetDemand', 'pi');
      if (mode === DischargeStrategy.BY_LOAD_RATE) fields.push('targetLoadRate', 'pi');
      if (mode !== DischargeStrategy.IMMEDIATELY && mode !== DischargeStrategy.POWER_FALLOW_MODE) {
        fields.push('emptyStrategy');
        if (section.emptyStrategy === EmptyStrategy.DEFINITE_TIME) fields.push('emptyTime');
      }
      break;
    }
    case SectionType.CONSUMPTION: {
      fields.push('intelligentConsumptionControlType');
      if (section.intelligentConsumptionControlType === ConsumptionControlType.CONSUMPTION_AND_LOAD) {
        fields.push('intelligentConsumptionStartMight', 'intelligentConsumptionStopMight');
      }
      fields.push('intelligentConsumptionTotalTargetLoad', 'targetDemand', 'pcsMaxChargePower', 'intelligentLoadControlType');
      if (section.intelligentLoadControlType === LoadControlType.DISCHARGE) fields.push('dischargeTargetLoad', 'pcsMaxDischargePower');
      if (strategyVersion(version)?.meterTypeSelectable) {
        fields.push('chargingMeterType');
        if (section.chargingMeterType === ChargingMeterType.UPPER) fields.push('upstreamTransformerCapacity', 'meters');
      }
      break;
    }
    default:
      break;
  }
  return fields;
}

/** Whether one field of a section is shown. */
export function isFieldVisible(section: SectionState, version: number, field: SectionField): boolean {
  return visibleFields(section, version).includes(field);
}
