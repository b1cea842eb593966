import type { Dayjs } from 'dayjs';
import { dayStartIn } from '../../shared/zoned-time';

/** The work-order list's filter form values. */
export interface WorkOrderFormValues {
  keyword?: string;
  assignee?: string;
  ouId?: number | null;
  deviceCode?: string;
  alarmLevels?: number[];
  state?: 0 | 1 | null;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The page and export calls' filter (their query parameters). */
export interface WorkOrderFilter {
  keyword?: string;
  assignee?: string;
  ouId?: number;
  deviceCode?: string;
  alarmLevels?: number[];
  state?: 0 | 1;
  createdStartTime?: string;
  createdEndTime?: string;
}

const dayOf = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * Form values as the filter: texts trimmed, empty left out, levels sorted, the range as whole days of the
 * tenant's zone (the picked first day's midnight there to the last instant of the picked last day).
 */
export function toWorkOrderFilter(v: WorkOrderFormValues, timeZone: string): WorkOrderFilter {
  const text = (s: string | undefined) => s?.trim() || undefined;
  const from = v.range?.[0];
  const to = v.range?.[1];
  const out: WorkOrderFilter = {
    keyword: text(v.keyword),
    assignee: text(v.assignee),
    ouId: v.ouId ?? undefined,
    deviceCode: text(v.deviceCode),
    alarmLevels: v.alarmLevels && v.alarmLevels.length > 0 ? [...v.alarmLevels].sort((a, b) => a - b) : undefined,
    state: v.state ?? undefined,
    createdStartTime: from ? new Date(dayStartIn(dayOf(from), timeZone)).toISOString() : undefined,
    createdEndTime: to ? new Date(dayStartIn(dayOf(to.add(1, 'day')), timeZone) - 1).toISOString() : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, x]) => x !== undefined)) as WorkOrderFilter;
}
