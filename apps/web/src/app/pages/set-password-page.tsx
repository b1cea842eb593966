import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '../../shared/i18n';
import { useProfile } from '../../shared/current-staff';
import { PageSpinner } from '../../shared/page-spinner';
import { PLATFORM_CONSOLE_HOME, safeRedirect } from '../navigation';
import { LoginPasswordForm } from '../settings/login-password-page';
import { useLogout } from '../shell/use-logout';

registerTexts('setPassword', {
  'en-US': {
    title: 'Set a new password',
    hint: 'You signed in with a one-time password. Choose your own password to continue; the one-time password then stops working.',
    oneTime: 'One-time password',
    save: 'Set password and continue',
    notNeeded: 'Your password does not need to be changed.',
    continue: 'Continue',
    signOut: 'Sign out',
  },
  'zh-CN': {
    title: '设置新密码',
    hint: '您使用一次性密码登录。请设置您自己的密码后继续；之后一次性密码将失效。',
    oneTime: '一次性密码',
    save: '设置密码并继续',
    notNeeded: '您的密码无需修改。',
    continue: '继续',
    signOut: '退出登录',
  },
});

/**
 * Where a person signed in with a one-time password (a new tenant's first administrator) lands: every
 * staff call answers 412 41203 until the password is changed; then the app opens at the redirect.
 */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const profile = useProfile();
  const logout = useLogout();
  const fallback = profile.data?.platformAdmin ? PLATFORM_CONSOLE_HOME : '/';
  const redirect = safeRedirect(params.get('redirect'), fallback);
  // a full load: every query of the shell starts again with the new session state
  const proceed = () => window.location.assign(redirect);
  if (!profile.data) return <PageSpinner />;
  return (
    <Flex justify="center" style={{ minHeight: '100vh', padding: '64px 16px' }}>
      <Card style={{ width: 480, maxWidth: '100%', alignSelf: 'flex-start' }} data-testid="set-password">
        <Flex justify="space-between" align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('setPassword.title')}
          </Typography.Title>
          <Button onClick={() => void logout()}>{t('setPassword.signOut')}</Button>
        </Flex>
        {profile.data.passwordChangeRequired ? (
          <>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('setPassword.hint')}
            </Typography.Paragraph>
            <LoginPasswordForm oldLabel={t('setPassword.oneTime')} saveLabel={t('setPassword.save')} onChanged={proceed} />
          </>
        ) : (
          <Flex vertical gap={16} style={{ marginTop: 16 }}>
            <Alert type="info" showIcon title={t('setPassword.notNeeded')} />
            <Button type="primary" onClick={proceed}>
              {t('setPassword.continue')}
            </Button>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
