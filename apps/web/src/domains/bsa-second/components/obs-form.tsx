import { App as AntApp, Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { bsaSecond as contract } from '@energy/contracts';
import { bsaSecond } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { zodRule } from '../../../shared/form/zod-rule';
import { secondKeys, type SecondInfo } from '../queries';

type Obs = NonNullable<SecondInfo['obs']>;
type Values = Omit<Obs, 'updatedAt' | 'updatedByName' | 'commissionedOn'> & { commissionedOn: Dayjs | null };

/** The station's OBS record, saved as a whole (the first save makes it a second-edition station). */
export function ObsForm({ info, canEdit }: { info: SecondInfo; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const f = contract.obsInfo.shape;
  const initial = info.obs ? { ...info.obs, commissionedOn: info.obs.commissionedOn ? dayjs(info.obs.commissionedOn) : null } : undefined;
  const save = async () => {
    const v = await form.validateFields();
    await api(bsaSecond.updateObs, {
      bsaId: info.id,
      manufacturer: v.manufacturer,
      model: v.model,
      serialNumber: v.serialNumber || null,
      chemistry: v.chemistry,
      cooling: v.cooling,
      fireSuppression: v.fireSuppression,
      ipRating: v.ipRating,
      commissionedOn: v.commissionedOn ? v.commissionedOn.format('YYYY-MM-DD') : null,
      designCycles: v.designCycles ?? null,
    });
    void message.success(t('bsaSecond.saved'));
    await queryClient.invalidateQueries({ queryKey: secondKeys.all });
  };
  const options = <T extends string>(values: readonly T[], label: (v: T) => string) => values.map((v) => ({ value: v, label: label(v) }));
  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} disabled={!canEdit} data-testid="obs-form">
      <Form.Item
        name="manufacturer"
        label={t('bsaSecond.manufacturer')}
        rules={[{ required: true }, zodRule(f.manufacturer, t('bsaSecond.manufacturer'))]}
      >
        <Input maxLength={64} data-testid="obs-manufacturer" />
      </Form.Item>
      <Form.Item name="model" label={t('bsaSecond.model')} rules={[{ required: true }, zodRule(f.model, t('bsaSecond.model'))]}>
        <Input maxLength={64} data-testid="obs-model" />
      </Form.Item>
      <Form.Item name="serialNumber" label={t('bsaSecond.serialNumber')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="chemistry" label={t('bsaSecond.chemistry')} rules={[{ required: true }]}>
        <Select options={options(contract.OBS_CHEMISTRIES, (v) => v)} data-testid="obs-chemistry" />
      </Form.Item>
      <Form.Item name="cooling" label={t('bsaSecond.cooling')} rules={[{ required: true }]}>
        <Select options={options(contract.OBS_COOLING, (v) => t(`bsaSecond.coolings.${v}`))} data-testid="obs-cooling" />
      </Form.Item>
      <Form.Item name="fireSuppression" label={t('bsaSecond.fireSuppression')} rules={[{ required: true }]}>
        <Select options={options(contract.OBS_FIRE_SUPPRESSION, (v) => t(`bsaSecond.fires.${v}`))} data-testid="obs-fire" />
      </Form.Item>
      <Form.Item name="ipRating" label={t('bsaSecond.ipRating')} rules={[{ required: true }, zodRule(f.ipRating, t('bsaSecond.ipRating'))]}>
        <Input maxLength={4} placeholder="IP55" data-testid="obs-ip" />
      </Form.Item>
      <Form.Item name="commissionedOn" label={t('bsaSecond.commissionedOn')}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="designCycles" label={t('bsaSecond.designCycles')}>
        <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      {canEdit && (
        <Button type="primary" onClick={() => void save()} data-testid="obs-save">
          {t('bsaSecond.saveObs')}
        </Button>
      )}
    </Form>
  );
}
