import { useMemo } from 'react';
import { Card, Col, Flex, Row, Statistic, Table, Tag, theme as antdTheme } from 'antd';
import { bsa, bsaMonitor } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { PageTitle } from '../../../shared/page-title';
import { gisOption } from '../charts';
import { STATION_PATH } from '../paths';
import { fig, kwh, LIVE_MS, monitorKeys, type GisRow, type StationNow } from '../queries';
import '../texts';

/** All the staff's stations: the statistics, each station on the map with its figures now, and the list's export. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const statics = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.bsaStatics, {}),
    queryFn: () => api(bsaMonitor.bsaStatics, {}),
    refetchInterval: LIVE_MS,
  });
  const gis = useQuery({ queryKey: monitorKeys.of(bsaMonitor.bsaStaticsGis), queryFn: () => api(bsaMonitor.bsaStaticsGis) });
  const list = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.bsaDataList, {}),
    queryFn: () => api(bsaMonitor.bsaDataList, {}),
    refetchInterval: LIVE_MS,
  });
  const s = statics.data;
  const tiles: [string, string][] = [
    ['stations', s ? `${s.stations}` : '–'],
    ['online', s ? `${s.online}` : '–'],
    ['ratedPower', fig(s?.ratedPowerKw)],
    ['capacity', fig(s?.capacityKwh)],
    ['todayCharge', s ? kwh(s.today.chargeWh) : '–'],
    ['todayDischarge', s ? kwh(s.today.dischargeWh) : '–'],
    ['lifetimeCharge', s ? kwh(s.lifetime.chargeWh) : '–'],
    ['lifetimeDischarge', s ? kwh(s.lifetime.dischargeWh) : '–'],
  ];
  const where = (id: number): GisRow | undefined => gis.data?.find((g) => g.id === id);
  const { token } = antdTheme.useToken();
  const map = useMemo(
    () =>
      gisOption(
        gis.data ?? [],
        { online: token.colorSuccess, offline: token.colorTextQuaternary },
        { online: m('online'), offline: m('offline') },
      ),
    [gis.data, token, t],
  );
  return (
    <Flex vertical gap={16} data-testid="bsa-overview">
      <PageTitle>{m('overviewTitle')}</PageTitle>
      <Row gutter={[16, 16]}>
        {tiles.map(([key, value]) => (
          <Col xs={12} md={6} xl={3} key={key}>
            <Card size="small">
              <Statistic title={m(key)} value={value} data-testid={`statics-${key}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={m('map')}>
        <ThemedChart
          option={map}
          empty={!gis.data?.some((g) => g.lng !== null)}
          loading={gis.isFetching}
          height={300}
          data-testid="gis-map"
        />
      </Card>
      <Card
        size="small"
        title={m('stations')}
        extra={
          <Authorized code="b-bsa-station-export">
            <ExportButton exportRef={bsa.bsaExport} filter={{}} name="storage-stations" />
          </Authorized>
        }
      >
        <Table<StationNow>
          size="small"
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          columns={[
            { title: m('code'), dataIndex: 'code', render: (v: string, r) => <Link to={`${STATION_PATH}?bsaId=${r.id}`}>{v}</Link> },
            { title: m('name'), dataIndex: 'name' },
            { title: m('ou'), dataIndex: 'ouName' },
            { title: m('status'), dataIndex: 'status', render: (v: StationNow['status']) => m(`statuses.${v}`) },
            {
              title: m('online'),
              dataIndex: 'online',
              render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? m('online') : m('offline')}</Tag>,
            },
            { title: m('capacity'), dataIndex: 'capacityKwh', render: (v: number) => fig(v) },
            { title: m('power'), dataIndex: 'powerKw', render: (v: number | null) => fig(v) },
            { title: m('soc'), dataIndex: 'socPct', render: (v: number | null) => fig(v) },
            { title: m('todayCharge'), dataIndex: 'todayChargeWh', render: (v: number) => kwh(v) },
            { title: m('todayDischarge'), dataIndex: 'todayDischargeWh', render: (v: number) => kwh(v) },
            {
              title: m('coordinates'),
              key: 'gis',
              render: (_: unknown, r) => {
                const g = where(r.id);
                return g?.lng !== null && g?.lng !== undefined ? `${g.lng.toFixed(4)}, ${g.lat?.toFixed(4)}` : '–';
              },
            },
            { title: m('address'), key: 'address', render: (_: unknown, r) => where(r.id)?.address ?? '–' },
          ]}
        />
      </Card>
    </Flex>
  );
}
