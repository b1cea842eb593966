import { useCallback, useEffect, useState } from 'react';
import { Alert, ConfigProvider, Flex, Spin, theme } from 'antd';
import { call } from './api';
import { HomePage } from './home-page';
import { SignInCard } from './sign-in-card';

type Auth = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'signed-in' } | { kind: 'error'; message: string };

/** Probes the session, then shows the sign-in card or the signed-in page. */
export function App() {
  const [auth, setAuth] = useState<Auth>({ kind: 'loading' });

  const reload = useCallback(async () => {
    setAuth({ kind: 'loading' });
    try {
      const answer = await call<unknown>('/server/probe');
      if (answer.status === 200) setAuth({ kind: 'signed-in' });
      else if (answer.status === 401) setAuth({ kind: 'signed-out' });
      else setAuth({ kind: 'error', message: answer.body?.msg || `The sign-in probe answered ${answer.status}` });
    } catch (error) {
      setAuth({ kind: 'error', message: `The server cannot be reached: ${String(error)}` });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      {auth.kind === 'signed-in' ? (
        <HomePage onSignedOut={reload} />
      ) : (
        <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
          {auth.kind === 'loading' && <Spin size="large" />}
          {auth.kind === 'signed-out' && <SignInCard onSignedIn={reload} />}
          {auth.kind === 'error' && <Alert type="error" showIcon title={auth.message} />}
        </Flex>
      )}
    </ConfigProvider>
  );
}
