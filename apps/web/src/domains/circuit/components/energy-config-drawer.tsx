import { useState } from 'react';
import { App as AntApp, Button, Card, DatePicker, Drawer, Empty, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { circuit } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { DevicePicker } from '../../../shared/pickers/device-picker';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { dayStartIn } from '../../../shared/zoned-time';
import { circuitKeys, type CircuitRow } from '../queries';

type Detail = RefOutput<typeof circuit.energyConfigDetail>;
type LogRow = Detail['log'][number];
type Logged = LogRow['after'];

interface Values {
  effectiveFrom: Dayjs;
  counter: 'e_imp' | 'e_exp';
  adds: number[];
  subtracts: number[];
}

const signed = (m: { sign: number; code: string }) => `${m.sign === -1 ? '−' : '+'} ${m.code}`;

function Meters({ meters }: { meters: { deviceId: number; code: string; sign: number }[] }) {
  return (
    <Space size={4} wrap>
      {meters.map((m) => (
        <Tag key={m.deviceId} color={m.sign === -1 ? 'magenta' : undefined}>
          {signed(m)}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * A circuit's energy config (docs/circuits.md, "Energy config"): the config in force, every earlier one
 * with its dates, the change from a date (with `b-circuit-energy-config`), the recomputation of its cached
 * statistics (with `b-circuit-rerun`) and the change log.
 */
export function EnergyConfigDrawer({ row, onClose }: { row: CircuitRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const zone = useTenantZone();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [rerunRange, setRerunRange] = useState<[Dayjs, Dayjs] | null>(null);
  const detail = useQuery({
    queryKey: circuitKeys.energyConfig(row.id),
    queryFn: () => api(circuit.energyConfigDetail, { circuitId: row.id }),
  });
  const save = useMutation({
    mutationFn: (v: Values) =>
      api(circuit.energyConfigSave, {
        id: row.id,
        counter: v.counter,
        effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD'),
        meters: [
          ...(v.adds ?? []).map((deviceId) => ({ deviceId, sign: 1 as const })),
          ...(v.subtracts ?? []).map((deviceId) => ({ deviceId, sign: -1 as const })),
        ],
      }),
    onSuccess: async () => {
      message.success(t('circuit.energy.saved'));
      await queryClient.invalidateQueries({ queryKey: circuitKeys.all });
    },
  });
  const rerun = useMutation({
    mutationFn: ([from, to]: [Dayjs, Dayjs]) =>
      // whole days of the tenant's calendar, the last one included
      api(circuit.electricityRerun, {
        circuitIds: [row.id],
        from: dayStartIn(from.format('YYYY-MM-DD'), zone),
        to: dayStartIn(to.add(1, 'day').format('YYYY-MM-DD'), zone),
      }),
    onSuccess: (job) =>
      message.info(t(job.status === 'running' ? 'circuit.energy.rerunRunning' : 'circuit.energy.rerunDone', { n: job.total })),
  });
  const current = detail.data?.current;
  const logged = (c: Logged) => (c.meters.length ? <Meters meters={c.meters} /> : <Typography.Text type="secondary">—</Typography.Text>);

  return (
    <Drawer open width={760} title={t('circuit.energy.title', { code: row.code })} onClose={onClose} data-testid="energy-config-drawer">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title={t('circuit.energy.versions')} loading={detail.isPending}>
          {detail.data && detail.data.versions.length === 0 ? (
            <Empty description={t('circuit.energy.none')} />
          ) : (
            <Table
              size="small"
              pagination={false}
              rowKey={(v) => `${v.effectiveFrom}|${v.until}`}
              dataSource={detail.data?.versions ?? []}
              data-testid="energy-config-versions"
              columns={[
                {
                  title: t('circuit.energy.from'),
                  dataIndex: 'effectiveFrom',
                  render: (v: string | null) => v ?? t('circuit.energy.always'),
                },
                { title: t('circuit.energy.until'), dataIndex: 'until', render: (v: string | null) => v ?? '—' },
                { title: t('circuit.energy.counter'), dataIndex: 'counter', render: (v: string) => t(`circuit.energy.counters.${v}`) },
                { title: t('circuit.manage.meters'), key: 'meters', render: (_, v) => <Meters meters={v.meters} /> },
              ]}
            />
          )}
        </Card>
        <Authorized code="b-circuit-energy-config">
          <Card size="small" title={t('circuit.energy.change')}>
            <Form
              form={form}
              layout="vertical"
              key={current ? `${current.effectiveFrom}` : 'none'}
              initialValues={{
                effectiveFrom: dayjs().startOf('day'),
                counter: current?.counter ?? 'e_imp',
                adds: current?.meters.filter((m) => m.sign === 1).map((m) => m.deviceId) ?? [],
                subtracts: current?.meters.filter((m) => m.sign === -1).map((m) => m.deviceId) ?? [],
              }}
              onFinish={(v) => save.mutate(v)}
            >
              <Space wrap align="start">
                <Form.Item
                  name="effectiveFrom"
                  label={t('circuit.energy.from')}
                  rules={[{ required: true }]}
                  extra={t('circuit.energy.fromHint')}
                >
                  <DatePicker allowClear={false} data-testid="energy-config-from" />
                </Form.Item>
                <Form.Item name="counter" label={t('circuit.energy.counter')}>
                  <Select
                    style={{ width: 200 }}
                    options={(['e_imp', 'e_exp'] as const).map((value) => ({ value, label: t(`circuit.energy.counters.${value}`) }))}
                  />
                </Form.Item>
              </Space>
              <Form.Item name="adds" label={t('circuit.manage.adds')} extra={t('circuit.manage.metersHint')} rules={[{ required: true }]}>
                <DevicePicker mode="multiple" />
              </Form.Item>
              <Form.Item name="subtracts" label={t('circuit.manage.subtracts')}>
                <DevicePicker mode="multiple" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="energy-config-save">
                {t('circuit.energy.save')}
              </Button>
            </Form>
          </Card>
        </Authorized>
        <Authorized code="b-circuit-rerun">
          <Card size="small" title={t('circuit.energy.rerun')}>
            <Space wrap>
              <DatePicker.RangePicker
                value={rerunRange}
                onChange={(v) => setRerunRange(v && v[0] && v[1] ? [v[0], v[1]] : null)}
                disabledDate={(d) => d.isAfter(dayjs())}
              />
              <Button
                disabled={!rerunRange}
                loading={rerun.isPending}
                onClick={() => rerunRange && rerun.mutate(rerunRange)}
                data-testid="energy-config-rerun"
              >
                {t('circuit.energy.rerunStart')}
              </Button>
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('circuit.energy.rerunHint')}
            </Typography.Paragraph>
          </Card>
        </Authorized>
        <Card size="small" title={t('circuit.energy.log')}>
          <Table<LogRow>
            size="small"
            rowKey="id"
            pagination={{ pageSize: 10 }}
            dataSource={detail.data?.log ?? []}
            data-testid="energy-config-log"
            columns={[
              { title: t('circuit.energy.at'), dataIndex: 'at', render: (v: string) => formatInZone(v, zone) },
              { title: t('circuit.energy.who'), dataIndex: 'staffCode' },
              { title: t('circuit.energy.source'), dataIndex: 'source', render: (v: string) => t(`circuit.energy.sources.${v}`) },
              {
                title: t('circuit.energy.from'),
                dataIndex: 'effectiveFrom',
                render: (v: string | null) => v ?? t('circuit.energy.always'),
              },
              { title: t('circuit.energy.before'), key: 'before', render: (_, l) => logged(l.before) },
              { title: t('circuit.energy.after'), key: 'after', render: (_, l) => logged(l.after) },
            ]}
          />
        </Card>
      </Space>
    </Drawer>
  );
}
