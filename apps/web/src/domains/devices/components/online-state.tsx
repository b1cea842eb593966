import { Badge, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../texts';
import { formatDateTime } from '../../../shared/format';

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
  return (
    <Space size={8} data-testid="device-online" data-online={online}>
      <Badge status={online ? 'success' : 'default'} text={online ? t('devices.online') : t('devices.offline')} />
      {showLastSeen && (
        <Typography.Text type="secondary">{lastSeenAt ? formatDateTime(lastSeenAt) : t('devices.neverSeen')}</Typography.Text>
      )}
    </Space>
  );
}
