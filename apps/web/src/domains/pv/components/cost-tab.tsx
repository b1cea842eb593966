import { App as AntApp, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Table } from 'antd';
import { pv as schemas } from '@energy/contracts';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGranted } from '../../../shared/entity-list/permissions';
import { formatDateTime } from '../../../shared/format';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { useTenantZone } from '../../../shared/time-zone';
import { pvKeys, type PvStationDetail } from '../queries';
import '../texts';

type OnlineEntry = RefOutput<typeof pv.pvOnlineWayLog>[number];
type IncomeEntry = RefOutput<typeof pv.pvIncomeWayLog>[number];
const costFields = schemas.pvUpsertCostInfo.body!.shape;
const ONLINE_WAYS = ['on-grid-meter', 'generation-meter', 'inverter'] as const;
const day = schemas.pvUpsetOnlineWay.body!.shape.effectiveFrom;

/** Cost info, and the online- and income-calculation ways with their logs (each entry in force from a day on). */
export function CostTab({ station }: { station: PvStationDetail }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const zone = useTenantZone();
  const canEdit = useGranted()('b-pv-station-edit') && station.stage !== 'decommissioned';
  const pvId = station.id;
  const cost = useQuery({ queryKey: pvKeys.of(pv.pvGetCostInfo, { pvId }), queryFn: () => api(pv.pvGetCostInfo, { pvId }) });
  const online = useQuery({ queryKey: pvKeys.of(pv.pvOnlineWayLog, { pvId }), queryFn: () => api(pv.pvOnlineWayLog, { pvId }) });
  const income = useQuery({ queryKey: pvKeys.of(pv.pvIncomeWayLog, { pvId }), queryFn: () => api(pv.pvIncomeWayLog, { pvId }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pvKeys.all });
  const saveCost = useMutation({
    mutationFn: (v: { currency: string; investment: number; yearlyOmCost: number }) => api(pv.pvUpsertCostInfo, { pvId, ...v }),
    onSuccess: async () => {
      void message.success(t('pv.cost.saved'));
      await refresh();
    },
  });
  const saveOnline = useMutation({
    mutationFn: (v: { effectiveFrom: string; way: OnlineEntry['way'] }) => api(pv.pvUpsetOnlineWay, { pvId, ...v }),
    onSuccess: async (e) => {
      void message.success(t('pv.way.saved', { day: e.effectiveFrom }));
      await refresh();
    },
  });
  const saveIncome = useMutation({
    mutationFn: (v: Omit<IncomeEntry, 'id' | 'pvId' | 'changedAt' | 'changedBy'>) => api(pv.pvUpsetIncomeWay, { pvId, ...v }),
    onSuccess: async (e) => {
      void message.success(t('pv.way.saved', { day: e.effectiveFrom }));
      await refresh();
    },
  });
  const changed = [
    { key: 'changedBy', title: t('pv.way.changedBy'), dataIndex: 'changedBy' },
    { key: 'changedAt', title: t('pv.way.changedAt'), dataIndex: 'changedAt', render: (v: string) => formatDateTime(v, zone) },
  ];
  const dayItem = (
    <Form.Item
      name="effectiveFrom"
      label={t('pv.way.effectiveFrom')}
      extra={t('pv.way.pastHint')}
      rules={[requiredRule(t('pv.way.effectiveFrom')), zodRule(day, t('pv.way.effectiveFrom'))]}
    >
      <Input placeholder="YYYY-MM-DD" maxLength={10} />
    </Form.Item>
  );

  return (
    <Flex vertical gap={16} data-testid="pv-cost">
      <Card size="small" title={t('pv.cost.title')}>
        {cost.isSuccess && (
          <Form
            layout="vertical"
            disabled={!canEdit}
            initialValues={cost.data ?? { currency: 'CNY' }}
            onFinish={(v) => saveCost.mutate(v)}
            data-testid="pv-cost-form"
          >
            <Row gutter={16}>
              <Col span={6}>
                <Form.Item
                  name="currency"
                  label={t('pv.cost.currency')}
                  rules={[requiredRule(t('pv.cost.currency')), zodRule(costFields.currency, t('pv.cost.currency'))]}
                >
                  <Input maxLength={3} />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item
                  name="investment"
                  label={t('pv.cost.investment')}
                  rules={[requiredRule(t('pv.cost.investment')), zodRule(costFields.investment, t('pv.cost.investment'))]}
                >
                  <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item
                  name="yearlyOmCost"
                  label={t('pv.cost.yearlyOm')}
                  rules={[requiredRule(t('pv.cost.yearlyOm')), zodRule(costFields.yearlyOmCost, t('pv.cost.yearlyOm'))]}
                >
                  <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saveCost.isPending} data-testid="pv-cost-save">
                {t('pv.cost.save')}
              </Button>
            )}
          </Form>
        )}
      </Card>

      <Card size="small" title={t('pv.way.onlineTitle')}>
        {canEdit && (
          <Form
            layout="inline"
            onFinish={(v: { effectiveFrom: string; way: OnlineEntry['way'] }) => saveOnline.mutate(v)}
            style={{ marginBottom: 12 }}
          >
            {dayItem}
            <Form.Item name="way" label={t('pv.way.way')} rules={[requiredRule(t('pv.way.way'))]}>
              <Select style={{ width: 240 }} options={ONLINE_WAYS.map((w) => ({ value: w, label: t(`pv.way.online.${w}`) }))} />
            </Form.Item>
            <Button htmlType="submit" loading={saveOnline.isPending}>
              {t('pv.way.add')}
            </Button>
          </Form>
        )}
        <Table<OnlineEntry>
          rowKey="id"
          size="small"
          pagination={false}
          loading={online.isPending}
          dataSource={online.data}
          columns={[
            { key: 'from', title: t('pv.way.effectiveFrom'), dataIndex: 'effectiveFrom' },
            { key: 'way', title: t('pv.way.way'), dataIndex: 'way', render: (w: OnlineEntry['way']) => t(`pv.way.online.${w}`) },
            ...changed,
          ]}
        />
      </Card>

      <Card size="small" title={t('pv.way.incomeTitle')}>
        {canEdit && (
          <Form
            layout="vertical"
            initialValues={{ currency: 'CNY', selfConsumptionPricing: 'customer-tariff', discountPercent: 0, subsidyPerKwh: 0 }}
            onFinish={(v) => saveIncome.mutate(v)}
            style={{ marginBottom: 12 }}
          >
            <Row gutter={12}>
              <Col span={6}>{dayItem}</Col>
              <Col span={6}>
                <Form.Item name="selfConsumptionPricing" label={t('pv.way.pricing')}>
                  <Select options={(['customer-tariff', 'fixed'] as const).map((p) => ({ value: p, label: t(`pv.way.pricings.${p}`) }))} />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item name="selfConsumptionPrice" label={t('pv.way.selfPrice')}>
                  <InputNumber min={0} precision={4} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item name="discountPercent" label={t('pv.way.discount')}>
                  <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item name="currency" label={t('pv.cost.currency')}>
                  <Input maxLength={3} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="feedInPrice" label={t('pv.way.feedIn')} rules={[requiredRule(t('pv.way.feedIn'))]}>
                  <InputNumber min={0} precision={4} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="subsidyPerKwh" label={t('pv.way.subsidy')}>
                  <InputNumber min={0} precision={4} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Button htmlType="submit" loading={saveIncome.isPending}>
              {t('pv.way.add')}
            </Button>
          </Form>
        )}
        <Table<IncomeEntry>
          rowKey="id"
          size="small"
          pagination={false}
          loading={income.isPending}
          dataSource={income.data}
          columns={[
            { key: 'from', title: t('pv.way.effectiveFrom'), dataIndex: 'effectiveFrom' },
            {
              key: 'pricing',
              title: t('pv.way.pricing'),
              render: (_, e) =>
                e.selfConsumptionPricing === 'fixed'
                  ? `${t('pv.way.pricings.fixed')} ${e.selfConsumptionPrice} ${e.currency}`
                  : `${t('pv.way.pricings.customer-tariff')} −${e.discountPercent}%`,
            },
            { key: 'feedIn', title: t('pv.way.feedIn'), render: (_, e) => `${e.feedInPrice} ${e.currency}` },
            { key: 'subsidy', title: t('pv.way.subsidy'), render: (_, e) => `${e.subsidyPerKwh} ${e.currency}` },
            ...changed,
          ]}
        />
      </Card>
    </Flex>
  );
}
