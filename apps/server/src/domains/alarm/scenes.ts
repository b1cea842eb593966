import { alarm } from '@energy/contracts';

type AlarmCondition = alarm.AlarmCondition;
type ServerAlarmScene = alarm.ServerAlarmScene;

/** Does a reading satisfy `condition threshold`? */
export function holds(condition: AlarmCondition, value: number, threshold: number): boolean {
  switch (condition) {
    case 'GT':
      return value > threshold;
    case 'GE':
      return value >= threshold;
    case 'LT':
      return value < threshold;
    case 'LE':
      return value <= threshold;
    case 'EQ':
      return value === threshold;
    case 'NE':
      return value !== threshold;
  }
}

const withUnit = (v: number, unit: string) => (unit ? `${v} ${unit}` : String(v));

/** The line a device alarm says: `Highest cell temperature 31.2 °C > 30 °C for 60 s`. */
export function ruleAlarmContent(r: {
  propertyName: string;
  unit: string;
  condition: AlarmCondition;
  threshold: number;
  durationSeconds: number;
  value: number;
}): string {
  const held = r.durationSeconds > 0 ? ` for ${r.durationSeconds} s` : '';
  return `${r.propertyName} ${withUnit(r.value, r.unit)} ${alarm.CONDITION_SYMBOL[r.condition]} ${withUnit(r.threshold, r.unit)}${held}`;
}

/**
 * The platform-side scenes: their name (the alarm's rule name) and level. A gateway offline cuts off
 * every device behind it and a failed delivery leaves a station without its strategy (high, 1); one
 * device offline is middle (2); data that stops while the device stays connected is low (3).
 */
export const SCENES: Record<ServerAlarmScene, { name: string; level: number }> = {
  GATEWAY_OFFLINE: { name: 'Gateway offline', level: 1 },
  DEVICE_OFFLINE: { name: 'Device offline', level: 2 },
  DATA_DELAYED: { name: 'Data delayed', level: 3 },
  DELIVERY_FAILED: { name: 'Delivery failed', level: 1 },
  CONNECTOR_FAULTED: { name: 'Charging connector faulted', level: 2 },
  LINE_LOSS_HIGH: { name: 'Line loss high', level: 2 },
  PV_STRING_DEAD: { name: 'PV string dead', level: 1 },
  PV_DISPERSION_HIGH: { name: 'PV string dispersion high', level: 2 },
};
