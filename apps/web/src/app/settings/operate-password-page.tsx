import { Alert, App as AntApp, Button, Form, Input, Typography } from 'antd';
import { account as accountSchemas } from '@energy/contracts';
import { account } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { requiredRule, sameAs, zodRule } from '../../shared/form/zod-rule';
import { PageSpinner } from '../../shared/page-spinner';
import { shellKeys, useProfile } from '../shell/shell-data';
import { SettingsCard } from './settings-card';

interface Values {
  loginPassword?: string;
  oldOperationPassword?: string;
  newOperationPassword: string;
  confirm: string;
}

/** Sets the operation password the first time (confirmed by the login password) or changes it. */
export default function OperatePasswordPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [form] = Form.useForm<Values>();
  if (!profile.data) return <PageSpinner />;
  const first = !profile.data.hasOperationPassword;
  const submit = async (v: Values) => {
    await api(account.setOperationPassword, {
      ...(first ? { loginPassword: v.loginPassword } : { oldOperationPassword: v.oldOperationPassword }),
      newOperationPassword: v.newOperationPassword,
    });
    form.resetFields();
    await queryClient.invalidateQueries({ queryKey: shellKeys.profile });
    void message.success(t('settings.operateChanged'));
  };
  const required = (key: string) => requiredRule(t(key));
  return (
    <SettingsCard title={t('settings.operatePassword')}>
      <Typography.Paragraph type="secondary">{t('settings.operateIntro')}</Typography.Paragraph>
      {first && <Alert type="info" showIcon title={t('settings.operateFirst')} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={(v) => submit(v).catch(() => undefined)} requiredMark={false}>
        {first ? (
          <Form.Item name="loginPassword" label={t('settings.loginPasswordConfirm')} rules={[required('settings.loginPasswordConfirm')]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : (
          <Form.Item name="oldOperationPassword" label={t('settings.oldOperatePassword')} rules={[required('settings.oldOperatePassword')]}>
            <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="newOperationPassword"
          label={t('settings.newOperatePassword')}
          extra={t('settings.operateRule')}
          rules={[required('settings.newOperatePassword'), zodRule(accountSchemas.operationPassword, t('settings.newOperatePassword'))]}
        >
          <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('settings.confirmOperatePassword')}
          dependencies={['newOperationPassword']}
          rules={[required('settings.confirmOperatePassword'), sameAs('newOperationPassword', t('settings.passwordMismatch'))]}
        >
          <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.save')}
        </Button>
      </Form>
    </SettingsCard>
  );
}
