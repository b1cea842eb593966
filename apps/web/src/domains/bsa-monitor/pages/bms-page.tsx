import { useMemo, useState } from 'react';
import { Card, Col, Descriptions, Flex, List, Row, Segmented, Select, Table, Typography } from 'antd';
import { bsaMonitor } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { heatMapOption } from '../charts';
import { MonitorFrame } from '../components/monitor-frame';
import { fig, LIVE_MS, monitorKeys, type BmsData, type BmsLevel } from '../queries';

const PARENT_LEVEL: Record<BmsLevel, BmsLevel | null> = { stack: null, rack: 'stack', pack: 'rack', cell: 'pack' };

/** The station's BMS: a tab per level with its units' shown points; cells as heat maps with their spread and weakest cells. */
export function BmsView({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const [level, setLevel] = useState<BmsLevel>('cell');
  const tabs = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.neoBsaGetBmsTab, { bsaId }),
    queryFn: () => api(bsaMonitor.neoBsaGetBmsTab, { bsaId }),
  });
  const [parentId, setParentId] = useState<number | undefined>(undefined);
  // the units one level up, to look at one of them (a rack's packs, a pack's cells)
  const up = PARENT_LEVEL[level];
  const parentInput = { bsaId, level: up ?? 'stack' };
  const parents = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.neoBsaGetBmsData, parentInput),
    queryFn: () => api(bsaMonitor.neoBsaGetBmsData, parentInput),
    enabled: up !== null,
  });
  const input = { bsaId, level, ...(parentId ? { parentId } : {}) };
  const data = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.neoBsaGetBmsData, input),
    queryFn: () => api(bsaMonitor.neoBsaGetBmsData, input),
    refetchInterval: LIVE_MS,
  });
  const d = data.data;
  return (
    <Flex vertical gap={16} data-testid="bms">
      <Flex gap={12} wrap align="center">
        <Segmented
          value={level}
          onChange={(v) => {
            setLevel(v as BmsLevel);
            setParentId(undefined);
          }}
          options={(tabs.data?.tabs ?? []).map((x) => ({ value: x.level, label: `${m(`level.${x.level}`)} (${x.units})` }))}
          data-testid="bms-levels"
        />
        {up && (
          <Select
            style={{ minWidth: 260 }}
            value={parentId ?? 0}
            onChange={(v: number) => setParentId(v || undefined)}
            options={[
              { value: 0, label: `${m('parent')}: ${m('all')}` },
              ...(parents.data?.units ?? []).map((u) => ({ value: u.id, label: `${m('parent')}: ${u.code}` })),
            ]}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="bms-parent"
          />
        )}
      </Flex>
      <CellFigures data={d} />
      {level === 'cell' ? <HeatMaps data={d} loading={data.isFetching} /> : <UnitTable data={d} loading={data.isFetching} />}
    </Flex>
  );
}

/** max, min, spread and average of the cells' voltage and temperature, and the five weakest cells. */
function CellFigures({ data }: { data: BmsData | undefined }) {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const row = (key: 'voltage' | 'temperature', digits: number) => {
    const s = data?.cells[key];
    return (
      <Descriptions size="small" column={4} title={m(key)} data-testid={`spread-${key}`}>
        <Descriptions.Item label={m('max')}>
          {fig(s?.max, digits)} {s?.maxCode ? <Typography.Text type="secondary">{s.maxCode}</Typography.Text> : null}
        </Descriptions.Item>
        <Descriptions.Item label={m('min')}>
          {fig(s?.min, digits)} {s?.minCode ? <Typography.Text type="secondary">{s.minCode}</Typography.Text> : null}
        </Descriptions.Item>
        <Descriptions.Item label={m('spread')}>{fig(s?.spread, digits)}</Descriptions.Item>
        <Descriptions.Item label={m('avg')}>{fig(s?.avg, digits)}</Descriptions.Item>
      </Descriptions>
    );
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Card size="small">
          {row('voltage', 3)}
          {row('temperature', 1)}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={m('weakest')}>
          <List
            size="small"
            dataSource={data?.weakest ?? []}
            renderItem={(c) => (
              <List.Item data-testid="weak-cell">
                <span>{c.code}</span>
                <strong>{fig(c.voltageV, 3)} V</strong>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}

function HeatMaps({ data, loading }: { data: BmsData | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const voltage = useMemo(() => heatMapOption(data, 'voltage', m('voltage')), [data, t]);
  const temperature = useMemo(() => heatMapOption(data, 'temperature', m('temperature')), [data, t]);
  const height = Math.max(240, new Set(data?.units.map((u) => u.parentId)).size * 18 + 100);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={m('heatMap')}>
          <ThemedChart option={voltage} empty={!data?.units.length} loading={loading} height={height} data-testid="heat-map-voltage" />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={m('heatMapTemp')}>
          <ThemedChart
            option={temperature}
            empty={!data?.units.length}
            loading={loading}
            height={height}
            data-testid="heat-map-temperature"
          />
        </Card>
      </Col>
    </Row>
  );
}

/** Stacks, racks or packs with the points the station's display config shows for the level. */
function UnitTable({ data, loading }: { data: BmsData | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={data?.units ?? []}
      pagination={{ pageSize: 24, showSizeChanger: false }}
      columns={[
        { title: t('bsaMonitor.code'), dataIndex: 'code' },
        ...(data?.points ?? []).map((p) => ({
          key: p.key,
          title: p.unit ? `${p.name} (${p.unit})` : p.name,
          render: (_: unknown, u: BmsData['units'][number]) => fig(u.values[p.key], 3),
        })),
      ]}
      data-testid="bms-units"
    />
  );
}

export default function BmsPage() {
  return <MonitorFrame>{(bsaId) => <BmsView bsaId={bsaId} />}</MonitorFrame>;
}
