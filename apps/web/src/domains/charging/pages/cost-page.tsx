import { useEffect, useState } from 'react';
import { App as AntApp, Button, Card, Empty, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { bsa } from '@energy/contracts';
import { charging } from '@energy/contracts/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { chargingKeys, useStations, type CostInfo } from '../queries';
import '../texts';

type Version = CostInfo['versions'][number];
type Band = Version['bands'][number];
interface Values {
  effectiveFrom: string;
  currency: string;
  serviceFeePerKwh: number;
  bands: Band[];
}
const DEFAULT_BANDS: Band[] = [
  { start: '00:00', end: '08:00', kind: 'valley', price: 0.3 },
  { start: '08:00', end: '24:00', kind: 'flat', price: 0.65 },
];
const today = () => new Date().toISOString().slice(0, 10);

/** A station's price versions (time-of-use energy price plus a service fee per kWh, each from a date) and their editor. */
export default function CostPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const stations = useStations();
  const [stationId, setStationId] = useState<number>();
  const [editing, setEditing] = useState<Version | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (stationId === undefined && stations.data?.length) setStationId(stations.data[0]!.id);
  }, [stations.data, stationId]);
  const cost = useQuery({
    queryKey: chargingKeys.cost(stationId ?? 0),
    queryFn: () => api(charging.costInfoGet, { stationId: stationId! }),
    enabled: stationId !== undefined,
  });
  const save = useMutation({
    mutationFn: (v: Values) => api(charging.costInfoEdit, { stationId: stationId!, ...v }),
    onSuccess: async () => {
      void message.success(t('charging.saved', { name: t('charging.costTitle') }));
      await queryClient.invalidateQueries({ queryKey: chargingKeys.all });
      setEditing(null);
    },
  });
  const kinds = bsa.TARIFF_BAND_KINDS.map((k) => ({ value: k, label: t(`charging.cost.kinds.${k}`) }));
  const open = (v: Version | 'new') => {
    setEditing(v);
    const base = v === 'new' ? cost.data?.versions[0] : v;
    form.setFieldsValue({
      effectiveFrom: v === 'new' ? today() : v.effectiveFrom,
      currency: base?.currency ?? 'CNY',
      serviceFeePerKwh: base?.serviceFeePerKwh ?? 0.4,
      bands: base?.bands ?? DEFAULT_BANDS,
    });
  };
  const bandText = (b: Band) => `${b.start}-${b.end} ${t(`charging.cost.kinds.${b.kind}`)} ${b.price}`;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="charging-cost-page">
      <Typography.Title level={4}>{t('charging.costTitle')}</Typography.Title>
      <Space>
        <Typography.Text>{t('charging.cost.pickStation')}</Typography.Text>
        <Select
          style={{ minWidth: 260 }}
          value={stationId}
          onChange={(v) => {
            setStationId(v);
            setEditing(null);
          }}
          loading={stations.isPending}
          notFoundContent={t('charging.cost.noStation')}
          options={(stations.data ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
          data-testid="cost-station"
        />
        <Authorized code="b-charging-cost-edit">
          <Button type="primary" disabled={stationId === undefined} onClick={() => open('new')} data-testid="cost-new">
            {t('charging.cost.newVersion')}
          </Button>
        </Authorized>
      </Space>
      <Card title={t('charging.cost.versions')} size="small">
        {cost.data && cost.data.versions.length === 0 ? (
          <Empty description={t('charging.cost.none')} />
        ) : (
          <Table<Version>
            rowKey="effectiveFrom"
            size="small"
            loading={cost.isFetching}
            pagination={false}
            dataSource={cost.data?.versions ?? []}
            columns={[
              { key: 'from', title: t('charging.cost.effectiveFrom'), dataIndex: 'effectiveFrom', width: 130 },
              { key: 'currency', title: t('charging.cost.currency'), dataIndex: 'currency', width: 90 },
              { key: 'fee', title: t('charging.cost.serviceFee'), dataIndex: 'serviceFeePerKwh', width: 150 },
              {
                key: 'bands',
                title: t('charging.cost.bands'),
                dataIndex: 'bands',
                render: (bands: Band[]) => bands.map(bandText).join(' · '),
              },
              {
                key: 'edit',
                title: '',
                width: 90,
                render: (_, v) => (
                  <Authorized code="b-charging-cost-edit">
                    <Button type="link" size="small" onClick={() => open(v)}>
                      {t('charging.cost.editVersion')}
                    </Button>
                  </Authorized>
                ),
              },
            ]}
          />
        )}
      </Card>
      {editing && (
        <Card
          size="small"
          title={editing === 'new' ? t('charging.cost.newVersion') : `${t('charging.cost.editVersion')} ${editing.effectiveFrom}`}
        >
          <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} data-testid="cost-form">
            <Space wrap>
              <Form.Item
                name="effectiveFrom"
                label={t('charging.cost.effectiveFrom')}
                rules={[{ required: true, pattern: /^20\d{2}-\d{2}-\d{2}$/, message: 'YYYY-MM-DD' }]}
              >
                <Input maxLength={10} placeholder="YYYY-MM-DD" />
              </Form.Item>
              <Form.Item
                name="currency"
                label={t('charging.cost.currency')}
                rules={[{ required: true, pattern: /^[A-Z]{3}$/, message: 'CNY' }]}
              >
                <Input maxLength={3} style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name="serviceFeePerKwh" label={t('charging.cost.serviceFee')} rules={[{ required: true }]}>
                <InputNumber min={0} max={1000} step={0.01} precision={4} />
              </Form.Item>
            </Space>
            <Typography.Text strong>{t('charging.cost.bands')}</Typography.Text>
            <Form.List name="bands">
              {(items, { add, remove }) => (
                <>
                  {items.map((item) => (
                    <Space key={item.key} align="baseline" wrap>
                      <Form.Item name={[item.name, 'start']} label={t('charging.cost.start')} rules={[{ required: true }]}>
                        <Input maxLength={5} style={{ width: 80 }} placeholder="HH:mm" />
                      </Form.Item>
                      <Form.Item name={[item.name, 'end']} label={t('charging.cost.end')} rules={[{ required: true }]}>
                        <Input maxLength={5} style={{ width: 80 }} placeholder="HH:mm" />
                      </Form.Item>
                      <Form.Item name={[item.name, 'kind']} label={t('charging.cost.kind')} rules={[{ required: true }]}>
                        <Select options={kinds} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item name={[item.name, 'price']} label={t('charging.cost.price')} rules={[{ required: true }]}>
                        <InputNumber min={0} max={1000} step={0.01} precision={4} />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(item.name)}>
                        {t('charging.delete')}
                      </Button>
                    </Space>
                  ))}
                  <div>
                    <Button onClick={() => add({ start: '', end: '', kind: 'flat', price: 0 })}>{t('charging.cost.addBand')}</Button>
                  </div>
                </>
              )}
            </Form.List>
            <Space style={{ marginTop: 16 }}>
              <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="cost-save">
                {t('charging.cost.save')}
              </Button>
            </Space>
          </Form>
        </Card>
      )}
    </Space>
  );
}
