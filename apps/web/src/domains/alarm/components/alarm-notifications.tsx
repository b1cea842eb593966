import type { Key } from 'react';
import { Flex } from 'antd';
import type { NotificationArgsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { AlarmLink } from '../alarm-config';
import type { DeviceAlarmPush, ServerAlarmPush } from '../bell-cache';
import { pushText } from '../push-format';
import { AlarmLinkView } from './alarm-link';
import { LevelTag } from './level-tag';

/** Spec 000 §9: live pushes pop up at the bottom right, 10 px from the bottom, for 10 s, at most two at once. */
export const ALARM_NOTIFICATION_CONFIG = {
  placement: 'bottomRight',
  bottom: 10,
  duration: 10,
  maxCount: 2,
  // two at most: shown one above the other, not folded into a stack
  stack: false,
} as const;

type Open = (args: NotificationArgsProps) => void;
type Destroy = (key?: Key) => void;

const title = (level: number, text: string) => (
  <Flex gap={8} align="center">
    <LevelTag level={level} />
    <span>{text}</span>
  </Flex>
);

/** A device alarm push: its level, the bell's item text and a view link. */
export function showDevicePush(api: { open: Open; destroy: Destroy }, t: TFunction, push: DeviceAlarmPush, link: AlarmLink, zone?: string) {
  const key = `device-alarm-${push.alarmId}`;
  api.open({
    key,
    title: title(push.level, t('alarmBell.deviceAlarm')),
    description: pushText(t, push.deviceName, push.alarmTime, push.ruleName, zone),
    actions: (
      <AlarmLinkView link={link} testId="alarm-notification-view" onClick={() => api.destroy(key)}>
        {t('alarmBell.view')}
      </AlarmLinkView>
    ),
    props: { 'data-testid': 'alarm-notification', 'data-alarm-id': push.alarmId } as NotificationArgsProps['props'],
  });
}

/** A server alarm push: its level and scene, the same text, and a link when its scene is configured. */
export function showServerPush(
  api: { open: Open; destroy: Destroy },
  t: TFunction,
  push: ServerAlarmPush,
  link: AlarmLink | null,
  zone?: string,
) {
  const key = `server-alarm-${push.recordId}`;
  api.open({
    key,
    title: title(
      push.alarmLevel,
      `${t('alarmBell.serverAlarm')} · ${t(`alarmBell.scenes.${push.sceneType}`, { defaultValue: push.sceneType })}`,
    ),
    description: pushText(t, push.name, push.alarmTime, push.ruleName, zone),
    actions: link ? (
      <AlarmLinkView link={link} testId="server-alarm-notification-view" onClick={() => api.destroy(key)}>
        {t('alarmBell.view')}
      </AlarmLinkView>
    ) : undefined,
    props: { 'data-testid': 'server-alarm-notification', 'data-record-id': push.recordId } as NotificationArgsProps['props'],
  });
}
