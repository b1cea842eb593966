import { Badge, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../texts';
import { formatDateTime } from '../../../shared/format';
import { useTenantZone } from '../../../shared/time-zone';

/** Online or offline, with the last time the device reported. */
export function OnlineState({
  online,
  lastSeenAt,
  showLastSeen = true,
}: {
  online: boolean;
  lastSeenAt: string | null;
  showLastSeen?: boolean;
}) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  return (
    <Space size={8} data-testid="device-online" data-online={online}>
      <Badge status={online ? 'success' : 'default'} text={online ? t('devices.online') : t('devices.offline')} />
      {showLastSeen && (
        <Typography.Text type="secondary">{lastSeenAt ? formatDateTime(lastSeenAt, zone) : t('devices.neverSeen')}</Typography.Text>
      )}
    </Space>
  );
}
