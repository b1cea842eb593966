import { useMemo, useState } from 'react';
import { App as AntApp, Button, DatePicker, Drawer, Flex, Input, Space, Table, Tag, Typography, theme as antdTheme } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { formatInZone } from '../../../shared/zoned-time';
import { pvKeys } from '../queries';
import { buildCurveOption } from './dispersion-chart-option';
import { excludeDevice } from './dispersion-config-dialog';
import './texts';

type Unit = RefOutput<typeof pv.dispersionPvDevicePage>['list'][number];
type Figure = RefOutput<typeof pv.dispersionPvDeviceList>['strings'][number];
type Classes = RefOutput<typeof pv.dispersionPvDevicePage>['classes'];

const STATE_COLORS: Record<Figure['state'], string | undefined> = {
  normal: 'success',
  weak: 'warning',
  dead: 'error',
  'no-data': undefined,
  excluded: 'default',
};
const fixed = (v: number | null, digits: number) => (v == null ? '–' : v.toFixed(digits));

/** One inverter: its strings' figures over the period and a day's currents and dispersion. */
export function DispersionCurveDrawer(props: {
  unit: Unit;
  stationId: number;
  from: string;
  to: string;
  classes: Classes;
  onClose: () => void;
}) {
  const { unit, stationId, from, to, onClose } = props;
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(to);
  const input = { inverterId: unit.inverterId, from, to, day };
  const answer = useQuery({ queryKey: pvKeys.of(pv.dispersionPvDeviceList, input), queryFn: () => api(pv.dispersionPvDeviceList, input) });
  const d = (k: string, o?: Record<string, unknown>) => t(`pvDispersion.${k}`, o);
  const curve = answer.data?.curve;
  const currentLabel = d('drawer.current');
  const rateLabel = d('drawer.rateAxis');
  const option = useMemo(
    () =>
      buildCurveOption(
        curve ?? { buckets: [], strings: [] },
        { current: currentLabel, rate: rateLabel },
        { rate: token.colorError },
        (ts) => formatInZone(ts, curve?.timeZone ?? 'UTC').slice(11, 16),
      ),
    [curve, token, currentLabel, rateLabel],
  );

  const leaveOut = (s: Figure) => {
    let reason = '';
    modal.confirm({
      title: `${d('exclude')} ${s.code}`,
      content: <Input placeholder={d('excludeReason')} maxLength={256} onChange={(e) => (reason = e.target.value)} />,
      onOk: async () => {
        await excludeDevice(stationId, { kind: 'string', id: s.id, reason: reason.trim() || d('excluded') });
        void message.success(d('saved'));
        await queryClient.invalidateQueries({ queryKey: pvKeys.all });
      },
    });
  };

  const columns: TableColumnsType<Figure> = [
    { title: d('string'), dataIndex: 'code', width: 90 },
    { title: d('mppt'), dataIndex: 'mpptInput', width: 60 },
    { title: d('drawer.capacity'), dataIndex: 'capacityKwp', align: 'right' },
    {
      title: d('drawer.state'),
      dataIndex: 'state',
      render: (v: Figure['state']) => <Tag color={STATE_COLORS[v]}>{d(`drawer.states.${v}`)}</Tag>,
    },
    { title: d('drawer.meanCurrent'), key: 'a', align: 'right', render: (_, s) => fixed(s.meanCurrentA, 2) },
    { title: d('drawer.normalised'), key: 'n', align: 'right', render: (_, s) => fixed(s.normalisedCurrent, 3) },
    {
      title: d('drawer.relative'),
      key: 'r',
      align: 'right',
      render: (_, s) => (s.relativePercent == null ? '–' : `${s.relativePercent.toFixed(1)} %`),
    },
    { title: d('drawer.deadBuckets'), key: 'db', align: 'right', render: (_, s) => `${s.deadBuckets} / ${s.qualifyingBuckets}` },
    {
      title: '',
      key: 'actions',
      render: (_, s) =>
        s.state !== 'excluded' && (
          <Authorized code="b-pv-dispersion-config">
            <Button type="link" size="small" onClick={() => leaveOut(s)}>
              {d('exclude')}
            </Button>
          </Authorized>
        ),
    },
  ];

  return (
    <Drawer open size="large" title={d('drawer.title', { code: unit.inverterCode })} onClose={onClose} data-testid="dispersion-drawer">
      <Flex vertical gap={16}>
        <Space>
          <Typography.Text>{d('drawer.day')}</Typography.Text>
          <DatePicker
            allowClear={false}
            value={dayjs(day)}
            disabledDate={(x) => x.isBefore(dayjs(from)) || x.isAfter(dayjs(to))}
            onChange={(v) => v && setDay(v.format('YYYY-MM-DD'))}
          />
        </Space>
        <ThemedChart
          option={option}
          empty={!curve || curve.strings.length === 0}
          loading={answer.isFetching}
          height={300}
          data-testid="dispersion-curve"
        />
        <Table<Figure>
          rowKey="id"
          size="small"
          loading={answer.isPending}
          columns={columns}
          dataSource={answer.data?.strings ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="dispersion-strings"
        />
      </Flex>
    </Drawer>
  );
}
