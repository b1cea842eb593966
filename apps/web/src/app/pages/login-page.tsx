import { useState } from 'react';
import { Alert, App as AntApp, Button, Flex, Form, Input, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { auth as authContract } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../shared/api/client';
import { formatDateTime } from '../../shared/format';
import { useAuth } from '../auth/auth-state';
import { safeRedirect, staffSelectionTarget } from '../navigation';

interface Credentials {
  username: string;
  password: string;
}

/** Sign-in; then the redirect target, or staff selection when no staff could be selected. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { notification } = AntApp.useApp();
  const { token } = theme.useToken();
  const redirect = safeRedirect(params.get('redirect'));

  const submit = async (values: Credentials) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api(authContract.login, values, { quiet: true });
      // others tried this username since the last sign-in (docs/security.md): say so
      if (answer.notice) {
        const { failedAttempts, lockedUntil } = answer.notice;
        notification.warning({
          title: t('login.noticeTitle'),
          description: [
            failedAttempts > 0 ? t('login.noticeFailed', { count: failedAttempts }) : null,
            lockedUntil ? t('login.noticeLocked', { until: formatDateTime(lockedUntil) }) : null,
          ]
            .filter(Boolean)
            .join(' '),
          duration: 0,
        });
      }
      queryClient.clear();
      auth.set(true);
      if (answer.currentStaffId === null) {
        const target = staffSelectionTarget(redirect);
        if (target.external) window.location.assign(target.url);
        else void navigate(target.url, { replace: true });
      } else {
        void navigate(redirect, { replace: true });
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.requestFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      {/* a card drawn from the theme's tokens: antd's Card brings its tabs, menu and skeleton along
          (~25 KB gzip), and Typography its editing and copy tools, on the one page every visitor loads first */}
      <div
        style={{
          width: 380,
          maxWidth: '100%',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <h3
          style={{
            margin: `0 0 ${token.marginMD}px`,
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading3,
            lineHeight: token.lineHeightHeading3,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {t('login.title')}
        </h3>
        <Form<Credentials> layout="vertical" onFinish={submit} disabled={busy} requiredMark={false}>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('login.submit')}
          </Button>
        </Form>
      </div>
    </Flex>
  );
}
