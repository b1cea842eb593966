import { lazy, Suspense, useMemo, useState } from 'react';
import { Badge, Button, notification, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { alarm } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { useStaffPushes } from '../../../shared/realtime/use-staff-pushes';
import { appAlarmLinks, type AlarmLinks } from '../alarm-config';
import { bellKeys } from '../bell-cache';
import { alarmPushHandlers } from '../push-handlers';
import { ALARM_NOTIFICATION_CONFIG, showDevicePush, showServerPush } from './alarm-notifications';
import '../bell-texts';

// The panel (tabs and lists) is fetched when the bell is first opened; the bell itself is in the header.
const AlarmBellPanel = lazy(() => import('./alarm-bell-panel'));

/**
 * The alarm bell of the header (spec 000): a badge, a panel of the staff's device alarm pushes by level,
 * and live pushes as notifications. While it is mounted the current-user data is refreshed every 60 s
 * (useCurrentUser) and the staff's STOMP connection is open.
 *
 * The badge counts the unread alarms of the last 30 days (alarm statistics, one call, then kept up to
 * date by pushes and confirm-reads); a staff who may not open the alarm records gets a dot for pushes
 * that arrived since the panel was last opened.
 */
export function AlarmBell({ links = appAlarmLinks() }: { links?: AlarmLinks }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useCurrentUser();
  const staffId = current.data?.staff.id;
  // the tenant's zone, as on the pages (a push while the current user loads: the browser's)
  const zone = current.data?.tenant.timeZone;
  const seesRecords = useHasPermission('p-alarm-record');
  const unread = useQuery({
    queryKey: bellKeys.unread,
    queryFn: async () => (await api(alarm.alarmLogStatistics, {})).unread,
    enabled: seesRecords && staffId !== undefined,
  });
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState(0);
  const [notices, holder] = notification.useNotification(ALARM_NOTIFICATION_CONFIG);

  const handlers = useMemo(
    () =>
      alarmPushHandlers({
        queryClient,
        onDevicePush: (push) => {
          setFresh((n) => n + 1);
          showDevicePush(notices, t, push, links.device(push), zone);
        },
        onServerPush: (push) => showServerPush(notices, t, push, links.server(push), zone),
      }),
    [queryClient, notices, t, links, zone],
  );
  useStaffPushes(staffId, handlers);

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) setFresh(0);
  };
  const count = seesRecords ? (unread.data ?? 0) : 0;

  return (
    <>
      {holder}
      <Popover
        trigger="click"
        placement="bottomRight"
        arrow={false}
        open={open}
        onOpenChange={toggle}
        styles={{ container: { padding: '4px 12px 8px' } }}
        // the popup (and so the panel's chunk) is rendered on the first open only
        content={
          <Suspense fallback={<Spin style={{ display: 'block', width: 400, padding: 24 }} />}>
            <AlarmBellPanel links={links} onNavigate={() => setOpen(false)} />
          </Suspense>
        }
      >
        <Badge
          count={seesRecords ? count : Math.min(fresh, 1)}
          dot={!seesRecords}
          size="small"
          overflowCount={99}
          title={seesRecords ? t('alarmBell.unreadTitle', { n: count }) : t('alarmBell.newPushes')}
        >
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={t('alarmBell.bell')}
            data-testid="alarm-bell"
            data-unread={seesRecords ? count : undefined}
            aria-expanded={open}
          />
        </Badge>
      </Popover>
    </>
  );
}

export default AlarmBell;
