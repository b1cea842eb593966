import { App as AntApp, Form, Input, InputNumber } from 'antd';
import { bsaSecond as contract } from '@energy/contracts';
import { bsaSecond } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { secondKeys, type CabinetRow } from '../queries';
import { StationSelect } from './station-select';

interface Values {
  bsaId: number;
  code: string;
  name: string;
  ratedPowerKw: number;
  capacityKwh: number;
  note?: string | null;
}

/** Creates a cabinet (without `row`) or edits one; the server checks the station's totals to the Wh. */
export function CabinetDialog({ row, onClose }: { row?: CabinetRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const f = contract.cabinetFields.shape;
  const save = async () => {
    const v = await form.validateFields();
    const body = { code: v.code, name: v.name, ratedPowerKw: v.ratedPowerKw, capacityKwh: v.capacityKwh, note: v.note || null };
    if (row) await api(bsaSecond.cabinetUpdate, { id: row.id, ...body });
    else await api(bsaSecond.cabinetCreate, { bsaId: v.bsaId, ...body });
    void message.success(t('bsaSecond.saved'));
    await queryClient.invalidateQueries({ queryKey: secondKeys.all });
    onClose();
  };
  return (
    <FormDialog
      title={row ? t('bsaSecond.editCabinet', { code: row.code }) : t('bsaSecond.createCabinet')}
      onCancel={onClose}
      onSave={save}
      saveTestId="cabinet-save"
    >
      <Form<Values> form={form} layout="vertical" initialValues={row ? { ...row, bsaId: row.bsaId } : undefined}>
        <Form.Item name="bsaId" label={t('bsaSecond.station')} rules={[{ required: true }]}>
          <StationSelect disabled={!!row} data-testid="cabinet-station" />
        </Form.Item>
        <Form.Item name="code" label={t('bsaSecond.code')} rules={[{ required: true }, zodRule(f.code, t('bsaSecond.code'))]}>
          <Input maxLength={32} data-testid="cabinet-code" />
        </Form.Item>
        <Form.Item name="name" label={t('bsaSecond.name')} rules={[{ required: true }, zodRule(f.name, t('bsaSecond.name'))]}>
          <Input maxLength={64} data-testid="cabinet-name" />
        </Form.Item>
        <Form.Item
          name="ratedPowerKw"
          label={t('bsaSecond.ratedPower')}
          rules={[{ required: true }, zodRule(f.ratedPowerKw, t('bsaSecond.ratedPower'))]}
        >
          <InputNumber min={0.001} precision={3} style={{ width: '100%' }} data-testid="cabinet-power" />
        </Form.Item>
        <Form.Item
          name="capacityKwh"
          label={t('bsaSecond.capacity')}
          rules={[{ required: true }, zodRule(f.capacityKwh, t('bsaSecond.capacity'))]}
        >
          <InputNumber min={0.001} precision={3} style={{ width: '100%' }} data-testid="cabinet-capacity" />
        </Form.Item>
        <Form.Item name="note" label={t('bsaSecond.note')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
