import { useMemo, useState } from 'react';
import { App as AntApp, Button, Card, DatePicker, Empty, Flex, Input, Select, Space, Table, Tag, Tree, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { PageTitle } from '../../../shared/page-title';
import { useTenantZone } from '../../../shared/time-zone';
import { dayIn } from '../../../shared/zoned-time';
import { pvKeys } from '../queries';
import { classColor } from './dispersion-chart-option';
import { DispersionConfigDialog, excludeDevice } from './dispersion-config-dialog';
import { DispersionCurveDrawer } from './dispersion-curve-drawer';
import './texts';

type Unit = RefOutput<typeof pv.dispersionPvDevicePage>['list'][number];
type TreeNode = RefOutput<typeof pv.dispersionPvWithArea>[number];
type Classes = RefOutput<typeof pv.dispersionPvDevicePage>['classes'];

/** A class's name as the reader reads it: the four anchors translated, any other as written. */
export function useClassLabel() {
  const { t } = useTranslation();
  return (name: string | null) =>
    name == null ? '' : ['good', 'fair', 'poor', 'bad'].includes(name) ? t(`pvDispersion.classes.${name}`) : name;
}

/** The class as a coloured tag: the best green, the worst red. */
export function ClassTag({ name, index, classes }: { name: string | null; index: number | null; classes: Classes }) {
  const label = useClassLabel();
  if (name == null) return null;
  return <Tag color={classColor(index, classes.length)}>{label(name)}</Tag>;
}

/** Stations (and their areas) of the tree; an area's station. */
function stationsOf(nodes: TreeNode[]) {
  const stations: number[] = [];
  const areaStation = new Map<number, number>();
  const walk = (n: TreeNode, station: number | null) => {
    if (n.type === 'station') stations.push(n.id);
    if (n.type === 'area' && station != null) areaStation.set(n.id, station);
    n.children.forEach((c) => walk(c, n.type === 'station' ? n.id : station));
  };
  nodes.forEach((n) => walk(n, null));
  return { stations, areaStation };
}

/** String dispersion per inverter of a station over a period (docs/pv-analytics.md, "Dispersion"). */
export default function DispersionPage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const zone = useTenantZone();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string | undefined>) => {
    const next = { ...Object.fromEntries(params), ...patch };
    for (const [k, v] of Object.entries(next)) if (v === undefined || v === '') delete next[k];
    setParams(next as Record<string, string>, { replace: true });
  };
  const tree = useQuery({ queryKey: pvKeys.of(pv.dispersionPvWithArea, {}), queryFn: () => api(pv.dispersionPvWithArea, {}) });
  const { stations, areaStation } = useMemo(() => stationsOf(tree.data ?? []), [tree.data]);
  const stationId = Number(params.get('station')) || stations[0] || null;
  const areaId = Number(params.get('area')) || undefined;
  const today = dayIn(Date.now(), zone);
  const from = params.get('from') ?? dayIn(Date.now(), zone, -6);
  const to = params.get('to') ?? today;
  const className = params.get('class') ?? undefined;
  const keyword = params.get('keyword') ?? undefined;
  const [page, setPage] = useState({ pageOffset: 1, pageSize: 20 });
  const [curveOf, setCurveOf] = useState<Unit | null>(null);
  const [configOpen, setConfigOpen] = useState(false);
  const filter = stationId ? { stationId, areaId, from, to, className, keyword } : null;
  const rates = useQuery({
    queryKey: pvKeys.of(pv.dispersionPvDevicePage, filter ? { ...filter, ...page } : undefined),
    queryFn: () => api(pv.dispersionPvDevicePage, { ...filter!, ...page }),
    enabled: filter !== null,
  });
  const config = useQuery({
    queryKey: pvKeys.of(pv.dispersionGetAnalysisConfig, { stationId: stationId ?? 0 }),
    queryFn: () => api(pv.dispersionGetAnalysisConfig, { stationId: stationId! }),
    enabled: stationId !== null,
  });
  const classes = rates.data?.classes ?? [];
  const label = useClassLabel();
  const d = (k: string, o?: Record<string, unknown>) => t(`pvDispersion.${k}`, o);

  const leaveOut = (unit: Unit) => {
    let reason = '';
    modal.confirm({
      title: `${d('exclude')} ${unit.inverterCode}`,
      content: (
        <Input placeholder={d('excludeReason')} maxLength={256} onChange={(e) => (reason = e.target.value)} data-testid="exclude-reason" />
      ),
      onOk: async () => {
        await excludeDevice(stationId!, { kind: 'inverter', id: unit.inverterId, reason: reason.trim() || d('excluded') });
        void message.success(d('saved'));
        await queryClient.invalidateQueries({ queryKey: pvKeys.all });
      },
    });
  };

  const columns: TableColumnsType<Unit> = [
    {
      title: d('inverter'),
      key: 'inverter',
      fixed: 'left',
      width: 120,
      render: (_, u) => (
        <Flex vertical>
          <span>{u.inverterCode}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {u.inverterName}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: d('area'), dataIndex: 'areaName', ellipsis: true, width: 110, render: (v: string | null) => v ?? '–' },
    ...(rates.data?.list.some((u) => u.mpptInput != null) ? [{ title: d('mppt'), dataIndex: 'mpptInput', width: 70 }] : []),
    {
      title: d('rate'),
      key: 'rate',
      align: 'right',
      width: 110,
      render: (_, u) => (
        <span title={`${d('buckets')}: ${u.buckets}`}>
          {u.ratePercent == null ? (
            <Typography.Text type="secondary">{d(`status.${u.status}`)}</Typography.Text>
          ) : (
            `${u.ratePercent.toFixed(2)} %`
          )}
        </span>
      ),
    },
    { title: d('className'), key: 'class', render: (_, u) => <ClassTag name={u.className} index={u.classIndex} classes={classes} /> },
    { title: d('strings'), key: 'strings', align: 'right', width: 80, render: (_, u) => `${u.stringsCounted} / ${u.stringsTotal}` },
    {
      title: d('faulty'),
      key: 'faulty',
      width: 190,
      render: (_, u) => (
        <Flex gap={4} wrap>
          {u.deadStrings.map((s) => (
            <Tag key={s.id} color="error" title={d('dead')} data-testid={`dead-${u.key}-${s.code}`}>
              {s.code} · {d('deadShort')}
            </Tag>
          ))}
          {u.weakStrings.map((s) => (
            <Tag key={s.id} color="warning" title={d('weak')} data-testid={`weak-${u.key}-${s.code}`}>
              {s.code} · {s.relativePercent.toFixed(0)} %
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: '',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, u) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setCurveOf(u)} data-testid={`curve-${u.inverterCode}`}>
            {d('curve')}
          </Button>
          <Authorized code="b-pv-dispersion-config">
            <Button type="link" size="small" onClick={() => leaveOut(u)}>
              {d('exclude')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <Flex gap={16} align="start" data-testid="pv-dispersion">
      <Card size="small" title={d('stations')} style={{ width: 230, flex: 'none' }} loading={tree.isPending}>
        <Tree<TreeNode & { title: string }>
          blockNode
          defaultExpandAll
          treeData={(tree.data ?? []).map(function toNode(n): TreeNode & { title: string; selectable: boolean } {
            return { ...n, title: n.name, selectable: n.type !== 'ou', children: n.children.map(toNode) };
          })}
          fieldNames={{ key: 'key', title: 'title', children: 'children' }}
          selectedKeys={[areaId ? `area-${areaId}` : `station-${stationId}`]}
          onSelect={(_, { node }) =>
            node.type === 'area'
              ? set({ station: String(areaStation.get(node.id)), area: String(node.id) })
              : set({ station: String(node.id), area: undefined })
          }
          data-testid="dispersion-tree"
        />
      </Card>
      <Card
        style={{ flex: 1, minWidth: 0 }}
        title={<PageTitle>{d('title')}</PageTitle>}
        extra={
          filter && (
            <Space>
              <Authorized code="b-pv-dispersion-config">
                <Button onClick={() => setConfigOpen(true)} data-testid="dispersion-config">
                  {d('config')}
                </Button>
              </Authorized>
              <Authorized code="b-pv-dispersion-export">
                <ExportButton
                  exportRef={pv.dispersionPvDeviceExport}
                  filter={filter}
                  name="pv-dispersion"
                  totalCount={rates.data?.totalCount}
                />
              </Authorized>
            </Space>
          )
        }
      >
        {!stationId ? (
          <Empty description={tree.isPending ? undefined : d('pickStation')} />
        ) : (
          <Flex vertical gap={12}>
            <Space wrap>
              <DatePicker.RangePicker
                allowClear={false}
                value={[dayjs(from), dayjs(to)]}
                disabledDate={(day) => day.isAfter(dayjs(today))}
                onChange={(v) => v?.[0] && v[1] && set({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })}
                data-testid="dispersion-period"
              />
              <Select
                allowClear
                style={{ minWidth: 140 }}
                placeholder={d('allClasses')}
                value={className}
                options={classes.map((c) => ({ value: c.name, label: label(c.name) }))}
                onChange={(v?: string) => set({ class: v })}
              />
              <Input.Search
                allowClear
                placeholder={d('keyword')}
                defaultValue={keyword}
                onSearch={(v) => set({ keyword: v })}
                style={{ width: 220 }}
              />
            </Space>
            {config.data && <Typography.Text type="secondary">{d('method', { g: config.data.irradianceThreshold })}</Typography.Text>}
            <Table<Unit>
              rowKey="key"
              size="small"
              scroll={{ x: 'max-content' }}
              loading={rates.isFetching}
              columns={columns}
              dataSource={rates.data?.list ?? []}
              pagination={{
                current: page.pageOffset,
                pageSize: page.pageSize,
                total: rates.data?.totalCount ?? 0,
                onChange: (pageOffset, pageSize) => setPage({ pageOffset, pageSize }),
              }}
              data-testid="dispersion-table"
            />
          </Flex>
        )}
      </Card>
      {curveOf && stationId && (
        <DispersionCurveDrawer
          unit={curveOf}
          stationId={stationId}
          from={from}
          to={to}
          classes={classes}
          onClose={() => setCurveOf(null)}
        />
      )}
      {configOpen && stationId && <DispersionConfigDialog stationId={stationId} onClose={() => setConfigOpen(false)} />}
    </Flex>
  );
}
