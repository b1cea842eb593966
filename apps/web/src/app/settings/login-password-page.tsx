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

/** Changes the login password; the server signs out the person's other sessions. */
export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const submit = async (values: Values) => {
    await api(account.changeLoginPassword, { oldPassword: values.oldPassword, newPassword: values.newPassword });
    form.resetFields();
    void message.success(t('settings.passwordChanged'));
  };
  return (
    <SettingsCard title={t('settings.loginPassword')}>
      <Form form={form} layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)} requiredMark={false}>
        <Form.Item name="oldPassword" label={t('settings.oldPassword')} rules={[requiredRule(t('settings.oldPassword'))]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('settings.newPassword')}
          extra={t('settings.passwordRule')}
          rules={[requiredRule(t('settings.newPassword')), zodRule(accountSchemas.newPassword, t('settings.newPassword'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('settings.confirmPassword')}
          dependencies={['newPassword']}
          rules={[requiredRule(t('settings.confirmPassword')), sameAs('newPassword', t('settings.passwordMismatch'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.save')}
        </Button>
      </Form>
    </SettingsCard>
  );
}
