import { useState } from 'react';
import { App as AntApp, Form, Input, Select } from 'antd';
import { charging as schemas } from '@energy/contracts';
import { charging } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { useOuList } from '../../../shared/pickers/ou-picker';
import { chargingKeys, type StationRow } from '../queries';
import '../texts';

interface Values {
  code: string;
  name: string;
  ouId?: number;
  address?: string;
}
const fields = schemas.stationCreate.body!.shape;

/** Creates or edits a charging station: code (unique in the tenant), name, OU (its customer follows) and address. */
export function StationFormDialog({ editing, onClose }: { editing?: StationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const ous = useOuList();
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  const label = (key: string) => t(`charging.${key}`);
  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { code: v.code.trim(), name: v.name.trim(), ouId: v.ouId!, address: v.address?.trim() || null };
      return editing ? api(charging.stationEdit, { id: editing.id, ...body }) : api(charging.stationCreate, body);
    },
    onSuccess: async (row) => {
      void message.success(t('charging.saved', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: chargingKeys.all });
      onClose();
    },
  });
  return (
    <FormDialog
      open
      width={MODAL_WIDTH.normal}
      title={editing ? t('charging.stationForm.editTitle', { code: editing.code }) : t('charging.stationForm.createTitle')}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={editing ? { code: editing.code, name: editing.name, ouId: editing.ouId, address: editing.address ?? undefined } : {}}
        onValuesChange={() => setDirty(true)}
        onFinish={(v) => save.mutate(v)}
        data-testid="station-form"
      >
        <Form.Item
          name="code"
          label={label('code')}
          rules={[{ ...requiredRule(label('code')), whitespace: true }, zodRule(fields.code, label('code'))]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={label('name')}
          rules={[{ ...requiredRule(label('name')), whitespace: true }, zodRule(fields.name, label('name'))]}
        >
          <Input maxLength={128} autoComplete="off" />
        </Form.Item>
        <Form.Item name="ouId" label={label('ou')} rules={[requiredRule(label('ou'))]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={ous.isPending}
            options={(ous.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }))}
          />
        </Form.Item>
        <Form.Item name="address" label={label('address')} rules={[{ max: 256 }]}>
          <Input maxLength={256} autoComplete="off" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
