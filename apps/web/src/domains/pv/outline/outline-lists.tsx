import { useState } from 'react';
import { Card, Descriptions, Flex, List, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { formatInZone } from '../../../shared/zoned-time';
import { pvKeys } from '../queries';
import { StateBadge } from './outline-devices';
import { useOutline } from './outline-queries';
import './outline-texts';

type StringRow = RefOutput<typeof pv.pvOutlineAreaStrings>['list'][number];
type AlarmRow = RefOutput<typeof pv.pvOutlineAlarmPage>['list'][number];
const num = (v: number | null, digits: number) => (v === null ? '—' : v.toLocaleString(undefined, { maximumFractionDigits: digits }));
/** Alarm levels 0 (most severe) to 4 as theme colour names. */
const LEVEL_COLOR = ['red', 'volcano', 'orange', 'gold', 'blue'];

/** The station's strings by area and inverter with their latest readings, a page at a time, exported as the page filters them. */
export function StringsTable({ pvId, timeZone }: { pvId: number; timeZone: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageOffset: 1, pageSize: 20 });
  const input = { pvId, ...page };
  const q = useQuery({
    queryKey: pvKeys.of(pv.pvOutlineAreaStrings, input),
    queryFn: () => api(pv.pvOutlineAreaStrings, input),
    placeholderData: (previous) => previous,
  });
  const s = (k: string) => t(`pvOutline.strings.${k}`);
  const columns: TableColumnsType<StringRow> = [
    { title: s('area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    { title: s('inverter'), dataIndex: 'inverterCode' },
    { title: s('code'), dataIndex: 'code' },
    { title: s('mppt'), dataIndex: 'mpptInput', align: 'right' },
    { title: s('capacity'), dataIndex: 'capacityKwp', align: 'right', render: (v: number) => num(v, 2) },
    { title: s('state'), dataIndex: 'state', render: (v: StringRow['state']) => <StateBadge state={v} /> },
    { title: s('voltage'), dataIndex: 'voltageV', align: 'right', render: (v: number | null) => num(v, 1) },
    { title: s('current'), dataIndex: 'currentA', align: 'right', render: (v: number | null) => num(v, 2) },
    { title: s('power'), dataIndex: 'powerKw', align: 'right', render: (v: number | null) => num(v, 3) },
    { title: s('perKwp'), dataIndex: 'currentPerKwp', align: 'right', render: (v: number | null) => num(v, 3) },
    { title: s('readAt'), dataIndex: 'readAt', render: (v: string | null) => (v ? formatInZone(v, timeZone) : '—') },
  ];
  return (
    <Flex vertical gap={8}>
      <Flex justify="end">
        <Authorized code="b-pv-outline-export">
          <ExportButton exportRef={pv.pvOutlineAreaStringsExport} filter={{ pvId }} name="pv-strings" testId="pv-outline-strings-export" />
        </Authorized>
      </Flex>
      <Table<StringRow>
        size="small"
        rowKey="id"
        loading={q.isPending}
        columns={columns}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 1000 }}
        pagination={{
          current: page.pageOffset,
          pageSize: page.pageSize,
          total: q.data?.totalCount ?? 0,
          onChange: (pageOffset, pageSize) => setPage({ pageOffset, pageSize }),
        }}
        data-testid="pv-outline-strings"
      />
    </Flex>
  );
}

/** Alarm counts by level, the devices in alarm, and the station's alarms newest first. */
export function AlarmsPanel({ pvId, timeZone }: { pvId: number; timeZone: string }) {
  const { t } = useTranslation();
  const count = useOutline(pv.pvOutlineAlarmCount, { pvId });
  const devices = useOutline(pv.pvOutlineAlarmDevices, { pvId });
  const [pageOffset, setPageOffset] = useState(1);
  const input = { pvId, pageOffset, pageSize: 10 };
  const page = useQuery({ queryKey: pvKeys.of(pv.pvOutlineAlarmPage, input), queryFn: () => api(pv.pvOutlineAlarmPage, input) });
  const a = (k: string, o?: Record<string, unknown>) => t(`pvOutline.alarms.${k}`, o);
  const columns: TableColumnsType<AlarmRow> = [
    { title: a('time'), dataIndex: 'alarmTime', render: (v: string) => formatInZone(v, timeZone) },
    { title: a('device'), dataIndex: 'deviceCode' },
    { title: a('rule'), dataIndex: 'ruleName' },
    { title: a('level', { level: '' }).trim(), dataIndex: 'level', render: (v: number) => <Tag color={LEVEL_COLOR[v]}>{v}</Tag> },
    { title: a('content'), dataIndex: 'content' },
    {
      title: '',
      dataIndex: 'state',
      render: (v: number) => (v === 1 ? <Tag>{a('recovered')}</Tag> : <Tag color="red">{a('active')}</Tag>),
    },
  ];
  return (
    <Flex vertical gap={12} data-testid="pv-outline-alarms">
      <Flex gap={32} wrap>
        <Statistic title={a('total')} value={count.data?.total ?? 0} />
        <Statistic title={a('active')} value={count.data?.active ?? 0} />
        {(count.data?.levels ?? [])
          .filter((l) => l.total > 0)
          .map((l) => (
            <Statistic key={l.level} title={a('level', { level: l.level })} value={l.active} suffix={`/ ${l.total}`} />
          ))}
      </Flex>
      {(devices.data ?? []).length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{a('devices')}</Typography.Text>}
          dataSource={devices.data ?? []}
          renderItem={(d) => (
            <List.Item>
              <Tag color={LEVEL_COLOR[d.highestLevel]}>{d.highestLevel}</Tag> {d.code} {d.name} × {d.active}
            </List.Item>
          )}
        />
      )}
      <Table<AlarmRow>
        size="small"
        rowKey="id"
        loading={page.isPending}
        columns={columns}
        dataSource={page.data?.list ?? []}
        pagination={{ current: pageOffset, pageSize: 10, total: page.data?.totalCount ?? 0, onChange: setPageOffset }}
      />
    </Flex>
  );
}

/** The station's indicators (capacity, equipment, devices online, inverters by state, alarms, days in operation). */
export function IndicatorsCard({ pvId }: { pvId: number }) {
  const { t } = useTranslation();
  const q = useOutline(pv.pvOutlineIndicators, { pvId });
  return (
    <Card title={t('pvOutline.indicators.title')} loading={q.isPending} data-testid="pv-outline-indicators">
      <Descriptions size="small" column={2}>
        {(q.data ?? []).map((i) => (
          <Descriptions.Item key={i.key} label={t(`pvOutline.indicators.${i.key}`, { defaultValue: i.key })}>
            {i.value === null ? '—' : `${i.value.toLocaleString()}${i.unit ? ` ${i.unit}` : ''}`}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}
