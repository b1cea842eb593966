import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Flex, Layout, Result, Spin, Typography, theme } from 'antd';
import { call, messageOf, postJson, readCookie, type CurrentUser } from './api';

type Current =
  { kind: 'loading' } | { kind: 'ready'; user: CurrentUser } | { kind: 'no-staff'; message: string } | { kind: 'error'; message: string };

/** The signed-in placeholder: a header bar with the current staff and platform, and a sign-out button. */
export function HomePage({ onSignedOut }: { onSignedOut: () => void }) {
  const [current, setCurrent] = useState<Current>({ kind: 'loading' });
  const { token } = theme.useToken();

  useEffect(() => {
    let live = true;
    postJson<CurrentUser>('/api/v2/platform-public/customer-user/current', {}, { jwtToken: readCookie('jwtToken') ?? '' })
      .then((answer) => {
        if (!live) return;
        if (answer.ok && answer.body) setCurrent({ kind: 'ready', user: answer.body.data });
        else if (answer.status === 412) setCurrent({ kind: 'no-staff', message: messageOf(answer) });
        else setCurrent({ kind: 'error', message: messageOf(answer) });
      })
      .catch((err: unknown) => live && setCurrent({ kind: 'error', message: `The server cannot be reached: ${String(err)}` }));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (current.kind !== 'ready') return;
    const before = document.title;
    document.title = current.user.staff.platformName;
    return () => {
      document.title = before;
    };
  }, [current]);

  const signOut = async () => {
    // Without the jwtToken header the server only clears the cookies; with it, it also ends the session.
    await call<unknown>('/server/logout', { headers: { jwtToken: readCookie('jwtToken') ?? '' } }).catch(() => undefined);
    onSignedOut();
  };
  const signOutButton = <Button onClick={signOut}>Sign out</Button>;

  if (current.kind === 'loading') {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (current.kind !== 'ready') {
    const noStaff = current.kind === 'no-staff';
    return (
      <Result
        status={noStaff ? 'warning' : 'error'}
        title={noStaff ? 'No usable staff account: your staff accounts are disabled or frozen.' : 'The current user could not be loaded.'}
        subTitle={current.message}
        extra={signOutButton}
      />
    );
  }

  const { customerUser, staff, tenant } = current.user;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, paddingInline: 24, background: token.colorBgContainer }}>
        {staff.iconUrl && <Avatar shape="square" src={staff.iconUrl} alt="" />}
        <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
          {staff.platformName}
        </Typography.Title>
        <Typography.Text>
          {customerUser.name}{' '}
          <Typography.Text type="secondary">
            ({staff.staffCode}, {tenant.name})
          </Typography.Text>
        </Typography.Text>
        {signOutButton}
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Alert
          type="info"
          showIcon
          title="The platform core is running. The full navigation shell arrives with the web-shell work."
          description={<a href="/api/docs">API documentation</a>}
        />
      </Layout.Content>
    </Layout>
  );
}
