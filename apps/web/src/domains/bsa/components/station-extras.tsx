import { useMemo, useState } from 'react';
import {
  App as AntApp,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Statistic,
} from 'antd';
import { bsa as schemas } from '@energy/contracts';
import { bsa } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import type { ChartOption } from '../../../shared/chart/chart-option';
import { ThemedChart } from '../../../shared/chart/themed-chart';
import { useHasPermission } from '../../../shared/current-staff';
import { NOT_CLOSED_BY_MASK } from '../../../shared/form-dialog';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import { useTenantZone } from '../../../shared/time-zone';
import { dayIn } from '../../../shared/zoned-time';
import { bsaKeys, type StationRow } from '../queries';
import '../texts';

const basic = schemas.stationBasic.shape;
type EditValues = { name: string; ouId: number; ratedPowerKw: number; capacityKwh: number; strategyVersion: number };

/** Edits a configured, enabled or disabled station's basic info (bsa/update); the code stays. */
export function StationEditDialog({ station, onClose }: { station: StationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(bsa.bsaUpdate, { id: station.id, ...values });
      void message.success(t('bsa.levels.saved'));
      await queryClient.invalidateQueries({ queryKey: bsaKeys.all });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      {...NOT_CLOSED_BY_MASK}
      width={MODAL_WIDTH.normal}
      title={t('bsa.levels.editTitle', { code: station.code })}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={busy}
      data-testid="station-edit"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          name: station.name,
          ouId: station.ouId,
          ratedPowerKw: station.ratedPowerKw,
          capacityKwh: station.capacityKwh,
          strategyVersion: station.strategyVersion,
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('bsa.name')} rules={[requiredRule(t('bsa.name')), zodRule(basic.name, t('bsa.name'))]}>
              <Input maxLength={64} data-testid="station-edit-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ouId" label={t('bsa.ou')} rules={[requiredRule(t('bsa.ou'))]}>
              <OuPicker />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="ratedPowerKw"
              label={t('bsa.ratedPower')}
              rules={[requiredRule(t('bsa.ratedPower')), zodRule(basic.ratedPowerKw, t('bsa.ratedPower'))]}
            >
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="capacityKwh"
              label={t('bsa.capacity')}
              rules={[requiredRule(t('bsa.capacity')), zodRule(basic.capacityKwh, t('bsa.capacity'))]}
            >
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="strategyVersion" label={t('bsa.strategyVersion')} rules={[requiredRule(t('bsa.strategyVersion'))]}>
              <Select options={['CA', 'CB', 'CC', 'CD', 'CE', 'CF'].map((label, i) => ({ value: i + 1, label }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** The station's master/slave group; with the edit button, choosing or clearing its master. */
export function MasterSlaveCard({ station }: { station: StationRow }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('b-bsa-station-edit');
  const group = useQuery({
    queryKey: bsaKeys.masterSlave(station.id),
    queryFn: () => api(bsa.bsaMasterSlaveGet, { bsaId: station.id }),
  });
  const [choice, setChoice] = useState<number | null | undefined>(undefined);
  const current = choice === undefined ? (group.data?.master?.id ?? null) : choice;
  const options = useMemo(() => {
    const list = [...(group.data?.candidates ?? [])];
    const master = group.data?.master;
    if (master && !list.some((c) => c.id === master.id)) list.unshift(master);
    return list.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }));
  }, [group.data]);
  const save = async () => {
    await api(bsa.bsaMasterSlave, { bsaId: station.id, masterId: current });
    void message.success(t('bsa.levels.saved'));
    setChoice(undefined);
    await queryClient.invalidateQueries({ queryKey: bsaKeys.all });
  };
  const slaves = group.data?.slaves ?? [];
  return (
    <Card
      size="small"
      title={t('bsa.levels.masterSlave')}
      style={{ marginBottom: 16 }}
      loading={group.isLoading}
      data-testid="master-slave"
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('bsa.levels.master')}>
          {canEdit && slaves.length === 0 ? (
            <Space>
              <Select
                allowClear
                style={{ minWidth: 240 }}
                placeholder={t('bsa.levels.noMaster')}
                value={current ?? undefined}
                options={options}
                onChange={(v: number | undefined) => setChoice(v ?? null)}
                data-testid="master-select"
              />
              <Authorized code="b-bsa-station-edit">
                <Button type="primary" size="small" disabled={choice === undefined} onClick={() => void save().catch(() => undefined)}>
                  {t('bsa.levels.save')}
                </Button>
              </Authorized>
            </Space>
          ) : group.data?.master ? (
            `${group.data.master.code} ${group.data.master.name}`
          ) : (
            t('bsa.levels.noMaster')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('bsa.levels.slaves')}>{slaves.length ? slaves.map((s) => s.code).join(', ') : '-'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** A local day of the station in quarter hours: charged and discharged energy as bars, the PCS' power as a line. */
export function QuarterCard({ station }: { station: StationRow }) {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [day, setDay] = useState(() => dayIn(Date.now(), zone));
  const data = useQuery({
    queryKey: bsaKeys.quarter(station.id, day),
    queryFn: () => api(bsa.bsaDataQuarter, { bsaId: station.id, date: day }),
  });
  const steps = data.data?.steps ?? [];
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: {},
    grid: { left: 48, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: steps.map((s) => s.time) },
    yAxis: [
      { type: 'value', name: 'kWh' },
      { type: 'value', name: 'kW' },
    ],
    series: [
      { type: 'bar', name: t('bsa.levels.charge'), data: steps.map((s) => s.chargeWh / 1000) },
      { type: 'bar', name: t('bsa.levels.discharge'), data: steps.map((s) => s.dischargeWh / 1000) },
      { type: 'line', name: t('bsa.levels.power'), yAxisIndex: 1, showSymbol: false, data: steps.map((s) => s.pcsPowerKw) },
    ],
  };
  const totals = data.data?.totals;
  const kwh = (wh: number | undefined) => ((wh ?? 0) / 1000).toFixed(3);
  return (
    <Card
      size="small"
      title={t('bsa.levels.quarterTitle')}
      style={{ marginBottom: 16 }}
      extra={
        <DatePicker allowClear={false} value={dayjs(day)} onChange={(d) => d && setDay(d.format('YYYY-MM-DD'))} data-testid="quarter-day" />
      }
      data-testid="quarter-card"
    >
      <Row gutter={16} style={{ marginBottom: 8 }}>
        <Col span={6}>
          <Statistic title={t('bsa.levels.charge')} value={kwh(totals?.chargeWh)} suffix="kWh" />
        </Col>
        <Col span={6}>
          <Statistic title={t('bsa.levels.discharge')} value={kwh(totals?.dischargeWh)} suffix="kWh" />
        </Col>
        <Col span={6}>
          <Statistic title={t('bsa.levels.gridImport')} value={kwh(totals?.gridImportWh)} suffix="kWh" />
        </Col>
        <Col span={6}>
          <Statistic title={t('bsa.levels.gridExport')} value={kwh(totals?.gridExportWh)} suffix="kWh" />
        </Col>
      </Row>
      <ThemedChart
        option={option}
        height={260}
        loading={data.isFetching}
        empty={!steps.some((s) => s.chargeWh || s.dischargeWh || s.pcsPowerKw !== null)}
      />
    </Card>
  );
}
