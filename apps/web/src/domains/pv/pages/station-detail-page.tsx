import { Alert, Button, Card, Descriptions, Flex, Result, Space, Tabs, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../../shared/page-spinner';
import { PageTitle } from '../../../shared/page-title';
import { AreasTab } from '../components/areas-tab';
import { CostTab } from '../components/cost-tab';
import { EquipmentTab } from '../components/equipment-tab';
import { PointsTab } from '../components/points-tab';
import { StageTab } from '../components/stage-tab';
import { StageTag } from '../components/stage-tag';
import { PV_STATION_PATH } from '../paths';
import { usePvStation } from '../queries';
import '../texts';

/** One PV station: its basic info, areas, grid points, cost and income settings with their logs, and its stage. */
export default function StationDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = usePvStation(id, valid);
  if (!valid || detail.isError)
    return (
      <Result
        status="404"
        title={t('pv.detail.notFound')}
        extra={
          <Link to={PV_STATION_PATH}>
            <Button>{t('pv.detail.back')}</Button>
          </Link>
        }
      />
    );
  const s = detail.data;
  if (!s) return <PageSpinner />;
  const readOnly = s.stage === 'decommissioned';
  const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

  return (
    <Card data-testid="pv-station-detail">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Space size={12} wrap>
          <Link to={PV_STATION_PATH} aria-label={t('pv.detail.back')}>
            <ArrowLeftOutlined />
          </Link>
          <PageTitle>{s.name}</PageTitle>
          <Tag>{s.code}</Tag>
          <StageTag stage={s.stage} />
          <Tag color={s.status === 'enabled' ? 'success' : 'default'}>{t(`pv.statuses.${s.status}`)}</Tag>
        </Space>
      </Flex>
      {readOnly && <Alert type="info" showIcon title={t('pv.detail.readOnly')} style={{ marginBottom: 16 }} />}
      <Tabs
        items={[
          {
            key: 'basic',
            label: t('pv.detail.basic'),
            children: (
              <Descriptions
                size="small"
                column={{ xs: 1, md: 2, xl: 3 }}
                items={[
                  { key: 'ou', label: t('pv.ou'), children: s.ouName },
                  { key: 'customer', label: t('pv.customer'), children: s.customerName },
                  { key: 'capacity', label: t('pv.capacity'), children: s.capacityKwp.toLocaleString() },
                  { key: 'grid', label: t('pv.gridDate'), children: dash(s.gridConnectionDate) },
                  { key: 'zone', label: t('pv.timeZone'), children: s.timeZone },
                  { key: 'weather', label: t('pv.weatherStation'), children: dash(s.weatherStationName) },
                  { key: 'address', label: t('pv.address'), children: dash(s.address) },
                  { key: 'district', label: t('pv.district'), children: dash(s.districtAdcode) },
                  {
                    key: 'location',
                    label: `${t('pv.longitude')} / ${t('pv.latitude')}`,
                    children: s.location ? `${s.location.longitude}, ${s.location.latitude}` : '-',
                  },
                ]}
              />
            ),
          },
          { key: 'areas', label: t('pv.detail.areas'), children: <AreasTab station={s} /> },
          { key: 'points', label: t('pv.detail.points'), children: <PointsTab station={s} /> },
          { key: 'equipment', label: t('pv.detail.equipment'), children: <EquipmentTab station={s} /> },
          { key: 'cost', label: t('pv.detail.cost'), children: <CostTab station={s} /> },
          { key: 'stage', label: t('pv.detail.stage'), children: <StageTab station={s} /> },
        ]}
      />
    </Card>
  );
}
