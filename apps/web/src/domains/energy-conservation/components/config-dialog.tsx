import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { energyConservation } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { savingKeys, useSavingCircuits, type ConfigRow } from '../queries';

const MODELS = ['same-period', 'production', 'degree-days', 'audit'] as const;

interface Values {
  circuitId: number;
  effectiveFrom: Dayjs;
  model: (typeof MODELS)[number];
  baselineFrom: Dayjs;
  baselineTo: Dayjs;
  driverUnit?: string | null;
  auditA?: number | null;
  auditB?: number | null;
  price: number;
  remark?: string | null;
}

const month = (d: Dayjs) => d.format('YYYY-MM');

/** Creates a circuit's configuration, or adds a version in force from a month (the months before keep theirs). */
export function ConfigDialog({ row, onClose }: { row: ConfigRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const circuits = useSavingCircuits(row ? undefined : false);
  const model = Form.useWatch('model', form);
  const save = useMutation({
    mutationFn: (v: Values) =>
      api(energyConservation.configEdit, {
        circuitId: v.circuitId,
        effectiveFrom: month(v.effectiveFrom),
        model: v.model,
        baselineFrom: month(v.baselineFrom),
        baselineTo: month(v.baselineTo),
        driverUnit: v.model === 'same-period' ? null : (v.driverUnit ?? null),
        auditA: v.model === 'audit' ? (v.auditA ?? null) : null,
        auditB: v.model === 'audit' ? (v.auditB ?? null) : null,
        price: v.price,
        remark: v.remark ?? null,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: savingKeys.all });
      onClose();
    },
  });
  const c = row?.current;
  const initial: Partial<Values> = c
    ? {
        circuitId: row.circuitId,
        effectiveFrom: dayjs().startOf('month'),
        model: c.model,
        baselineFrom: dayjs(`${c.baselineFrom}-01`),
        baselineTo: dayjs(`${c.baselineTo}-01`),
        driverUnit: c.driverUnit,
        auditA: c.auditA,
        auditB: c.auditB,
        price: c.price,
        remark: c.remark,
      }
    : { model: 'production', effectiveFrom: dayjs().startOf('month') };
  return (
    <FormDialog
      title={row ? `${t('conservation.config.edit')} · ${row.circuitName}` : t('conservation.config.create')}
      width={560}
      onCancel={onClose}
      onSave={async () => save.mutateAsync(await form.validateFields())}
      saving={save.isPending}
      saveTestId="config-save"
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="circuitId" label={t('conservation.circuit')} rules={[{ required: true }]}>
          <Select
            disabled={!!row}
            showSearch={{ optionFilterProp: 'label' }}
            options={
              row
                ? [{ value: row.circuitId, label: `${row.circuitName} (${row.circuitCode})` }]
                : (circuits.data ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.code})` }))
            }
            data-testid="config-circuit"
          />
        </Form.Item>
        <Form.Item name="effectiveFrom" label={t('conservation.config.effectiveFrom')} rules={[{ required: true }]}>
          <DatePicker picker="month" allowClear={false} />
        </Form.Item>
        <Form.Item name="model" label={t('conservation.config.model')} rules={[{ required: true }]}>
          <Select options={MODELS.map((m) => ({ value: m, label: t(`conservation.models.${m}`) }))} />
        </Form.Item>
        <Form.Item name="baselineFrom" label={t('conservation.config.baselineFrom')} rules={[{ required: true }]}>
          <DatePicker picker="month" allowClear={false} />
        </Form.Item>
        <Form.Item name="baselineTo" label={t('conservation.config.baselineTo')} rules={[{ required: true }]}>
          <DatePicker picker="month" allowClear={false} />
        </Form.Item>
        {model !== 'same-period' && (
          <Form.Item
            name="driverUnit"
            label={t('conservation.config.driverUnit')}
            extra={t('conservation.config.driverUnitHint')}
            rules={[{ required: true, max: 16 }]}
          >
            <Input style={{ width: 160 }} />
          </Form.Item>
        )}
        {model === 'audit' &&
          (['auditA', 'auditB'] as const).map((key) => (
            <Form.Item key={key} name={key} label={t(`conservation.config.${key}`)} rules={[{ required: true }]}>
              <InputNumber min={-1e9} max={1e9} precision={3} style={{ width: 200 }} data-testid={`config-${key}`} />
            </Form.Item>
          ))}
        <Form.Item name="price" label={t('conservation.config.price')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1000} step={0.0001} precision={4} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="remark" label={t('conservation.config.remark')} rules={[{ max: 256 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
