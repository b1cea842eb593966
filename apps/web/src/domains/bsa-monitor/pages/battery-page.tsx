import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Descriptions, Flex, Row, Statistic, Table } from 'antd';
import { bsaMonitor } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { batteryCurveOption } from '../charts';
import { MonitorFrame } from '../components/monitor-frame';
import { fig, kwh, monitorKeys, type Construction } from '../queries';

/** Battery health (SOH, cycles, throughput, efficiency), its days, and the station's structure. */
export function BatteryView({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const info = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.batteryInfo, { bsaId }),
    queryFn: () => api(bsaMonitor.batteryInfo, { bsaId }),
  });
  const structure = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.bsaConstruction, { bsaId }),
    queryFn: () => api(bsaMonitor.bsaConstruction, { bsaId }),
  });
  const [range, setRange] = useState<[string, string]>([dayjs().subtract(29, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
  const input = { bsaId, from: range[0], to: range[1] };
  const curve = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.batteryInfoCurve, input),
    queryFn: () => api(bsaMonitor.batteryInfoCurve, input),
  });
  const option = useMemo(
    () => batteryCurveOption(curve.data, { charge: m('charge'), discharge: m('discharge'), cycles: m('dailyCycles') }),
    [curve.data, t],
  );
  const i = info.data;
  const tiles: [string, string][] = [
    ['soh', fig(i?.sohPct, 2)],
    ['rackSohMin', fig(i?.rackSohMinPct, 2)],
    ['cycles', fig(i?.cycles, 2)],
    ['throughput', i ? kwh(i.throughputWh) : '–'],
    ['efficiency', fig(i?.efficiencyPct, 2)],
    ['since', i?.firstDate ?? '–'],
  ];
  return (
    <Flex vertical gap={16} data-testid="battery">
      <Row gutter={[16, 16]}>
        {tiles.map(([key, value]) => (
          <Col xs={12} md={4} key={key}>
            <Card size="small">
              <Statistic title={m(key)} value={value} data-testid={`battery-${key}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={m('dailyCycles')}
        extra={
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(range[0]), dayjs(range[1])]}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')])}
          />
        }
      >
        <ThemedChart option={option} empty={!curve.data?.days.length} loading={curve.isFetching} height={300} data-testid="battery-chart" />
      </Card>
      <StructureCard data={structure.data} />
    </Flex>
  );
}

function StructureCard({ data }: { data: Construction | undefined }) {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  return (
    <Card size="small" title={m('construction')} data-testid="construction">
      <Descriptions size="small" column={8}>
        {data &&
          (Object.keys(data.counts) as (keyof Construction['counts'])[]).map((k) => (
            <Descriptions.Item key={k} label={m(`counts.${k}`)}>
              {data.counts[k]}
            </Descriptions.Item>
          ))}
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data?.stacks ?? []}
        columns={[
          { title: m('code'), dataIndex: 'code' },
          { title: m('name'), dataIndex: 'name' },
          { title: m('pcs'), dataIndex: 'pcsCode', render: (v: string | null) => v ?? '–' },
          { title: m('counts.racks'), dataIndex: 'racks' },
          { title: m('counts.packs'), dataIndex: 'packs' },
          { title: m('counts.cells'), dataIndex: 'cells' },
        ]}
      />
    </Card>
  );
}

export default function BatteryPage() {
  return <MonitorFrame>{(bsaId) => <BatteryView bsaId={bsaId} />}</MonitorFrame>;
}
