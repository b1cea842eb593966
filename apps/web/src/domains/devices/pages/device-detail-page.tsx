import { useState } from 'react';
import { Button, Card, Col, Descriptions, Flex, Result, Row, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { device } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { PageSpinner } from '../../../shared/page-spinner';
import { PageTitle } from '../../../shared/page-title';
import { LatestValues } from '../components/latest-values';
import { OnlineState } from '../components/online-state';
import { PropertyChart } from '../components/property-chart';
import { formatValue } from '../format';
import { DEVICE_LIST_PATH, deviceDetailPath } from '../paths';
import { deviceKeys } from '../queries';
import '../texts';
import { formatDateTime } from '../../../shared/format';
import { TimesIn, formatInZone, useTenantZone } from '../../../shared/time-zone';

/** Latest values are polled this often while the page is visible (TanStack Query pauses in a hidden tab). */
const LATEST_REFRESH_MS = 10_000;

/** One device: who it is, whether it is online, its latest values and the history of one property at a time. */
export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: deviceKeys.detail(id), queryFn: () => api(device.deviceDetail, { id }), enabled: valid });
  const recent = useQuery({
    queryKey: deviceKeys.recent(id),
    queryFn: () => api(device.dataPropertyRecent, { deviceId: id }),
    enabled: valid && detail.isSuccess,
    refetchInterval: LATEST_REFRESH_MS,
  });
  const [picked, setPicked] = useState<string>();
  const zone = useTenantZone();

  if (!valid || detail.isError) {
    return (
      <Result
        status="404"
        title={t('devices.detailPage.notFound')}
        extra={
          <Link to={DEVICE_LIST_PATH}>
            <Button>{t('devices.detailPage.back')}</Button>
          </Link>
        }
      />
    );
  }
  const d = detail.data;
  if (!d) return <PageSpinner />;
  const properties = d.properties;
  const selected = picked ?? properties[0]?.key;
  const online = recent.data?.online ?? d.online;
  const lastSeenAt = recent.data?.lastSeenAt ?? d.lastSeenAt;

  return (
    <Flex vertical gap={16} data-testid="device-detail">
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Space size={12} wrap>
            <Link to={DEVICE_LIST_PATH} aria-label={t('devices.detailPage.back')}>
              <ArrowLeftOutlined />
            </Link>
            <PageTitle>{d.name}</PageTitle>
            <Tag>{d.code}</Tag>
            <OnlineState online={online} lastSeenAt={lastSeenAt} />
            <TimesIn zone={zone} />
          </Space>
        </Flex>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            {
              key: 'type',
              label: t('devices.type'),
              children: (
                <>
                  {d.deviceTypeName}
                  {d.isGateway && <Tag style={{ marginLeft: 8 }}>{t('devices.types.gatewayType')}</Tag>}
                </>
              ),
            },
            { key: 'ou', label: t('devices.ou'), children: d.ouName },
            { key: 'customer', label: t('devices.customer'), children: d.customerName },
            {
              key: 'gateway',
              label: t('devices.gateway'),
              children: d.gatewayId ? <Link to={deviceDetailPath(d.gatewayId)}>{d.gatewayName}</Link> : '-',
            },
            {
              key: 'location',
              label: t('devices.detailPage.location'),
              children: d.location ? (d.location.address ?? `${d.location.longitude}, ${d.location.latitude}`) : '-',
            },
            { key: 'rated', label: t('devices.detailPage.ratedPower'), children: formatValue(d.ratedPowerKw, 'kW') },
            {
              key: 'mqtt',
              label: t('devices.detailPage.mqttUsername'),
              children: d.mqttUsername ? <Typography.Text copyable>{d.mqttUsername}</Typography.Text> : t('devices.credentials.notIssued'),
            },
            { key: 'created', label: t('devices.created'), children: formatDateTime(d.createdAt, zone) },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Card
            title={t('devices.detailPage.latest')}
            extra={<Typography.Text type="secondary">{t('devices.detailPage.autoRefresh')}</Typography.Text>}
          >
            <LatestValues values={recent.data?.values ?? []} loading={recent.isPending} selected={selected} onSelect={setPicked} />
            {properties.length > 1 && (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
                {t('devices.detailPage.pickHint')}
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          {properties.length > 0 && recent.data && (
            <PropertyChart deviceId={id} timeZone={recent.data.timeZone} properties={properties} selected={selected} onSelect={setPicked} />
          )}
        </Col>
      </Row>
      {d.rejections.length > 0 && (
        <Card title={t('devices.detailPage.rejections')} data-testid="device-rejections">
          <Table
            rowKey="reason"
            size="small"
            pagination={false}
            dataSource={d.rejections}
            columns={[
              { title: t('devices.detailPage.reason'), dataIndex: 'reason', width: 180 },
              { title: t('devices.detailPage.count'), dataIndex: 'count', width: 100, align: 'right' },
              {
                title: t('devices.detailPage.lastAt'),
                dataIndex: 'lastAt',
                width: 180,
                render: (v: string) => formatInZone(v, zone),
              },
              { title: t('devices.detailPage.lastDetail'), dataIndex: 'lastDetail', ellipsis: true },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}
