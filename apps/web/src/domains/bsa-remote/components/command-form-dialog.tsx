import { useState } from 'react';
import { App as AntApp, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { bsaRemote as schemas } from '@energy/contracts';
import { bsaRemote } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { ACTIONS_OF, remoteKeys, type CommandRow, type RemoteAction, type RemoteDeviceType } from '../queries';
import '../texts';

interface Values {
  name: string;
  deviceType: RemoteDeviceType;
  action: RemoteAction;
  minValue?: number;
  maxValue?: number;
  options?: { value: number; label: string }[];
  description?: string;
}
const fields = schemas.commandAdd.body!.shape;

/** Creates or edits a command of the catalogue: name (unique in the tenant), device type, action and its parameter. */
export function CommandFormDialog({ editing, onClose }: { editing?: CommandRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  const deviceType = Form.useWatch('deviceType', form) ?? editing?.deviceType ?? 'pcs';
  const action = Form.useWatch('action', form) ?? editing?.action;
  const label = (key: string) => t(`bsaRemote.${key}`);
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        name: v.name.trim(),
        deviceType: v.deviceType,
        action: v.action,
        minValue: v.action === 'set-power' ? v.minValue : null,
        maxValue: v.action === 'set-power' ? v.maxValue : null,
        options: v.action === 'mode' ? (v.options ?? []).map((o) => ({ value: o.value, label: o.label.trim() })) : null,
        description: v.description?.trim() || null,
      };
      return editing ? api(bsaRemote.commandEdit, { id: editing.id, ...body }) : api(bsaRemote.commandAdd, body);
    },
    onSuccess: async (row) => {
      void message.success(t('bsaRemote.saved', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: remoteKeys.all });
      onClose();
    },
  });
  const initial: Partial<Values> = editing
    ? {
        name: editing.name,
        deviceType: editing.deviceType,
        action: editing.action,
        minValue: editing.minValue ?? undefined,
        maxValue: editing.maxValue ?? undefined,
        options: editing.options ?? undefined,
        description: editing.description ?? undefined,
      }
    : { deviceType: 'pcs', action: 'start', options: [{ value: 0, label: '' }] };
  return (
    <FormDialog
      open
      width={MODAL_WIDTH.normal}
      title={editing ? t('bsaRemote.form.editTitle', { name: editing.name }) : t('bsaRemote.form.createTitle')}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveTestId="command-save"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: Partial<Values>) => {
          setDirty(true);
          if (changed.deviceType && !ACTIONS_OF[changed.deviceType].includes(form.getFieldValue('action')))
            form.setFieldValue('action', 'start');
        }}
        onFinish={(v) => save.mutate(v)}
        data-testid="command-form"
      >
        <Form.Item
          name="name"
          label={label('name')}
          validateDebounce={300}
          rules={[
            { ...requiredRule(label('name')), whitespace: true },
            zodRule(fields.name, label('name')),
            {
              validator: async (_, value: string | undefined) => {
                if (!value?.trim()) return;
                const { available } = await api(bsaRemote.commandCheckName, { name: value.trim(), id: editing?.id });
                if (!available) throw new Error(t('bsaRemote.form.nameTaken'));
              },
            },
          ]}
        >
          <Input maxLength={64} autoComplete="off" data-testid="command-name" />
        </Form.Item>
        <Space size="middle" style={{ display: 'flex' }}>
          <Form.Item name="deviceType" label={label('deviceType')} rules={[requiredRule(label('deviceType'))]} style={{ minWidth: 160 }}>
            <Select
              data-testid="command-device-type"
              options={(['pcs', 'fcs'] as const).map((v) => ({ value: v, label: t(`bsaRemote.types.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="action" label={label('action')} rules={[requiredRule(label('action'))]} style={{ minWidth: 200 }}>
            <Select
              data-testid="command-action"
              options={ACTIONS_OF[deviceType].map((v) => ({ value: v, label: t(`bsaRemote.actions.${v}`) }))}
            />
          </Form.Item>
        </Space>
        {action === 'set-power' && (
          <Space size="middle" style={{ display: 'flex' }}>
            <Form.Item
              name="minValue"
              label={t('bsaRemote.form.minValue')}
              rules={[requiredRule(t('bsaRemote.form.minValue'))]}
              extra={t('bsaRemote.form.rangeHint')}
            >
              <InputNumber precision={3} style={{ width: 180 }} data-testid="command-min" />
            </Form.Item>
            <Form.Item
              name="maxValue"
              label={t('bsaRemote.form.maxValue')}
              dependencies={['minValue']}
              rules={[
                requiredRule(t('bsaRemote.form.maxValue')),
                ({ getFieldValue }) => ({
                  validator: async (_, v?: number) => {
                    const min = getFieldValue('minValue') as number | undefined;
                    if (v !== undefined && v !== null && min !== undefined && min !== null && v <= min)
                      throw new Error(t('bsaRemote.form.rangeOrder'));
                  },
                }),
              ]}
            >
              <InputNumber precision={3} style={{ width: 180 }} data-testid="command-max" />
            </Form.Item>
          </Space>
        )}
        {action === 'mode' && (
          <Form.Item label={t('bsaRemote.form.options')} required>
            <Form.List name="options">
              {(items, { add, remove }) => (
                <>
                  {items.map((item) => (
                    <Space key={item.key} align="baseline">
                      <Form.Item name={[item.name, 'value']} rules={[requiredRule(t('bsaRemote.form.optionValue'))]}>
                        <InputNumber min={0} max={99} precision={0} placeholder={t('bsaRemote.form.optionValue')} />
                      </Form.Item>
                      <Form.Item
                        name={[item.name, 'label']}
                        rules={[{ ...requiredRule(t('bsaRemote.form.optionLabel')), whitespace: true }, { max: 32 }]}
                      >
                        <Input maxLength={32} placeholder={t('bsaRemote.form.optionLabel')} />
                      </Form.Item>
                      {items.length > 1 && <MinusCircleOutlined onClick={() => remove(item.name)} />}
                    </Space>
                  ))}
                  {items.length < 10 && (
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: items.length, label: '' })}>
                      {t('bsaRemote.form.addOption')}
                    </Button>
                  )}
                </>
              )}
            </Form.List>
          </Form.Item>
        )}
        <Form.Item name="description" label={label('description')} rules={[{ max: 200 }]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
