import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** An alarm's time as the bell shows it, in the browser's time: '2026-11-21 09:30:05'. */
export const formatAlarmTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/** '[device] at [time] occurred [rule]' (spec 000, the bell's items and the push notifications). */
export const pushText = (t: TFunction, device: string, alarmTime: string, rule: string) =>
  t('alarmBell.item', { device, time: formatAlarmTime(alarmTime), rule });
