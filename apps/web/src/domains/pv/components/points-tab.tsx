import { useState } from 'react';
import { App as AntApp, Button, Col, Flex, Form, Input, InputNumber, Row, Select, Table } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGranted } from '../../../shared/entity-list/permissions';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { useMyDevices } from '../../../shared/pickers/device-picker';
import { pvKeys, type PvStationDetail } from '../queries';
import '../texts';

type Point = RefOutput<typeof pv.gridConnectionPointList>[number];
type Meter = Point['onGridMeter'];
interface PointValues {
  id?: number;
  name: string;
  voltageKv?: number | null;
  generationMeterId?: number | null;
  onGridMeterId?: number | null;
  offtakeMeterId?: number | null;
}
const meterText = (m: Meter) => (m ? `${m.code} · ${m.name}` : '-');

/** A station's grid connection points with their generation, on-grid and off-take meters; edited as a whole. */
export function PointsTab({ station }: { station: PvStationDetail }) {
  const { t } = useTranslation();
  const granted = useGranted();
  const canEdit = granted('b-pv-station-edit') && station.stage !== 'decommissioned';
  const points = useQuery({
    queryKey: pvKeys.of(pv.gridConnectionPointList, { pvId: station.id }),
    queryFn: () => api(pv.gridConnectionPointList, { pvId: station.id }),
  });
  const [open, setOpen] = useState(false);
  return (
    <Flex vertical gap={12} data-testid="pv-points">
      {canEdit && (
        <Flex justify="flex-end">
          <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="pv-points-edit">
            {t('pv.points.edit')}
          </Button>
        </Flex>
      )}
      <Table<Point>
        rowKey="id"
        size="small"
        pagination={false}
        loading={points.isPending}
        dataSource={points.data}
        columns={[
          { key: 'name', title: t('pv.points.name'), dataIndex: 'name' },
          { key: 'voltage', title: t('pv.points.voltage'), dataIndex: 'voltageKv', render: (v: number | null) => v ?? '-' },
          { key: 'generation', title: t('pv.points.generation'), dataIndex: 'generationMeter', render: meterText },
          { key: 'onGrid', title: t('pv.points.onGrid'), dataIndex: 'onGridMeter', render: meterText },
          { key: 'offtake', title: t('pv.points.offtake'), dataIndex: 'offtakeMeter', render: meterText },
        ]}
      />
      {open && points.data && <PointsDialog station={station} points={points.data} onClose={() => setOpen(false)} />}
    </Flex>
  );
}

function PointsDialog({ station, points, onClose }: { station: PvStationDetail; points: Point[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ points: PointValues[] }>();
  const devices = useMyDevices();
  // the meters of the station's OU: the server accepts no other
  const meters = (devices.data ?? [])
    .filter((d) => d.categoryKey === 'meter' && d.ouId === station.ouId)
    .map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }));
  const save = useMutation({
    mutationFn: (v: { points?: PointValues[] }) =>
      api(pv.gridConnectionPoints, {
        pvId: station.id,
        points: (v.points ?? []).map((p) => ({
          ...(p.id ? { id: p.id } : {}),
          name: p.name.trim(),
          voltageKv: p.voltageKv ?? null,
          generationMeterId: p.generationMeterId ?? null,
          onGridMeterId: p.onGridMeterId ?? null,
          offtakeMeterId: p.offtakeMeterId ?? null,
        })),
      }),
    onSuccess: async () => {
      void message.success(t('pv.points.saved'));
      await queryClient.invalidateQueries({ queryKey: pvKeys.all });
      onClose();
    },
  });
  const initial = points.map((p) => ({
    id: p.id,
    name: p.name,
    voltageKv: p.voltageKv,
    generationMeterId: p.generationMeter?.deviceId ?? null,
    onGridMeterId: p.onGridMeter?.deviceId ?? null,
    offtakeMeterId: p.offtakeMeter?.deviceId ?? null,
  }));
  const meterSelect = <Select allowClear loading={devices.isPending} options={meters} showSearch={{ optionFilterProp: 'label' }} />;
  return (
    <FormDialog
      width={MODAL_WIDTH.big}
      title={t('pv.points.title')}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveTestId="pv-points-save"
    >
      <Form form={form} layout="vertical" initialValues={{ points: initial }} onFinish={(v) => save.mutate(v)}>
        <Form.List name="points">
          {(items, { add, remove }) => (
            <Flex vertical gap={4}>
              {items.map((item) => (
                <Row key={item.key} gutter={8} align="bottom">
                  <Form.Item name={[item.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Col span={5}>
                    <Form.Item
                      name={[item.name, 'name']}
                      label={t('pv.points.name')}
                      rules={[{ ...requiredRule(t('pv.points.name')), whitespace: true }]}
                    >
                      <Input maxLength={64} />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[item.name, 'voltageKv']} label={t('pv.points.voltage')}>
                      <InputNumber min={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  {(['generationMeterId', 'onGridMeterId', 'offtakeMeterId'] as const).map((field) => (
                    <Col span={5} key={field}>
                      <Form.Item name={[item.name, field]} label={t(`pv.points.${field.replace('MeterId', '')}`)}>
                        {meterSelect}
                      </Form.Item>
                    </Col>
                  ))}
                  <Col span={1}>
                    <Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('pv.points.remove')}
                        onClick={() => remove(item.name)}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '' })} data-testid="pv-point-add">
                {t('pv.points.add')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}
