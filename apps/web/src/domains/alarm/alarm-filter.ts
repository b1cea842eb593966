import type { Dayjs } from 'dayjs';
import type { alarm } from '@energy/contracts';

/** The record list's filter form values. */
export interface RecordFormValues {
  ouId?: number | null;
  deviceCode?: string;
  deviceName?: string;
  state?: 0 | 1 | null;
  alarmLevels?: number[];
  range?: [Dayjs | null, Dayjs | null] | null;
  read?: 'true' | 'false' | null;
  source?: 'rule' | 'server' | null;
}

/** The page and export calls' filter (their query parameters). */
export interface RecordFilter {
  ouId?: number;
  deviceCode?: string;
  deviceName?: string;
  state?: 0 | 1;
  alarmLevels?: number[];
  read?: 'true' | 'false';
  source?: 'rule' | 'server';
  alarmStartTime?: string;
  alarmEndTime?: string;
}

/** Form values as the filter: texts trimmed, empty left out, levels as repeated keys, the range as whole local days. */
export function toRecordFilter(v: RecordFormValues): RecordFilter {
  const text = (s: string | undefined) => s?.trim() || undefined;
  const out: RecordFilter = {
    ouId: v.ouId ?? undefined,
    deviceCode: text(v.deviceCode),
    deviceName: text(v.deviceName),
    state: v.state ?? undefined,
    alarmLevels: v.alarmLevels && v.alarmLevels.length > 0 ? [...v.alarmLevels].sort((a, b) => a - b) : undefined,
    read: v.read ?? undefined,
    source: v.source ?? undefined,
    alarmStartTime: v.range?.[0]?.startOf('day').toISOString(),
    alarmEndTime: v.range?.[1]?.endOf('day').toISOString(),
  };
  return Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined)) as RecordFilter;
}

/** The spec's paging fields (`page`, `size`) from the list blocks' (`pageOffset`, `pageSize`). */
export const specPaging = <F extends object>({ pageOffset, pageSize, ...filter }: F & { pageOffset: number; pageSize: number }) => ({
  ...filter,
  page: pageOffset,
  size: pageSize,
});

/** The most rows one export holds (the contracts' ALARM_EXPORT_MAX_ROWS; a test keeps them equal). */
export const ALARM_EXPORT_MAX_ROWS = 10_000;

/** How a rule compares (the contracts' CONDITION_SYMBOL, copied so list pages need no zod; a test keeps them equal). */
export const CONDITION_SYMBOL = { GT: '>', GE: '≥', LT: '<', LE: '≤', EQ: '=', NE: '≠' } as const satisfies Record<
  alarm.AlarmCondition,
  string
>;
export const ALARM_CONDITIONS = Object.keys(CONDITION_SYMBOL) as alarm.AlarmCondition[];

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** '12.5 kW': a reading or threshold with at most 3 decimals, and its unit when it has one. */
export const withUnit = (v: number, unit: string | null) => (unit ? `${numberFormat.format(v)} ${unit}` : numberFormat.format(v));

/** '> 10 kW': a rule's condition and threshold. */
export const conditionText = (condition: alarm.AlarmCondition, threshold: number, unit: string | null) =>
  `${CONDITION_SYMBOL[condition]} ${withUnit(threshold, unit)}`;

/** '12.5 kW > 10 kW' (the reading that raised the alarm against the rule), or '-' for alarms without one. */
export function valueAgainstThreshold(row: {
  triggerValue: number | null;
  condition: alarm.AlarmCondition | null;
  threshold: number | null;
  unit: string | null;
}): string {
  if (row.triggerValue === null && row.threshold === null) return '-';
  const value = row.triggerValue === null ? '-' : withUnit(row.triggerValue, row.unit);
  if (row.condition === null || row.threshold === null) return value;
  return `${value} ${conditionText(row.condition, row.threshold, row.unit)}`;
}

/** The signboard's filter form values (plus the asset picked in the asset list). */
export interface SignboardFormValues {
  deviceName?: string;
  deviceCode?: string;
  abnormalDiagnosis?: string;
  level?: number | null;
  state?: 0 | 1 | null;
  range?: [Dayjs | null, Dayjs | null] | null;
  assetId?: number | null;
}

/** The signboard calls' filter. */
export interface SignboardFilter {
  deviceName?: string;
  deviceCode?: string;
  abnormalDiagnosis?: string;
  level?: number;
  state?: 0 | 1;
  assetId?: number;
  alarmStartTime?: string;
  alarmEndTime?: string;
}

export function toSignboardFilter(v: SignboardFormValues): SignboardFilter {
  const text = (s: string | undefined) => s?.trim() || undefined;
  const out: SignboardFilter = {
    deviceName: text(v.deviceName),
    deviceCode: text(v.deviceCode),
    abnormalDiagnosis: text(v.abnormalDiagnosis),
    level: v.level ?? undefined,
    state: v.state ?? undefined,
    assetId: v.assetId ?? undefined,
    alarmStartTime: v.range?.[0]?.startOf('day').toISOString(),
    alarmEndTime: v.range?.[1]?.endOf('day').toISOString(),
  };
  return Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined)) as SignboardFilter;
}
