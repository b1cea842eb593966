import { App as AntApp, Button, Form, Input } from 'antd';
import { account as accountSchemas } from '@energy/contracts';
import { account } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { requiredRule, sameAs, zodRule } from '../../shared/form/zod-rule';
import { SettingsCard } from './settings-card';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * The change-password form: current, new and confirmed password (`account.changeLoginPassword`).
 * Used by the settings page and by the set-a-new-password page after a one-time password.
 */
export function LoginPasswordForm({ oldLabel, saveLabel, onChanged }: { oldLabel?: string; saveLabel?: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) => {
    await api(account.changeLoginPassword, { oldPassword: values.oldPassword, newPassword: values.newPassword });
    form.resetFields();
    onChanged();
  };
  const old = oldLabel ?? t('settings.oldPassword');
  return (
    <Form form={form} layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)} requiredMark={false}>
      <Form.Item name="oldPassword" label={old} rules={[requiredRule(old)]}>
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('settings.newPassword')}
        extra={t('settings.passwordRule')}
        rules={[requiredRule(t('settings.newPassword')), zodRule(accountSchemas.newPassword, t('settings.newPassword'))]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('settings.confirmPassword')}
        dependencies={['newPassword']}
        rules={[requiredRule(t('settings.confirmPassword')), sameAs('newPassword', t('settings.passwordMismatch'))]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="password-save">
        {saveLabel ?? t('common.save')}
      </Button>
    </Form>
  );
}

/** Changes the login password; the server signs out the person's other sessions. */
export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  return (
    <SettingsCard title={t('settings.loginPassword')}>
      <LoginPasswordForm onChanged={() => void message.success(t('settings.passwordChanged'))} />
    </SettingsCard>
  );
}
