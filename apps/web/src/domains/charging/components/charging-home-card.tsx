import { Card, Col, Flex, Row, Skeleton, Statistic, Tag } from 'antd';
import { charging } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { STATUS_COLOR } from '../status-colors';
import { chargingKeys } from '../queries';
import '../texts';

/** Statuses listed first on the card, in this order; others follow as they come. */
const STATUS_ORDER = ['Charging', 'Available', 'Faulted', 'Unavailable'];

/**
 * The charging card of the home page (`portal/dashboard/charging`): stations, piles online, guns by
 * status, and the last 30 days' sessions, energy and revenue. Refreshed every minute.
 */
export default function ChargingHomeCard() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: chargingKeys.dashboard,
    queryFn: () => api(charging.dashboardCharging),
    refetchInterval: 60_000,
  });
  const d = query.data;
  const statuses = d ? Object.keys(d.guns).sort((a, b) => rank(a) - rank(b)) : [];
  return (
    <Card
      title={t('charging.home.title')}
      extra={<Link to="/charging/asset/pile">{t('charging.home.piles')}</Link>}
      style={{ height: '100%' }}
      data-testid="charging-home-card"
    >
      {!d ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={16}>
            <Col span={8}>
              <Statistic title={t('charging.home.stations')} value={d.stations} />
            </Col>
            <Col span={8}>
              <Statistic title={t('charging.home.online')} value={d.pilesOnline} suffix={`/ ${d.piles}`} />
            </Col>
            <Col span={8}>
              <Statistic title={t('charging.home.sessions')} value={d.sessions30d} />
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <Statistic title={t('charging.home.energy')} value={(d.energyWh30d / 1000).toFixed(1)} suffix="kWh" />
            </Col>
            <Col span={12}>
              <Statistic title={t('charging.home.revenue')} value={d.revenue30d.toFixed(2)} suffix={d.currency ?? ''} />
            </Col>
          </Row>
          <Flex wrap gap={8} data-testid="charging-home-guns">
            {statuses.map((s) => (
              <Tag key={s} color={STATUS_COLOR[s] ?? 'default'}>
                {t(`charging.status_.${s}`, { defaultValue: s })} {d.guns[s]}
              </Tag>
            ))}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

function rank(status: string) {
  const i = STATUS_ORDER.indexOf(status);
  return i < 0 ? STATUS_ORDER.length : i;
}
