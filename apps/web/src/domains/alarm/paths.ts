/** The alarm pages' routes (the menu's paths; the detail under the record list, as spec 000 names it). */
export const ALARM_RECORD_PATH = '/device/alarm/record';
export const alarmDetailPath = (alarmId: number | string) => `${ALARM_RECORD_PATH}/detail/${alarmId}` as const;
export const ALARM_RULE_PATH = '/device/alarm/rule';
export const ALARM_SIGNBOARD_PATH = '/device/alarm/signboard';
export const ALARM_WORK_ORDER_PATH = '/device/alarm/work-order';
