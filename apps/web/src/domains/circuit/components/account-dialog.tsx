import { Form, Input } from 'antd';
import { circuit } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import { circuitKeys, type AccountRow } from '../queries';

interface Values {
  code: string;
  name: string;
  ouId: number;
  currency: string;
}

/** Creates or edits an electricity account. */
export function AccountDialog({ account, onClose }: { account: AccountRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: Values) => api(circuit.accountSave, { ...v, ...(account ? { id: account.id } : {}) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: circuitKeys.all });
      onClose();
    },
  });
  return (
    <FormDialog
      title={account ? t('circuit.price.editAccount', { code: account.code }) : t('circuit.price.newAccount')}
      onCancel={onClose}
      onSave={async () => save.mutateAsync(await form.validateFields())}
      saving={save.isPending}
      saveTestId="account-save"
    >
      <Form form={form} layout="vertical" initialValues={account ?? { currency: 'CNY' }}>
        <Form.Item name="code" label={t('circuit.code')} rules={[{ required: true, max: 64 }]}>
          <Input data-testid="account-code" />
        </Form.Item>
        <Form.Item name="name" label={t('circuit.name')} rules={[{ required: true, max: 128 }]}>
          <Input data-testid="account-name" />
        </Form.Item>
        <Form.Item name="ouId" label={t('circuit.ou')} rules={[{ required: true }]}>
          <OuPicker data-testid="account-ou" />
        </Form.Item>
        <Form.Item name="currency" label={t('circuit.price.currency')} rules={[{ required: true, pattern: /^[A-Z]{3}$/ }]}>
          <Input maxLength={3} style={{ width: 100 }} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
