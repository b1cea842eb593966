/**
 * Alarm levels of spec 000 (§3): 0 highest (red), 1 high (gold), 2 middle (blue), 3 low (green),
 * 4 lowest (the default tag colour). Plain values: the bell in the header uses them, so no contracts here.
 */
export const ALARM_LEVELS = [0, 1, 2, 3, 4] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** antd Tag colours; `undefined` is the default tag colour. */
export const LEVEL_COLOR: Record<AlarmLevel, string | undefined> = { 0: 'red', 1: 'gold', 2: 'blue', 3: 'green', 4: undefined };

/** The text key of each level (`alarmBell.levels.<key>`). */
export const LEVEL_KEY: Record<AlarmLevel, 'highest' | 'high' | 'middle' | 'low' | 'lowest'> = {
  0: 'highest',
  1: 'high',
  2: 'middle',
  3: 'low',
  4: 'lowest',
};

export const isAlarmLevel = (v: unknown): v is AlarmLevel => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 4;
