import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { pv } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { PV_OUTLINE_PATH } from '../paths';
import { pvKeys } from '../queries';
import { energyText } from './outline-queries';
import './outline-texts';

/**
 * The PV card of the home page (`portal/dashboard/pv`): the staff's grid-connected stations, their
 * capacity and power now, energy today and this month, CO2 avoided in total. Refreshed every minute.
 */
export default function PvHomeCard() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: pvKeys.of(pv.dashboardPv, {}), queryFn: () => api(pv.dashboardPv, {}), refetchInterval: 60_000 });
  const d = q.data;
  const h = (k: string) => t(`pvOutline.home.${k}`);
  const today = d ? energyText(d.energyWhToday) : null;
  const month = d ? energyText(d.energyWhMonth) : null;
  return (
    <Card title={h('title')} extra={<Link to={PV_OUTLINE_PATH}>{h('open')}</Link>} style={{ height: '100%' }} data-testid="pv-home-card">
      {!d ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col span={8}>
            <Statistic title={h('stations')} value={d.stations} />
          </Col>
          <Col span={8}>
            <Statistic title={h('capacity')} value={d.capacityKwp.toLocaleString(undefined, { maximumFractionDigits: 1 })} suffix="kWp" />
          </Col>
          <Col span={8}>
            <Statistic title={h('power')} value={d.powerKw.toFixed(1)} suffix="kW" />
          </Col>
          <Col span={8}>
            <Statistic title={h('today')} value={today!.value} suffix={today!.unit} />
          </Col>
          <Col span={8}>
            <Statistic title={h('month')} value={month!.value} suffix={month!.unit} />
          </Col>
          <Col span={8}>
            <Statistic
              title={h('co2')}
              value={(d.co2AvoidedKgTotal / 1000).toLocaleString(undefined, { maximumFractionDigits: 2 })}
              suffix="t"
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
