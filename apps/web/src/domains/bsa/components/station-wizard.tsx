import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Steps } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { bsa as schemas } from '@energy/contracts';
import { bsa } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { NOT_CLOSED_BY_MASK } from '../../../shared/form-dialog';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import { useMyDevices, type MyDevice } from '../../../shared/pickers/device-picker';
import { bsaKeys } from '../queries';
import { NEW_STATION, STEP_FIELDS, STEPS, toDraftBody, toFormValues, type StationFormValues } from '../station-form';
import '../texts';

const basic = schemas.stationBasic.shape;
const KINDS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;

/**
 * Builds a station step by step (basic info, PCS, battery stack, meters, FCS, cost info). Each "Save and
 * next" saves the draft, so the staff may close the dialog and continue later (`resumeId`); Finish asks
 * the server to check every step and make the station configured. Refusals name their field.
 */
export function StationWizard({ resumeId, onClose }: { resumeId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StationFormValues>();
  const [id, setId] = useState<number | undefined>(resumeId);
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  const draft = useQuery({
    queryKey: bsaKeys.draft(resumeId ?? 0),
    queryFn: () => api(bsa.bsaGetDraft, { id: resumeId! }),
    enabled: resumeId !== undefined,
  });
  // the saved draft fills the form once: saving a step invalidates the station queries, and a late
  // refetch of the draft must not take the staff back to the step it was saved at, over what she typed since
  const resumed = useRef(false);
  useEffect(() => {
    if (!draft.data || resumed.current) return;
    resumed.current = true;
    form.setFieldsValue(toFormValues(draft.data.form));
    setCurrent(Math.max(0, STEPS.indexOf(draft.data.step)));
  }, [draft.data, form]);

  const ouId = Form.useWatch('ouId', form);
  const pcs = Form.useWatch('pcs', form) ?? [];
  const devices = useMyDevices().data ?? [];
  const inOu = (keep: (d: MyDevice) => boolean) =>
    devices.filter((d) => d.ouId === ouId && keep(d)).map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }));
  const pcsOptions = inOu((d) => d.deviceTypeKey === 'bsa-pcs');
  const meterOptions = inOu((d) => d.categoryKey === 'meter');
  const fcsOptions = inOu((d) => d.deviceTypeKey === 'bsa-fcs');
  const step = STEPS[current]!;
  const required = [{ required: true, message: t('bsa.wizard.required') }];

  const save = async (next: number) => {
    await form.validateFields(STEP_FIELDS[step]);
    setBusy(true);
    try {
      const values = form.getFieldsValue(true) as StationFormValues;
      const saved = await api(bsa.bsaDraft, toDraftBody(values, STEPS[next] ?? step, id));
      setId(saved.id);
      void queryClient.invalidateQueries({ queryKey: bsaKeys.all });
      if (next < STEPS.length) {
        setCurrent(next);
        void message.success(t('bsa.wizard.saved'));
        return;
      }
      await api(bsa.bsaFinish, { id: saved.id });
      void message.success(t('bsa.wizard.finished', { code: values.code }));
      await queryClient.invalidateQueries({ queryKey: bsaKeys.all });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={MODAL_WIDTH.large}
      title={draft.data ? t('bsa.wizard.resumeTitle', { code: draft.data.form.basic.code }) : t('bsa.wizard.title')}
      mask={NOT_CLOSED_BY_MASK}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button disabled={current === 0 || busy} onClick={() => setCurrent(current - 1)} data-testid="wizard-previous">
            {t('bsa.wizard.previous')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save(current + 1).catch(() => undefined)} data-testid="wizard-next">
            {current === STEPS.length - 1 ? t('bsa.wizard.finish') : t('bsa.wizard.next')}
          </Button>
        </Space>
      }
    >
      <Steps
        size="small"
        current={current}
        items={STEPS.map((s) => ({ title: t(`bsa.wizard.steps.${s}`) }))}
        style={{ marginBottom: 24 }}
      />
      <Form form={form} layout="vertical" initialValues={NEW_STATION} preserve data-testid="station-wizard">
        <div hidden={step !== 'basic'}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="code" label={t('bsa.code')} rules={[requiredRule(t('bsa.code')), zodRule(basic.code, t('bsa.code'))]}>
                <Input maxLength={32} data-testid="wizard-code" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="name" label={t('bsa.name')} rules={[requiredRule(t('bsa.name')), zodRule(basic.name, t('bsa.name'))]}>
                <Input maxLength={64} data-testid="wizard-name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="ouId" label={t('bsa.ou')} rules={required}>
                <OuPicker data-testid="wizard-ou" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="strategyVersion" label={t('bsa.strategyVersion')} rules={required}>
                <Select options={['CA', 'CB', 'CC', 'CD', 'CE', 'CF'].map((label, i) => ({ value: i + 1, label }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="ratedPowerKw"
                label={t('bsa.ratedPower')}
                rules={[...required, zodRule(basic.ratedPowerKw, t('bsa.ratedPower'))]}
              >
                <InputNumber min={0} style={{ width: '100%' }} data-testid="wizard-power" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="capacityKwh" label={t('bsa.capacity')} rules={[...required, zodRule(basic.capacityKwh, t('bsa.capacity'))]}>
                <InputNumber min={0} style={{ width: '100%' }} data-testid="wizard-capacity" />
              </Form.Item>
            </Col>
          </Row>
        </div>
        <div hidden={step !== 'pcs'}>
          <Form.Item name="pcs" label={t('bsa.wizard.pcsDevices')} rules={step === 'pcs' ? required : []}>
            <Select mode="multiple" options={pcsOptions} showSearch={{ optionFilterProp: 'label' }} data-testid="wizard-pcs" />
          </Form.Item>
        </div>
        <div hidden={step !== 'stack'}>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="stackCode" label={t('bsa.wizard.stackCode')} rules={step === 'stack' ? required : []}>
                <Input maxLength={32} data-testid="wizard-stack-code" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="stackName" label={t('bsa.wizard.stackName')} rules={step === 'stack' ? required : []}>
                <Input maxLength={64} data-testid="wizard-stack-name" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="stackPcs" label={t('bsa.wizard.stackPcs')}>
                <Select allowClear options={pcsOptions.filter((o) => pcs.includes(o.value))} data-testid="wizard-stack-pcs" />
              </Form.Item>
            </Col>
          </Row>
        </div>
        <div hidden={step !== 'meters'}>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="gridMeter" label={t('bsa.wizard.gridMeter')} rules={step === 'meters' ? required : []}>
                <Select options={meterOptions} showSearch={{ optionFilterProp: 'label' }} data-testid="wizard-grid-meter" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="upperMeter" label={t('bsa.wizard.upperMeter')}>
                <Select allowClear options={meterOptions} showSearch={{ optionFilterProp: 'label' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="upperKva" label={t('bsa.wizard.transformerKva')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </div>
        <div hidden={step !== 'fcs'}>
          <Form.Item name="fcs" label={t('bsa.wizard.fcsDevice')} rules={step === 'fcs' ? required : []}>
            <Select options={fcsOptions} showSearch={{ optionFilterProp: 'label' }} data-testid="wizard-fcs" />
          </Form.Item>
        </div>
        <div hidden={step !== 'costInfo'}>
          <Form.List name="bands">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'start']} rules={required}>
                      <Input placeholder={t('bsa.wizard.start')} maxLength={5} style={{ width: 90 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'end']} rules={required}>
                      <Input placeholder={t('bsa.wizard.end')} maxLength={5} style={{ width: 90 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'kind']} rules={required}>
                      <Select style={{ width: 120 }} options={KINDS.map((k) => ({ value: k, label: t(`bsa.wizard.kinds.${k}`) }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'price']} rules={required}>
                      <InputNumber min={0} step={0.01} placeholder={t('bsa.wizard.price')} style={{ width: 120 }} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add({ kind: 'flat' })} icon={<PlusOutlined />} style={{ marginBottom: 16 }}>
                  {t('bsa.wizard.addBand')}
                </Button>
              </>
            )}
          </Form.List>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="demandPrice" label={t('bsa.wizard.demandPrice')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="currency" label={t('bsa.wizard.currency')}>
                <Input maxLength={3} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="effectiveFrom" label={t('bsa.wizard.effectiveFrom')} rules={step === 'costInfo' ? required : []}>
                <Input placeholder="2026-01-01" maxLength={10} data-testid="wizard-effective" />
              </Form.Item>
            </Col>
          </Row>
        </div>
      </Form>
    </Modal>
  );
}
