import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Descriptions, Flex, Row, Segmented, Statistic, Table, Tag } from 'antd';
import { bsaMonitor } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { formatInZone } from '../../../shared/zoned-time';
import { curveOption } from '../charts';
import { EmsFlow } from '../components/ems-flow';
import { MonitorFrame } from '../components/monitor-frame';
import { fig, kwh, LIVE_MS, monitorKeys, type History, type Realtime } from '../queries';

const STATE_COLORS: Record<Realtime['state'], string> = {
  charging: 'blue',
  discharging: 'green',
  standby: 'default',
  fault: 'red',
  offline: 'default',
};

/** A station now: its figures, its PCS, its power flow, its day with prices and its history with export. */
export function StationView({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const now = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.neoBsaRealTimeData, { bsaId }),
    queryFn: () => api(bsaMonitor.neoBsaRealTimeData, { bsaId }),
    refetchInterval: LIVE_MS,
  });
  const ems = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.neoBsaEms, { bsaId }),
    queryFn: () => api(bsaMonitor.neoBsaEms, { bsaId }),
    refetchInterval: LIVE_MS,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? now.data?.date;
  const curve = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.bsaOperatingCurve, { bsaId, date: date ?? '' }),
    queryFn: () => api(bsaMonitor.bsaOperatingCurve, { bsaId, date: date! }),
    enabled: !!date,
  });
  const option = useMemo(() => curveOption(curve.data, { power: m('power'), soc: m('soc'), price: m('price') }), [curve.data, t]);
  const d = now.data;
  const money = (v: number | null | undefined) =>
    v === null || v === undefined ? '–' : `${(v / 10_000).toFixed(2)} ${curve.data?.currency ?? ''}`;
  return (
    <Flex vertical gap={16} data-testid="station-monitor">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={4}>
          <Card size="small">
            <Statistic
              title={m('state')}
              valueRender={() =>
                d ? (
                  <Tag color={STATE_COLORS[d.state]} data-testid="station-state">
                    {m(`states.${d.state}`)}
                  </Tag>
                ) : (
                  '–'
                )
              }
            />
          </Card>
        </Col>
        {[
          ['power', fig(d?.powerKw)],
          ['soc', fig(d?.socPct)],
          ['stored', fig(d?.storedKwh)],
          ['todayCharge', d ? kwh(d.today.chargeWh) : '–'],
          ['todayDischarge', d ? kwh(d.today.dischargeWh) : '–'],
        ].map(([key, value]) => (
          <Col xs={12} md={4} key={key}>
            <Card size="small">
              <Statistic title={m(key!)} value={value} data-testid={`figure-${key}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={m('ems')} size="small">
            <EmsFlow ems={ems.data} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={m('pcs')} size="small">
            <Table
              size="small"
              rowKey="deviceId"
              pagination={false}
              dataSource={d?.pcs ?? []}
              columns={[
                { title: m('code'), dataIndex: 'code' },
                { title: m('power'), dataIndex: 'powerKw', render: (v: number | null) => fig(v) },
                { title: m('soc'), dataIndex: 'socPct', render: (v: number | null) => fig(v) },
                { title: m('soh'), dataIndex: 'sohPct', render: (v: number | null) => fig(v) },
                { title: m('state'), dataIndex: 'state', render: (v: number | null) => (v === null ? '–' : m(`pcsStates.${v}`)) },
              ]}
            />
            {d?.fcs && (
              <Descriptions size="small" column={2} style={{ marginTop: 12 }}>
                <Descriptions.Item label="FCS">
                  {d.fcs.code} {d.fcs.online ? m('online') : m('offline')}
                </Descriptions.Item>
                <Descriptions.Item label={m('fcsMode')}>{d.fcs.mode === null ? '–' : m(`fcsModes.${d.fcs.mode}`)}</Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
      </Row>
      <Card
        title={m('curve')}
        size="small"
        extra={
          <Flex gap={16} align="center">
            <span>
              {m('chargeCost')}: {money(curve.data?.chargeCost)}
            </span>
            <span>
              {m('dischargeValue')}: {money(curve.data?.dischargeValue)}
            </span>
            <DatePicker allowClear={false} value={date ? dayjs(date) : null} onChange={(v) => v && setPicked(v.format('YYYY-MM-DD'))} />
          </Flex>
        }
      >
        <ThemedChart option={option} empty={!curve.data} loading={curve.isFetching} height={320} data-testid="curve-chart" />
      </Card>
      {date && <HistoryCard bsaId={bsaId} today={date} />}
    </Flex>
  );
}

/** The station's energy per day or per quarter hour, with its export. */
function HistoryCard({ bsaId, today }: { bsaId: number; today: string }) {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const [resolution, setResolution] = useState<'day' | 'quarter'>('day');
  const [range, setRange] = useState<[string, string]>([dayjs(today).subtract(6, 'day').format('YYYY-MM-DD'), today]);
  const input = { bsaId, timeResolution: resolution, from: range[0], to: range[1] };
  const history = useQuery({ queryKey: monitorKeys.of(bsaMonitor.bsaDataData, input), queryFn: () => api(bsaMonitor.bsaDataData, input) });
  const h: History | undefined = history.data;
  return (
    <Card
      title={m('history')}
      size="small"
      extra={
        <Flex gap={12} align="center">
          <Segmented
            value={resolution}
            options={[
              { value: 'day', label: m('day') },
              { value: 'quarter', label: m('quarter') },
            ]}
            onChange={(v) => {
              setResolution(v as 'day' | 'quarter');
              if (v === 'quarter') setRange([range[1], range[1]]);
            }}
          />
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(range[0]), dayjs(range[1])]}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')])}
          />
          <Authorized code="b-bsa-monitor-export">
            <ExportButton exportRef={bsaMonitor.bsaDataExport} filter={input} name="storage-data" />
          </Authorized>
        </Flex>
      }
    >
      <Table
        size="small"
        rowKey="ts"
        loading={history.isFetching}
        dataSource={h?.rows ?? []}
        pagination={{ pageSize: 24, showSizeChanger: false }}
        columns={[
          {
            title: resolution === 'day' ? m('date') : m('time'),
            dataIndex: 'ts',
            render: (ts: number, r) => (resolution === 'day' ? r.date : formatInZone(ts, h?.timeZone ?? 'UTC').slice(0, 16)),
          },
          { title: m('charge'), dataIndex: 'chargeWh', render: (v: number) => kwh(v) },
          { title: m('discharge'), dataIndex: 'dischargeWh', render: (v: number) => kwh(v) },
          { title: m('gridImport'), dataIndex: 'gridImportWh', render: (v: number) => kwh(v) },
          { title: m('gridExport'), dataIndex: 'gridExportWh', render: (v: number) => kwh(v) },
        ]}
        summary={() =>
          h ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>Σ</Table.Summary.Cell>
              <Table.Summary.Cell index={1}>{kwh(h.totals.chargeWh)}</Table.Summary.Cell>
              <Table.Summary.Cell index={2}>{kwh(h.totals.dischargeWh)}</Table.Summary.Cell>
              <Table.Summary.Cell index={3}>{kwh(h.totals.gridImportWh)}</Table.Summary.Cell>
              <Table.Summary.Cell index={4}>{kwh(h.totals.gridExportWh)}</Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

export default function StationPage() {
  return <MonitorFrame>{(bsaId) => <StationView bsaId={bsaId} />}</MonitorFrame>;
}
