import { Form, Input, Radio, Select } from 'antd';
import { lineLoss } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useHasPermission } from '../../../shared/current-staff';
import { requiredRule } from '../../../shared/form/zod-rule';
import { FormDialog } from '../../../shared/form-dialog';
import { DevicePicker } from '../../../shared/pickers/device-picker';
import { lineLossKeys, useCircuitChoices, type CircuitChoice, type ConfigRow } from '../queries';

type Kind = ConfigRow['kind'];
interface Values {
  name: string;
  kind: Kind;
  inputId: number;
  outputIds: number[];
  remark?: string | null;
}

const circuitLabel = (c: CircuitChoice) => `${c.name} (${c.code})`;

/**
 * Creates or edits a line-loss configuration: a parent circuit against its children (picking the parent
 * fills in its direct children), or an incoming meter against outgoing meters. The server checks the
 * rest (visible, same OU, not the input, an energy meter) and names the refused field.
 */
export function ConfigDialog({ row, onClose }: { row: ConfigRow | undefined; onClose: (saved?: ConfigRow) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const kind = Form.useWatch('kind', form) ?? row?.kind ?? 'circuit';
  const inputId = Form.useWatch('inputId', form);
  const canList = useHasPermission('p-circuit-manage');
  const canTree = useHasPermission('p-circuit-tree');
  const circuits = useCircuitChoices(kind === 'circuit', canList ? 'list' : canTree ? 'tree' : null);
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { ...v, remark: v.remark?.trim() ? v.remark.trim() : null };
      return row ? api(lineLoss.lineLossUpdate, { ...body, id: row.id }) : api(lineLoss.lineLossCreate, body);
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: lineLossKeys.all });
      onClose(saved);
    },
  });
  const all = circuits.data ?? [];
  const input = all.find((c) => c.id === inputId);
  // children: the circuits of the input's OU but the input itself
  const childOptions = all
    .filter((c) => c.id !== inputId && (input?.ouId == null || c.ouId === input.ouId))
    .map((c) => ({ value: c.id, label: circuitLabel(c) }));
  const initial: Partial<Values> = row
    ? { name: row.name, kind: row.kind, inputId: row.input.id, outputIds: row.outputs.map((o) => o.id), remark: row.remark }
    : { kind: 'circuit', outputIds: [] };
  const onValuesChange = (changed: Partial<Values>) => {
    if ('kind' in changed) form.setFieldsValue({ inputId: undefined, outputIds: [] });
    if ('inputId' in changed && kind === 'circuit') {
      form.setFieldsValue({ outputIds: all.filter((c) => c.parentId === changed.inputId).map((c) => c.id) });
    }
  };
  return (
    <FormDialog
      title={row ? t('lineLoss.editTitle', { name: row.name }) : t('lineLoss.create')}
      width={640}
      onCancel={() => onClose()}
      onSave={async () => save.mutateAsync(await form.validateFields())}
      saving={save.isPending}
      saveTestId="line-loss-save"
    >
      <Form form={form} layout="vertical" initialValues={initial} onValuesChange={onValuesChange}>
        <Form.Item name="name" label={t('lineLoss.name')} rules={[requiredRule(t('lineLoss.name')), { max: 128 }]}>
          <Input data-testid="line-loss-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('lineLoss.kind')} rules={[{ required: true }]}>
          <Radio.Group
            options={(['circuit', 'meter'] as const).map((k) => ({ value: k, label: t(`lineLoss.kinds.${k}`) }))}
            data-testid="line-loss-kind"
          />
        </Form.Item>
        {kind === 'circuit' ? (
          <>
            <Form.Item name="inputId" label={t('lineLoss.inputCircuit')} rules={[requiredRule(t('lineLoss.inputCircuit'))]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={circuits.isPending}
                options={all.map((c) => ({ value: c.id, label: circuitLabel(c) }))}
                data-testid="line-loss-input"
              />
            </Form.Item>
            <Form.Item
              name="outputIds"
              label={t('lineLoss.outputCircuits')}
              extra={t('lineLoss.childrenHint')}
              rules={[requiredRule(t('lineLoss.outputCircuits'))]}
            >
              <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} options={childOptions} data-testid="line-loss-outputs" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="inputId" label={t('lineLoss.inputMeter')} rules={[requiredRule(t('lineLoss.inputMeter'))]}>
              <DevicePicker data-testid="line-loss-input" />
            </Form.Item>
            <Form.Item name="outputIds" label={t('lineLoss.outputMeters')} rules={[requiredRule(t('lineLoss.outputMeters'))]}>
              <DevicePicker mode="multiple" exclude={inputId} data-testid="line-loss-outputs" />
            </Form.Item>
          </>
        )}
        <Form.Item name="remark" label={t('lineLoss.remark')} rules={[{ max: 256 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
