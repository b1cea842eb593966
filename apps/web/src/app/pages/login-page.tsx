import { useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { Alert, App as AntApp, Button, Flex, theme } from 'antd';
// the input alone: antd's Input index also carries TextArea, Search, OTP and Group (~5 KB gzip)
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
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

/**
 * A labelled field with its message below, laid out like antd's vertical form. The login page does not
 * use antd's Form: two required fields do not need its store, validator and tooltip labels (~25 KB gzip on
 * the one page every visitor loads first; see docs/web-shell.md).
 */
function Field({ id, label, error, children }: { id: string; label: string; error: string | null; children: ReactNode }) {
  const { token } = theme.useToken();
  const message: CSSProperties = { color: token.colorError, minHeight: token.marginLG, lineHeight: `${token.marginLG}px` };
  return (
    <div>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      <div id={`${id}-help`} role={error ? 'alert' : undefined} style={message}>
        {error}
      </div>
    </div>
  );
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
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [checked, setChecked] = useState(false);
  const { notification } = AntApp.useApp();
  const { token } = theme.useToken();
  const redirect = safeRedirect(params.get('redirect'));

  const missing = {
    username: checked && !values.username ? t('login.usernameRequired') : null,
    password: checked && !values.password ? t('login.passwordRequired') : null,
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (values.username && values.password) void submit(values);
  };
  const change = (key: keyof Credentials) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

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
      // the auth origin's sign-in (/ms-ac/login?service=): the same address again, now signed in, is
      // answered by the server with a redirect to `service`, which it checked (docs/embedding.md)
      if (params.has('service')) return window.location.replace(window.location.href);
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
        <form onSubmit={onSubmit} noValidate>
          <Field id="username" label={t('login.username')} error={missing.username}>
            <Input
              id="username"
              value={values.username}
              onChange={change('username')}
              prefix={<UserOutlined />}
              autoComplete="username"
              autoFocus
              disabled={busy}
              status={missing.username ? 'error' : undefined}
              aria-describedby="username-help"
            />
          </Field>
          <Field id="password" label={t('login.password')} error={missing.password}>
            <Password
              id="password"
              value={values.password}
              onChange={change('password')}
              prefix={<LockOutlined />}
              autoComplete="current-password"
              disabled={busy}
              status={missing.password ? 'error' : undefined}
              aria-describedby="password-help"
            />
          </Field>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('login.submit')}
          </Button>
        </form>
      </div>
    </Flex>
  );
}
