import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { installShellHandlers, request } from '../../shared/api/client';
import { MODAL_WIDTH } from '../../shared/modal';
import { useAuth } from '../auth/auth-state';
import { appPath, isStaffExcluded, SET_PASSWORD_PATH, setPasswordUrl, staffSelectionTarget } from '../navigation';
import { appRouter, goToLogin } from '../router';

/**
 * Connects the API client to the shell: the error modal (380 wide, OK button), the re-probe, and the
 * two redirects. Rendered once inside antd's App so the modal follows the theme.
 */
export function ApiBridge() {
  const { modal } = AntApp.useApp();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  useEffect(() => {
    let openModals = 0;
    // the app's path, without an embedding base path (docs/embedding.md)
    const here = () => appPath(window.location.pathname);
    installShellHandlers({
      reprobe: () => void auth.reprobe(),
      sessionExpired: () => {
        // signed in until now: the expired notice, then login; otherwise straight to login
        if (auth.state === true) auth.expire();
        else if (here() !== '/login') goToLogin();
      },
      goToLogin: () => {
        if (here() === '/login') return;
        auth.set(false);
        queryClient.clear();
        goToLogin();
      },
      goToStaffSelection: () => {
        if (isStaffExcluded(here())) return;
        const target = staffSelectionTarget();
        if (target.external) window.location.assign(target.url);
        else void appRouter().navigate(target.url);
      },
      goToPasswordChange: () => {
        if (here() === SET_PASSWORD_PATH) return;
        void appRouter().navigate(setPasswordUrl());
      },
      showError: (message) => {
        // one modal at a time: a burst of failing calls should not stack dialogs
        if (openModals > 0) return;
        openModals++;
        modal.error({ title: message, width: MODAL_WIDTH.info, okText: t('common.ok'), afterClose: () => openModals-- });
      },
    });
    // a diagnostics hook for the console (and the e2e tests): a raw call through the same error handling
    (window as unknown as { __ENERGY_DEBUG__: unknown }).__ENERGY_DEBUG__ = {
      request: (method: string, url: string, body?: unknown) =>
        request(method, url, body === undefined ? undefined : JSON.stringify(body)).catch((e: unknown) => ({ failed: String(e) })),
    };
    // an embedded app leaves the base application's globals as it found them
    return () => void delete (window as unknown as { __ENERGY_DEBUG__?: unknown }).__ENERGY_DEBUG__;
  }, [auth, modal, queryClient, t]);
  return null;
}
