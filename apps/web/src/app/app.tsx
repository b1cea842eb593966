import { useEffect, useState } from 'react';
import type { CurrentUser } from '@energy/contracts';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { antdLocaleOf, i18n } from '../shared/i18n';
import { ThemeProvider, useTheme } from '../shared/theme/theme-context';
import { antdThemeOf } from '../shared/theme/themes';
import { AuthProvider } from './auth/auth-state';
import { appRouter } from './router';
import { embedding } from './navigation';
import { ApiBridge } from './shell/api-bridge';
import { ExpiredNotice } from './shell/expired-notice';
import { windowSettings } from '../shared/window-settings';
import { setReportUser } from '../shared/error-report';
import { shellKeys } from '../shared/shell-keys';

// Errors are shown by the API client; queries do not retry what the server refused.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// the server answers seeded catalogue texts in the call's language (the lang cookie, docs/i18n.md):
// what is cached was answered in the previous language, so it is fetched again
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

// an error report names the signed-in user and tenant from the shell's cached current user (no call);
// without a staff (staff selection, the platform console) the cached profile still names the user
setReportUser(() => {
  const current = queryClient.getQueryData<CurrentUser>(shellKeys.current);
  if (current) return { username: current.customerUser.username, tenantMcid: current.tenant.mcid, timeZone: current.tenant.timeZone };
  const profile = queryClient.getQueryData<CurrentUser['customerUser']>(shellKeys.profile);
  return profile ? { username: profile.username, tenantMcid: '' } : null;
});

function Themed() {
  const { theme } = useTheme();
  const { i18n: active } = useTranslation();
  const [expired, setExpired] = useState(0);
  // dayjs follows the language in shared/i18n (with the language's chunk): the entry carries no dayjs
  useEffect(() => {
    // embedded, the base application's document keeps its own language
    if (!embedding.embedded) document.documentElement.lang = active.language;
  }, [active.language]);
  return (
    <ConfigProvider theme={antdThemeOf(theme)} locale={antdLocaleOf(active.language)}>
      <AntApp>
        <AuthProvider onExpired={() => setExpired((n) => n + 1)}>
          <ApiBridge />
          <ExpiredNotice signal={expired} />
          <RouterProvider router={appRouter()} />
        </AuthProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * Providers: query cache, language, theme (window-provided, cookie, or dark), antd, sign-in state, router.
 * `themeRoot` carries the theme's `data-theme` (default: the document's element; embedded: the app's own).
 */
export function App({ themeRoot }: { themeRoot?: HTMLElement }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider windowTheme={windowSettings.theme} root={themeRoot}>
          <Themed />
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
