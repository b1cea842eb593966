import { Descriptions, Popover, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import type { PileRow } from '../queries';
import { STATUS_COLOR } from '../status-colors';
import '../texts';

type Gun = PileRow['guns'][number];

/**
 * A gun's state tag; a click opens its detail: type, rated power, status and since when, error code, and the
 * session under way with its energy so far and its power now (from the server's meter values, docs/charging.md).
 * The pile list is read again on every charging push, so an open detail follows the charger.
 */
export function GunTag({ gun, pileCode, zone }: { gun: Gun; pileCode: string; zone: string }) {
  const { t } = useTranslation();
  const status = t(`charging.status_.${gun.status}`);
  const s = gun.session;
  const minutes = s ? Math.max(0, Math.round((Date.now() - Date.parse(s.startedAt)) / 60_000)) : 0;
  const detail = (
    <div style={{ width: 340 }} data-testid="gun-detail">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('charging.pile.gunType')}>{gun.type}</Descriptions.Item>
        <Descriptions.Item label={t('charging.pile.gunPower')}>{gun.ratedPowerKw}</Descriptions.Item>
        <Descriptions.Item label={t('charging.pile.state')}>
          <Tag color={STATUS_COLOR[gun.status]}>{status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('charging.pile.statusSince')}>
          {gun.statusAt ? formatDateTime(gun.statusAt, zone) : '-'}
        </Descriptions.Item>
        {gun.errorCode && gun.errorCode !== 'NoError' && (
          <Descriptions.Item label={t('charging.pile.errorCode')}>{gun.errorCode}</Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ margin: '12px 0 8px' }}>
        {s ? t('charging.pile.sessionNow') : t('charging.pile.noSession')}
      </Typography.Title>
      {s && (
        <Descriptions size="small" column={1} bordered data-testid="gun-session">
          <Descriptions.Item label={t('charging.session.transaction')}>{s.transactionId}</Descriptions.Item>
          <Descriptions.Item label={t('charging.session.idTag')}>{s.idTag}</Descriptions.Item>
          <Descriptions.Item label={t('charging.session.startedAt')}>{formatDateTime(s.startedAt, zone)}</Descriptions.Item>
          <Descriptions.Item label={t('charging.session.duration')}>{minutes}</Descriptions.Item>
          <Descriptions.Item label={t('charging.pile.energySoFar')}>
            <span data-testid="gun-energy">{(s.energyWh / 1000).toFixed(3)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('charging.pile.powerNow')}>
            {s.powerW === null ? (
              '-'
            ) : (
              <Tooltip title={t('charging.pile.powerNowHint', { at: s.lastMeterAt ? formatDateTime(s.lastMeterAt, zone) : '-' })}>
                <span data-testid="gun-power">{(s.powerW / 1000).toFixed(1)}</span>
              </Tooltip>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
  return (
    <Popover trigger="click" title={t('charging.pile.gunDetail', { number: gun.number, pile: pileCode })} content={detail}>
      <Tag
        color={STATUS_COLOR[gun.status]}
        data-testid="gun-state"
        data-status={gun.status}
        style={{ cursor: 'pointer' }}
        role="button"
        tabIndex={0}
      >
        {gun.number} · {status}
      </Tag>
    </Popover>
  );
}
