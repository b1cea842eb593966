import { useState } from 'react';
import { App as AntApp, Button, Card, DatePicker, Empty, Flex, Segmented, Select, Space, Tag, Tooltip } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ExportButton } from '../../../shared/excel/export-buttons';
import { PageTitle } from '../../../shared/page-title';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { usePaging } from '../../../shared/table/use-paging';
import { useTenantZone } from '../../../shared/time-zone';
import { formatInZone } from '../../../shared/zoned-time';
import { pvKeys, usePvList } from '../queries';
import '../data-texts';

type Row = RefOutput<typeof pv.pvMeterReadingPage>['list'][number];
type Role = Row['role'];
type Display = 'all' | 'reading' | 'energy';
const ROLES: readonly Role[] = ['generation', 'on-grid', 'off-take'];

const kwh = (v: number | null, digits = 3) =>
  v == null ? '-' : v.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The settlement readings of a station's grid-point meters per day or month, their export and recompute. */
export default function MeterReadingPage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const stations = usePvList();
  const zone = useTenantZone();
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string | null>) => {
    const next = { ...Object.fromEntries(params), ...patch };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v != null)) as Record<string, string>, { replace: true });
  };
  const pvId = Number(params.get('pv')) || stations.data?.[0]?.id || null;
  const station = stations.data?.find((s) => s.id === pvId);
  const type: 'day' | 'month' = params.get('type') === 'month' ? 'month' : 'day';
  const role = (params.get('role') as Role | null) ?? undefined;
  const defaultFrom = type === 'month' ? dayjs().startOf('year') : dayjs().subtract(1, 'month').startOf('month');
  const startTime = params.get('from') ?? defaultFrom.format('YYYY-MM-DD');
  const endTime = params.get('to') ?? dayjs().format('YYYY-MM-DD');
  const page = usePaging();
  const [display, setDisplay] = useState<Display>('all');
  const input = pvId ? { pvId, type, role, startTime, endTime, pageOffset: page.pageOffset, pageSize: page.pageSize } : null;
  const readings = useQuery({
    queryKey: pvKeys.of(pv.pvMeterReadingPage, input ?? undefined),
    queryFn: () => api(pv.pvMeterReadingPage, input!),
    enabled: input !== null,
  });
  const settle = useMutation({
    mutationFn: (restart: boolean) =>
      restart ? api(pv.meterReadingPvRestart, { pvId: pvId! }) : api(pv.meterReadingReImplement, { pvId: pvId!, startTime, endTime }),
    onSuccess: (job) => {
      void message.success(t(job.status === 'running' ? 'pvData.readings.jobRunning' : 'pvData.readings.jobDone', { n: job.total }));
      void queryClient.invalidateQueries({ queryKey: pvKeys.all });
    },
  });
  const confirm = (restart: boolean) =>
    modal.confirm({
      title: t(restart ? 'pvData.readings.restart' : 'pvData.readings.recompute'),
      content: t(restart ? 'pvData.readings.restartConfirm' : 'pvData.readings.recomputeConfirm', {
        name: station?.name ?? '',
        from: startTime,
        to: endTime,
      }),
      onOk: () => settle.mutateAsync(restart),
    });

  const r = (k: string) => t(`pvData.readings.${k}`);
  // the read time and the register key start hidden: the table fits 1440 px with the sider open
  const columns: ListColumn<Row>[] = [
    {
      key: 'period',
      title: r('period'),
      dataIndex: 'day',
      width: 110,
      fixed: 'left',
      render: (v: string) => (type === 'month' ? v.slice(0, 7) : v),
    },
    { key: 'meter', title: r('meter'), width: 180, render: (_, x) => `${x.meterCode} · ${x.meterName}` },
    { key: 'role', title: r('role'), dataIndex: 'role', width: 100, render: (v: Role) => <Tag>{r(`roles.${v}`)}</Tag> },
    { key: 'point', title: r('point'), dataIndex: 'pointName', width: 120 },
    { key: 'key', title: r('key'), dataIndex: 'key', width: 80, display: false },
    { key: 'start', title: r('start'), dataIndex: 'startReading', width: 140, align: 'right', render: (v: number | null) => kwh(v) },
    { key: 'end', title: r('end'), dataIndex: 'endReading', width: 140, align: 'right', render: (v: number | null) => kwh(v) },
    {
      key: 'readAt',
      title: r('readAt'),
      dataIndex: 'endReadAt',
      width: 170,
      display: false,
      render: (v: string | null) => (v ? formatInZone(v, zone) : '-'),
    },
    {
      key: 'energy',
      title: r('energy'),
      dataIndex: 'energyWh',
      width: 130,
      align: 'right',
      render: (v: number, x) => (
        <Space size={4}>
          {x.resets > 0 && (
            <Tooltip title={r('resetHint')}>
              <Tag color="warning" data-testid="reading-reset">
                {r('resets')} {x.resets}
              </Tag>
            </Tooltip>
          )}
          {kwh(v / 1000)}
        </Space>
      ),
    },
    {
      key: 'settled',
      title: r('settled'),
      dataIndex: 'settledAt',
      width: 110,
      render: (v: string | null) => (v ? <Tag color="success">{r('settled')}</Tag> : <Tag>{r('live')}</Tag>),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="pv-meter-readings">
      <Card
        title={<PageTitle>{r('title')}</PageTitle>}
        extra={
          pvId && (
            <Space wrap>
              <Authorized code="b-pv-meter-reading-recompute">
                <Button onClick={() => confirm(false)} loading={settle.isPending} data-testid="reading-recompute">
                  {r('recompute')}
                </Button>
                <Button onClick={() => confirm(true)} loading={settle.isPending} data-testid="reading-restart">
                  {r('restart')}
                </Button>
              </Authorized>
              <Authorized code="b-pv-meter-reading-export">
                <Select<Display>
                  value={display}
                  onChange={setDisplay}
                  style={{ width: 160 }}
                  aria-label={r('display')}
                  options={(['all', 'reading', 'energy'] as const).map((d) => ({ value: d, label: r(`displays.${d}`) }))}
                />
                <ExportButton
                  exportRef={pv.meterReadingPvDownload}
                  filter={{ id: pvId, type, display, startTime, endTime }}
                  name="meter-readings"
                  testId="reading-export"
                />
              </Authorized>
            </Space>
          )
        }
      >
        <Space wrap>
          <Select
            style={{ minWidth: 260 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('pvData.pickStation')}
            loading={stations.isPending}
            value={pvId ?? undefined}
            options={(stations.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            onChange={(v) => set({ pv: String(v) })}
            data-testid="reading-station"
          />
          <Segmented
            value={type}
            options={(['day', 'month'] as const).map((v) => ({ value: v, label: r(`type.${v}`) }))}
            onChange={(v) => set({ type: String(v), from: null, to: null })}
          />
          <DatePicker.RangePicker
            picker={type === 'month' ? 'month' : 'date'}
            allowClear={false}
            value={[dayjs(startTime), dayjs(endTime)]}
            onChange={(v) =>
              v?.[0] &&
              v[1] &&
              set({
                from: (type === 'month' ? v[0].startOf('month') : v[0]).format('YYYY-MM-DD'),
                to: (type === 'month' ? v[1].endOf('month') : v[1]).format('YYYY-MM-DD'),
              })
            }
            data-testid="reading-range"
          />
          <Select<Role | 'all'>
            style={{ width: 150 }}
            value={role ?? 'all'}
            options={[{ value: 'all', label: r('allRoles') }, ...ROLES.map((x) => ({ value: x, label: r(`roles.${x}`) }))]}
            onChange={(v) => set({ role: v === 'all' ? null : v })}
            data-testid="reading-role"
          />
        </Space>
      </Card>
      <Card>
        {!pvId ? (
          <Empty description={stations.isPending ? undefined : t('pvData.noStation')} />
        ) : readings.data && readings.data.totalCount === 0 && !role ? (
          <Empty description={r('noMeters')} />
        ) : (
          <ListTable<Row>
            cacheKey="pv.meter-readings"
            rowKey={(x) => `${x.deviceId}:${x.key}:${x.day}`}
            size="small"
            loading={readings.isFetching}
            columns={columns}
            dataSource={readings.data?.list ?? []}
            paging={page.paging(readings.data?.totalCount)}
            data-testid="reading-table"
          />
        )}
      </Card>
    </Flex>
  );
}
