import type { Key } from 'react';
import { Button, Flex, Typography } from 'antd';
import { alarm } from '@energy/contracts/refs';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
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
export function showDevicePush(
  notices: { open: Open; destroy: Destroy },
  t: TFunction,
  push: DeviceAlarmPush,
  link: AlarmLink,
  zone?: string,
) {
  const key = `device-alarm-${push.alarmId}`;
  notices.open({
    key,
    title: title(push.level, t('alarmBell.deviceAlarm')),
    description: pushText(t, push.deviceName, push.alarmTime, push.ruleName, zone),
    actions: (
      <AlarmLinkView link={link} testId="alarm-notification-view" onClick={() => notices.destroy(key)}>
        {t('alarmBell.view')}
      </AlarmLinkView>
    ),
    props: { 'data-testid': 'alarm-notification', 'data-alarm-id': push.alarmId } as NotificationArgsProps['props'],
  });
}

/** Confirm-read of a server alarm in its popup: 'confirm read' becomes 'read' once the server answers true. */
function ServerPushRead({ recordId, read }: { recordId: number; read: boolean }) {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: () => api(alarm.readServerAlarm, { id: recordId }) });
  if (read || mutation.data === true)
    return (
      <Typography.Text type="secondary" data-testid="server-alarm-notification-read">
        {t('alarmBell.read')}
      </Typography.Text>
    );
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0, height: 'auto' }}
      loading={mutation.isPending}
      onClick={() => mutation.mutate()}
      data-testid="server-alarm-notification-confirm-read"
    >
      {t('alarmBell.confirmRead')}
    </Button>
  );
}

/** A server alarm push: its level and scene, the same text, confirm-read, and a link when its scene is configured. */
export function showServerPush(
  notices: { open: Open; destroy: Destroy },
  t: TFunction,
  push: ServerAlarmPush,
  link: AlarmLink | null,
  zone?: string,
) {
  const key = `server-alarm-${push.recordId}`;
  // a server alarm's rule name is its scene's English name: the scene's own text is the reader's language
  const scene = t(`alarmBell.scenes.${push.sceneType}`, { defaultValue: push.ruleName });
  notices.open({
    key,
    title: title(push.alarmLevel, `${t('alarmBell.serverAlarm')} · ${scene}`),
    description: pushText(t, push.name, push.alarmTime, scene, zone),
    actions: (
      <Flex gap={12} align="center">
        <ServerPushRead recordId={push.recordId} read={push.readState === true} />
        {link ? (
          <AlarmLinkView link={link} testId="server-alarm-notification-view" onClick={() => notices.destroy(key)}>
            {t('alarmBell.view')}
          </AlarmLinkView>
        ) : null}
      </Flex>
    ),
    props: { 'data-testid': 'server-alarm-notification', 'data-record-id': push.recordId } as NotificationArgsProps['props'],
  });
}
