import type { TFunction } from 'i18next';
import { browserZone, formatInZone } from '../../shared/zoned-time';

/** An alarm's time as the pages and the bell show it, in the tenant's zone (`useTenantZone`): '2026-11-21 09:30:05'. */
export const formatAlarmTime = (iso: string, zone: string = browserZone()) => formatInZone(iso, zone);

/** '[device] at [time] occurred [rule]' (spec 000, the bell's items and the push notifications). */
export const pushText = (t: TFunction, device: string, alarmTime: string, rule: string, zone?: string) =>
  t('alarmBell.item', { device, time: formatAlarmTime(alarmTime, zone), rule });
