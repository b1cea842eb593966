import { Form, Input, InputNumber, Segmented, Select, Switch } from 'antd';
import { lineLoss } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { requiredRule } from '../../../shared/form/zod-rule';
import { FormDialog } from '../../../shared/form-dialog';
import { lineLossKeys, useConfigs, type RuleRow } from '../queries';
import { LEVELS, LevelText } from './level';

interface Values {
  name: string;
  configId: number;
  thresholdPercent: number;
  periods: number;
  timeLevel: RuleRow['timeLevel'];
  level: number;
  enabled: boolean;
}

/** At most 4 decimals, as the server stores the threshold (parts per million of the rate). */
const fourDecimals = (v: number) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6;

/** Creates or edits a line-loss alarm rule: rate above a threshold in N consecutive closed days or months. */
export function RuleDialog({ row, onClose }: { row: RuleRow | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const configs = useConfigs();
  const save = useMutation({
    mutationFn: (v: Values) => (row ? api(lineLoss.ruleUpdate, { ...v, id: row.id }) : api(lineLoss.ruleCreate, v)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lineLossKeys.all });
      onClose();
    },
  });
  const threshold = t('lineLoss.rules.threshold');
  const initial: Partial<Values> = row ?? { periods: 3, timeLevel: 'day', level: 2, enabled: true };
  return (
    <FormDialog
      title={row ? t('lineLoss.rules.editTitle', { name: row.name }) : t('lineLoss.rules.create')}
      width={560}
      onCancel={onClose}
      onSave={async () => save.mutateAsync(await form.validateFields())}
      saving={save.isPending}
      saveTestId="line-loss-rule-save"
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="name" label={t('lineLoss.rules.name')} rules={[requiredRule(t('lineLoss.rules.name')), { max: 128 }]}>
          <Input data-testid="line-loss-rule-name" />
        </Form.Item>
        <Form.Item name="configId" label={t('lineLoss.rules.config')} rules={[requiredRule(t('lineLoss.rules.config'))]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={configs.isPending}
            options={(configs.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.ouName}` }))}
            data-testid="line-loss-rule-config"
          />
        </Form.Item>
        <Form.Item
          name="thresholdPercent"
          label={threshold}
          extra={t('lineLoss.rules.thresholdHint')}
          rules={[
            requiredRule(threshold),
            {
              validator: async (_: unknown, v: number | null) => {
                if (v == null) return;
                if (!(v > 0 && v < 100)) throw new Error(t('lineLoss.rules.thresholdRange', { title: threshold }));
                if (!fourDecimals(v)) throw new Error(t('lineLoss.rules.thresholdDecimals', { title: threshold }));
              },
            },
          ]}
        >
          <InputNumber style={{ width: 160 }} step={0.5} data-testid="line-loss-rule-threshold" />
        </Form.Item>
        <Form.Item name="periods" label={t('lineLoss.rules.periods')} rules={[requiredRule(t('lineLoss.rules.periods'))]}>
          <InputNumber min={1} max={31} precision={0} style={{ width: 160 }} data-testid="line-loss-rule-periods" />
        </Form.Item>
        <Form.Item name="timeLevel" label={t('lineLoss.rules.timeLevel')}>
          <Segmented
            options={[
              { value: 'day', label: t('lineLoss.rules.days') },
              { value: 'month', label: t('lineLoss.rules.months') },
            ]}
          />
        </Form.Item>
        <Form.Item name="level" label={t('lineLoss.rules.level')}>
          <Select options={LEVELS.map((l) => ({ value: l, label: <LevelText level={l} /> }))} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('lineLoss.rules.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
