import { useState, type UIEvent } from 'react';
import { Button, Empty, Flex, Spin, Tabs, Tag, Typography, theme as antdTheme } from 'antd';
import { alarm } from '@energy/contracts/refs';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import type { AlarmLinks } from '../alarm-config';
import {
  BELL_LIST_HEIGHT,
  BELL_PAGE_SIZE,
  bellKeys,
  flattenPushes,
  markPushRead,
  nextPushPage,
  type BellPages,
  type DeviceAlarmPush,
} from '../bell-cache';
import { ALARM_LEVELS, type AlarmLevel } from '../levels';
import { ALARM_RECORD_PATH } from '../paths';
import { pushText } from '../push-format';
import { useTenantZone } from '../../../shared/time-zone';
import { AlarmLinkView } from './alarm-link';
import { LevelTag } from './level-tag';
import '../bell-texts';

/** Closer than this to the bottom of the list, the next page is loaded. */
const LOAD_MORE_THRESHOLD_PX = 40;

/** One push: '[device] at [time] occurred [rule]', a view link, and confirm-read until the server says it is read. */
function PushItem({ push, links, onNavigate }: { push: DeviceAlarmPush; links: AlarmLinks; onNavigate: () => void }) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const { token } = antdTheme.useToken();
  const queryClient = useQueryClient();
  const read = useMutation({
    mutationFn: () => api(alarm.readAlarmLog, { id: push.alarmId }),
    onSuccess: (done) => {
      if (!done) return;
      queryClient.setQueryData<BellPages>(bellKeys.pushes(push.level), (old) => markPushRead(old, push.alarmId));
      queryClient.setQueryData<number>(bellKeys.unread, (n) => (n === undefined ? n : Math.max(0, n - 1)));
    },
  });
  return (
    <Flex
      vertical
      gap={4}
      data-testid="alarm-bell-item"
      data-alarm-id={push.alarmId}
      style={{ padding: '8px 4px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Typography.Text data-testid="alarm-bell-item-text" type={push.readState ? 'secondary' : undefined}>
        {pushText(t, push.deviceName, push.alarmTime, push.ruleName, zone)}
      </Typography.Text>
      <Flex gap={12} align="center" justify="flex-end">
        {push.recoverTime ? (
          <Tag color="success" style={{ marginInlineEnd: 'auto' }} data-testid="alarm-bell-recovered">
            {t('alarmBell.recovered')}
          </Tag>
        ) : null}
        <AlarmLinkView link={links.device(push)} testId="alarm-bell-view" onClick={onNavigate}>
          {t('alarmBell.view')}
        </AlarmLinkView>
        {push.readState ? (
          <Typography.Text type="secondary" data-testid="alarm-bell-read">
            {t('alarmBell.read')}
          </Typography.Text>
        ) : (
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            loading={read.isPending}
            onClick={() => read.mutate()}
            data-testid="alarm-bell-confirm-read"
          >
            {t('alarmBell.confirmRead')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** The pushes of one level, 10 a page, the next page loaded when the 300 px list is scrolled to its end. */
function PushList({ level, links, onNavigate }: { level: AlarmLevel; links: AlarmLinks; onNavigate: () => void }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: bellKeys.pushes(level),
    queryFn: ({ pageParam }) => api(alarm.pagePushStaff, { level, page: pageParam, size: BELL_PAGE_SIZE }),
    initialPageParam: 1 as number,
    getNextPageParam: nextPushPage,
  });
  const pushes = flattenPushes(query.data);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_THRESHOLD_PX;
    if (nearEnd && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <div
      data-testid={`alarm-bell-list-${level}`}
      onScroll={onScroll}
      style={{ height: BELL_LIST_HEIGHT, overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      {query.isPending ? (
        <Spin style={{ display: 'block', paddingTop: 48 }} />
      ) : pushes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarmBell.empty')} data-testid="alarm-bell-empty" />
      ) : (
        <>
          {pushes.map((push) => (
            <PushItem key={push.alarmId} push={push} links={links} onNavigate={onNavigate} />
          ))}
          <Flex justify="center" style={{ padding: 8 }}>
            {query.isFetchingNextPage ? (
              <Spin size="small" />
            ) : (
              !query.hasNextPage && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('alarmBell.noMore')}
                </Typography.Text>
              )
            )}
          </Flex>
        </>
      )}
    </div>
  );
}

/** The bell's panel: a tab per level (in the level's colour), each an infinite list, and the link to all records. */
export default function AlarmBellPanel({ links, onNavigate }: { links: AlarmLinks; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<AlarmLevel>(0);
  return (
    <div style={{ width: 400, maxWidth: 'calc(100vw - 32px)' }} data-testid="alarm-bell-panel">
      <Tabs
        size="small"
        activeKey={String(level)}
        onChange={(key) => setLevel(Number(key) as AlarmLevel)}
        items={ALARM_LEVELS.map((l) => ({
          key: String(l),
          label: <LevelTag level={l} testId={`alarm-bell-tab-${l}`} />,
          children: <PushList level={l} links={links} onNavigate={onNavigate} />,
        }))}
      />
      <Flex justify="center" style={{ paddingTop: 8 }}>
        <Link to={ALARM_RECORD_PATH} onClick={onNavigate} data-testid="alarm-bell-all">
          {t('alarmBell.viewAll')}
        </Link>
      </Flex>
    </div>
  );
}
