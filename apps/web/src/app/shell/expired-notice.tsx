import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appPath } from '../navigation';
import { goToLogin } from '../router';

/** Shown for 10 s when a signed-in session ends later (spec 000 section 8); then login with a redirect. */
export const EXPIRED_MESSAGE_SECONDS = 10;

export function ExpiredNotice({ signal }: { signal: number }) {
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useEffect(() => {
    if (signal === 0) return;
    void message.warning({ content: t('errors.expired'), duration: EXPIRED_MESSAGE_SECONDS, key: 'login-expired' });
    queryClient.clear();
    if (appPath(window.location.pathname) !== '/login') goToLogin();
  }, [signal, message, queryClient, t]);
  return null;
}
