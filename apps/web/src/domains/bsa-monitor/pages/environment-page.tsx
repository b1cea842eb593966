import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Flex, Row, Statistic, Tag } from 'antd';
import { bsaMonitor } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { environmentOption } from '../charts';
import { MonitorFrame } from '../components/monitor-frame';
import { fig, LIVE_MS, monitorKeys, type Environment } from '../queries';

const COLORS = { normal: 'green', warning: 'orange', alarm: 'red' } as const;

/** The battery container's temperature, humidity, smoke and water now (with their states) and over a day. */
export function EnvironmentView({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const m = (k: string) => t(`bsaMonitor.${k}`);
  const [date, setDate] = useState<string | undefined>(undefined);
  const input = { bsaId, ...(date ? { date } : {}) };
  const env = useQuery({
    queryKey: monitorKeys.of(bsaMonitor.bsaEnvironmentalDetection, input),
    queryFn: () => api(bsaMonitor.bsaEnvironmentalDetection, input),
    refetchInterval: LIVE_MS,
  });
  const e = env.data;
  const option = useMemo(() => environmentOption(e, { temperature: m('envTemperature'), humidity: m('humidity') }), [e, t]);
  const state = (s: Environment['state']) => (s ? <Tag color={COLORS[s]}>{m(`envStates.${s}`)}</Tag> : '–');
  const flag = (v: number | null) => (v === null ? '–' : v ? m('detected') : m('clear'));
  const tiles: [string, string, Environment['state']][] = [
    ['envTemperature', fig(e?.temperatureC), e?.states.temperature ?? null],
    ['humidity', fig(e?.humidityPct), e?.states.humidity ?? null],
    ['smoke', flag(e?.smoke ?? null), e?.states.smoke ?? null],
    ['water', flag(e?.water ?? null), e?.states.water ?? null],
  ];
  return (
    <Flex vertical gap={16} data-testid="environment">
      <Row gutter={[16, 16]}>
        {tiles.map(([key, value, s]) => (
          <Col xs={12} md={6} key={key}>
            <Card size="small">
              <Statistic title={m(key)} value={value} data-testid={`env-${key}`} />
              <span data-testid={`env-state-${key}`}>{state(s)}</span>
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={`${m('environment')}${e?.fcsCode ? ` (${e.fcsCode})` : ''}`}
        extra={<DatePicker allowClear={false} value={e ? dayjs(e.date) : null} onChange={(v) => v && setDate(v.format('YYYY-MM-DD'))} />}
      >
        <ThemedChart
          option={option}
          empty={!e?.steps.some((s) => s.temperatureC !== null)}
          loading={env.isFetching}
          height={320}
          data-testid="env-chart"
        />
      </Card>
    </Flex>
  );
}

export default function EnvironmentPage() {
  return <MonitorFrame>{(bsaId) => <EnvironmentView bsaId={bsaId} />}</MonitorFrame>;
}
