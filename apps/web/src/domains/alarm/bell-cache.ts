import type { InfiniteData } from '@tanstack/react-query';
import type { alarm } from '@energy/contracts';

/**
 * The bell's query cache: per level an infinite list of page-push-staff pages (10 a page), and the
 * unread count of the badge. Live pushes and confirm-reads update it in place; a (re)connect
 * invalidates it all, so what arrived while disconnected is fetched.
 */

export type DeviceAlarmPush = alarm.DeviceAlarmPush;
export type ServerAlarmPush = alarm.ServerAlarmPush;
export interface BellPage {
  list: DeviceAlarmPush[];
  total: number;
}
export type BellPages = InfiniteData<BellPage, number>;

/** Spec 000 §9: the alarm list loads 10 per page in a 300 px area. */
export const BELL_PAGE_SIZE = 10;
export const BELL_LIST_HEIGHT = 300;

export const bellKeys = {
  all: ['alarm', 'bell'] as const,
  unread: ['alarm', 'bell', 'unread'] as const,
  pushes: (level: number) => ['alarm', 'bell', 'pushes', level] as const,
};

/** The pushes of the loaded pages, newest first, each alarm once (a push prepended shifts later pages by one). */
export function flattenPushes(data: { pages: BellPage[] } | undefined): DeviceAlarmPush[] {
  const seen = new Set<number>();
  const out: DeviceAlarmPush[] = [];
  for (const page of data?.pages ?? [])
    for (const push of page.list) {
      if (seen.has(push.alarmId)) continue;
      seen.add(push.alarmId);
      out.push(push);
    }
  return out;
}

/** The next page to load, or undefined when every push of the level is loaded. */
export function nextPushPage(last: BellPage, all: BellPage[]): number | undefined {
  const loaded = all.reduce((n, p) => n + p.list.length, 0);
  return last.list.length > 0 && loaded < last.total ? all.length + 1 : undefined;
}

/** A live push at the top of its level's first page (or, for an alarm already listed, its new read state). */
export function addPush(data: BellPages | undefined, push: DeviceAlarmPush): BellPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const listed = data.pages.some((p) => p.list.some((x) => x.alarmId === push.alarmId));
  if (listed)
    return { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.map((x) => (x.alarmId === push.alarmId ? push : x)) })) };
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [{ list: [push, ...first!.list], total: first!.total + 1 }, ...rest.map((p) => ({ ...p, total: p.total + 1 }))],
  };
}

/** The alarm as a push says it is now (a recovery), where it is listed; an alarm not loaded is left to the next fetch. */
export function updateListed(data: BellPages | undefined, push: DeviceAlarmPush): BellPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, list: p.list.map((x) => (x.alarmId === push.alarmId ? push : x)) })),
  };
}

/** The alarm shown as read wherever it is listed. */
export function markPushRead(data: BellPages | undefined, alarmId: number): BellPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, list: p.list.map((x) => (x.alarmId === alarmId ? { ...x, readState: true } : x)) })),
  };
}

/** Is the alarm listed (in any loaded page) as unread? */
export function isListedUnread(data: BellPages | undefined, alarmId: number): boolean {
  return !!data?.pages.some((p) => p.list.some((x) => x.alarmId === alarmId && !x.readState));
}
